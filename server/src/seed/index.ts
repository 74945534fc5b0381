import { sql } from 'kysely';
import type { Db } from '../db';
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
  const row = await db.kysely
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Loads the demo data in one transaction. */
export async function seed(db: Db): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('articles').values(articleSeed()).execute();
    await seedPlaces(trx);
    await seedCatalogue(trx);
    await seedAccounts(trx);
    await seedMerchants(trx);
    await rebuildRatingSummaries(trx);
    await markSeedPicturesCurrent(trx);
    await cacheVersions(trx).bump('catalogue');
  });
  if (db.dialect === 'postgres') {
    for (const table of SEEDED_TABLES) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db.kysely,
      );
    }
  }
}

export async function seedIfEmpty(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seed(db);
  return true;
}

export { refreshSeedPictures, SEED_PICTURES_VERSION } from './refresh-pictures';
