import { LRUCache } from 'lru-cache';

/**
 * An in-memory cache of read-mostly data (restaurants, menus, hours, places, cuisines, articles), shared by every
 * request of one server process. Correctness over speed:
 * - every entry belongs to a version of its data set (table cache_versions); a write that changes the data bumps the
 *   version in its own transaction and calls `invalidate()` here, so this process drops its copies at once, and
 *   other processes on the same database notice the new version at their next check, at most `checkEveryMs` later;
 * - only data that changes by writes is cached; what depends on the clock (open now, resumes at) is computed per
 *   request from the cached rows, never cached;
 * - bounded: past `maxEntries` the least recently used entries are dropped, so the menus and places asked all the time
 *   stay while one-off reads come and go (queries keyed by position repeat: customers pick from the same buildings).
 */
export interface VersionedCacheOptions {
  readVersion(): Promise<number>;
  now(): number;
  checkEveryMs?: number;
  maxEntries?: number;
}

export interface VersionedCache {
  /** The cached value of `key`, loading it once (concurrent callers share one load). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops every entry now (after a local write) and re-reads the version at the next get. */
  invalidate(): void;
  /**
   * Checks the version as get() does and answers a number that changes whenever the entries were dropped (a new
   * version, or invalidate()): what is derived from the cached data (answers built from it) belongs to one generation.
   */
  generation(): Promise<number>;
  readonly size: number;
}

export function createVersionedCache({
  readVersion,
  now,
  checkEveryMs = 1000,
  maxEntries = 5000,
}: VersionedCacheOptions): VersionedCache {
  let version: number | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;
  let dropped = 0;
  const entries = new LRUCache<string, Promise<unknown>>({ max: maxEntries });

  async function fresh() {
    if (now() - checkedAt < checkEveryMs && version !== undefined) return;
    checking ??= readVersion()
      .then((v) => {
        if (v !== version) {
          entries.clear();
          dropped += 1;
        }
        version = v;
        checkedAt = now();
      })
      .finally(() => {
        checking = undefined;
      });
    await checking;
  }

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      await fresh();
      let hit = entries.get(key) as Promise<T> | undefined;
      if (!hit) {
        const loading = load();
        hit = loading;
        entries.set(key, loading);
        // A failed load is not kept (peek: looking does not count as a use).
        loading.catch(() => entries.peek(key) === loading && entries.delete(key));
      }
      return hit;
    },
    invalidate() {
      entries.clear();
      dropped += 1;
      version = undefined;
      checkedAt = -Infinity;
    },
    async generation() {
      await fresh();
      return dropped;
    },
    get size() {
      return entries.size;
    },
  };
}

type AsyncMethods<R> = { [K in keyof R]: R[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof R];

/**
 * The repository with the named read methods answered from the cache (keyed by method and arguments); every other
 * method passes through. Callers must not mutate what a cached method returns (it is shared).
 */
export function cachedRepository<R extends object>(
  name: string,
  repo: R,
  cache: VersionedCache,
  methods: ReadonlyArray<AsyncMethods<R>>,
): R {
  const wrapped: Record<string, unknown> = { ...(repo as Record<string, unknown>) };
  for (const method of methods) {
    const original = repo[method] as unknown as (...args: unknown[]) => Promise<unknown>;
    wrapped[method as string] = (...args: unknown[]) =>
      cache.get(`${name}.${String(method)}:${JSON.stringify(args)}`, () => original.apply(repo, args));
  }
  return wrapped as R;
}
