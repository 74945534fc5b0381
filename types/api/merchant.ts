import { Type, type Static } from '@sinclair/typebox';

/** The restaurant console's calls (issue 18): under /api/szeat/merchant/…, every one checks the membership. */
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends ReturnType<typeof Type.Integer> | ReturnType<typeof Type.String>>(t: T) =>
  Type.Union([t, Type.Null()]);

export const MEMBER_ROLES = ['owner', 'staff'] as const;
export const MemberRole = Type.Union(MEMBER_ROLES.map((r) => Type.Literal(r)));
export type MemberRole = Static<typeof MemberRole>;

/** The board's columns: new (waiting to be accepted) … done today; cancelled (refused, cancelled, refunded). */
export const BOARD_STATES = ['new', 'accepted', 'preparing', 'ready', 'delivering', 'done', 'cancelled'] as const;
export type BoardState = (typeof BOARD_STATES)[number];

export const MerchantRestaurant = Type.Object({
  restaurant_id: Type.Integer(),
  name: Type.String(),
  role: MemberRole,
  /** The default preparation time offered on accepting (minutes). */
  prep_minutes: Type.Integer(),
  /** Busy mode: no new orders until then (epoch ms); null when not busy (an ended busy mode reads null). */
  busy_until: Nullable(Type.Integer()),
  closed: Type.Boolean(),
  resume_at: Nullable(Type.Integer()),
});
export type MerchantRestaurant = Static<typeof MerchantRestaurant>;
export const MerchantRestaurants = Type.Object({ list: Type.Array(MerchantRestaurant) });
export type MerchantRestaurants = Static<typeof MerchantRestaurants>;

export const MerchantOrderLine = Type.Object({
  dish_id: Type.Integer(),
  name: Type.String(),
  options: Type.Array(Type.String()),
  quantity: Type.Integer(),
  unit_price_fen: Type.Integer(),
  line_total_fen: Type.Integer(),
});

/** The customer's contact: only while the order is open (waiting, accepted, on its way), else null. */
export const MerchantCustomer = Type.Object({
  name: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  /** Straight-line distance from the restaurant (delivery), metres. */
  distance_m: Nullable(Type.Integer()),
});

export const MerchantOrder = Type.Object({
  id: Type.Integer(),
  order_no: Type.String(),
  restaurant_id: Type.Integer(),
  status: Type.Integer(),
  status_text: Type.String(),
  state: Type.Union(BOARD_STATES.map((s) => Type.Literal(s))),
  mode: Type.String(),
  payment_method: Type.String(),
  paid: Type.Boolean(),
  total_fen: Type.Integer(),
  goods_fen: Type.Integer(),
  delivery_fee_fen: Type.Integer(),
  discount_fen: Type.Integer(),
  comment: Type.String(),
  cutlery: Type.Boolean(),
  collection_time: Nullable(Type.Integer()),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
  prep_minutes: Nullable(Type.Integer()),
  accepted_at: Nullable(Type.Integer()),
  ready_at: Nullable(Type.Integer()),
  /** A collection order marked ready for collection (epoch ms; its board state is then `ready`), else null. */
  marked_ready_at: Type.Optional(Nullable(Type.Integer())),
  reject_reason: Nullable(Type.String()),
  hurry_count: Type.Integer(),
  hurry_at: Nullable(Type.Integer()),
  lines: Type.Array(MerchantOrderLine),
  customer: Type.Union([MerchantCustomer, Type.Null()]),
});
export type MerchantOrder = Static<typeof MerchantOrder>;

export const BoardQuery = Type.Object({
  restaurant_id: Id,
  state: Type.Optional(Type.Union(BOARD_STATES.map((s) => Type.Literal(s)))),
});
export type BoardQuery = Static<typeof BoardQuery>;
export const Board = Type.Object({
  list: Type.Array(MerchantOrder),
  /** Orders waiting to be accepted (the alert and the title badge). */
  waiting: Type.Integer(),
  /** The newest order event id when read: a live stream opened with it as Last-Event-ID misses nothing. */
  last_event_id: Type.Integer(),
});
export type Board = Static<typeof Board>;

