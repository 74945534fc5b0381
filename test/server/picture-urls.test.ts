/**
 * Pictures are never shown stale (issue 15): an answer names a seed picture by a URL carrying the hash of its bytes,
 * served as immutable, so a redrawn picture (a new drawing behind the same stored path, the seed_versions refresh)
 * gets a new URL at once; the plain paths stored in rows and kept in clients' caches, and an earlier drawing's URL,
 * still answer, with the current picture and no lasting cache.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSitePictures } from '../../server/src/cache/picture-urls';
import { fromRoot } from '../../server/src/config';
import { DIALECTS, useTestApp } from './support/app';
import { chinaTime } from './support/clock';

const IMG = fromRoot('server/public/img');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 10);
const HASHED_URL = /^\/img\/(.+)\.([0-9a-f]{10})\.svg$/;

describe('picture URLs follow the bytes', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-img-'));
    fs.mkdirSync(path.join(dir, 'dish'));
    fs.writeFileSync(path.join(dir, 'dish', 'noodles.svg'), '<svg>first drawing</svg>');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a redrawn picture gets a new URL; the old URL and the plain path still find the current picture', () => {
    const before = loadSitePictures(dir);
    const first = before.url('/img/dish/noodles.svg');
    expect(first).toBe(`/img/dish/noodles.${sha(Buffer.from('<svg>first drawing</svg>'))}.svg`);
    fs.writeFileSync(path.join(dir, 'dish', 'noodles.svg'), '<svg>second drawing</svg>');
    const after = loadSitePictures(dir);
    const second = after.url('/img/dish/noodles.svg');
    expect(second).not.toBe(first);
    expect(second).toBe(`/img/dish/noodles.${sha(Buffer.from('<svg>second drawing</svg>'))}.svg`);
    const rel = (url: string) => url.slice('/img/'.length);
    expect(after.find(rel(second))).toMatchObject({ exact: true, picture: { type: 'image/svg+xml' } });
    expect(after.find(rel(second))!.picture.body.toString()).toBe('<svg>second drawing</svg>');
    for (const old of [first, '/img/dish/noodles.svg']) {
      const found = after.find(rel(old));
      expect({ old, exact: found?.exact, body: found?.picture.body.toString() }).toEqual({
        old,
        exact: false,
        body: '<svg>second drawing</svg>',
      });
    }
    expect(after.find('dish/rice.svg')).toBeNull();
    expect(after.find(`dish/rice.${sha(Buffer.from('x'))}.svg`)).toBeNull();
  });

  it('leaves other addresses as they are (uploads, other hosts, unknown paths)', () => {
    const pictures = loadSitePictures(dir);
    for (const url of [
      '/uploads/photos/202611/abcdefghijkl.jpg',
      'https://cdn.example/a.svg',
      '/img/dish/rice.svg',
      '',
    ]) {
      expect(pictures.url(url)).toBe(url);
    }
  });

  it('refuses a file whose name already looks hashed', () => {
    fs.writeFileSync(path.join(dir, 'dish', 'rice.0123456789.svg'), '<svg/>');
    expect(() => loadSitePictures(dir)).toThrow(/looks like a hashed name/);
  });
});

describe.each(DIALECTS)('seed pictures in answers and at /img/, on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  beforeEach(() => clock.set(chinaTime(2026, 10, 1, 12)));

  /** Every string of an answer that names a picture under /img/. */
  const picturesIn = (value: unknown, out: string[] = []): string[] => {
    if (typeof value === 'string') {
      if (value.includes('/img/')) out.push(value);
    } else if (Array.isArray(value)) value.forEach((v) => picturesIn(v, out));
    else if (value && typeof value === 'object') Object.values(value).forEach((v) => picturesIn(v, out));
    return out;
  };

  it('every answer names seed pictures by the hash of the bytes served (lists, menu, reviews, search, articles)', async () => {
    const seen = new Set<string>();
    for (const call of [
      'cuisineslist',
      'promolist',
      'adslist',
      'popuplist?device_id=another-device-9',
      'storelist?lat=22.54&lng=114.06',
      'newstores?lat=22.54&lng=114.06',
      'storeinfo?id=1',
      'menulist?restaurant_id=1',
      'storereview?restaurant_id=1&page_size=50',
      'storereview?restaurant_id=2&page_size=50',
      'multiplesearch?keyword=%E5%AE%B6',
      'article-list?page=1&page_size=10',
    ]) {
      const res = await api.get(call);
      expect(`${call} ${res.status}`).toBe(`${call} 200`);
      for (const url of picturesIn(res.body)) seen.add(url);
    }
    expect(seen.size).toBeGreaterThan(40);
    for (const url of seen) {
      const m = HASHED_URL.exec(url);
      expect({ url, hashed: !!m }).toEqual({ url, hashed: true });
      const bytes = fs.readFileSync(path.join(IMG, `${m![1]}.svg`));
      expect({ url, hash: m![2] }).toEqual({ url, hash: sha(bytes) });
    }
    // Each kind of picture is there: cuisine icons, restaurant marks and covers, dishes, promotions, ads.
    for (const dir of ['cuisine', 'store', 'dish', 'promo', 'ad']) {
      expect([dir, [...seen].some((u) => u.startsWith(`/img/${dir}/`))]).toEqual([dir, true]);
    }
  });

  it('serves a hashed URL as immutable, a plain path and an old hash fresh each time, all with the picture', async () => {
    const bytes = fs.readFileSync(path.join(IMG, 'store', '1-logo.svg'));
    const hash = sha(bytes);
    const current = await api.get(`/img/store/1-logo.${hash}.svg`);
    expect(current.status).toBe(200);
    expect(current.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(current.raw.rawPayload.equals(bytes)).toBe(true);
    const old = hash === '0000000000' ? '1111111111' : '0000000000';
    for (const url of ['/img/store/1-logo.svg', `/img/store/1-logo.${old}.svg`]) {
      const res = await api.get(url);
      expect({ url, status: res.status, cache: res.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cache: 'no-cache',
      });
      expect(res.raw.rawPayload.equals(bytes)).toBe(true);
      const again = await api.get(url, { headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.status).toBe(304);
    }
    expect((await api.get('/img/dish/nothing.svg')).status).toBe(404);
    expect((await api.get(`/img/dish/nothing.${hash}.svg`)).status).toBe(404);
  });
});
