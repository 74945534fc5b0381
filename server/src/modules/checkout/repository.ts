import type { Insertable } from 'kysely';
import type { OrderLinesTable, OrdersTable } from '../../db/schema';
import type { Executor } from '../../db/unit-of-work';
import { OrderStatus } from '../../../../types/order-status';

export type NewOrder = Omit<Insertable<OrdersTable>, 'id'>;
export type NewOrderLine = Omit<Insertable<OrderLinesTable>, 'id'>;

/** The SQL of placing orders: idempotency keys, the order, its lines and first history row. */
export function createCheckoutRepository(db: Executor) {
  return {
    idempotency: (userId: number, key: string) =>
      db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'order_id', 'response'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst(),

    /** The first statement of a submit: a second request with the key fails here (the unique key decides). */
    async claimKey(userId: number, key: string, requestHash: string, at: number) {
      await db
        .insertInto('idempotency_keys')
        .values({ user_id: userId, key, request_hash: requestHash, order_id: null, response: null, created_at: at })
        .execute();
    },

    async saveAnswer(userId: number, key: string, orderId: number, response: string) {
      await db
        .updateTable('idempotency_keys')
        .set({ order_id: orderId, response })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    },

    /**
     * Holds the customer's row until the transaction ends (PostgreSQL: a row lock; SQLite: the write lock), so two
     * orders of one customer decide "first order" one after the other.
     */
    async lockCustomer(userId: number) {
      await db
        .updateTable('users')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', userId)
        .execute();
    },

    /** Whether the customer has an order that stands (not cancelled or refunded): then no order of theirs is the first. */
    async hasStandingOrder(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', 'not in', [OrderStatus.Cancelled, OrderStatus.Refunded])
        .limit(1)
        .executeTakeFirst();
      return !!row;
    },

    async insertOrder(values: NewOrder): Promise<number> {
      return (await db.insertInto('orders').values(values).returning('id').executeTakeFirstOrThrow()).id;
    },

    async insertLines(lines: NewOrderLine[]) {
      if (lines.length > 0) await db.insertInto('order_lines').values(lines).execute();
    },

    async addHistory(row: { order_id: number; from_status: number | null; status: number; actor: string; at: number }) {
      await db.insertInto('order_status_history').values(row).execute();
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
