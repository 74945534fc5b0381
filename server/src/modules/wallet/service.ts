import type { PagedData } from '../../../../types/api/common';
import type { AvailableCoupons, CouponCount, Voucher, Wallet } from '../../../../types/api/wallet';
import type { Lang } from '../../../../types/lang';
import { translate, type MessageKey } from '../../i18n/messages';
import type { CartService } from '../cart/service';
import { orderNo } from '../orders/order-no';
import type { AppTransaction, AppUnitOfWork } from '../repositories';
import type { WalletRef } from './repository';
import type { VoucherRow } from './rows';
import { toVoucher, voucherUsable } from './vouchers';
import { welcomeVoucher } from './welcome';

export interface WalletDeps {
  uow: AppUnitOfWork;
  now: () => number;
  /** The customer's cart, priced (which vouchers the goods reach). */
  cart: Pick<CartService, 'priced'>;
}

/**
 * The customer's wallet (balance and its ledger) and vouchers: what the wallet screens read, and the moves other
 * modules make in their own transaction (`tx`): the checkout debits the balance and uses a voucher, a cancelled
 * order's give-backs credit it and release the voucher, a new account gets the welcome voucher.
 */
export function createWalletService({ uow, now, cart }: WalletDeps) {
  const { repos } = uow;
  /** The vouchers as answers show them, each limited one with its restaurant's name in the request language. */
  const shown = async (rows: VoucherRow[], lang: Lang, at: number): Promise<Voucher[]> => {
    const ids = [...new Set(rows.map((v) => v.restaurant_id).filter((id): id is number => id !== null))];
    const names = new Map((await repos.wallet.restaurantNames(ids)).map((r) => [r.id, r]));
    return rows.map((v) => toVoucher(v, lang, at, v.restaurant_id === null ? undefined : names.get(v.restaurant_id)));
  };
  return {
    async wallet(userId: number, lang: Lang): Promise<Wallet> {
      const [balance, entries] = await Promise.all([repos.wallet.balance(userId), repos.wallet.entries(userId, 50)]);
      const orderIdOf = (e: (typeof entries)[number]) => (e.ref_type === 'order' ? Number(e.ref_id) : null);
      const orderIds = [...new Set(entries.map(orderIdOf).filter((id): id is number => id !== null))];
      const placedAt = new Map((await repos.wallet.orderTimes(orderIds)).map((o) => [o.id, o.created_at]));
      return {
        balance_fen: balance ?? 0,
        list: entries.map((e) => {
          const orderId = orderIdOf(e);
          const placed = orderId === null ? undefined : placedAt.get(orderId);
          return {
            id: e.id,
            amount_fen: Number(e.amount_fen),
            balance_after_fen: Number(e.balance_after_fen),
            reason: e.reason,
            reason_text: translate(lang, `wallet.reason.${e.reason}` as MessageKey),
            order_id: orderId,
            order_no: orderId !== null && placed !== undefined ? orderNo({ id: orderId, created_at: placed }) : null,
            created_at: Number(e.created_at),
          };
        }),
      };
    },

    async vouchers(userId: number, page: number, pageSize: number, lang: Lang): Promise<PagedData<Voucher>> {
      const { rows, total } = await repos.wallet.vouchersPage(userId, (page - 1) * pageSize, pageSize);
      const at = now();
      return {
        list: await shown(rows, lang, at),
        total,
        page,
        page_size: pageSize,
        has_more: page * pageSize < total,
      };
    },

    /** Vouchers usable for the customer's current cart at this restaurant. */
    async available(userId: number, restaurantId: number, lang: Lang): Promise<AvailableCoupons> {
      const at = now();
      const { goods_fen: goods } = await cart.priced(userId, restaurantId, lang);
      const rows = await repos.wallet.usableVouchers(userId, at, restaurantId);
      const usable = rows.filter((v) => voucherUsable(v, restaurantId, goods, at));
      return { list: await shown(usable, lang, at) };
    },

    async availableCount(userId: number): Promise<CouponCount> {
      return { count: (await repos.wallet.usableVouchers(userId, now())).length };
    },

    /** The balance (0 for an unknown customer). */
    balanceOf: async (userId: number): Promise<number> => (await repos.wallet.balance(userId)) ?? 0,

    /** Unused vouchers valid at `at` for any restaurant or this one (the rules then decide which apply). */
    vouchersFor: (userId: number, restaurantId: number, at: number): Promise<VoucherRow[]> =>
      repos.wallet.usableVouchers(userId, at, restaurantId),

    /** One of the customer's vouchers (another customer's is as absent as a missing one). */
    voucherOf: (userId: number, voucherId: number): Promise<VoucherRow | undefined> =>
      repos.wallet.voucher(userId, voucherId),

    /** The voucher is used by this order, if nobody used it first and it is valid now (one statement decides). */
    useVoucher: (tx: AppTransaction, userId: number, voucherId: number, orderId: number, at: number) =>
      tx.wallet.useVoucher(userId, voucherId, orderId, at),

    /** The order's voucher comes back, once (only while still used by that order). */
    releaseVoucher: (tx: AppTransaction, voucherId: number, orderId: number) =>
      tx.wallet.releaseVoucher(voucherId, orderId),

    /** Takes `amountFen` from the balance with its ledger row, only if the balance covers it. */
    debit: (tx: AppTransaction, userId: number, amountFen: number, ref: WalletRef, at: number) =>
      tx.wallet.debit(userId, amountFen, ref, at),

    /** Adds `amountFen` to the balance with its ledger row (a repeated reference is a no-op). */
    credit: (tx: AppTransaction, userId: number, amountFen: number, ref: WalletRef, at: number) =>
      tx.wallet.credit(userId, amountFen, ref, at),

    /** A new customer's welcome voucher (once per customer). */
    grantWelcome: (tx: AppTransaction, userId: number, at: number) =>
      tx.wallet.grantVoucher(welcomeVoucher(userId, at)),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
