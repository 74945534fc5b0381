import { sql } from 'kysely';
import type { Db } from './index';
import type { Executor } from './unit-of-work';

/** PostgreSQL's advisory lock for start-up work (any fixed number of ours: "szeat" in ASCII). */
const STARTUP_LOCK_KEY = 0x737a656174;
/**
 * How long a SQLite instance waits for another's start-up work (migrations and, on an empty database, the whole
 * seed) before giving up: its busy timeout while it waits; the usual one (db/index.ts) is restored after.
 */
export const SQLITE_STARTUP_WAIT_MS = 300_000;

/**
 * Runs start-up work (migrations, the demo seed) in one transaction that first takes the database's start-up lock,
 * so instances starting at once on the same database do it one after another: a later one finds the schema
 * migrated and the data seeded and does nothing. PostgreSQL: a transaction-level advisory lock (released at commit
 * or rollback, and when a crashed instance's connection closes). SQLite: `BEGIN IMMEDIATE` (a serializable
 * transaction, db/index.ts), its single writer's lock taken before the transaction reads anything, with a busy
 * timeout long enough for another instance's whole seed. `work` gets the transaction.
 */
export async function underStartupLock<T>(db: Db, work: (trx: Executor) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    return db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY}::bigint)`.execute(trx);
      return work(trx);
    });
  }
  // One connection per SQLite database (db/index.ts): the timeout set here is the transaction's.
  const usual = (await sql<{ timeout: number }>`pragma busy_timeout`.execute(db.kysely)).rows[0]?.timeout ?? 0;
  await sql.raw(`pragma busy_timeout = ${SQLITE_STARTUP_WAIT_MS}`).execute(db.kysely);
  try {
    return await db.kysely.transaction().setIsolationLevel('serializable').execute(work);
  } finally {
    await sql.raw(`pragma busy_timeout = ${Number(usual)}`).execute(db.kysely);
  }
}
