/**
 * storelist answered from a list kept per position, cuisine, order and language for the catalogue version (issue
 * 10): the same answers as computing it afresh, distances exact for the position asked (also at the edge of a
 * delivery range), open now correct to the minute from the kept list, and a write seen once it bumps the version.
 */
import { cacheVersions } from '../../server/src/db/cache-versions';
import { BUILDINGS } from '../../server/src/seed/places';
import { distanceM } from '../../server/src/modules/places/distance';
import { createStoresRepository } from '../../server/src/modules/stores/repository';
import { createStoresService } from '../../server/src/modules/stores/service';
import { createVersionedCache } from '../../server/src/cache/versioned-cache';
import { STORE_SORTS, type StoreSort } from '../../types/catalogue';
import { DIALECTS, useTestApp } from './support/app';
import { chinaTime, testClock } from './support/clock';

const EARTH_RADIUS_M = 6371008.8;
/** The position `metres` due north of (lat, lng). */
const north = (lat: number, lng: number, metres: number) => ({
  lat: lat + (metres / EARTH_RADIUS_M) * (180 / Math.PI),
  lng,
});

interface Store {
  id: number;
  distance_m: number;
  min_order_fen: number;
  is_open: boolean;
  closed_reason: string | null;
  resumes_at: number | null;
  closes_at: number | null;
}

