/** Versions of cached data sets (server/src/cache/versioned-cache.ts); a write to the data bumps its version. */
export interface CacheVersionsTable {
  name: string;
  version: number;
}

export interface CacheTables {
  cache_versions: CacheVersionsTable;
}
