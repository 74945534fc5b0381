import type { PagedData } from '../../../../types/api/common';
import type { AvailableCoupons, CouponCount, Voucher, Wallet } from '../../../../types/api/wallet';
import type { Lang } from '../../../../types/lang';
import { translate, type MessageKey } from '../../i18n/messages';
import { evaluateLine } from '../cart/lines';
import { toVoucher, voucherUsable } from '../checkout/vouchers';
import type { AppUnitOfWork } from '../repositories';

/** The customer's wallet (balance and its ledger) and vouchers. */
export function createWalletService(uow: AppUnitOfWork, now: () => number) {
  const { repos } = uow;
  return {
    async wallet(userId: number, lang: Lang): Promise<Wallet> {
      const [balance, entries] = await Promise.all([repos.wallet.balance(userId), repos.wallet.entries(userId, 50)]);
      return {
        balance_fen: balance ?? 0,
        list: entries.map((e) => ({
          id: e.id,
          amount_fen: Number(e.amount_fen),
          balance_after_fen: Number(e.balance_after_fen),
          reason: e.reason,
          reason_text: translate(lang, `wallet.reason.${e.reason}` as MessageKey),
          order_id: e.ref_type === 'order' ? Number(e.ref_id) : null,
          created_at: Number(e.created_at),
        })),
      };
    },

    async vouchers(userId: number, page: number, pageSize: number, lang: Lang): Promise<PagedData<Voucher>> {
      const { rows, total } = await repos.checkout.vouchersPage(userId, (page - 1) * pageSize, pageSize);
      const at = now();
      return {
        list: rows.map((v) => toVoucher(v, lang, at)),
        total,
        page,
        page_size: pageSize,
        has_more: page * pageSize < total,
      };
    },

    /** Vouchers usable for the customer's current cart at this restaurant. */
    async available(userId: number, restaurantId: number, lang: Lang): Promise<AvailableCoupons> {
      const at = now();
      const lines = await repos.cart.lines(userId, restaurantId);
      const dishes = await repos.cart.dishes([...new Set(lines.map((l) => l.item_id))]);
      const goods = lines
        .map((l) => evaluateLine(l, dishes, restaurantId, lang))
        .filter((e) => e.orderable)
        .reduce((n, e) => n + e.out.line_total_fen, 0);
      const rows = await repos.checkout.usableVouchers(userId, at, restaurantId);
      return { list: rows.filter((v) => voucherUsable(v, restaurantId, goods, at)).map((v) => toVoucher(v, lang, at)) };
    },

    async availableCount(userId: number): Promise<CouponCount> {
      return { count: (await repos.checkout.usableVouchers(userId, now())).length };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
