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
  delivery_fee_fen: Type.Integer(),
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
