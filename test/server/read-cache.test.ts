/**
 * Read-mostly data served from memory (issue 10): loaded once, dropped when its version changes (also by another
 * server process on the same database), never serving clock-dependent answers from the cache; ETag and 304.
 */
import { buildApp } from '../../server/src/app';
import { createVersionedCache } from '../../server/src/cache/versioned-cache';
import { cacheVersions } from '../../server/src/db/cache-versions';
import { apiOf } from './support/api';
import { DIALECTS, useTestApp } from './support/app';

describe('versioned cache', () => {
  test('50 parallel reads of one key load it once; a new version drops it; checks at most every checkEveryMs', async () => {
    let version = 1;
    let reads = 0;
    let t = 0;
    const cache = createVersionedCache({
      readVersion: async () => {
        reads += 1;
        return version;
      },
      now: () => t,
      checkEveryMs: 1000,
    });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 5));
      return { loads };
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', load)));
    expect(loads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(reads).toBe(1);

    version = 2;
    t += 999;
    await cache.get('k', load);
    expect(loads).toBe(1); // not checked yet
    t += 1;
    expect(await cache.get('k', load)).toEqual({ loads: 2 });
    expect(reads).toBe(2);

    cache.invalidate();
    await cache.get('k', load);
    expect(loads).toBe(3);
  });

  test('bounded by use: a key read all the time survives a flood of keys read once', async () => {
    const cache = createVersionedCache({ readVersion: async () => 1, now: () => 0, maxEntries: 10 });
    const loads = new Map<string, number>();
    const load = (key: string) => async () => {
      loads.set(key, (loads.get(key) ?? 0) + 1);
      return key;
    };
    await cache.get('hot', load('hot'));
    for (let i = 0; i < 100; i++) {
      await cache.get(`cold-${i}`, load(`cold-${i}`));
      expect(await cache.get('hot', load('hot'))).toBe('hot');
    }
    expect(loads.get('hot')).toBe(1);
    expect(cache.size).toBe(10);
    // The cold keys came and went: the first is loaded again.
    await cache.get('cold-0', load('cold-0'));
    expect(loads.get('cold-0')).toBe(2);
  });

  test('a failed load is not kept, and the cache is bounded', async () => {
    const cache = createVersionedCache({ readVersion: async () => 1, now: () => 0, maxEntries: 10 });
    await expect(cache.get('bad', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('bad', async () => 'ok')).toBe('ok');
    for (let i = 0; i < 50; i++) await cache.get(`k${i}`, async () => i);
    expect(cache.size).toBeLessThanOrEqual(10);
  });
});

describe.each(DIALECTS)('cached reads on %s', (dialect) => {
  const t = useTestApp(dialect, { config: { CACHE_CHECK_MS: 0 } });
  const { api } = t;

  const price = async (app = t.app) => {
    const menu = (await apiOf(app).get('menulist?restaurant_id=1')).body.data;
    return menu.categories[0]!.items[0]!;
  };

  test('a menu is served from memory until its version changes, in this process and in another on the same database', async () => {
    const other = await buildApp({ config: t.config, db: t.db, integrations: t.integrations });
    await other.ready();
    try {
      const before = await price();
      expect((await price(other)).price_fen).toBe(before.price_fen);
      // A write that does not bump the version is not seen: the answers come from memory.
      await t.db.kysely
        .updateTable('menu_items')
        .set({ price_fen: before.price_fen + 100 })
        .where('id', '=', before.id)
        .execute();
      expect((await price()).price_fen).toBe(before.price_fen);
      expect((await price(other)).price_fen).toBe(before.price_fen);
      // The writer bumps the version (in its transaction): both processes see the change at their next check.
      await cacheVersions(t.db.kysely).bump('catalogue');
      expect((await price()).price_fen).toBe(before.price_fen + 100);
      expect((await price(other)).price_fen).toBe(before.price_fen + 100);
    } finally {
      await other.close();
    }
  });

  test('API reads answer an ETag and 304 when the client has it', async () => {
    const first = await api.get('storeinfo?id=1', { lang: 'en' });
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await api.get('storeinfo?id=1', { lang: 'en', headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(again.raw.payload).toBe('');
    const otherLanguage = await api.get('storeinfo?id=1', { lang: 'zh', headers: { 'if-none-match': tag } });
    expect(otherLanguage.status).toBe(200);
    // Errors and writes carry no ETag.
    const missing = await api.get('storeinfo?id=999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});
