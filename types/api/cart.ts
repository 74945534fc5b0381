import { Type, type Static } from '@sinclair/typebox';

/**
 * The cart (cartlist, addcart, editcart, delcart): one per customer and restaurant, kept on the server so it follows
 * the customer between H5 and the mini program. Every call needs a session; another customer's line answers 1004.
 * The server checks the menu's choice rules (types/menu-choice.ts, shared with the app) on every add and edit.
 * Money in fen; `total_price` is the same total in yuan, the specification's field, for display only.
 */
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Quantity = Type.Integer({ minimum: 1, maximum: 99 });

export const CartLine = Type.Object({
  /** The line's id (addcart's `cart_id`). */
  cart_id: Type.Integer(),
  dish_id: Type.Integer(),
  name: Type.String({ description: 'in the request language' }),
  picture: Type.String(),
  quantity: Type.Integer(),
  option_ids: Type.Array(Type.Integer()),
  option_names: Type.Array(Type.String()),
  /** The price now (dish + options); the quote lists a change since the line was added. */
  unit_price_fen: Type.Integer(),
  line_total_fen: Type.Integer(),
  /** The dish or one of its options is sold out or gone: the line cannot be ordered. */
  sold_out: Type.Boolean(),
});
export type CartLine = Static<typeof CartLine>;

export const CartData = Type.Object({
  restaurant_id: Type.Integer(),
  list: Type.Array(CartLine),
  total_num: Type.Integer(),
  total_price: Type.Number({ description: 'yuan, for display: total_price_fen / 100' }),
  total_price_fen: Type.Integer(),
  min_order_fen: Type.Integer(),
  /**
   * The delivery fee this customer would pay for a delivery of this cart now, as the checkout quote charges it: the
   * restaurant's fee, or 0 when a promotion waives it (`delivery_fee_waiver` says which).
   */
  delivery_fee_fen: Type.Integer(),
  /**
   * The promotion that waives this customer's delivery fee now (first order free delivery: a customer with no order
   * that stands), with the fee it waives; null when the fee is charged (or the restaurant has none).
   */
  delivery_fee_waiver: Type.Union([
    Type.Object({
      promotion_id: Type.Integer(),
      kind: Type.Literal('first_order_free_delivery'),
      /** The promotion's title, in the request language. */
      name: Type.String(),
      /** The restaurant's fee that is not charged. */
      waived_fen: Type.Integer(),
    }),
    Type.Null(),
  ]),
});
export type CartData = Static<typeof CartData>;

export const CartListQuery = Type.Object({ restaurant_id: Id });
export type CartListQuery = Static<typeof CartListQuery>;

export const AddCartBody = Type.Object({
  restaurant_id: Id,
  dish_id: Id,
  quantity: Type.Optional(Quantity),
  option_ids: Type.Optional(Type.Array(Id, { maxItems: 50 })),
});
export type AddCartBody = Static<typeof AddCartBody>;

export const CartIdResult = Type.Object({ cart_id: Type.Integer() });
export type CartIdResult = Static<typeof CartIdResult>;

export const EditCartBody = Type.Object({
  cart_id: Id,
  /** 0 removes the line. */
  quantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
  option_ids: Type.Optional(Type.Array(Id, { maxItems: 50 })),
});
export type EditCartBody = Static<typeof EditCartBody>;

/** One line, or the whole cart of a restaurant. */
export const DelCartBody = Type.Object({
  cart_id: Type.Optional(Id),
  restaurant_id: Type.Optional(Id),
  all: Type.Optional(Type.Boolean()),
});
export type DelCartBody = Static<typeof DelCartBody>;

/** reorder: the lines of a past order put back into the cart at its restaurant. */
export const ReorderBody = Type.Object({ order_id: Id });
export type ReorderBody = Static<typeof ReorderBody>;

/**
 * What became of one line of the past order: put in the cart as it was (`added`), put in at today's price
 * (`price_changed`), or left out: the dish or a chosen option is sold out (`sold_out`), the dish is no longer on the
 * menu or one of its options was removed (`gone`), or the dish's choices changed so the old choice is no longer
 * valid (`options_changed`: choose again on the menu).
 */
export const ReorderOutcome = Type.Union([
  Type.Literal('added'),
  Type.Literal('price_changed'),
  Type.Literal('sold_out'),
  Type.Literal('gone'),
  Type.Literal('options_changed'),
]);
export type ReorderOutcome = Static<typeof ReorderOutcome>;

export const ReorderLine = Type.Object({
  dish_id: Type.Integer(),
  name: Type.String({ description: 'in the request language: the menu name now, or the name when it was ordered' }),
  option_names: Type.Array(Type.String()),
  quantity: Type.Integer(),
  outcome: ReorderOutcome,
  /** The unit price paid in the past order. */
  ordered_unit_price_fen: Type.Integer(),
  /** The unit price now; null when the line was left out. */
  unit_price_fen: Type.Union([Type.Integer(), Type.Null()]),
});
export type ReorderLine = Static<typeof ReorderLine>;

export const ReorderResult = Type.Object({
  restaurant_id: Type.Integer(),
  /** One entry per line of the order, in its order. */
  lines: Type.Array(ReorderLine),
  /** Lines put in the cart. */
  added: Type.Integer(),
  /** Some line was left out or changed price: the app shows `lines` before checkout. */
  changed: Type.Boolean(),
  /** The restaurant's cart now: exactly the lines put back (what was in it before is replaced). */
  cart: CartData,
});
export type ReorderResult = Static<typeof ReorderResult>;
