import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A payment the sandbox took. */
export interface SandboxPaid {
  transactionId: string;
  amountFen: number;
  paidAt: number;
}

/**
 * What the sandbox provider remembers, as a provider would in its own systems: trades paid or closed (each once: the
 * first of a payment and a close wins) and the refunds asked for (once per refund number). In the database when the
 * sandbox runs in a server, so every instance and a restart know a payment made through another; in memory for
 * tests of the provider alone.
 */
export interface SandboxLedger {
  /** Records the payment unless the trade was paid or closed already; answers what the trade is now. */
  pay(outTradeNo: string, paid: SandboxPaid): Promise<{ state: 'paid'; paid: SandboxPaid } | { state: 'closed' }>;
  /** Closes the trade unless it was paid already; answers what the trade is now. */
  close(outTradeNo: string, at: number): Promise<'closed' | 'paid'>;
  trade(outTradeNo: string): Promise<{ state: 'paid'; paid: SandboxPaid } | { state: 'closed' } | null>;
  /** Records a refund once per number: true when new. */
  addRefund(r: { refundNo: string; outTradeNo: string; amountFen: number; at: number }): Promise<boolean>;
  refund(refundNo: string): Promise<{ outTradeNo: string; amountFen: number; at: number } | null>;
  refunds(): Promise<Array<{ refundNo: string; outTradeNo: string; amountFen: number; at: number }>>;
  /** Payments and refunds made in [from, to) (epoch ms), for the bill. */
  paidBetween(from: number, to: number): Promise<Array<SandboxPaid & { outTradeNo: string }>>;
  refundsBetween(
    from: number,
    to: number,
  ): Promise<Array<{ refundNo: string; outTradeNo: string; amountFen: number; at: number }>>;
}

export function memorySandboxLedger(): SandboxLedger {
  const trades = new Map<string, { state: 'paid'; paid: SandboxPaid } | { state: 'closed' }>();
  const refunds = new Map<string, { refundNo: string; outTradeNo: string; amountFen: number; at: number }>();
  return {
    async pay(no, paid) {
      if (!trades.has(no)) trades.set(no, { state: 'paid', paid });
      return trades.get(no)!;
    },
    async close(no) {
      if (!trades.has(no)) trades.set(no, { state: 'closed' });
      return trades.get(no)!.state;
    },
    trade: async (no) => trades.get(no) ?? null,
    async addRefund(r) {
      if (refunds.has(r.refundNo)) return false;
      refunds.set(r.refundNo, { ...r });
      return true;
    },
    refund: async (no) => refunds.get(no) ?? null,
    refunds: async () => [...refunds.values()],
    paidBetween: async (from, to) =>
      [...trades.entries()].flatMap(([outTradeNo, t]) =>
        t.state === 'paid' && t.paid.paidAt >= from && t.paid.paidAt < to ? [{ outTradeNo, ...t.paid }] : [],
      ),
    refundsBetween: async (from, to) => [...refunds.values()].filter((r) => r.at >= from && r.at < to),
  };
}

/** The sandbox's records in sandbox_trades / sandbox_refunds (migration 0013-sandbox-trades). */
export function dbSandboxLedger(db: Kysely<Database>): SandboxLedger {
  const read = async (no: string) => {
    const row = await db.selectFrom('sandbox_trades').selectAll().where('out_trade_no', '=', no).executeTakeFirst();
    if (!row) return null;
    if (row.state === 'closed') return { state: 'closed' as const };
    return {
      state: 'paid' as const,
      paid: { transactionId: row.transaction_id!, amountFen: Number(row.amount_fen), paidAt: Number(row.paid_at) },
    };
  };
  const refundRow = (r: { refund_no: string; out_trade_no: string; amount_fen: number; created_at: number }) => ({
    refundNo: r.refund_no,
    outTradeNo: r.out_trade_no,
    amountFen: Number(r.amount_fen),
    at: Number(r.created_at),
  });
  return {
    async pay(no, paid) {
      await db
        .insertInto('sandbox_trades')
        .values({
          out_trade_no: no,
          state: 'paid',
          transaction_id: paid.transactionId,
          amount_fen: paid.amountFen,
          paid_at: paid.paidAt,
          closed_at: null,
        })
        .onConflict((oc) => oc.column('out_trade_no').doNothing())
        .execute();
      return (await read(no))!;
    },
    async close(no, at) {
      await db
        .insertInto('sandbox_trades')
        .values({
          out_trade_no: no,
          state: 'closed',
          transaction_id: null,
          amount_fen: null,
          paid_at: null,
          closed_at: at,
        })
        .onConflict((oc) => oc.column('out_trade_no').doNothing())
        .execute();
      return (await read(no))!.state;
    },
    trade: read,
    async addRefund(r) {
      const row = await db
        .insertInto('sandbox_refunds')
        .values({ refund_no: r.refundNo, out_trade_no: r.outTradeNo, amount_fen: r.amountFen, created_at: r.at })
        .onConflict((oc) => oc.column('refund_no').doNothing())
        .returning('refund_no')
        .executeTakeFirst();
      return row !== undefined;
    },
    async refund(no) {
      const r = await db.selectFrom('sandbox_refunds').selectAll().where('refund_no', '=', no).executeTakeFirst();
      return r ? refundRow(r) : null;
    },
    refunds: async () =>
      (await db.selectFrom('sandbox_refunds').selectAll().orderBy('created_at').orderBy('refund_no').execute()).map(
        refundRow,
      ),
    paidBetween: async (from, to) =>
      (
        await db
          .selectFrom('sandbox_trades')
          .selectAll()
          .where('state', '=', 'paid')
          .where('paid_at', '>=', from)
          .where('paid_at', '<', to)
          .orderBy('paid_at')
          .execute()
      ).map((r) => ({
        outTradeNo: r.out_trade_no,
        transactionId: r.transaction_id!,
        amountFen: Number(r.amount_fen),
        paidAt: Number(r.paid_at),
      })),
    refundsBetween: async (from, to) =>
      (
        await db
          .selectFrom('sandbox_refunds')
          .selectAll()
          .where('created_at', '>=', from)
          .where('created_at', '<', to)
          .orderBy('created_at')
          .execute()
      ).map(refundRow),
  };
}
