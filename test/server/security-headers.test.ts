import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SVG_CSP, tileSource } from '../../server/src/plugins/external/security-headers';
import { UPLOAD_CSP } from '../../server/src/plugins/app/uploads';
import { DIALECTS, useTestApp } from './support/app';

const INLINE = '!function(n){n.document.documentElement.style.fontSize="20px"}(window);';
const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/** Security headers (issue 8 §3) on the site, the API and pictures. */
describe.each(DIALECTS)('security headers on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api } = t;
  beforeAll(() => {
    fs.writeFileSync(
      path.join(t.siteDir, 'index.html'),
      `<!doctype html><html><head><script>${INLINE}</script><script defer src="/js/app.js"></script></head><body><div id="app"></div></body></html>`,
    );
  });

  const get = (url: string, headers: Record<string, string> = {}) => api.get(url, { headers });
  const directives = (csp: unknown) =>
    Object.fromEntries(
      String(csp)
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => {
          const [name, ...values] = d.split(/\s+/);
          return [name!, values];
        }),
    );

  it.each([
    ['/', 200],
    ['/login', 200],
    ['/no-such-page', 404],
  ])('the site page %s: CSP, no framing, nosniff, referrer', async (url, status) => {
    const res = await get(url);
    expect(res.status).toBe(status);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", sha(INLINE)]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['worker-src']).toEqual(["'self'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined(); // plain http in development
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('follows a rebuilt index page’s inline script', async () => {
    const file = path.join(t.siteDir, 'index.html');
    const other = 'window.__rebuilt=1;';
    const before = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, before.replace(INLINE, other));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    await new Promise((r) => setTimeout(r, 1100));
    try {
      expect(directives((await get('/')).headers['content-security-policy'])['script-src']).toEqual([
        "'self'",
        sha(other),
      ]);
    } finally {
      fs.writeFileSync(file, before);
      await new Promise((r) => setTimeout(r, 1100));
    }
  });

  it('API answers carry the headers too', async () => {
    const res = await get('/api/szeat/cuisineslist');
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(res.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
  });

  it('every answer carries the same helmet headers, whatever it is (they are worked out once and copied)', async () => {
    const HELMET = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const of = (res: { headers: Record<string, unknown> }) => HELMET.map((h) => [h, res.headers[h]]);
    const first = of(await get('/'));
    expect(first.every(([, v]) => typeof v === 'string' && v.length > 0)).toBe(true);
    for (const url of [
      '/login',
      '/api/szeat/menulist?restaurant_id=1',
      '/api/szeat/storeinfo?id=1',
      '/api/szeat/storeinfo?id=999999',
      '/api/szeat/storeinfo?id=abc',
      '/api/szeat/no-such-call',
    ]) {
      expect([url, of(await get(url))]).toEqual([url, first]);
    }
  });

  it('a picture served as SVG gets a policy that runs and loads nothing', async () => {
    const dir = path.join(__dirname, '..', '..', 'server', 'public', 'img', 'store');
    const svg = fs.readdirSync(dir).find((f) => f.endsWith('.svg'))!;
    const res = await get(`/img/store/${svg}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toBe(SVG_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Uploads are only ever served as JPEG under our keys: an SVG put in the folder is not served, and SVG bytes
    // under a photo key still go out as image/jpeg, nosniff, in a sandbox.
    const evil = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    fs.mkdirSync(t.config.UPLOAD_DIR, { recursive: true });
    fs.writeFileSync(path.join(t.config.UPLOAD_DIR, 'evil.svg'), evil);
    expect((await get('/uploads/evil.svg')).status).toBe(404);
    const key = 'photos/202610/evil0123456789abcdef.jpg';
    fs.mkdirSync(path.join(t.config.UPLOAD_DIR, 'photos', '202610'), { recursive: true });
    fs.writeFileSync(path.join(t.config.UPLOAD_DIR, ...key.split('/')), evil);
    const up = await get(`/uploads/${key}`);
    expect(up.status).toBe(200);
    expect(up.headers['content-type']).toBe('image/jpeg');
    expect(up.headers['x-content-type-options']).toBe('nosniff');
    expect(up.headers['content-security-policy']).toBe(UPLOAD_CSP);
  });

  it('the API docs have their own policy and cannot be framed either', async () => {
    let res = await get('/api/szeat/docs');
    for (let i = 0; i < 3 && res.status === 302; i++) {
      res = await get(new URL(String(res.headers.location), 'http://x/api/szeat/docs/').pathname);
    }
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/html/);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src']).toContain("'self'");
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });
});

describe.each(DIALECTS)('security headers with settings on %s', (dialect) => {
  const t = useTestApp(dialect, {
    config: {
      TARO_APP_MAP_TILE_URL: 'https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}',
      PUBLIC_BASE_URL: 'https://szeat.example.com',
    },
  });

  it('allows the configured tile host, and HSTS + upgrade-insecure-requests on an https origin', async () => {
    const res = await t.api.get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: https://*.is.autonavi.com");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});

describe('tile host sources', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.openstreetmap.fr/osmfr/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.fr'],
    ['http://webrd0{s}.is.autonavi.com/appmaptile?x={x}', 'http://*.is.autonavi.com'],
    ['http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png', 'http://127.0.0.1:8080'],
    ['', ''],
    ['javascript:alert(1)', ''],
    ['https://{s}.com/{z}', ''],
    ["https://a.example.org';script-src */{z}", ''],
  ])('%s -> %s', (template, source) => {
    expect(tileSource(template)).toBe(source);
  });
});