describe.each(DIALECTS)('storelist from memory on %s', (dialect) => {
  const t = useTestApp(dialect, { config: { CACHE_CHECK_MS: 0 }, clock: testClock(chinaTime(2026, 10, 1, 20)) });
  const { api, clock } = t;

  const list = async (at: { lat: number; lng: number }, query = '', lang = 'en') => {
    const res = await api.get(`storelist?lat=${at.lat}&lng=${at.lng}${query}`, { lang });
    expect(res.status).toBe(200);
    return res.body.data as { list: Store[]; total: number; has_more: boolean };
  };
  const r7 = { lat: 22.545, lng: 114.085, radius: 5000 };

  test('the same answers as computed afresh, for every building, order, cuisine, page and language', async () => {
    const fresh = createStoresService(createStoresRepository(t.db.kysely), clock.now);
    const positions = [
      ...BUILDINGS.filter((_, i) => i % 3 === 0).map((b) => ({ lat: b.lat, lng: b.lng })),
      north(r7.lat, r7.lng, r7.radius - 0.5),
      north(r7.lat, r7.lng, r7.radius + 0.5),
    ];
    let compared = 0;
    for (const at of positions) {
      for (const sort of STORE_SORTS as readonly StoreSort[]) {
        for (const [cuisineId, page, pageSize, lang] of [
          [undefined, 1, 10, 'en'],
          [undefined, 2, 2, 'cn'],
          [11, 1, 50, 'en'],
        ] as const) {
          const want = await fresh.storeList({ at, cuisineId, sort, page, pageSize }, lang);
          const got = await list(
            at,
            `&sort=${sort}&page=${page}&page_size=${pageSize}${cuisineId ? `&cuisine_id=${cuisineId}` : ''}`,
            lang,
          );
          expect(got).toEqual(JSON.parse(JSON.stringify(want)));
          compared += want.list.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  test('distances are those of the exact position, also at the edge of a delivery range', async () => {
    const inside = north(r7.lat, r7.lng, r7.radius - 0.5);
    const outside = north(r7.lat, r7.lng, r7.radius + 0.5);
    const seven = (await list(inside)).list.find((s) => s.id === 7);
    expect(seven?.distance_m).toBe(Math.round(distanceM(inside.lat, inside.lng, r7.lat, r7.lng)));
    expect(seven?.distance_m).toBe(r7.radius);
    expect((await list(outside)).list.map((s) => s.id)).not.toContain(7);
    // Positions a metre apart (one grid cell of any useful size) get their own distances.
    for (const step of [1, 2, 3]) {
      const at = north(r7.lat, r7.lng, 1000 + step);
      const d = (await list(at)).list.find((s) => s.id === 7)!.distance_m;
      expect(d).toBe(1000 + step);
    }
  });

  test('open now is computed per request from the kept list, to the minute', async () => {
    const at = north(r7.lat, r7.lng, 100);
    const seven = async () => (await list(at)).list.find((s) => s.id === 7)!;
    clock.set(chinaTime(2026, 10, 2, 2, 59));
    expect(await seven()).toMatchObject({ is_open: true, closes_at: chinaTime(2026, 10, 2, 3) });
    clock.set(chinaTime(2026, 10, 2, 3, 0));
    expect(await seven()).toMatchObject({
      is_open: false,
      closed_reason: 'hours',
      resumes_at: chinaTime(2026, 10, 2, 17),
    });
    clock.set(chinaTime(2026, 10, 2, 17, 0));
    expect(await seven()).toMatchObject({ is_open: true, closes_at: chinaTime(2026, 10, 3, 3) });
  });

  test('a manual closure ending within a minute ends in the list at its millisecond', async () => {
    const at = north(r7.lat, r7.lng, 400);
    const seven = async () => (await list(at)).list.find((s) => s.id === 7)!;
    const resumeAt = chinaTime(2026, 10, 3, 20, 0) + 30_500;
    await t.db.kysely.updateTable('restaurants').set({ closed: 1, resume_at: resumeAt }).where('id', '=', 7).execute();
    await cacheVersions(t.db.kysely).bump('catalogue');
    try {
      clock.set(resumeAt - 30_000);
      expect(await seven()).toMatchObject({ is_open: false, closed_reason: 'manual', resumes_at: resumeAt });
      clock.set(resumeAt - 1);
      expect(await seven()).toMatchObject({ is_open: false, closed_reason: 'manual' });
      clock.set(resumeAt);
      expect(await seven()).toMatchObject({ is_open: true, closed_reason: null, closes_at: chinaTime(2026, 10, 4, 3) });
      // and the minute's end in the same list: 02:59:59.999 open, 03:00 closed
      clock.set(chinaTime(2026, 10, 4, 2, 59, 59_999));
      expect(await seven()).toMatchObject({ is_open: true });
      clock.set(chinaTime(2026, 10, 4, 3, 0));
      expect(await seven()).toMatchObject({ is_open: false, closed_reason: 'hours' });
    } finally {
      await t.db.kysely.updateTable('restaurants').set({ closed: 0, resume_at: null }).where('id', '=', 7).execute();
      await cacheVersions(t.db.kysely).bump('catalogue');
    }
  });

  test('kept per catalogue version: a write is seen once it bumps the version', async () => {
    const at = north(r7.lat, r7.lng, 200);
    const before = await list(at);
    const seven = before.list.find((s) => s.id === 7)!;
    await t.db.kysely
      .updateTable('restaurants')
      .set({ min_order_fen: seven.min_order_fen + 100 })
      .where('id', '=', 7)
      .execute();
    expect(await list(at)).toEqual(before);
    await cacheVersions(t.db.kysely).bump('catalogue');
    expect((await list(at)).list.find((s) => s.id === 7)!.min_order_fen).toBe(seven.min_order_fen + 100);
  });

  test('one list per position, cuisine, order and language: pages and repeats read no table', async () => {
    const repo = createStoresRepository(t.db.kysely);
    const calls: string[] = [];
    const counting = new Proxy(repo, {
      get(target, name: string) {
        const value = target[name as keyof typeof target];
        return typeof value === 'function'
          ? (...args: unknown[]) => {
              calls.push(name);
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            }
          : value;
      },
    });
    const cache = createVersionedCache({ readVersion: async () => 1, now: () => 0 });
    const service = createStoresService(counting, clock.now, cache);
    const at = north(r7.lat, r7.lng, 300);
    const q = { at, sort: 'distance' as const, page: 1, pageSize: 2 };
    const first = await service.storeList(q, 'en');
    expect(calls).toContain('inBox');
    calls.length = 0;
    expect(await service.storeList(q, 'en')).toEqual(first);
    expect((await service.storeList({ ...q, page: 2 }, 'en')).page).toBe(2);
    expect(calls).toEqual([]);
    await service.storeList(q, 'cn');
    await service.storeList({ ...q, sort: 'rating' }, 'en');
    await service.storeList({ ...q, at: north(r7.lat, r7.lng, 301) }, 'en');
    expect(calls.filter((c) => c === 'inBox')).toHaveLength(3);
  });
});
