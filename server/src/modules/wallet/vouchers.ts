import type { Voucher } from '../../../../types/api/wallet';
import type { Lang } from '../../../../types/lang';
import { localized } from '../../i18n/localized';
import type { VoucherRow } from './rows';

/** Usable for this restaurant and these goods now: unused, valid, the right restaurant, enough goods. */
export function voucherUsable(v: VoucherRow, restaurantId: number, goodsFen: number, at: number): boolean {
  return (
    v.used_at === null &&
    Number(v.valid_from) <= at &&
    Number(v.valid_until) > at &&
    (v.restaurant_id === null || v.restaurant_id === restaurantId) &&
    goodsFen > 0 &&
    goodsFen >= Number(v.min_goods_fen)
  );
}

/** A restaurant's two names, as the voucher's answer picks one in the request language. */
export interface RestaurantNames {
  name_cn: string;
  name_en: string;
}

/**
 * A voucher as the answers show it; `restaurant` is the restaurant it is limited to (its names; absent for a voucher
 * good anywhere, or when only the name of the voucher is wanted).
 */
export function toVoucher(v: VoucherRow, lang: Lang, at: number, restaurant?: RestaurantNames): Voucher {
  return {
    id: v.id,
    name: lang === 'en' ? v.name_en || v.name_cn : v.name_cn || v.name_en,
    discount_fen: Number(v.discount_fen),
    min_goods_fen: Number(v.min_goods_fen),
    restaurant_id: v.restaurant_id,
    restaurant_name: v.restaurant_id === null || !restaurant ? null : localized(restaurant, 'name', lang),
    valid_from: Number(v.valid_from),
    valid_until: Number(v.valid_until),
    used_at: v.used_at === null ? null : Number(v.used_at),
    order_id: v.order_id,
    state: v.used_at !== null ? 'used' : Number(v.valid_until) <= at ? 'expired' : 'usable',
  };
}
