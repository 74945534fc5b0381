import { SqliteAdapter, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { contains, containsPattern } from '../../db/like';
import { ftsTable } from '../../db/migrations/0011-search-text';
import type { Database } from '../../db/schema';

/** The shortest keyword the trigram index can look up (3 characters: one trigram). */
const TRIGRAM = 3;

/** An FTS5 phrase: the keyword taken literally (its double quotes doubled). */
const phrase = (keyword: string) => `"${keyword.replace(/"/g, '""')}"`;

/**
 * The only SQL for multiplesearch: restaurant names, dish names and news titles in either language that contain the
 * keyword (case-insensitive; wildcards literal). The test is always `lower(name) LIKE '%keyword%'`; a text index
 * finds the candidate rows first (migration 0011): on PostgreSQL pg_trgm indexes that LIKE itself uses, on SQLite
 * the table's FTS5 trigram index, asked for the keyword as a phrase when it has 3 characters or more (shorter ones
 * scan, as the trigram index cannot look them up). The index only narrows: the answer is the LIKE test's.
 */
export function createSearchRepository(db: Kysely<Database>) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  /** `table.id` among the rows of its FTS table matching the keyword, on SQLite and for 3+ characters; else none. */
  const indexed = (table: 'restaurants' | 'menu_items' | 'articles', keyword: string): Expression<SqlBool>[] => {
    if (!sqlite || [...keyword].length < TRIGRAM) return [];
    const fts = sql.table(ftsTable(table));
    return [
      sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${fts} where ${fts} match ${phrase(keyword)})`,
    ];
  };

  const restaurants = (keyword: string, p = containsPattern(keyword)) =>
    db
      .selectFrom('restaurants')
      .where((eb) =>
        eb.and([
          ...indexed('restaurants', keyword),
          eb.or([contains('restaurants.name_cn', p), contains('restaurants.name_en', p)]),
        ]),
      );
  const dishes = (keyword: string, p = containsPattern(keyword)) =>
    db
      .selectFrom('menu_items')
      .innerJoin('restaurants', 'restaurants.id', 'menu_items.restaurant_id')
      .where((eb) =>
        eb.and([
          ...indexed('menu_items', keyword),
          eb.or([contains('menu_items.name_cn', p), contains('menu_items.name_en', p)]),
        ]),
      );
  const news = (keyword: string, p = containsPattern(keyword)) =>
    db
      .selectFrom('articles')
      .where('articles.kind', '=', 'news')
      .where((eb) =>
        eb.and([
          ...indexed('articles', keyword),
          eb.or([contains('articles.title_cn', p), contains('articles.title_en', p)]),
        ]),
      );

  return {
    /** How many hits of each type: one statement. */
    async counts(keyword: string) {
      const row = await db
        .selectNoFrom((eb) => [
          restaurants(keyword).select(eb.fn.countAll<number>().as('n')).as('restaurant'),
          dishes(keyword).select(eb.fn.countAll<number>().as('n')).as('dish'),
          news(keyword).select(eb.fn.countAll<number>().as('n')).as('news'),
        ])
        .executeTakeFirstOrThrow();
      return { restaurant: Number(row.restaurant), dish: Number(row.dish), news: Number(row.news) };
    },

    restaurants(keyword: string, offset: number, limit: number) {
      return restaurants(keyword)
        .select(['restaurants.id', 'restaurants.name_cn', 'restaurants.name_en', 'restaurants.logo'])
        .orderBy('restaurants.id')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    dishes(keyword: string, offset: number, limit: number) {
      return dishes(keyword)
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
      return news(keyword)
        .select([
          'articles.id',
          'articles.title_cn',
          'articles.title_en',
          'articles.summary_cn',
          'articles.summary_en',
          'articles.cover',
        ])
        .orderBy('articles.published_at', 'desc')
        .orderBy('articles.id', 'desc')
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
