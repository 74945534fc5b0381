import type { Executor } from '../../db/unit-of-work';

/** The SQL of online payments: the payment per order and provider, its events, refunds. */
export function createPaymentsRepository(db: Executor) {
  return {
    /** The order's payment with this provider, made once (the unique key decides between racing `pay` calls). */
    async ensure(orderId: number, provider: string, outTradeNo: string, amountFen: number, at: number) {
      await db
        .insertInto('payments')
        .values({
          order_id: orderId,
          provider,
          out_trade_no: outTradeNo,
          amount_fen: amountFen,
          state: 'created',
          transaction_id: null,
          paid_at: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.columns(['order_id', 'provider']).doNothing())
        .execute();
      return db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('provider', '=', provider)
        .executeTakeFirstOrThrow();
    },

    byTradeNo: (outTradeNo: string) =>
      db.selectFrom('payments').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst(),

    ofOrder: (orderId: number) =>
      db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),

    /** The payment that paid the order (paid, or paid late after a cancellation). */
    paidOf: (orderId: number) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('state', 'in', ['paid', 'late'])
        .executeTakeFirst(),

    /** created -> paid | late, once: the row count decides between a notification and a query racing. */
    async settle(outTradeNo: string, state: 'paid' | 'late', transactionId: string, paidAt: number, at: number) {
      const res = await db
        .updateTable('payments')
        .set({ state, transaction_id: transactionId, paid_at: paidAt, updated_at: at })
        .where('out_trade_no', '=', outTradeNo)
        .where('state', '=', 'created')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async addEvent(row: {
      provider: string;
      source: 'notify' | 'query';
      out_trade_no: string;
      order_id: number | null;
      transaction_id: string;
      amount_fen: number | null;
      outcome: string;
      at: number;
    }) {
      await db.insertInto('payment_events').values(row).execute();
    },

    events: (outTradeNo: string) =>
      db.selectFrom('payment_events').selectAll().where('out_trade_no', '=', outTradeNo).orderBy('id').execute(),

    /** Records a refund to ask of the provider, once per order (the unique keys decide): true when new. */
    async addRefund(orderId: number, outTradeNo: string, refundNo: string, amountFen: number, at: number) {
      const row = await db
        .insertInto('payment_refunds')
        .values({
          order_id: orderId,
          out_trade_no: outTradeNo,
          refund_no: refundNo,
          amount_fen: amountFen,
          state: 'pending',
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async setRefundState(refundNo: string, state: 'done' | 'failed', at: number) {
      await db
        .updateTable('payment_refunds')
        .set({ state, updated_at: at })
        .where('refund_no', '=', refundNo)
        .execute();
    },

    refunds: (orderId: number) =>
      db.selectFrom('payment_refunds').selectAll().where('order_id', '=', orderId).execute(),
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
