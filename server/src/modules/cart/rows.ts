import type { Selectable } from 'kysely';
import type {
  CartLinesTable,
  MenuItemsTable,
  MenuOptionsTable,
  OptionGroupsTable,
  RestaurantsTable,
} from '../../db/schema';

/** A cart line as stored: the dish, its option set (optionKey) and the unit price seen when it was filled. */
export type CartLineRow = Pick<
  Selectable<CartLinesTable>,
  | 'id'
  | 'user_id'
  | 'restaurant_id'
  | 'item_id'
  | 'option_key'
  | 'quantity'
  | 'unit_price_fen'
  | 'created_at'
  | 'updated_at'
>;

/** A dish as the cart prices it. */
export type DishRow = Pick<
  Selectable<MenuItemsTable>,
  'id' | 'restaurant_id' | 'name_cn' | 'name_en' | 'picture' | 'price_fen' | 'sold_out'
>;

/** Dishes with their option groups and options, as they are now (what cart lines are priced against). */
export interface DishData {
  items: DishRow[];
  groups: Array<
    Pick<
      Selectable<OptionGroupsTable>,
      'id' | 'item_id' | 'name_cn' | 'name_en' | 'compulsory' | 'min_select' | 'max_select' | 'sort'
    >
  >;
  options: Array<
    Pick<
      Selectable<MenuOptionsTable>,
      'id' | 'group_id' | 'name_cn' | 'name_en' | 'price_delta_fen' | 'sold_out' | 'sort'
    >
  >;
}

/** A restaurant's row as the cart reads it (minimum order, delivery fee). */
export type RestaurantRow = Selectable<RestaurantsTable>;
