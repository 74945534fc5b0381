import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Events older than this are deleted now and then; no limit looks further back. */
const KEEP = 24 * 60 * 60 * 1000;
const PRUNE_EVERY = 10 * 60 * 1000;

/**
 * Sliding-window counters in the database (so every server process sees the same counts): one row per event,
 * a limit counts the rows of its key in the window.
 */
export function createRateLimiter(db: Kysely<Database>, now: () => number) {
  let lastPrune = 0;
  return {
    async count(key: string, windowMs: number): Promise<number> {
      const row = await db
        .selectFrom('rate_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key', '=', key)
        .where('at', '>', now() - windowMs)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The newest event of a key, if any (for "try again in N seconds"). */
    async latest(key: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('rate_events')
        .select((eb) => eb.fn.max('at').as('at'))
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
    },

    async hit(...keys: string[]): Promise<void> {
      const at = now();
      await db
        .insertInto('rate_events')
        .values(keys.map((key) => ({ key, at })))
        .execute();
      if (at - lastPrune > PRUNE_EVERY) {
        lastPrune = at;
        await db
          .deleteFrom('rate_events')
          .where('at', '<', at - KEEP)
          .execute();
      }
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('rate_events').where('key', '=', key).execute();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
