import { Type, type Static } from '@sinclair/typebox';
import { Paged } from './common';

/**
 * Wallet and vouchers (wallet, usercouponslist, availablecouponslist, allavailablecouponscount). The wallet is a
 * ledger: each move a line with its reason; the balance moves only with its line. Money in fen, times epoch ms.
 */
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const LedgerLine = Type.Object({
  id: Type.Integer(),
  amount_fen: Type.Integer({ description: 'credit > 0, debit < 0' }),
  balance_after_fen: Type.Integer(),
  reason: Type.String(),
  reason_text: Type.String({ description: 'in the request language' }),
  order_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The order's number as every other answer shows it (orderinfo, orderlist), with order_id. */
  order_no: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.Integer(),
});
export type LedgerLine = Static<typeof LedgerLine>;

export const Wallet = Type.Object({ balance_fen: Type.Integer(), list: Type.Array(LedgerLine) });
export type Wallet = Static<typeof Wallet>;

export const Voucher = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'in the request language' }),
  discount_fen: Type.Integer(),
  /** Goods (delivery fee excluded) needed to use it. */
  min_goods_fen: Type.Integer(),
  /** Only at this restaurant, or anywhere (null). */
  restaurant_id: Type.Union([Type.Integer(), Type.Null()]),
  /** That restaurant's name in the request language (null when the voucher is good anywhere). */
  restaurant_name: Type.Union([Type.String(), Type.Null()]),
  valid_from: Type.Integer(),
  valid_until: Type.Integer(),
  used_at: Type.Union([Type.Integer(), Type.Null()]),
  order_id: Type.Union([Type.Integer(), Type.Null()]),
  state: Type.Union([Type.Literal('usable'), Type.Literal('used'), Type.Literal('expired')]),
});
export type Voucher = Static<typeof Voucher>;

export const VoucherList = Paged(Voucher);
export type VoucherList = Static<typeof VoucherList>;

export const AvailableCouponsQuery = Type.Object({ restaurant_id: Id });
export type AvailableCouponsQuery = Static<typeof AvailableCouponsQuery>;

export const AvailableCoupons = Type.Object({ list: Type.Array(Voucher) });
export type AvailableCoupons = Static<typeof AvailableCoupons>;

export const CouponCount = Type.Object({ count: Type.Integer() });
export type CouponCount = Static<typeof CouponCount>;
