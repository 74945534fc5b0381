const DAY = 24 * 60 * 60 * 1000;

/** The voucher every new customer gets with their account (once: the unique (user, code) key). */
export function welcomeVoucher(userId: number, at: number) {
  return {
    user_id: userId,
    code: 'welcome',
    // A name: the amount and the minimum are shown beside it (discount_fen, min_goods_fen), not repeated in it.
    name_cn: '新人优惠券',
    name_en: 'Welcome voucher',
    discount_fen: 1000,
    min_goods_fen: 3000,
    restaurant_id: null,
    valid_from: at,
    valid_until: at + 30 * DAY,
    created_at: at,
  };
}
