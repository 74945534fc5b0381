import type { Executor } from '../../db/unit-of-work';

/** The SQL of online payments: the payment per order and provider, its events, refunds. */
export function createPaymentsRepository(db: Executor) {
  return {
    /** The order's payment with this provider, made once (the unique key decides between racing `pay` calls). */
    async ensure(
      orderId: number,
      provider: string,
      channel: string,
      outTradeNo: string,
      amountFen: number,
      at: number,
    ) {
      await db
        .insertInto('payments')
        .values({
          order_id: orderId,
          provider,
          channel,
          provider_ref: null,
          closed_at: null,
          out_trade_no: outTradeNo,
          amount_fen: amountFen,
          state: 'created',
          transaction_id: null,
          paid_at: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.columns(['order_id', 'provider', 'channel']).doNothing())
        .execute();
      return db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('provider', '=', provider)
        .where('channel', '=', channel)
        .executeTakeFirstOrThrow();
    },

    /** What the provider answered for this trade (a repeated pay answers the same prepay id / code_url). */
    async setRef(outTradeNo: string, ref: string, at: number) {
      await db
        .updateTable('payments')
        .set({ provider_ref: ref.slice(0, 512), updated_at: at })
        .where('out_trade_no', '=', outTradeNo)
        .execute();
    },

    /** created -> closed, once (closed at the provider: can no longer be paid). */
    async markClosed(outTradeNo: string, at: number) {
      const res = await db
        .updateTable('payments')
        .set({ state: 'closed', closed_at: at, updated_at: at })
        .where('out_trade_no', '=', outTradeNo)
        .where('state', '=', 'created')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
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

    /**
     * created (or closed, when the buyer paid just before the close) -> paid | late, once: the row count decides
     * between a notification and a query racing.
     */
    async settle(outTradeNo: string, state: 'paid' | 'late', transactionId: string, paidAt: number, at: number) {
      const res = await db
        .updateTable('payments')
        .set({ state, transaction_id: transactionId, paid_at: paidAt, updated_at: at })
        .where('out_trade_no', '=', outTradeNo)
        .where('state', 'in', ['created', 'closed'])
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async addEvent(row: {
      provider: string;
      source: 'notify' | 'query' | 'create' | 'close' | 'refund' | 'refund_query' | 'refund_notify';
      out_trade_no: string;
      order_id: number | null;
      transaction_id: string;
      amount_fen: number | null;
      outcome: string;
      raw_state?: string | null;
      detail?: string | null;
      at: number;
    }) {
      await db
        .insertInto('payment_events')
        .values({ ...row, raw_state: row.raw_state ?? null, detail: row.detail ?? null })
        .execute();
    },

    /** Every event of an order (the operator tool's payment history). */
    eventsOfOrder: (orderId: number) =>
      db
        .selectFrom('payment_events')
        .selectAll()
        .where(({ eb, or, exists, selectFrom }) =>
          or([
            eb('order_id', '=', orderId),
            exists(
              selectFrom('payments')
                .select('id')
                .whereRef('payments.out_trade_no', '=', 'payment_events.out_trade_no')
                .where('payments.order_id', '=', orderId),
            ),
          ]),
        )
        .orderBy('id')
        .execute(),

    /** Refunds not done yet (pending at the provider, or failed and to be retried). */
    openRefunds: (limit = 50) =>
      db.selectFrom('payment_refunds').selectAll().where('state', '=', 'pending').orderBy('id').limit(limit).execute(),

    refundByNo: (refundNo: string) =>
      db.selectFrom('payment_refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirst(),

    events: (outTradeNo: string) =>
      db.selectFrom('payment_events').selectAll().where('out_trade_no', '=', outTradeNo).orderBy('id').execute(),

    /** Records a refund to ask of the provider, once per payment (the unique keys decide): true when new. */
    async addRefund(
      orderId: number,
      outTradeNo: string,
      refundNo: string,
      amountFen: number,
      at: number,
      provider: string,
    ) {
      const row = await db
        .insertInto('payment_refunds')
        .values({
          provider,
          refund_id: null,
          raw_state: null,
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

    /** A refund's state as its provider says; a refund done stays done (a late PROCESSING answer changes nothing). */
    async setRefundState(
      refundNo: string,
      state: 'done' | 'pending' | 'failed',
      at: number,
      rawState = '',
      refundId?: string,
    ) {
      await db
        .updateTable('payment_refunds')
        .set({
          state,
          updated_at: at,
          raw_state: rawState.slice(0, 32) || null,
          ...(refundId ? { refund_id: refundId.slice(0, 64) } : {}),
        })
        .where('refund_no', '=', refundNo)
        .where('state', '!=', 'done')
        .execute();
    },

    /** A provider's payments settled (paid, or paid late) with a payment time in [from, to) (reconciliation). */
    settledBetween: (provider: string, from: number, to: number) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('provider', '=', provider)
        .where('state', 'in', ['paid', 'late'])
        .where('paid_at', '>=', from)
        .where('paid_at', '<', to)
        .orderBy('id')
        .execute(),

    /** A provider's refunds done in [from, to): a done refund is never updated again, so updated_at is when. */
    refundsDoneBetween: (provider: string, from: number, to: number) =>
      db
        .selectFrom('payment_refunds')
        .selectAll()
        .where('provider', '=', provider)
        .where('state', '=', 'done')
        .where('updated_at', '>=', from)
        .where('updated_at', '<', to)
        .orderBy('id')
        .execute(),

    /**
     * failed -> pending, once (one statement: of racing retries only one sends); true when this call reopened it.
     */
    async reopenRefund(refundNo: string, at: number) {
      const res = await db
        .updateTable('payment_refunds')
        .set({ state: 'pending', updated_at: at })
        .where('refund_no', '=', refundNo)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    refunds: (orderId: number) =>
      db.selectFrom('payment_refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
