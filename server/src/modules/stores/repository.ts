import { sql, type Kysely } from 'kysely';
import { contains, containsPattern } from '../../db/like';
import type { Database } from '../../db/schema';
import type { Box } from '../places/distance';

/** The only SQL for restaurants, their hours, cuisines, menus and reviews. */
export function createStoresRepository(db: Kysely<Database>) {
  const restaurants = () =>
    db
      .selectFrom('restaurants')
      .innerJoin('areas', 'areas.id', 'restaurants.area_id')
      .innerJoin('cities', 'cities.id', 'restaurants.city_id')
      .selectAll('restaurants')
      .select([
        'areas.name_cn as area_name_cn',
        'areas.name_en as area_name_en',
        'cities.name_cn as city_name_cn',
        'cities.name_en as city_name_en',
      ]);

  return {
    /** A dish of this restaurant sold out (1) or back (0); false when the restaurant has no such dish. */
    async setDishSoldOut(restaurantId: number, dishId: number, soldOut: 0 | 1): Promise<boolean> {
      const res = await db
        .updateTable('menu_items')
        .set({ sold_out: soldOut })
        .where('id', '=', dishId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** An option of one of this restaurant's dishes sold out or back; false when it has no such option. */
    async setOptionSoldOut(restaurantId: number, optionId: number, soldOut: 0 | 1): Promise<boolean> {
      const res = await db
        .updateTable('menu_options')
        .set({ sold_out: soldOut })
        .where('id', '=', optionId)
        .where('group_id', 'in', (eb) =>
          eb
            .selectFrom('option_groups')
            .innerJoin('menu_items', 'menu_items.id', 'option_groups.item_id')
            .select('option_groups.id')
            .where('menu_items.restaurant_id', '=', restaurantId),
        )
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Busy mode until `until` (epoch ms), or off (null). */
    async setBusyUntil(restaurantId: number, until: number | null): Promise<boolean> {
      const res = await db
        .updateTable('restaurants')
        .set({ busy_until: until })
        .where('id', '=', restaurantId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Closed by the restaurant (until resume_at, or until reopened by hand), or reopened. */
    async setClosure(restaurantId: number, closed: 0 | 1, resumeAt: number | null): Promise<boolean> {
      const res = await db
        .updateTable('restaurants')
        .set({ closed, resume_at: closed ? resumeAt : null })
        .where('id', '=', restaurantId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Restaurants' names by id (the console's list of a user's restaurants). */
    namesOf: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('restaurants')
            .select(['id', 'name_cn', 'name_en', 'prep_minutes', 'busy_until', 'closed', 'resume_at', 'lat', 'lng'])
            .where('id', 'in', ids)
            .execute(),

    /** Restaurants located inside a box (candidates for "delivers here"). */
    inBox(box: Box) {
      return restaurants()
        .where('restaurants.lat', '>=', box.minLat)
        .where('restaurants.lat', '<=', box.maxLat)
        .where('restaurants.lng', '>=', box.minLng)
        .where('restaurants.lng', '<=', box.maxLng)
        .execute();
    },

    /** Newest first, paged, with the total. */
    async newest(offset: number, limit: number) {
      const [rows, count] = await Promise.all([
        restaurants()
          .orderBy('restaurants.created_at', 'desc')
          .orderBy('restaurants.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('restaurants')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    byId(id: number) {
      return restaurants().where('restaurants.id', '=', id).executeTakeFirst();
    },

    /** A restaurant's own row and opening hours, as they are now (the checkout's terms; not cached). */
    async terms(id: number) {
      const row = await db.selectFrom('restaurants').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const hours = await db
        .selectFrom('opening_hours')
        .select(['weekday', 'open_min', 'close_min'])
        .where('restaurant_id', '=', id)
        .execute();
      return { row, hours };
    },

    async exists(id: number) {
      return !!(await db.selectFrom('restaurants').select('id').where('id', '=', id).executeTakeFirst());
    },

    cuisineExists(id: number) {
      return db.selectFrom('cuisines').select('id').where('id', '=', id).executeTakeFirst();
    },

    cuisinesOf(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('restaurant_cuisines')
        .innerJoin('cuisines', 'cuisines.id', 'restaurant_cuisines.cuisine_id')
        .select(['restaurant_cuisines.restaurant_id', 'cuisines.id', 'cuisines.name_cn', 'cuisines.name_en'])
        .where('restaurant_cuisines.restaurant_id', 'in', ids)
        .orderBy('cuisines.sort')
        .orderBy('cuisines.id')
        .execute();
    },

    hoursOf(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('opening_hours')
        .select(['restaurant_id', 'weekday', 'open_min', 'close_min'])
        .where('restaurant_id', 'in', ids)
        .execute();
    },

    /**
     * Review count and average ratings per restaurant, from the summary the rating writes keep (restaurant_ratings;
     * restaurants never rated have no row).
     */
    async ratingsOf(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('restaurant_ratings')
        .select(['restaurant_id', 'count', 'food_sum', 'other_sum'])
        .where('restaurant_id', 'in', ids)
        .where('count', '>', 0)
        .execute();
      return rows.map((r) => ({
        restaurant_id: r.restaurant_id,
        count: Number(r.count),
        food: Number(r.food_sum) / Number(r.count),
        other: Number(r.other_sum) / Number(r.count),
      }));
    },

    /** How many reviews gave each food rating and each delivery time bucket (collection orders have none). */
    async ratingBreakdown(restaurantId: number) {
      const row = await db
        .selectFrom('restaurant_ratings')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst();
      return {
        stars: [row?.food_1, row?.food_2, row?.food_3, row?.food_4, row?.food_5].map((n) => Number(n ?? 0)),
        buckets: {
          within30: Number(row?.within30 ?? 0),
          within40: Number(row?.within40 ?? 0),
          within50: Number(row?.within50 ?? 0),
          within60: Number(row?.within60 ?? 0),
          over60: Number(row?.over60 ?? 0),
        },
      };
    },

    /** Live reviews (not deleted by their author), newest first. */
    async reviews(restaurantId: number, offset: number, limit: number) {
      return db
        .selectFrom('reviews')
        .select([
          'id',
          'author_name',
          'food_rating',
          'delivery_time',
          'other_rating',
          'comment',
          'comment_check',
          'photos',
          'created_at',
        ])
        .where('restaurant_id', '=', restaurantId)
        .where('deleted_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /**
     * A menu's dishes with their categories, in menu order, in one query: optionally only those whose name (either
     * language) contains keyword. A category without a (matching) dish has no row, as the menu shows none.
     */
    menuItems(restaurantId: number, keyword?: string) {
      let q = db
        .selectFrom('menu_items')
        .innerJoin('menu_categories', 'menu_categories.id', 'menu_items.category_id')
        .selectAll('menu_items')
        .select(['menu_categories.name_cn as category_name_cn', 'menu_categories.name_en as category_name_en'])
        .where('menu_items.restaurant_id', '=', restaurantId);
      if (keyword) {
        const p = containsPattern(keyword);
        q = q.where((eb) => eb.or([contains('menu_items.name_cn', p), contains('menu_items.name_en', p)]));
      }
      return q
        .orderBy('menu_categories.sort')
        .orderBy('menu_categories.id')
        .orderBy('menu_items.sort')
        .orderBy('menu_items.id')
        .execute();
    },

    /** A menu's option groups with their options (none for a group without), in order, in one query. */
    menuOptions(restaurantId: number) {
      return db
        .selectFrom('option_groups')
        .innerJoin('menu_items', 'menu_items.id', 'option_groups.item_id')
        .leftJoin('menu_options', 'menu_options.group_id', 'option_groups.id')
        .selectAll('option_groups')
        .select([
          'menu_options.id as option_id',
          'menu_options.name_cn as option_name_cn',
          'menu_options.name_en as option_name_en',
          'menu_options.price_delta_fen as option_price_delta_fen',
          'menu_options.sold_out as option_sold_out',
        ])
        .where('menu_items.restaurant_id', '=', restaurantId)
        .orderBy('option_groups.sort')
        .orderBy('option_groups.id')
        .orderBy('menu_options.sort')
        .orderBy('menu_options.id')
        .execute();
    },

    /** Restaurant ids serving a cuisine, among the given ones. */
    async withCuisine(ids: number[], cuisineId: number) {
      if (ids.length === 0) return new Set<number>();
      const rows = await db
        .selectFrom('restaurant_cuisines')
        .select('restaurant_id')
        .where('cuisine_id', '=', cuisineId)
        .where('restaurant_id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.restaurant_id));
    },

    /** The largest delivery radius, so the box around a position can be small and still find every candidate. */
    async maxRadius() {
      const row = await db
        .selectFrom('restaurants')
        .select(sql<number>`max(delivery_radius_m)`.as('m'))
        .executeTakeFirst();
      return Number(row?.m ?? 0);
    },
  };
}

export type StoresRepository = ReturnType<typeof createStoresRepository>;
export type RestaurantRow = NonNullable<Awaited<ReturnType<StoresRepository['byId']>>>;
