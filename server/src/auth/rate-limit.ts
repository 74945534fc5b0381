import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface Limit {
  max: number;
  windowMs: number;
}

/** A limit on one key, e.g. failed logins of one e-mail. */
export interface LimitedKey {
  key: string;
  limit: Limit;
}

/**
 * Rate limits in the database (every server process sees the same counts), one row per key: a window opens with
 * the first event and holds `max` events; the next event after it ends opens a new one.
 *
 * A request RESERVES its slot before doing the work it limits (checking a password, sending an SMS), with one
 * conditional upsert whose returned row decides: counting first and adding afterwards let parallel requests all
 * pass the count. A request that turns out not to count (a good login) gives its slot back.
 */
export function createRateLimiter(db: Kysely<Database>, now: () => number) {
  /** One statement: takes a slot of the key's window, or answers false when the window is full. */
  async function reserveOne(executor: Kysely<Database>, { key, limit }: LimitedKey, at: number): Promise<boolean> {
    const stale = at - limit.windowMs;
    const row = await executor
      .insertInto('rate_counters')
      .values({ key, window_start: at, n: 1 })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet((eb) => ({
            n: eb
              .case()
              .when('rate_counters.window_start', '<=', stale)
              .then(1)
              .else(eb('rate_counters.n', '+', 1))
              .end(),
            window_start: eb
              .case()
              .when('rate_counters.window_start', '<=', stale)
              .then(at)
              .else(eb.ref('rate_counters.window_start'))
              .end(),
          }))
          .where((eb) => eb.or([eb('rate_counters.window_start', '<=', stale), eb('rate_counters.n', '<', limit.max)])),
      )
      .returning('n')
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    /**
     * Reserves a slot of every key, all or none (one transaction): the first key whose window is full is
     * answered and nothing is taken; undefined when every slot was taken.
     */
    async reserve(...keys: LimitedKey[]): Promise<LimitedKey | undefined> {
      const at = now();
      class Refused extends Error {
        constructor(readonly which: LimitedKey) {
          super('rate limited');
        }
      }
      try {
        await db.transaction().execute(async (trx) => {
          for (const k of keys) if (!(await reserveOne(trx, k, at))) throw new Refused(k);
        });
        return undefined;
      } catch (e) {
        if (e instanceof Refused) return e.which;
        throw e;
      }
    },

    /** Milliseconds until the key's current window ends (for "try again in N seconds"); 0 when none is open. */
    async remainingMs({ key, limit }: LimitedKey): Promise<number> {
      const row = await db.selectFrom('rate_counters').select('window_start').where('key', '=', key).executeTakeFirst();
      return row ? Math.max(0, Number(row.window_start) + limit.windowMs - now()) : 0;
    },

    /** Gives back a reserved slot (the request turned out not to count). */
    async release(key: string): Promise<void> {
      await db
        .updateTable('rate_counters')
        .set((eb) => ({ n: eb('n', '-', 1) }))
        .where('key', '=', key)
        .where('n', '>', 0)
        .execute();
    },

    /** Forgets the key's count (a good login clears its e-mail's failures). */
    async clear(key: string): Promise<void> {
      await db.deleteFrom('rate_counters').where('key', '=', key).execute();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
