import { sql } from 'kysely';
import type { Db, DialectName } from '../db';
import { migrateIn } from '../db/migrate';
import { underStartupLock } from '../db/startup-lock';
import type { Executor } from '../db/unit-of-work';
import { seedAccounts, seedMerchants } from './accounts';
import { articleSeed } from './articles';
import { CATALOGUE_TABLES, seedCatalogue } from './catalogue';
import { seedPlaces } from './places';
import { markSeedPicturesCurrent } from './refresh-pictures';
import { cacheVersions } from '../db/cache-versions';
import { rebuildRatingSummaries } from '../db/rating-summaries';

/**
 * Tables whose ids the seed sets explicitly, in insertion order (parents first); PostgreSQL's sequences must then be
 * moved past them.
 */
const SEEDED_TABLES = ['articles', 'cities', 'areas', 'buildings', ...CATALOGUE_TABLES] as const;

export async function isEmpty(db: Db): Promise<boolean> {
  return isEmptyIn(db.kysely);
}

async function isEmptyIn(ex: Executor): Promise<boolean> {
  const row = await ex
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Loads the demo data in one transaction. */
export async function seed(db: Db): Promise<void> {
  await db.kysely.transaction().execute((trx) => seedIn(trx, db.dialect));
}

/** The demo data, written in the caller's transaction. */
async function seedIn(trx: Executor, dialect: DialectName): Promise<void> {
  await trx.insertInto('articles').values(articleSeed()).execute();
  await seedPlaces(trx);
  await seedCatalogue(trx);
  await seedAccounts(trx);
  await seedMerchants(trx);
  await rebuildRatingSummaries(trx);
  await markSeedPicturesCurrent(trx);
  await cacheVersions(trx).bump('catalogue');
  if (dialect === 'postgres') {
    for (const table of SEEDED_TABLES) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        trx,
      );
    }
  }
}

/**
 * Migrates the database and, with `seed`, loads the demo data when it is empty: one transaction under the start-up
 * lock (db/startup-lock.ts), so of instances starting at once on an empty database exactly one seeds and the others
 * wait for it, then find the data there and start on it. `seeded`: whether this call loaded the data.
 */
export async function prepareDatabase(db: Db, options: { seed: boolean }): Promise<{ seeded: boolean }> {
  return underStartupLock(db, async (ex) => {
    await migrateIn(ex, db.dialect);
    if (!options.seed || !(await isEmptyIn(ex))) return { seeded: false };
    await seedIn(ex, db.dialect);
    return { seeded: true };
  });
}

/** Loads the demo data if the database (already migrated) is empty, under the start-up lock. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return underStartupLock(db, async (ex) => {
    if (!(await isEmptyIn(ex))) return false;
    await seedIn(ex, db.dialect);
    return true;
  });
}

export { refreshSeedPictures, SEED_PICTURES_VERSION } from './refresh-pictures';
export { refreshSeedNews } from './refresh-news';
