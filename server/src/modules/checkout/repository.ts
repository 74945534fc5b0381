import type { Insertable } from 'kysely';
import type { OrderLinesTable, OrdersTable } from '../../db/schema';
import type { Executor } from '../../db/unit-of-work';

export type NewOrder = Omit<Insertable<OrdersTable>, 'id'>;
export type NewOrderLine = Omit<Insertable<OrderLinesTable>, 'id'>;

/** The SQL of placing orders: idempotency keys, the order and its snapshots, vouchers. */
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

    async insertOrder(values: NewOrder): Promise<number> {
      return (await db.insertInto('orders').values(values).returning('id').executeTakeFirstOrThrow()).id;
    },

    async insertLines(lines: NewOrderLine[]) {
      if (lines.length > 0) await db.insertInto('order_lines').values(lines).execute();
    },

    async addHistory(row: { order_id: number; from_status: number | null; status: number; actor: string; at: number }) {
      await db.insertInto('order_status_history').values(row).execute();
    },

    voucher: (userId: number, id: number) =>
      db.selectFrom('vouchers').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    /** Unused vouchers valid at `at`, for any restaurant or this one (all restaurants when none is given). */
    usableVouchers: (userId: number, at: number, restaurantId?: number) => {
      let q = db
        .selectFrom('vouchers')
        .selectAll()
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('valid_from', '<=', at)
        .where('valid_until', '>', at);
      if (restaurantId !== undefined) {
        q = q.where((eb) => eb.or([eb('restaurant_id', 'is', null), eb('restaurant_id', '=', restaurantId)]));
      }
      return q.orderBy('valid_until').orderBy('id').execute();
    },

    async vouchersPage(userId: number, offset: number, limit: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('vouchers')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        db
          .selectFrom('vouchers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** One statement decides: the voucher is used by this order only if nobody used it first and it is valid. */
    async useVoucher(userId: number, id: number, orderId: number, at: number): Promise<boolean> {
      const res = await db
        .updateTable('vouchers')
        .set({ used_at: at, order_id: orderId })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('valid_from', '<=', at)
        .where('valid_until', '>', at)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Gives a voucher (idempotent per user and code: the unique key keeps the welcome voucher single). */
    async grantVoucher(values: {
      user_id: number;
      code: string;
      name_cn: string;
      name_en: string;
      discount_fen: number;
      min_goods_fen: number;
      restaurant_id: number | null;
      valid_from: number;
      valid_until: number;
      created_at: number;
    }) {
      await db
        .insertInto('vouchers')
        .values({ ...values, used_at: null, order_id: null })
        .onConflict((oc) => oc.columns(['user_id', 'code']).doNothing())
        .execute();
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
export type VoucherRow = NonNullable<Awaited<ReturnType<CheckoutRepository['voucher']>>>;
