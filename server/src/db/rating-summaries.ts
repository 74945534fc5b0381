import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Recomputes every restaurant's rating summary (restaurant_ratings) from its live reviews in one statement pair:
 * run by migration 0012 and by the seed after it writes reviews. Ratings written afterwards move their restaurant's
 * row themselves (modules/ratings), in their own transaction.
 */
export async function rebuildRatingSummaries(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('restaurant_ratings').execute();
  const n = (cond: ReturnType<typeof sql>) => sql`sum(case when ${cond} then 1 else 0 end)`;
  await sql`insert into restaurant_ratings
      (restaurant_id, count, food_sum, other_sum, food_1, food_2, food_3, food_4, food_5,
       within30, within40, within50, within60, over60)
    select restaurant_id, count(*), sum(food_rating), sum(other_rating),
      ${n(sql`food_rating = 1`)}, ${n(sql`food_rating = 2`)}, ${n(sql`food_rating = 3`)},
      ${n(sql`food_rating = 4`)}, ${n(sql`food_rating = 5`)},
      ${n(sql`delivery_time = 'within30'`)}, ${n(sql`delivery_time = 'within40'`)},
      ${n(sql`delivery_time = 'within50'`)}, ${n(sql`delivery_time = 'within60'`)},
      ${n(sql`delivery_time = 'over60'`)}
    from reviews where deleted_at is null group by restaurant_id`.execute(db);
}
