import type { Kysely } from 'kysely';
import { contains, containsPattern } from '../../db/like';
import type { Database } from '../../db/schema';

/** The only SQL for multiplesearch: restaurant names, dish names and news titles in either language. */
export function createSearchRepository(db: Kysely<Database>) {
  const restaurants = (p: string) =>
    db.selectFrom('restaurants').where((eb) => eb.or([contains('name_cn', p), contains('name_en', p)]));
  const dishes = (p: string) =>
    db
      .selectFrom('menu_items')
      .innerJoin('restaurants', 'restaurants.id', 'menu_items.restaurant_id')
      .where((eb) => eb.or([contains('menu_items.name_cn', p), contains('menu_items.name_en', p)]));
  const news = (p: string) =>
    db
      .selectFrom('articles')
      .where('kind', '=', 'news')
      .where((eb) => eb.or([contains('title_cn', p), contains('title_en', p)]));

  return {
    async counts(keyword: string) {
      const p = containsPattern(keyword);
      const [r, d, n] = await Promise.all([
        restaurants(p)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        dishes(p)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        news(p)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { restaurant: Number(r.n), dish: Number(d.n), news: Number(n.n) };
    },

    restaurants(keyword: string, offset: number, limit: number) {
      return restaurants(containsPattern(keyword))
        .select(['id', 'name_cn', 'name_en', 'logo'])
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    dishes(keyword: string, offset: number, limit: number) {
      return dishes(containsPattern(keyword))
        .select([
          'menu_items.id',
          'menu_items.name_cn',
          'menu_items.name_en',
          'menu_items.picture',
          'menu_items.price_fen',
          'menu_items.restaurant_id',
          'restaurants.name_cn as restaurant_name_cn',
          'restaurants.name_en as restaurant_name_en',
        ])
        .orderBy('menu_items.restaurant_id')
        .orderBy('menu_items.id')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    news(keyword: string, offset: number, limit: number) {
      return news(containsPattern(keyword))
        .select(['id', 'title_cn', 'title_en', 'summary_cn', 'summary_en', 'cover'])
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    cuisinesOf(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('restaurant_cuisines')
        .innerJoin('cuisines', 'cuisines.id', 'restaurant_cuisines.cuisine_id')
        .select(['restaurant_cuisines.restaurant_id', 'cuisines.name_cn', 'cuisines.name_en'])
        .where('restaurant_cuisines.restaurant_id', 'in', ids)
        .orderBy('cuisines.sort')
        .execute();
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
