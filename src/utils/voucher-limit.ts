import type { Voucher } from '../../types/api/wallet';
import type { TFunction } from '../i18n';

/**
 * What a voucher limited to one restaurant says ("仅限 粤品茶楼 使用" / "Only at Yue Pin Dim Sum House"), on the vouchers
 * screen and in the checkout's voucher list; undefined for a voucher good anywhere.
 */
export function voucherLimit(t: TFunction, v: Voucher): string | undefined {
  if (v.restaurant_id === null) return undefined;
  return v.restaurant_name ? t('voucher_limit.only_at', { name: v.restaurant_name }) : t('voucher_limit.only_one');
}
