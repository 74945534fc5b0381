import type { AvailableCoupons, CouponCount, VoucherList, Wallet } from '../../types/api/wallet';
import type { Http } from './http';

/** The wallet (balance and its ledger) and vouchers. */
export function walletApi(http: Http) {
  return {
    wallet: () => http.get<Wallet>('wallet'),
    vouchers: (page: number, pageSize?: number) =>
      http.get<VoucherList>('usercouponslist', { page, page_size: pageSize }),
    /** Usable for this restaurant's current cart. */
    available: (restaurantId: number) =>
      http.get<AvailableCoupons>('availablecouponslist', { restaurant_id: restaurantId }),
    availableCount: () => http.get<CouponCount>('allavailablecouponscount'),
  };
}

export type WalletApi = ReturnType<typeof walletApi>;
