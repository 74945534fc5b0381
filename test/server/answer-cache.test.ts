/**
 * Finished answers served from memory (issue 10): menulist and storeinfo answer the bytes built once per data
 * version, call, parameters and language, with their ETag; a write that bumps the version changes the next answer
 * here and in another server process on the same database; open now stays right to the minute; 304 still works.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { chooseEncoding, createAnswerCache } from '../../server/src/cache/answer-cache';
import { createVersionedCache } from '../../server/src/cache/versioned-cache';
import { cacheVersions } from '../../server/src/db/cache-versions';
import { translate } from '../../server/src/i18n/messages';
import { createStoresRepository } from '../../server/src/modules/stores/repository';
import { createStoresService } from '../../server/src/modules/stores/service';
import type { Lang } from '../../types/lang';
import { apiOf } from './support/api';
import { DIALECTS, useTestApp } from './support/app';
import { chinaTime } from './support/clock';

describe('answer cache', () => {
  const versioned = (version: () => number) =>
    createVersionedCache({ readVersion: async () => version(), now: () => 0, checkEveryMs: 0 });

  test('50 parallel first requests build once; a new data version builds again; a failed build is not kept', async () => {
    let version = 1;
    const answers = createAnswerCache({ data: versioned(() => version), now: () => 0 });
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((r) => setTimeout(r, 5));
      return { body: JSON.stringify({ builds }) };
    };
    const all = await Promise.all(Array.from({ length: 50 }, () => answers.get('k', build)));
    expect(builds).toBe(1);
    expect(new Set(all).size).toBe(1);
    expect(all[0]!.body.toString()).toBe('{"builds":1}');
    expect(all[0]!.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(await answers.get('k', build)).toBe(all[0]);
    version = 2;
    expect((await answers.get('k', build)).body.toString()).toBe('{"builds":2}');
    await expect(answers.get('bad', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await answers.get('bad', build)).body.toString()).toBe('{"builds":3}');
  });

  test('an answer that depends on the clock is rebuilt outside the time it is right for', async () => {
    let t = 1000;
    const answers = createAnswerCache({ data: versioned(() => 1), now: () => t });
    let builds = 0;
    const build = async () => ({ body: String(++builds), validFrom: t, validUntil: t + 60_000 });
    expect((await answers.get('k', build)).body.toString()).toBe('1');
    t += 59_999;
    expect((await answers.get('k', build)).body.toString()).toBe('1');
    t += 1;
    expect((await answers.get('k', build)).body.toString()).toBe('2');
    t -= 1; // a clock set back is not served an answer of its future
    expect((await answers.get('k', build)).body.toString()).toBe('3');
  });

  test('bounded by use: an answer asked all the time survives a flood of answers asked once', async () => {
    const answers = createAnswerCache({ data: versioned(() => 1), now: () => 0, maxEntries: 5 });
    const builds = new Map<string, number>();
    const build = (key: string) => async () => {
      builds.set(key, (builds.get(key) ?? 0) + 1);
      return { body: key };
    };
    await answers.get('hot', build('hot'));
    for (let i = 0; i < 50; i++) {
      await answers.get(`cold-${i}`, build(`cold-${i}`));
      expect((await answers.get('hot', build('hot'))).body.toString()).toBe('hot');
    }
    expect(builds.get('hot')).toBe(1);
    expect(answers.size).toBe(5);
    await answers.get('cold-0', build('cold-0'));
    expect(builds.get('cold-0')).toBe(2);
  });

  test('bounded by entries and bytes, compressed copies included', async () => {
    const answers = createAnswerCache({ data: versioned(() => 1), now: () => 0, maxEntries: 5, maxBytes: 10_000 });
    for (let i = 0; i < 20; i++) await answers.get(`k${i}`, async () => ({ body: 'x'.repeat(1000) }));
    expect(answers.size).toBe(5);
    const big = await answers.get('big', async () => ({
      body: JSON.stringify(Array.from({ length: 900 }, (_, i) => i)),
    }));
    expect(gunzipSync(answers.encoded(big, 'gzip')).equals(big.body)).toBe(true);
    expect(brotliDecompressSync(answers.encoded(big, 'br')).equals(big.body)).toBe(true);
    expect(answers.encoded(big, 'br')).toBe(answers.encoded(big, 'br'));
    expect(answers.bytes).toBeLessThanOrEqual(10_000);
  });

  test.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['br;q=0, *', 'gzip'],
    ['deflate', undefined],
  ])('Accept-Encoding %p sends %p', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe.each(DIALECTS)('answers from memory on %s', (dialect) => {
  const t = useTestApp(dialect, { config: { CACHE_CHECK_MS: 0 } });
  const { api, clock } = t;
  beforeEach(() => {
    clock.set(chinaTime(2026, 10, 1, 12));
  });

  const call = (url: string, headers: Record<string, string> = {}, app: FastifyInstance = t.app) =>
    apiOf(app).get(url, { headers: { 'accept-language': 'en', ...headers } });
  const data = async (url: string, headers: Record<string, string> = {}, app: FastifyInstance = t.app) =>
    (await call(url, headers, app)).body.data;
  /** What the service answers without any cache, as the client sees it. */
  const uncached = async (lang: Lang, read: (s: ReturnType<typeof createStoresService>) => Promise<unknown>) => ({
    code: 1000,
    msg: translate(lang, 'ok'),
    data: JSON.parse(JSON.stringify(await read(createStoresService(createStoresRepository(t.db.kysely), clock.now)))),
  });
  const bump = () => cacheVersions(t.db.kysely).bump('catalogue');

  test('a cached answer is the uncached one, byte for byte again, in both languages and every encoding', async () => {
    for (const lang of ['en', 'cn'] as const) {
      const headers = { 'accept-language': lang === 'cn' ? 'zh-CN' : 'en' };
      for (const [url, read] of [
        ['menulist?restaurant_id=3', (s) => s.menu(3, undefined, lang)],
        ['menulist?restaurant_id=9&keyword=%20pizza%20', (s) => s.menu(9, 'pizza', lang)],
        ['storeinfo?id=2', (s) => s.storeInfo(2, undefined, lang)],
        ['storeinfo?id=2&lat=22.528&lng=113.946', (s) => s.storeInfo(2, { lat: 22.528, lng: 113.946 }, lang)],
      ] as Array<[string, Parameters<typeof uncached>[1]]>) {
        const first = await call(url, headers);
        const again = await call(url, headers);
        expect(first.status).toBe(200);
        expect(first.body).toEqual(await uncached(lang, read));
        expect(again.raw.rawPayload.equals(first.raw.rawPayload)).toBe(true);
        expect(again.headers.etag).toBe(first.headers.etag);
        expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(again.headers['cache-control']).toBe('private, no-cache');
        expect(again.headers['x-content-type-options']).toBe('nosniff');
        const br = await call(url, { ...headers, 'accept-encoding': 'gzip, br' });
        const gz = await call(url, { ...headers, 'accept-encoding': 'gzip' });
        if (first.raw.rawPayload.length >= 1024) {
          expect(br.headers['content-encoding']).toBe('br');
          expect(brotliDecompressSync(br.raw.rawPayload).equals(first.raw.rawPayload)).toBe(true);
          expect(gz.headers['content-encoding']).toBe('gzip');
          expect(gunzipSync(gz.raw.rawPayload).equals(first.raw.rawPayload)).toBe(true);
          expect(br.headers.vary).toBe('accept-language, authorization, accept-encoding');
        } else {
          expect(br.raw.rawPayload.equals(first.raw.rawPayload)).toBe(true);
        }
        expect(br.headers.etag).toBe(first.headers.etag);
      }
    }
  });

  test('languages get their own answers, and the answers are the same for every customer', async () => {
    const en = await call('menulist?restaurant_id=3', { 'accept-language': 'en' });
    const cn = await call('menulist?restaurant_id=3', { 'accept-language': 'zh-CN' });
    expect(en.body.msg).toBe(translate('en', 'ok'));
    expect(cn.body.msg).toBe(translate('cn', 'ok'));
    expect(en.body.data.categories[0].name).not.toBe(cn.body.data.categories[0].name);
    expect(await data('storeinfo?id=3', { 'accept-language': 'en' })).not.toEqual(
      await data('storeinfo?id=3', { 'accept-language': 'zh-CN' }),
    );
    // Nothing in a menu or a restaurant's page depends on who asks: signed in or not, the same answer.
    const login = await api.post('login', { email: 'demo@szeat.cn', password: 'szeat-demo-8', code: '' });
    const token = login.body.data.access_token;
    expect(token).toBeTruthy();
    for (const url of ['menulist?restaurant_id=3', 'storeinfo?id=3']) {
      const mine = await call(url, { authorization: `Bearer ${token}` });
      expect(mine.raw.rawPayload.equals((await call(url)).raw.rawPayload)).toBe(true);
    }
  });

  test('ETag and 304 from the cached answer', async () => {
    const first = await call('menulist?restaurant_id=4');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/".+"$/);
    const again = await call('menulist?restaurant_id=4', { 'if-none-match': `"other", ${tag}` });
    expect(again.status).toBe(304);
    expect(again.raw.payload).toBe('');
    expect(again.headers.etag).toBe(tag);
    expect((await call('menulist?restaurant_id=4', { 'if-none-match': '"other"' })).status).toBe(200);
    const head = await api.request('HEAD', 'menulist?restaurant_id=4', { lang: 'en' });
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(tag);
  });

  test('a write that bumps the version changes the next answer here and in a second app on the same database', async () => {
    const other = await buildApp({ config: t.config, db: t.db, integrations: t.integrations, now: clock.now });
    await other.ready();
    try {
      const menu = await data('menulist?restaurant_id=5');
      const dish = menu.categories[0].items[0];
      const info = await data('storeinfo?id=5');
      expect(await data('storeinfo?id=5', {}, other)).toEqual(info);
      expect((await data('menulist?restaurant_id=5', {}, other)).categories[0].items[0].price_fen).toBe(dish.price_fen);
      // Written without bumping the version: both still answer from memory.
      await t.db.kysely
        .updateTable('menu_items')
        .set({ price_fen: dish.price_fen + 100 })
        .where('id', '=', dish.id)
        .execute();
      await t.db.kysely.updateTable('restaurants').set({ phone: '0755-12345678' }).where('id', '=', 5).execute();
      expect((await data('menulist?restaurant_id=5')).categories[0].items[0].price_fen).toBe(dish.price_fen);
      expect((await data('storeinfo?id=5', {}, other)).phone).toBe(info.phone);
      // The writer bumps the version in its transaction: both processes answer the change next.
      await bump();
      for (const app of [t.app, other]) {
        expect((await data('menulist?restaurant_id=5', {}, app)).categories[0].items[0].price_fen).toBe(
          dish.price_fen + 100,
        );
        expect((await data('storeinfo?id=5', {}, app)).phone).toBe('0755-12345678');
      }
    } finally {
      await other.close();
    }
  });

  test('open now flips at the minute, and when a manual closure ends (to the millisecond)', async () => {
    // Restaurant 6: one window on Thursdays, 12:05 to 12:07 China time.
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('opening_hours').where('restaurant_id', '=', 6).execute();
      await trx
        .insertInto('opening_hours')
        .values({ restaurant_id: 6, weekday: 4, open_min: 12 * 60 + 5, close_min: 12 * 60 + 7 })
        .execute();
      await trx.updateTable('restaurants').set({ closed: 0, resume_at: null }).where('id', '=', 6).execute();
      await cacheVersions(trx).bump('catalogue');
    });
    const state = async () => {
      const s = await data('storeinfo?id=6');
      return { is_open: s.is_open, closed_reason: s.closed_reason, resumes_at: s.resumes_at, closes_at: s.closes_at };
    };
    clock.set(chinaTime(2026, 10, 1, 12, 4) + 59_999);
    expect(await state()).toEqual({
      is_open: false,
      closed_reason: 'hours',
      resumes_at: chinaTime(2026, 10, 1, 12, 5),
      closes_at: null,
    });
    clock.advance(1);
    expect(await state()).toEqual({
      is_open: true,
      closed_reason: null,
      resumes_at: null,
      closes_at: chinaTime(2026, 10, 1, 12, 7),
    });
    clock.set(chinaTime(2026, 10, 1, 12, 7));
    expect(await state()).toMatchObject({
      is_open: false,
      closed_reason: 'hours',
      resumes_at: chinaTime(2026, 10, 8, 12, 5),
    });

    // Closed by hand until 12:05:30.5, within the window: closed before, open from that millisecond.
    const resume = chinaTime(2026, 10, 1, 12, 5) + 30_500;
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('restaurants').set({ closed: 1, resume_at: resume }).where('id', '=', 6).execute();
      await cacheVersions(trx).bump('catalogue');
    });
    clock.set(chinaTime(2026, 10, 1, 12, 5) + 10_000);
    expect(await state()).toMatchObject({ is_open: false, closed_reason: 'manual', resumes_at: resume });
    clock.set(resume - 1);
    expect(await state()).toMatchObject({ is_open: false, closed_reason: 'manual' });
    clock.set(resume);
    expect(await state()).toMatchObject({ is_open: true, closes_at: chinaTime(2026, 10, 1, 12, 7) });
  });

  test('50 parallel first requests of a menu read the database as one request does', async () => {
    let queries = 0;
    const counting = t.db.kysely.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const app = await buildApp({
      config: { ...t.config, CACHE_CHECK_MS: 60_000 },
      db: { ...t.db, kysely: counting },
      integrations: t.integrations,
      now: clock.now,
    });
    await app.ready();
    try {
      await call('menulist?restaurant_id=7', {}, app);
      const one = queries;
      expect(one).toBeGreaterThan(0);
      queries = 0;
      const answers = await Promise.all(Array.from({ length: 50 }, () => call('menulist?restaurant_id=8', {}, app)));
      expect(queries).toBe(one - 1); // the version was read already
      expect(new Set(answers.map((a) => a.raw.payload)).size).toBe(1);
    } finally {
      await app.close();
    }
  });
});
