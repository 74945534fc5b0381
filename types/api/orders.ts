import { Type, type Static } from '@sinclair/typebox';
import { Estimate, OrderModeSchema, PaymentMethodSchema, PriceLine } from './checkout';
import { Paged } from './common';

/**
 * The customer's orders (orderlist, orderinfo). Both need a session and only ever show the caller's own orders:
 * another customer's order answers 1004 (not found), like a missing one. Money in fen, times epoch ms, texts in the
 * request language. Status codes and the progress steps are types/order-status.ts's.
 */
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const OrderListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  page_size: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});
export type OrderListQuery = Static<typeof OrderListQuery>;

/** orderinfo's `id` (the app sends `id`; `order_id` is accepted too, like check-order-pay). */
export const OrderInfoQuery = Type.Object({ id: Type.Optional(Id), order_id: Type.Optional(Id) });
export type OrderInfoQuery = Static<typeof OrderInfoQuery>;

export const OrderSummary = Type.Object({
  id: Type.Integer(),
  /** The order number the customer sees and quotes to support. */
  order_no: Type.String(),
  restaurant_id: Type.Integer(),
  restaurant_name: Type.String({ description: 'in the request language, as when ordered' }),
  status: Type.Integer(),
  status_text: Type.String({ description: 'in the request language' }),
  total_fen: Type.Integer(),
  created_at: Type.Integer(),
  mode: OrderModeSchema,
  payment_method: PaymentMethodSchema,
  /** Dishes in the order (sum of quantities). */
  item_count: Type.Integer(),
  /** An online order still to be paid (status 0): the list offers "pay". */
  needs_payment: Type.Boolean(),
  /** The customer's rating of this order (null when not rated, or the rating was deleted). */
  rating_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Delivered, completed or collected and not rated yet: the app offers "Rate". */
  can_rate: Type.Boolean(),
  /**
   * Nothing is paid yet (an online order awaiting payment, or pay on delivery before the restaurant accepts it): the
   * customer may cancel it (cancelorder).
   */
  can_cancel: Type.Boolean(),
  /**
   * A collection order: when the restaurant marked it ready for collection (epoch ms); null before (and delivery).
   * The status code stays 1; the app shows such an order as "Ready for collection", as its timeline step says.
   */
  marked_ready_at: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});
export type OrderSummary = Static<typeof OrderSummary>;

export const OrderList = Paged(OrderSummary);
export type OrderList = Static<typeof OrderList>;

export const OrderLine = Type.Object({
  dish_id: Type.Integer(),
  name: Type.String({ description: 'snapshot at ordering, in the request language' }),
  option_ids: Type.Array(Type.Integer()),
  option_names: Type.Array(Type.String()),
  quantity: Type.Integer(),
  unit_price_fen: Type.Integer(),
  line_total_fen: Type.Integer(),
});
export type OrderLine = Static<typeof OrderLine>;

export const OrderHistoryEntry = Type.Object({
  /** null for the first entry (the order was created in `status`). */
  from_status: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Integer(),
  status_text: Type.String({ description: 'in the request language' }),
  at: Type.Integer(),
});
export type OrderHistoryEntry = Static<typeof OrderHistoryEntry>;

export const OrderStep = Type.Object({
  key: Type.String({
    description: 'submitted | confirmed | preparing | ready (collection) | pending_delivery | delivered | completed',
  }),
  label: Type.String({ description: 'in the request language' }),
  done: Type.Boolean(),
  at: Type.Optional(Type.Integer()),
});
export type OrderStep = Static<typeof OrderStep>;

/** Every field of the specification's Order (§3), with the lines, status history and progress steps. */
export const Order = Type.Object({
  ...OrderSummary.properties,
  goods_fen: Type.Integer(),
  delivery_fee_fen: Type.Integer(),
  discount_fen: Type.Integer(),
  /**
   * The money after the goods as the order was placed, line by line as at checkout (the delivery fee, each promotion,
   * the voucher; named in the request language): what delivery_fee_fen, discount_fen and total_fen add up.
   */
  price_lines: Type.Array(PriceLine),
  /** Paid from the wallet at submit (payment method balance); given back on cancel or refund. */
  wallet_paid_fen: Type.Integer(),
  voucher_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Paid online or from the wallet (pay on delivery: false until delivered; nothing is recorded for it). */
  paid: Type.Boolean(),
  paid_at: Type.Union([Type.Integer(), Type.Null()]),
  comment: Type.String(),
  cutlery: Type.Boolean(),
  collection_time: Type.Union([Type.Integer(), Type.Null()]),
  collection_code: Type.Union([Type.String(), Type.Null()]),
  recipient_name: Type.String(),
  phone: Type.String(),
  address: Type.String({ description: 'snapshot at ordering, in the request language; empty for collection' }),
  lines: Type.Array(OrderLine),
  /**
   * The restaurant as it is now, to call it or find it (collection): its phone, address in the request language and
   * position (GCJ-02, for the map link).
   */
  restaurant_phone: Type.String(),
  restaurant_address: Type.String(),
  restaurant_lat: Type.Number(),
  restaurant_lng: Type.Number(),
  /**
   * When the food is expected while the order is under way (checkout's rule, from the payment or placing time, the
   * restaurant's preparation time and the distance; collection: its time); null once delivered, collected or ended.
   */
  estimate: Type.Union([Estimate, Type.Null()]),
  /** Every status change with its time, oldest first. */
  status_history: Type.Array(OrderHistoryEntry),
  steps: Type.Array(OrderStep),
  /**
   * Why a cancelled or refunded order ended: not paid in time, cancelled by the customer, by the restaurant, or by
   * customer service; null while the order is open or when it ended otherwise.
   */
  end_reason: Type.Union([
    Type.Literal('payment_timeout'),
    Type.Literal('customer'),
    Type.Literal('restaurant'),
    Type.Literal('support'),
    Type.Null(),
  ]),
  /** An unpaid online order is cancelled if not paid by then (epoch ms); null when nothing is to pay. */
  pay_before: Type.Union([Type.Integer(), Type.Null()]),
  updated_at: Type.Integer(),
  /** What the restaurant said on accepting: minutes to prepare and when it is ready (epoch ms); null before. */
  prep_minutes: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  ready_at: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** Why the restaurant refused it: sold_out, too_busy, closing, other, timeout (nobody accepted in time). */
  reject_reason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /**
   * What went back to the customer when a paid order ended (a rejection, a cancel, customer service): the online
   * payment (with its state at the provider: the money may take a while to arrive), the wallet money and the voucher;
   * null while the order is open and when nothing had been paid or used.
   */
  refund: Type.Optional(
    Type.Union([
      Type.Object({
        online_fen: Type.Integer(),
        online_state: Type.Union([Type.Literal('pending'), Type.Literal('done'), Type.Literal('failed'), Type.Null()]),
        wallet_fen: Type.Integer(),
        voucher_returned: Type.Boolean(),
      }),
      Type.Null(),
    ]),
  ),
  /** The customer may send a "hurry up" now (the ready time has passed; limited). */
  can_hurry: Type.Optional(Type.Boolean()),
});
export type Order = Static<typeof Order>;

/** cancelorder: the customer cancels an order until the restaurant accepts it (`can_cancel`); answers the order as it is now. */
export const CancelOrderBody = Type.Object({ order_id: Id });
export type CancelOrderBody = Static<typeof CancelOrderBody>;

export type EndReason = Order['end_reason'];