export const OrderRef = Type.Object({ order_id: Id });
export const AcceptBody = Type.Object({
  order_id: Id,
  /** Minutes to prepare; the restaurant's default when absent. */
  prep_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 240 })),
});
export type AcceptBody = Static<typeof AcceptBody>;
export const REJECT_REASONS = ['sold_out', 'too_busy', 'closing', 'other'] as const;
export const RejectBody = Type.Object({
  order_id: Id,
  reason: Type.Union(REJECT_REASONS.map((r) => Type.Literal(r))),
});
export type RejectBody = Static<typeof RejectBody>;
export const AdvanceBody = Type.Object({
  order_id: Id,
  /** The status the console saw: refused (order.changed) if the order moved meanwhile. */
  from: Type.Optional(Type.Integer({ minimum: 0, maximum: 11 })),
});
export type AdvanceBody = Static<typeof AdvanceBody>;
export const CollectBody = Type.Object({ order_id: Id, code: Type.String({ minLength: 1, maxLength: 16 }) });
export type CollectBody = Static<typeof CollectBody>;

export const SoldOutBody = Type.Object({
  restaurant_id: Id,
  dish_id: Type.Optional(Id),
  option_id: Type.Optional(Id),
  sold_out: Type.Boolean(),
});
export type SoldOutBody = Static<typeof SoldOutBody>;
export const BusyBody = Type.Object({
  restaurant_id: Id,
  /** 15, 30 or 60 minutes, until the next opening, or off. */
  busy: Type.Union([
    Type.Literal(15),
    Type.Literal(30),
    Type.Literal(60),
    Type.Literal('next_opening'),
    Type.Literal('off'),
  ]),
});
export type BusyBody = Static<typeof BusyBody>;
export const ClosedBody = Type.Object({
  restaurant_id: Id,
  closed: Type.Boolean(),
  /** When it opens again by itself (epoch ms); absent: until reopened by hand. */
  resume_at: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type ClosedBody = Static<typeof ClosedBody>;

export const RestaurantRef = Type.Object({ restaurant_id: Id });
export type RestaurantRef = Static<typeof RestaurantRef>;

export const Takings = Type.Object({
  restaurant_id: Type.Integer(),
  /** The China day (start, epoch ms) these figures cover. */
  day_start: Type.Integer(),
  orders: Type.Integer(),
  takings_fen: Type.Integer(),
  by_method: Type.Array(
    Type.Object({ payment_method: Type.String(), orders: Type.Integer(), takings_fen: Type.Integer() }),
  ),
  cancelled: Type.Integer(),
  refunded: Type.Integer(),
  refunded_fen: Type.Integer(),
});
export type Takings = Static<typeof Takings>;

export const Member = Type.Object({
  user_id: Type.Integer(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  role: MemberRole,
  created_at: Type.Integer(),
});
export type Member = Static<typeof Member>;
export const Members = Type.Object({ list: Type.Array(Member) });
export type Members = Static<typeof Members>;
export const InviteBody = Type.Object({
  restaurant_id: Id,
  /** The invited account's mobile number or e-mail (it must exist). */
  contact: Type.String({ minLength: 3, maxLength: 254 }),
  role: MemberRole,
});
export type InviteBody = Static<typeof InviteBody>;
export const RemoveMemberBody = Type.Object({ restaurant_id: Id, user_id: Id });
export type RemoveMemberBody = Static<typeof RemoveMemberBody>;

export const MoveResult = Type.Object({
  order_id: Type.Integer(),
  from: Type.Integer(),
  status: Type.Integer(),
  status_text: Type.String(),
  ready_at: Nullable(Type.Integer()),
  /** Mark ready: when the collection order was marked ready for collection (the first mark's time on a retry). */
  marked_ready_at: Type.Optional(Nullable(Type.Integer())),
  /** Money given back at once (reject): wallet fen, voucher, online refund state. */
  wallet_returned_fen: Type.Integer(),
  voucher_returned: Type.Boolean(),
  refund_state: Nullable(Type.String()),
});
export type MoveResult = Static<typeof MoveResult>;
