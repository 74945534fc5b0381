import { makeAutoObservable } from 'mobx';
import type { CheckOrderPay } from '../../types/api/payments';
import type { TFunction } from '../i18n';
import type { Platform } from '../platform/types';
import { buildPath, ROUTES } from '../routes';
import type { OrdersApi } from '../services';

export interface PaymentDeps {
  orders: () => OrdersApi;
  platform: Pick<Platform, 'name' | 'payment' | 'feedback'>;
  t: () => TFunction;
  showError: (err: unknown) => void;
}

/**
 * paid: the platform's payment sheet said so (the server's check-order-pay has the last word);
 * unpaid: the customer cancelled and confirmed it; left: the H5 page left for the cashier, which comes back to
 * paySucc; failed: the error was shown.
 */
export type PayResult = 'paid' | 'unpaid' | 'left' | 'failed';

/**
 * Paying an online order through the platform adapter (weapp requestPayment, H5 cashier page and back). Cancelling
 * asks the specification's "Are you sure you want to cancel the payment?"; answering no offers the payment again.
 */
export class PaymentStore {
  paying = false;

  constructor(private readonly deps: PaymentDeps) {
    makeAutoObservable<PaymentStore, 'deps'>(this, { deps: false });
  }

  async pay(orderId: number): Promise<PayResult> {
    if (this.paying) return 'failed';
    this.paying = true;
    try {
      for (;;) {
        const { platform } = this.deps;
        let outcome;
        try {
          const ticket = await this.deps.orders().pay({
            order_id: orderId,
            platform: platform.name,
            return_url: platform.payment.returnUrl(buildPath(ROUTES.paySuccess.path, { orderId })),
          });
          outcome = await platform.payment.pay(ticket);
        } catch (err) {
          this.deps.showError(err);
          return 'failed';
        }
        if (outcome !== 'cancelled') return outcome;
        if (await this.confirmCancel()) return 'unpaid';
      }
    } finally {
      this.setPaying(false);
    }
  }

  /** Spec §8's question; true when the customer does cancel. */
  confirmCancel(): Promise<boolean> {
    const t = this.deps.t();
    return this.deps.platform.feedback.confirm(t('pay.cancel_confirm'), {
      confirmText: t('pay.cancel_yes'),
      cancelText: t('pay.cancel_no'),
    });
  }

  /** Asks the server (which asks the provider when no notification came) whether the order is paid. */
  check(orderId: number): Promise<CheckOrderPay> {
    return this.deps.orders().checkPay(orderId);
  }

  private setPaying(value: boolean) {
    this.paying = value;
  }
}
