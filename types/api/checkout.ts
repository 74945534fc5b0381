import { Type, type Static } from '@sinclair/typebox';
import { CartLine } from './cart';
import { FieldErrorData } from './common';
import { OneOf } from './helpers';
import { PaymentMethodSchema } from './stores';
import { Voucher } from './wallet';

/**
 * Checkout (confirmorder, submitorder). The quote is computed on the server from the cart as it is now: goods,
 * delivery fee, voucher discount (never more than the goods), total = goods + fee - discount, what can be chosen,
 * and every problem found since the cart was filled, each with its message in the request's language. Submitting
 * re-checks everything, is idempotent (`idempotency_key`, one per checkout attempt: the same key answers the same
 * order; the same key with another request is refused with 1005) and atomic.
 */
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const ORDER_MODES = ['delivery', 'collection'] as const;
export { PaymentMethodSchema };
export type { PaymentMethod } from '../catalogue';
export const OrderModeSchema = OneOf(ORDER_MODES);
export type OrderMode = (typeof ORDER_MODES)[number];

export const PROBLEM_CODES = [
  'empty_cart',
  'sold_out',
  'option_sold_out',
  'gone',
  'price_changed',
  'closed',
  'busy',
  'mode_unavailable',
  'out_of_range',
  'collection_time_unavailable',
  'below_minimum',
  'voucher_not_applicable',
  'payment_method_unavailable',
  'alipay_in_wechat',
  'insufficient_balance',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export const Problem = Type.Object({
  code: OneOf(PROBLEM_CODES),
  message: Type.String({ description: 'in the request language' }),
  /** The cart line concerned, for line problems. */
  cart_id: Type.Optional(Type.Integer()),
  /** Blocking problems stop the order; the others (a price change) only need the customer to see them. */
  blocking: Type.Boolean(),
});
export type Problem = Static<typeof Problem>;

export const QuoteAddress = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  address: Type.String({ description: 'in the request language' }),
});
export type QuoteAddress = Static<typeof QuoteAddress>;

export const ConfirmOrderBody = Type.Object({
  restaurant_id: Id,
  mode: OrderModeSchema,
  address_id: Type.Optional(Id),
  /** Epoch ms, one of the quote's collection_times. */
  collection_time: Type.Optional(Type.Integer({ minimum: 0, maximum: 8640000000000000 })),
  voucher_id: Type.Optional(Id),
  payment_method: Type.Optional(PaymentMethodSchema),
});
export type ConfirmOrderBody = Static<typeof ConfirmOrderBody>;

/**
 * One line of the money after the goods, as the customer reads it: the delivery fee (a charge), a promotion (first
 * order free delivery, spend X save Y: a discount, its name the promotion's title) or the voucher (a discount).
 * The quote's delivery_fee_fen is the fee less what waives it, discount_fen what comes off the goods.
 */
export const PriceLine = Type.Object({
  kind: OneOf(['delivery_fee', 'promotion', 'voucher'] as const),
  name: Type.String({ description: 'in the request language' }),
  /** Charges are >= 0, discounts <= 0. */
  amount_fen: Type.Integer(),
  promotion_id: Type.Union([Type.Integer(), Type.Null()]),
  voucher_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type PriceLine = Static<typeof PriceLine>;

/**
 * When the food is expected (epoch ms): delivery, a window from the restaurant's preparation time and the distance;
 * collection, the time it is ready. The rule is in server/src/modules/checkout/estimate.ts.
 */
export const Estimate = Type.Object({
  kind: OneOf(['delivery', 'ready'] as const),
  from: Type.Integer(),
  to: Type.Integer(),
});
export type Estimate = Static<typeof Estimate>;

export const Quote = Type.Object({
  restaurant_id: Type.Integer(),
  mode: OrderModeSchema,
  goods_fen: Type.Integer(),
  delivery_fee_fen: Type.Integer(),
  discount_fen: Type.Integer(),
  total_fen: Type.Integer(),
  min_order_fen: Type.Integer(),
  wallet_balance_fen: Type.Integer(),
  payment_methods: Type.Array(PaymentMethodSchema),
  modes: Type.Array(OrderModeSchema),
  collection_times: Type.Array(Type.Integer()),
  vouchers: Type.Array(Voucher),
  voucher_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Of the usable vouchers, the one taking most off this order (null: none usable): the app applies it first. */
  best_voucher_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The money after the goods, line by line (what delivery_fee_fen, discount_fen and total_fen add up). */
  price_lines: Type.Array(PriceLine),
  /** When the food is expected; null until the place or time is chosen and the order can be made now. */
  estimate: Type.Union([Estimate, Type.Null()]),
  address: Type.Union([QuoteAddress, Type.Null()]),
  /**
   * Delivery: each address of the customer's book, how far it is from the restaurant and whether it is within the
   * delivery radius (the app offers those first and picks one of them by default). Empty for collection.
   */
  address_reach: Type.Array(Type.Object({ id: Type.Integer(), distance_m: Type.Integer(), in_range: Type.Boolean() })),
  /** The restaurant's delivery radius (m), to explain an address outside it. */
  delivery_radius_m: Type.Integer(),
  lines: Type.Array(CartLine),
  problems: Type.Array(Problem),
  can_submit: Type.Boolean(),
});
export type Quote = Static<typeof Quote>;

export const SubmitOrderBody = Type.Object({
  idempotency_key: Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
  restaurant_id: Id,
  mode: OrderModeSchema,
  address_id: Type.Optional(Id),
  collection_time: Type.Optional(Type.Integer({ minimum: 0, maximum: 8640000000000000 })),
  payment_method: PaymentMethodSchema,
  voucher_id: Type.Optional(Id),
  comment: Type.Optional(Type.String({ maxLength: 200 })),
  cutlery: Type.Optional(Type.Boolean()),
  /** The total the customer saw; a different total now refuses the order with the quote's problems. */
  expected_total_fen: Type.Integer({ minimum: 0, maximum: 100000000 }),
});
export type SubmitOrderBody = Static<typeof SubmitOrderBody>;

export const SubmitOrderResult = Type.Object({
  order_id: Type.Integer(),
  status: Type.Integer(),
  total_fen: Type.Integer(),
  /** WeChat Pay / Alipay: call pay next. */
  needs_payment: Type.Boolean(),
  collection_code: Type.Union([Type.String(), Type.Null()]),
});
export type SubmitOrderResult = Static<typeof SubmitOrderResult>;

/**
 * A refused submit (1001) carries the problems found, so the settlement screen can list them; a missing or wrong
 * field (1003) names it, as everywhere.
 */
export const ProblemsEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Union([
    Type.Object({ problems: Type.Array(Problem), total_fen: Type.Optional(Type.Integer()) }),
    FieldErrorData,
    Type.Null(),
  ]),
});
