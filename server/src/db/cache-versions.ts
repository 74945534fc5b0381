import type { Executor } from './unit-of-work';

export type CachedDataSet = 'catalogue';

/** The SQL of cache_versions: read a data set's version, and bump it (in the writer's transaction). */
export function cacheVersions(db: Executor) {
  return {
    async read(name: CachedDataSet): Promise<number> {
      const row = await db.selectFrom('cache_versions').select('version').where('name', '=', name).executeTakeFirst();
      return Number(row?.version ?? 0);
    },

    /** One statement; call it in the same transaction as the write that changes the data. */
    async bump(name: CachedDataSet): Promise<void> {
      await db
        .updateTable('cache_versions')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('name', '=', name)
        .execute();
    },
  };
}
