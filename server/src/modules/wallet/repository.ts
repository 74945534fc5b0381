import type { Kysely } from 'kysely';
import type { Database, WalletReason } from '../../db/schema';
import type { VoucherRow } from './rows';

/** What a wallet move refers to: with the reason, the key that makes a retried move a no-op. */
export interface WalletRef {
  reason: WalletReason;
  /** 'order', 'payment', 'user'... ('' when none). */
  refType: string;
  refId: string | number;
}

/** The typed answer of a move: the caller decides what "insufficient" or "already done" means for its flow. */
export type WalletMoveResult =
  | { status: 'applied'; balanceFen: number; entryId: number }
  /** A debit larger than the balance (or an unknown user): nothing changed. */
  | { status: 'insufficient' }
  /** This (user, reason, reference) was already applied: nothing changed. */
  | { status: 'duplicate' };

/**
 * The customer's money and vouchers. The only SQL that changes a wallet balance. Each move is, inside the caller's transaction, one guarded UPDATE
 * (`balance + delta >= 0`: its row count decides, so parallel debits can never overdraw) and its ledger row; the
 * ledger's unique key (user, reason, ref) turns a second application of the same move into `duplicate`. A voucher is used and given back by one conditional
 * UPDATE each.
 */
export function createWalletRepository(db: Kysely<Database>) {
  async function move(userId: number, amountFen: number, ref: WalletRef, at: number): Promise<WalletMoveResult> {
    if (!db.isTransaction) throw new Error('wallet moves run inside the caller’s unit of work (uow.transaction)');
    if (!Number.isSafeInteger(amountFen) || amountFen === 0) throw new Error(`bad wallet amount ${amountFen}`);
    const refId = String(ref.refId);
    const row = await db
      .updateTable('users')
      .set((eb) => ({ wallet_balance_fen: eb('wallet_balance_fen', '+', amountFen) }))
      .where('id', '=', userId)
      .where((eb) => eb(eb('wallet_balance_fen', '+', amountFen), '>=', 0))
      .returning('wallet_balance_fen')
      .executeTakeFirst();
    if (!row) return { status: 'insufficient' };
    const balanceFen = Number(row.wallet_balance_fen);
    const entry = await db
      .insertInto('wallet_ledger')
      .values({
        user_id: userId,
        amount_fen: amountFen,
        balance_after_fen: balanceFen,
        reason: ref.reason,
        ref_type: ref.refType,
        ref_id: refId,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(['user_id', 'reason', 'ref_type', 'ref_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!entry) {
      // Already applied (a retry, or a twin that committed first): take back this statement's change, unseen
      // outside the transaction, and say so.
      await db
        .updateTable('users')
        .set((eb) => ({ wallet_balance_fen: eb('wallet_balance_fen', '-', amountFen) }))
        .where('id', '=', userId)
        .execute();
      return { status: 'duplicate' };
    }
    return { status: 'applied', balanceFen, entryId: entry.id };
  }

  return {
    move,
    /** Adds `amountFen` (> 0) to the wallet. */
    credit: (userId: number, amountFen: number, ref: WalletRef, at: number) =>
      move(userId, Math.abs(amountFen), ref, at),
    /** Takes `amountFen` (> 0) from the wallet, only if the balance covers it. */
    debit: (userId: number, amountFen: number, ref: WalletRef, at: number) =>
      move(userId, -Math.abs(amountFen), ref, at),

    async balance(userId: number): Promise<number | undefined> {
      const row = await db.selectFrom('users').select('wallet_balance_fen').where('id', '=', userId).executeTakeFirst();
      return row ? Number(row.wallet_balance_fen) : undefined;
    },

    /** The sum of the user's ledger: always equal to the balance. */
    async ledgerSum(userId: number): Promise<number> {
      const row = await db
        .selectFrom('wallet_ledger')
        .select((eb) => eb.fn.sum<number>('amount_fen').as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** The user's moves, newest first. */
    entries: (userId: number, limit = 50) =>
      db
        .selectFrom('wallet_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** When these orders (the ledger's order references) were placed, for their numbers. */
    orderTimes: (orderIds: number[]) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('orders').select(['id', 'created_at']).where('id', 'in', orderIds).execute(),

    /** The names of the restaurants these vouchers are limited to. */
    restaurantNames: (restaurantIds: number[]) =>
      restaurantIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('restaurants').select(['id', 'name_cn', 'name_en']).where('id', 'in', restaurantIds).execute(),

    voucher: (userId: number, id: number): Promise<VoucherRow | undefined> =>
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
    async grantVoucher(values: Omit<VoucherRow, 'id' | 'used_at' | 'order_id'>) {
      await db
        .insertInto('vouchers')
        .values({ ...values, used_at: null, order_id: null })
        .onConflict((oc) => oc.columns(['user_id', 'code']).doNothing())
        .execute();
    },

    /** Gives the order's voucher back, once: only while it is still marked used by this order. */
    async releaseVoucher(voucherId: number, orderId: number): Promise<boolean> {
      const res = await db
        .updateTable('vouchers')
        .set({ used_at: null, order_id: null })
        .where('id', '=', voucherId)
        .where('order_id', '=', orderId)
        .where('used_at', 'is not', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
