import type { Transactional } from '../../db/unit-of-work';
import type { PaymentProvider } from '../../integrations/payments';
import type { AppUnitOfWork, Repositories } from '../repositories';

/** A refund recorded in a committed transaction, to be asked of the provider after it. */
export interface RefundToSend {
  refund_no: string;
  amount_fen: number;
  out_trade_no: string;
  total_fen: number;
}

/** What sending a refund did. */
export interface SentRefund {
  refund_no: string;
  amount_fen: number;
  state: 'done' | 'pending' | 'failed';
}

export interface RefundsDeps {
  uow: AppUnitOfWork;
  now: () => number;
  provider: PaymentProvider;
  log?: (msg: string, err?: unknown) => void;
}

/**
 * Refunds of online payments, in two steps: `record` inside the transaction that ends the order (or settles a late
 * payment), at most once per payment (the refund number is unique), then `send` to the provider after it commits
 * (never a network call inside a transaction). The orders service gives back an order's payment through this; the
 * payments service refunds a payment that arrived after its order was cancelled.
 */
export function createRefunds({ uow, now, provider, log = () => undefined }: RefundsDeps) {
  /** Records the refund of a payment in the caller's transaction; null when it was already recorded. */
  async function record(
    tx: Transactional<Repositories>,
    orderId: number,
    payment: { out_trade_no: string; amount_fen: number },
    at: number,
  ): Promise<RefundToSend | null> {
    const refundNo = `R${payment.out_trade_no}`;
    const amount = Number(payment.amount_fen);
    if (!(await tx.payments.addRefund(orderId, payment.out_trade_no, refundNo, amount, at))) return null;
    return { refund_no: refundNo, amount_fen: amount, out_trade_no: payment.out_trade_no, total_fen: amount };
  }

  return {
    record,

    /** Records the refund of the payment that paid the order (paid, or paid late), if there is one. */
    async recordPaidOf(tx: Transactional<Repositories>, orderId: number, at: number): Promise<RefundToSend | null> {
      const payment = await tx.payments.paidOf(orderId);
      return payment ? record(tx, orderId, payment, at) : null;
    },

    /** Asks the provider for a recorded refund (after the transaction) and notes how it went, unless still pending. */
    async send(r: RefundToSend): Promise<SentRefund> {
      let state: SentRefund['state'];
      try {
        const result = await provider.refund({
          outTradeNo: r.out_trade_no,
          refundNo: r.refund_no,
          amountFen: r.amount_fen,
          totalFen: r.total_fen,
        });
        state = result.state;
      } catch (err) {
        state = 'failed';
        log(`refund ${r.refund_no} failed`, err);
      }
      // A refund still under way is settled later by the provider's refund notification.
      if (state !== 'pending') await uow.repos.payments.setRefundState(r.refund_no, state, now());
      return { refund_no: r.refund_no, amount_fen: r.amount_fen, state };
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
