import type { Kysely } from 'kysely';

/**
 * The version of what the demo seed wrote, per part (`pictures`: which pictures the seeded rows point at). A database
 * seeded by an older version is brought up to date at start (seed/refresh-pictures.ts); 0 means "seeded before this
 * was recorded", which the refresh treats as the oldest version.
 */
export function m0018SeedVersions() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('seed_versions')
        .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db
        .insertInto('seed_versions' as never)
        .values({ name: 'pictures', version: 0 } as never)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('seed_versions').execute();
    },
  };
}
