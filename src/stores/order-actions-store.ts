import type { ReorderResult } from '../../types/api/cart';
import type { Order } from '../../types/api/orders';
import type { OrdersApi } from '../services';

export interface OrderActionsDeps {
  orders: () => OrdersApi;
  /** The one way a failed call reaches the customer (UiStore.showError: `msg` as an error toast). */
  showError: (err: unknown) => void;
}

/**
 * What a customer does to a placed order besides paying it (PaymentStore): cancel it while it may be cancelled
 * (cancelorder), and order it again (reorder: its lines back as the restaurant's cart, with what changed). Each
 * answers the server's answer, or null when it was refused (the refusal shown as an error toast).
 */
export class OrderActionsStore {
  constructor(private readonly deps: OrderActionsDeps) {}

  cancel(orderId: number): Promise<Order | null> {
    return this.run(() => this.deps.orders().cancel(orderId));
  }

  reorder(orderId: number): Promise<ReorderResult | null> {
    return this.run(() => this.deps.orders().reorder(orderId));
  }

  private async run<T>(call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (err) {
      this.deps.showError(err);
      return null;
    }
  }
}
