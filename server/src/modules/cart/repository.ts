import { sql } from 'kysely';
import type { Executor } from '../../db/unit-of-work';
import type { CartLineRow, DishData, DishRow, RestaurantRow } from './rows';

/**
 * The SQL of the cart: lines keyed by user, dish and option set, and the current menu rows that price them (read
 * from the database, never a cache: a price or a sold-out flag must be today's).
 */
export function createCartRepository(db: Executor) {
  const lineColumns = [
    'id',
    'user_id',
    'restaurant_id',
    'item_id',
    'option_key',
    'quantity',
    'unit_price_fen',
    'created_at',
    'updated_at',
  ] as const;

  return {
    lines: (userId: number, restaurantId: number): Promise<CartLineRow[]> =>
      db
        .selectFrom('cart_lines')
        .select(lineColumns)
        .where('user_id', '=', userId)
        .where('restaurant_id', '=', restaurantId)
        .orderBy('id')
        .execute(),

    line: (userId: number, id: number): Promise<CartLineRow | undefined> =>
      db
        .selectFrom('cart_lines')
        .select(lineColumns)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /**
     * Adds to the line of this dish and option set, or makes it: one statement, so parallel adds of the same choice
     * merge into one line (the unique key decides). The quantity stops at `max`.
     */
    async add(v: {
      userId: number;
      restaurantId: number;
      itemId: number;
      optionKey: string;
      quantity: number;
      unitPriceFen: number;
      at: number;
      max: number;
    }): Promise<number> {
      const row = await db
        .insertInto('cart_lines')
        .values(lineRow(v))
        .onConflict((oc) =>
          oc.columns(['user_id', 'item_id', 'option_key']).doUpdateSet({
            quantity: sql<number>`case when cart_lines.quantity + excluded.quantity > ${v.max} then ${v.max} else cart_lines.quantity + excluded.quantity end`,
            unit_price_fen: sql<number>`excluded.unit_price_fen`,
            updated_at: v.at,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Sets the line of this dish and option set to exactly `quantity` (made if missing): repeated or racing calls
     * with the same line leave the same cart.
     */
    async put(v: {
      userId: number;
      restaurantId: number;
      itemId: number;
      optionKey: string;
      quantity: number;
      unitPriceFen: number;
      at: number;
    }): Promise<void> {
      await db
        .insertInto('cart_lines')
        .values(lineRow(v))
        .onConflict((oc) =>
          oc.columns(['user_id', 'item_id', 'option_key']).doUpdateSet({
            quantity: sql<number>`excluded.quantity`,
            unit_price_fen: sql<number>`excluded.unit_price_fen`,
            updated_at: v.at,
          }),
        )
        .execute();
    },

    /** Removes the customer's lines at a restaurant except those with these ids (none given: all of them). */
    async clearExcept(userId: number, restaurantId: number, keep: Array<{ itemId: number; optionKey: string }>) {
      let q = db.deleteFrom('cart_lines').where('user_id', '=', userId).where('restaurant_id', '=', restaurantId);
      for (const k of keep) {
        q = q.where((eb) => eb.or([eb('item_id', '!=', k.itemId), eb('option_key', '!=', k.optionKey)]));
      }
      await q.execute();
    },

    async update(
      userId: number,
      id: number,
      changes: { quantity?: number; option_key?: string; unit_price_fen?: number; updated_at: number },
    ): Promise<boolean> {
      const res = await db
        .updateTable('cart_lines')
        .set(changes)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const res = await db
        .deleteFrom('cart_lines')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    /** Removes exactly these lines; the count tells whether another request took some first. */
    async removeMany(userId: number, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const res = await db
        .deleteFrom('cart_lines')
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    async clear(userId: number, restaurantId: number): Promise<void> {
      await db
        .deleteFrom('cart_lines')
        .where('user_id', '=', userId)
        .where('restaurant_id', '=', restaurantId)
        .execute();
    },

    restaurant: (id: number): Promise<RestaurantRow | undefined> =>
      db.selectFrom('restaurants').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The dishes with their option groups and options, as they are now (unknown ids are simply absent). */
    async dishes(itemIds: number[]): Promise<DishData> {
      if (itemIds.length === 0) return { items: [], groups: [], options: [] };
      const items: DishRow[] = await db
        .selectFrom('menu_items')
        .select(['id', 'restaurant_id', 'name_cn', 'name_en', 'picture', 'price_fen', 'sold_out'])
        .where('id', 'in', itemIds)
        .execute();
      const groups = await db
        .selectFrom('option_groups')
        .select(['id', 'item_id', 'name_cn', 'name_en', 'compulsory', 'min_select', 'max_select', 'sort'])
        .where('item_id', 'in', itemIds)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      const options =
        groups.length === 0
          ? []
          : await db
              .selectFrom('menu_options')
              .select(['id', 'group_id', 'name_cn', 'name_en', 'price_delta_fen', 'sold_out', 'sort'])
              .where(
                'group_id',
                'in',
                groups.map((g) => g.id),
              )
              .orderBy('sort')
              .orderBy('id')
              .execute();
      return { items, groups, options };
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;

/** A cart line's row as add and put insert it (a new line: created and updated now). */
function lineRow(v: {
  userId: number;
  restaurantId: number;
  itemId: number;
  optionKey: string;
  quantity: number;
  unitPriceFen: number;
  at: number;
}) {
  return {
    user_id: v.userId,
    restaurant_id: v.restaurantId,
    item_id: v.itemId,
    option_key: v.optionKey,
    quantity: v.quantity,
    unit_price_fen: v.unitPriceFen,
    created_at: v.at,
    updated_at: v.at,
  };
}
