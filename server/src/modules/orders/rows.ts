import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/schema';

/** An order as stored: what other modules may know of an order's row (through the orders service). */
export type OrderRow = Selectable<OrdersTable>;

/** What a status move may set besides the status, and a collection code it must match. */
export interface OrderMoveColumns {
  set?: Partial<Pick<OrderRow, 'prep_minutes' | 'accepted_at' | 'ready_at' | 'reject_reason'>>;
  collectionCode?: string;
}

export interface NewOrderEvent {
  order_id: number;
  restaurant_id: number;
  user_id: number;
  type: string;
  payload: string;
  at: number;
}
