import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import routeTable from '../../src/route-table.json';
import { ErrorCode } from '../../types/errors';
import { loadConfig, ConfigError, trustProxyOption } from '../../server/src/config';
import { isEmpty, seedIfEmpty } from '../../server/src/seed';
import { apiOf } from './support/api';
import { DIALECTS, startTestApp, useTestApp } from './support/app';

describe('configuration', () => {
  it('applies defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'sqlite:data/szeat.db',
      SITE_DIR: 'dist/h5',
      BUILD_SITE: 'auto',
    });
  });

  it('reads and converts values from the environment', () => {
    const c = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@127.0.0.1/db', LOG_LEVEL: 'warn' });
    expect(c).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgres://u@127.0.0.1/db', LOG_LEVEL: 'warn' });
  });

  it('lists every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', BUILD_SITE: 'sometimes' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/LOG_LEVEL/);
    expect(problems).toMatch(/BUILD_SITE/);
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe('loopback');
    expect(trustProxyOption('loopback')).toBe('loopback');
    expect(trustProxyOption('false')).toBe(false);
    expect(trustProxyOption('')).toBe(false);
    expect(trustProxyOption('true')).toBe(true);
    const twoHops = trustProxyOption('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxyOption('10.0.0.0/8, 192.168.1.1')).toBe('10.0.0.0/8, 192.168.1.1');
  });

  it('rejects an unknown database URL scheme', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});

describe.each(DIALECTS)('server plumbing on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api } = t;

  it('does not seed twice', async () => {
    expect(await isEmpty(t.db)).toBe(false);
    expect(await seedIfEmpty(t.db)).toBe(false);
    const n = await t.db.kysely
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    // The seed's articles (with Sponsorship, 46, and Contact szeat customer service, 47), once.
    expect(Number(n!.n)).toBe(18);
  });

  it('gives new rows ids after the seeded ones', async () => {
    const [row] = await t.db.kysely
      .insertInto('articles')
      .values({
        kind: 'news',
        title_cn: 'x',
        title_en: 'x',
        summary_cn: '',
        summary_en: '',
        body_cn: '',
        body_en: '',
        cover: '',
        published_at: 0,
        created_at: 0,
      })
      .returning('id')
      .execute();
    expect(row!.id).toBeGreaterThan(111);
    await t.db.kysely.deleteFrom('articles').where('id', '=', row!.id).execute();
  });

  it('answers unknown API paths with a 404 envelope in the request language', async () => {
    const res = await api.get('no-such-call', { lang: 'en' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: ErrorCode.NotFound, msg: 'No such API: /api/szeat/no-such-call', data: null });
    const post = await api.post('article', {});
    expect(post.status).toBe(404);
    expect(post.body.code).toBe(ErrorCode.NotFound);
  });

  it('answers a malformed JSON body with a 400 envelope, not a 500', async () => {
    const res = await api.post('article', '{"oops', { lang: 'en', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).not.toBe(ErrorCode.Ok);
  });

  it('serves the OpenAPI document with the slice endpoints', async () => {
    const res = await api.get('/api/szeat/docs/json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/szeat/article-list', '/api/szeat/article', '/api/szeat/whats-news-list']),
    );
    const ui = await api.get('/api/szeat/docs');
    expect(ui.status).toBeLessThan(400);
  });

  it('serves the site with a history fallback: built screens 200, reserved and unknown paths 404, both index.html', async () => {
    for (const url of [
      '/',
      '/article/42',
      '/restaurant_list',
      '/mine',
      '/address',
      '/address_edit',
      '/restaurant_detail',
    ]) {
      const res = await api.get(url);
      expect([url, res.status]).toEqual([url, 200]);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('szeat test site');
    }
    // Every path of the route table follows its "built" list: a reserved screen's path is a 404 until it lands.
    const sample = (path: string) => path.replace(/:\w+/g, '1');
    for (const [name, route] of Object.entries(routeTable.routes as Record<string, { path: string }>)) {
      const url = sample(route.path);
      const res = await api.get(url);
      const expected = (routeTable.built as string[]).includes(name) && name !== 'notFound' ? 200 : 404;
      expect([url, res.status]).toEqual([url, expected]);
      expect(res.body).toContain('szeat test site');
    }
    for (const url of ['/settlemt/1', '/order_detail/1', '/paySucc/1', '/rating/1']) {
      const name = Object.entries(routeTable.routes).find(([, r]) => sample(r.path) === url)![0];
      const res = await api.get(url);
      expect([url, res.status]).toEqual([url, (routeTable.built as string[]).includes(name) ? 200 : 404]);
    }
    const missing = await api.get('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('szeat test site');
    const file = await api.get('/index.html');
    expect(file.status).toBe(200);
    // A rebuilt site is served without a restart: files are looked up per request.
    fs.mkdirSync(path.join(t.siteDir, 'js'), { recursive: true });
    fs.writeFileSync(path.join(t.siteDir, 'js', 'app.0123abcd.js'), 'console.log(1)');
    const bundle = await api.get('/js/app.0123abcd.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['cache-control']).toMatch(/immutable/);
    expect(bundle.body).toBe('console.log(1)');
    const missingBundle = await api.get('/js/app.ffffffff.js');
    expect(missingBundle.status).toBe(404);
    const directory = await api.get('/js/');
    expect(directory.status).toBe(404);
    // The service worker is revalidated on every fetch (an immutable one would pin an old site), also its gzip copy,
    // and the CSP lets the site start it.
    fs.writeFileSync(path.join(t.siteDir, 'sw.js'), 'self.skipWaiting()');
    fs.writeFileSync(path.join(t.siteDir, 'sw.js.gz'), zlib.gzipSync('self.skipWaiting()'));
    for (const encoding of ['identity', 'gzip']) {
      const worker = await api.get('/sw.js', { headers: { 'accept-encoding': encoding } });
      expect(worker.status).toBe(200);
      expect(worker.headers['content-type']).toMatch(/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
      expect(worker.headers['content-security-policy']).toContain("worker-src 'self'");
    }
  });

  it('serves uploaded photos on the same port under /uploads/, and nothing else from there', async () => {
    const key = 'photos/202610/0123456789abcdef0123456789abcdef.jpg';
    fs.mkdirSync(path.join(t.config.UPLOAD_DIR, 'photos', '202610'), { recursive: true });
    fs.writeFileSync(path.join(t.config.UPLOAD_DIR, ...key.split('/')), 'a photo');
    const res = await api.get(`/uploads/${key}`);
    expect(res.status).toBe(200);
    expect(res.body).toBe('a photo');
    expect(res.headers['content-type']).toBe('image/jpeg');
    fs.writeFileSync(path.join(t.config.UPLOAD_DIR, 'photo.txt'), 'not a photo key');
    for (const url of ['/uploads/photo.txt', '/uploads/none.jpg', '/uploads/photos/202610/../../photo.txt']) {
      expect([url, (await api.get(url)).status]).toEqual([url, 404]);
    }
  });
});

describe('client address behind proxies', () => {
  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const t = await startTestApp('sqlite', { TRUST_PROXY: 'false' });
    try {
      const res = await apiOf(t.app).get('iplocation', { ip: '1.2.3.4' });
      expect(res.body.data.ip).not.toBe('1.2.3.4');
    } finally {
      await t.close();
    }
    const trusted = await startTestApp('sqlite');
    try {
      const res = await apiOf(trusted.app).get('iplocation', { ip: '1.2.3.4' });
      expect(res.body.data.ip).toBe('1.2.3.4');
    } finally {
      await trusted.close();
    }
  });
});
