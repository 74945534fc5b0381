import type { PagedData } from '../../types/api/common';
import type { Voucher, Wallet } from '../../types/api/orders-draft';
import type { Http } from './http';

/** The wallet (balance and its ledger) and vouchers. */
export function walletApi(http: Http) {
  return {
    wallet: () => http.get<Wallet>('wallet'),
    vouchers: (page: number, pageSize?: number) =>
      http.get<PagedData<Voucher>>('usercouponslist', { page, page_size: pageSize }),
    /** Usable for this restaurant's current cart. */
    available: (restaurantId: number) =>
      http.get<{ list: Voucher[] }>('availablecouponslist', { restaurant_id: restaurantId }),
    availableCount: () => http.get<{ count: number }>('allavailablecouponscount'),
  };
}

export type WalletApi = ReturnType<typeof walletApi>;
