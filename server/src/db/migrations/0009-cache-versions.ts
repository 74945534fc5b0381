import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../index';

/**
 * One row per cached data set (e.g. 'catalogue': restaurants, menus, hours, places, articles) with a version every
 * write of that data bumps, so every server process on the database drops its in-memory copies
 * (server/src/cache/versioned-cache.ts).
 */
export function m0009CacheVersions(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cache_versions')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db
        .insertInto('cache_versions' as never)
        .values({ name: 'catalogue', version: 1 } as never)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('cache_versions').execute();
    },
  };
}
