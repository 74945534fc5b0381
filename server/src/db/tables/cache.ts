/** Versions of cached data sets (server/src/cache/versioned-cache.ts); a write to the data bumps its version. */
export interface CacheVersionsTable {
  name: string;
  version: number;
}

/** The version of what the demo seed wrote, per part ('pictures'); see migrations/0018-seed-versions.ts. */
export interface SeedVersionsTable {
  name: string;
  version: number;
}

export interface CacheTables {
  cache_versions: CacheVersionsTable;
  seed_versions: SeedVersionsTable;
}
