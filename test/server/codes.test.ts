import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '../../types/errors';
import { ConfigError, loadConfig } from '../../server/src/config';
import { createRealWechat } from '../../server/src/integrations/wechat/real';
import type { Wechat } from '../../server/src/integrations/wechat/types';
import { CODES_KEPT, createCodesService } from '../../server/src/modules/codes/service';
import { apiOf } from './support/api';
import { DIALECTS, startTestApp, useTestApp, type TestApp } from './support/app';
import { expectedModules, pngSize, svgModules } from './support/qr-modules';

const SITE = 'https://szeat.test';

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) => apiOf(t.app).get(url, { headers });

describe.each(DIALECTS)('qrcode on %s (sandbox WeChat)', (dialect) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-codes-'));
  const merchantPng = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  fs.writeFileSync(path.join(tmp, 'join.png'), merchantPng);
  const t = useTestApp(dialect, {
    config: {
      PUBLIC_BASE_URL: SITE,
      CONTACT_QR_URL: 'https://work.weixin.qq.com/kfid/kfc0123456789',
      MERCHANT_QR_IMAGE: path.join(tmp, 'join.png'),
    },
  });
  t.beforeClose(() => fs.rmSync(tmp, { recursive: true, force: true }));
  let restaurantId: number;
  beforeAll(async () => {
    const row = await t.db.kysely.selectFrom('restaurants').select('id').orderBy('id').executeTakeFirstOrThrow();
    restaurantId = Number(row.id);
  });

  it('draws the mini program code as a standard QR of the H5 site, from PUBLIC_BASE_URL and never the Host header', async () => {
    const res = await get(t, 'qrcode?kind=miniprogram&format=svg', { host: 'evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svgModules(res.body)).toEqual(expectedModules(`${SITE}/`));
    expect(res.body).not.toContain('evil.example');
  });

  it('answers a PNG by default, 8 pixels a module with the 4-module quiet zone', async () => {
    const res = await get(t, 'qrcode?kind=miniprogram');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const modules = expectedModules(`${SITE}/`).length;
    expect(pngSize(res.raw.rawPayload)).toEqual({ width: (modules + 8) * 8, height: (modules + 8) * 8 });
  });

  it('with a restaurant id, the mini program code (sandbox) and the restaurant code open that restaurant on H5', async () => {
    const link = `${SITE}/restaurant_detail?id=${restaurantId}`;
    for (const kind of ['miniprogram', 'restaurant']) {
      const res = await get(t, `qrcode?kind=${kind}&id=${restaurantId}&format=svg`);
      expect(res.status).toBe(200);
      expect(svgModules(res.body)).toEqual(expectedModules(link));
    }
  });

  it('refuses bad input with a 400 envelope naming the field, and unknown restaurants with 404', async () => {
    const cases: Array<[string, string]> = [
      ['qrcode?kind=restaurant', 'id'],
      ['qrcode?kind=bogus', 'kind'],
      ['qrcode', 'kind'],
      ['qrcode?kind=restaurant&id=0', 'id'],
      ['qrcode?kind=restaurant&id=abc', 'id'],
      ['qrcode?kind=miniprogram&format=gif', 'format'],
    ];
    for (const [url, field] of cases) {
      const res = await get(t, url, { 'accept-language': 'en' });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      const body = res.body;
      expect(body.code).toBe(ErrorCode.Validation);
      expect(body.msg).toContain(field);
    }
    const missing = await get(t, 'qrcode?kind=restaurant&id=2147483647', { 'accept-language': 'en' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      code: ErrorCode.NotFound,
      msg: 'Restaurant 2147483647 was not found',
      data: null,
    });
    const missingMp = await get(t, 'qrcode?kind=miniprogram&id=2147483647');
    expect(missingMp.body).toMatchObject({ code: ErrorCode.NotFound, msg: '餐厅不存在（编号 2147483647）' });
  });

  it('draws a configured link, and serves a configured picture as it is', async () => {
    const contact = await get(t, 'qrcode?kind=contact&format=svg');
    expect(svgModules(contact.body)).toEqual(expectedModules('https://work.weixin.qq.com/kfid/kfc0123456789'));
    const merchant = await get(t, 'qrcode?kind=merchant');
    expect(merchant.status).toBe(200);
    expect(merchant.headers['content-type']).toBe('image/png');
    expect(merchant.raw.rawPayload.equals(merchantPng)).toBe(true);
  });
});

describe('qrcode configuration', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-codes-cfg-'));
    fs.writeFileSync(
      path.join(tmp, 'card.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    fs.writeFileSync(path.join(tmp, 'notes.txt'), 'x');
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      return e.problems;
    }
  };

  it('refuses a missing file, a file that is not a picture, a link that is not http(s), and both at once', () => {
    expect(problems({ CONTACT_QR_IMAGE: path.join(tmp, 'nope.png') })).toEqual([
      expect.stringMatching(/^CONTACT_QR_IMAGE: no such file/),
    ]);
    expect(problems({ MERCHANT_QR_IMAGE: path.join(tmp, 'notes.txt') })).toEqual([
      expect.stringMatching(/^MERCHANT_QR_IMAGE: must be a \.png/),
    ]);
    expect(problems({ CONTACT_QR_URL: 'javascript:alert(1)' })).toEqual([expect.stringMatching(/^CONTACT_QR_URL/)]);
    expect(
      problems({ MERCHANT_QR_IMAGE: path.join(tmp, 'card.svg'), MERCHANT_QR_URL: 'https://example.com/join' }),
    ).toEqual([expect.stringMatching(/^MERCHANT_QR_IMAGE: set either/)]);
    expect(
      problems({ CONTACT_QR_IMAGE: path.join(tmp, 'card.svg'), MERCHANT_QR_URL: 'https://example.com/j' }),
    ).toEqual([]);
  });

  it('answers 404 with a clear message when a code is not set up, and serves a configured SVG under a CSP', async () => {
    // NODE_ENV=test: no demo codes fill in what is not configured.
    const t = await startTestApp('sqlite', { NODE_ENV: 'test', CONTACT_QR_IMAGE: path.join(tmp, 'card.svg') });
    try {
      const merchant = await get(t, 'qrcode?kind=merchant', { 'accept-language': 'en' });
      expect(merchant.status).toBe(404);
      expect(merchant.body).toEqual({
        code: ErrorCode.NotFound,
        msg: 'This code has not been set up yet',
        data: null,
      });
      const contact = await get(t, 'qrcode?kind=contact');
      expect(contact.status).toBe(200);
      expect(contact.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(contact.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    } finally {
      await t.close();
    }
  });
});

describe("siteinfo: the footer's codes, phones, WeChat IDs and ICP filing number", () => {
  it('without configuration (not the demo): no codes, empty words, no filing number', async () => {
    const t = await startTestApp('sqlite', { NODE_ENV: 'test' });
    try {
      const res = await get(t, 'siteinfo');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        contact: { qr: false, phone: '', wechat_id: '' },
        merchant: { qr: false, phone: '', wechat_id: '' },
        icp_filing: '',
      });
      expect((await get(t, 'qrcode?kind=contact')).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('says what is configured, and draws a page of this site (/article?id=) with PUBLIC_BASE_URL', async () => {
    const t = await startTestApp('sqlite', {
      NODE_ENV: 'test',
      PUBLIC_BASE_URL: SITE,
      CONTACT_QR_URL: '/article?id=47',
      CONTACT_PHONE: '0755-2345 6789',
      MERCHANT_WECHAT_ID: 'szeat_join',
      ICP_FILING: '粤ICP备2026000001号-1',
    });
    try {
      expect((await get(t, 'siteinfo')).body.data).toEqual({
        contact: { qr: true, phone: '0755-2345 6789', wechat_id: '' },
        merchant: { qr: false, phone: '', wechat_id: 'szeat_join' },
        icp_filing: '粤ICP备2026000001号-1',
      });
      const contact = await get(t, 'qrcode?kind=contact&format=svg');
      expect(svgModules(contact.body)).toEqual(expectedModules(`${SITE}/article?id=47`));
    } finally {
      await t.close();
    }
  });

  it('the demo (NODE_ENV=development) opens the seeded Contact and How to join articles; configured codes win', async () => {
    const demo = loadConfig({}, { NODE_ENV: 'development' });
    expect([demo.CONTACT_QR_URL, demo.MERCHANT_QR_URL]).toEqual(['/article?id=47', '/article?id=43']);
    const own = loadConfig({ CONTACT_QR_URL: 'https://example.com/kf', NODE_ENV: 'development' });
    expect([own.CONTACT_QR_URL, own.MERCHANT_QR_URL]).toEqual(['https://example.com/kf', '/article?id=43']);
    for (const env of ['test', 'production'] as const) {
      const c = loadConfig({}, { NODE_ENV: env, PUBLIC_BASE_URL: SITE, ALLOW_SANDBOX: '1' } as never);
      expect([env, c.CONTACT_QR_URL, c.MERCHANT_QR_URL]).toEqual([env, '', '']);
    }
    const t = await startTestApp('sqlite', { NODE_ENV: 'development', PUBLIC_BASE_URL: SITE });
    try {
      expect((await get(t, 'siteinfo')).body.data).toMatchObject({ contact: { qr: true }, merchant: { qr: true } });
      for (const id of [43, 47]) {
        const article = await get(t, `article?id=${id}`);
        expect([id, article.status]).toEqual([id, 200]);
      }
    } finally {
      await t.close();
    }
  });

  it('refuses a phone or WeChat ID that is not one', () => {
    const bad = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    expect(bad({ CONTACT_PHONE: 'call us' })).toEqual([expect.stringMatching(/^CONTACT_PHONE/)]);
    expect(bad({ MERCHANT_WECHAT_ID: '1abc' })).toEqual([expect.stringMatching(/^MERCHANT_WECHAT_ID/)]);
    expect(bad({ CONTACT_PHONE: '+86 755-2345 6789', CONTACT_WECHAT_ID: 'szeat-kf' })).toEqual([]);
  });
});

/** A stand-in for api.weixin.qq.com on 127.0.0.1: stable_token and getwxacodeunlimit. */
async function fakeWechat(
  answer: (req: { path: string; query: URLSearchParams; body: Record<string, unknown> }) => {
    status?: number;
    type?: string;
    body: string | Buffer;
  },
) {
  const received: Array<{ path: string; query: URLSearchParams; body: Record<string, unknown> }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const r = {
        path: url.pathname,
        query: url.searchParams,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
      received.push(r);
      const a = answer(r);
      // WeChat labels its JSON errors as text/plain or application/json; the picture as image/jpeg or image/png.
      res.writeHead(a.status ?? 200, { 'content-type': a.type ?? 'application/json; charset=UTF-8' });
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    calls: (p: string) => received.filter((r) => r.path === p),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const CODE_PICTURE = Buffer.from('\x89PNG\r\n\x1a\n-fake-wxacode-', 'latin1');

describe('mini program code from WeChat (WECHAT_MODE=real, fake WeChat on 127.0.0.1)', () => {
  it('fetches a stable token once, asks getwxacodeunlimit for the scene, caches per scene, and shares concurrent fetches', async () => {
    let failNext: { errcode: number; errmsg: string } | undefined;
    const fake = await fakeWechat(({ path: p, body }) => {
      if (p === '/cgi-bin/stable_token') return { body: JSON.stringify({ access_token: 'TOKEN-1', expires_in: 7200 }) };
      if (p === '/wxa/getwxacodeunlimit') {
        if (failNext) {
          const f = failNext;
          failNext = undefined;
          return { type: 'text/plain', body: JSON.stringify(f) };
        }
        return { type: 'image/png', body: Buffer.concat([CODE_PICTURE, Buffer.from(String(body.scene))]) };
      }
      return { status: 404, body: '{}' };
    });
    const t = await startTestApp('sqlite', {
      WECHAT_MODE: 'real',
      WECHAT_API_BASE: fake.base,
      WECHAT_MP_APPID: 'wxmp123',
      WECHAT_MP_SECRET: 'mp-secret',
      WECHAT_OA_APPID: 'wxoa456',
      WECHAT_OA_SECRET: 'oa-secret',
      WECHAT_PUSH_TOKEN: 'push-token',
      PUBLIC_BASE_URL: SITE,
    });
    try {
      const first = await get(t, 'qrcode?kind=miniprogram&id=3');
      expect(first.status).toBe(200);
      expect(first.headers['content-type']).toBe('image/png');
      expect(first.raw.rawPayload.equals(Buffer.concat([CODE_PICTURE, Buffer.from('r=3')]))).toBe(true);
      expect(fake.calls('/cgi-bin/stable_token').map((r) => r.body)).toEqual([
        { grant_type: 'client_credential', appid: 'wxmp123', secret: 'mp-secret', force_refresh: false },
      ]);
      const [code] = fake.calls('/wxa/getwxacodeunlimit');
      expect(code!.query.get('access_token')).toBe('TOKEN-1');
      expect(code!.body).toEqual({
        scene: 'r=3',
        page: 'screens/main/home/index',
        check_path: true,
        env_version: 'release',
        width: 430,
      });

      // 20 parallel requests for another restaurant: one WeChat call, the token reused; the first code is cached.
      const many = await Promise.all([
        ...Array.from({ length: 20 }, () => get(t, 'qrcode?kind=miniprogram&id=4')),
        get(t, 'qrcode?kind=miniprogram&id=3'),
        get(t, 'qrcode?kind=miniprogram'),
      ]);
      expect(many.map((r) => r.status)).toEqual(Array(22).fill(200));
      expect(many[0]!.raw.rawPayload.toString('latin1')).toMatch(/r=4$/);
      expect(many[21]!.raw.rawPayload.toString('latin1')).toMatch(/home$/);
      expect(
        fake
          .calls('/wxa/getwxacodeunlimit')
          .map((r) => r.body.scene)
          .sort(),
      ).toEqual(['home', 'r=3', 'r=4']);
      expect(fake.calls('/cgi-bin/stable_token')).toHaveLength(1);

      // WeChat refuses (e.g. the page is not in the released version): a clear 503 envelope, and nothing cached.
      failNext = { errcode: 41030, errmsg: 'invalid page rid: 1234' };
      const refused = await get(t, 'qrcode?kind=miniprogram&id=5', { 'accept-language': 'en' });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        code: ErrorCode.Unavailable,
        msg: 'The mini program code cannot be had from WeChat right now. Please try again later.',
        data: null,
      });
      const again = await get(t, 'qrcode?kind=miniprogram&id=5');
      expect(again.status).toBe(200);

      // The H5 restaurant code stays a standard QR of the site's link in real mode.
      const h5 = await get(t, 'qrcode?kind=restaurant&id=3&format=svg');
      expect(svgModules(h5.body)).toEqual(expectedModules(`${SITE}/restaurant_detail?id=3`));
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('answers 503 with the envelope when WeChat cannot be reached or refuses the token', async () => {
    const fake = await fakeWechat(() => ({ body: JSON.stringify({ errcode: 40125, errmsg: 'invalid appsecret' }) }));
    const t = await startTestApp('sqlite', {
      WECHAT_MODE: 'real',
      WECHAT_API_BASE: fake.base,
      WECHAT_MP_APPID: 'wxmp123',
      WECHAT_MP_SECRET: 'wrong',
      WECHAT_OA_APPID: 'wxoa456',
      WECHAT_OA_SECRET: 'oa-secret',
      WECHAT_PUSH_TOKEN: 'push-token',
    });
    try {
      const res = await get(t, 'qrcode?kind=miniprogram');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: ErrorCode.Unavailable, msg: expect.stringContaining('微信') });
      await fake.close();
      const down = await get(t, 'qrcode?kind=miniprogram');
      expect(down.status).toBe(503);
      expect(down.body.code).toBe(ErrorCode.Unavailable);
    } finally {
      await t.close();
      await fake.close().catch(() => undefined);
    }
  });

  it('renews the token when it expires or WeChat revokes it early (forcing a refresh once)', async () => {
    let issued = 0;
    let revoke = false;
    const fake = await fakeWechat(({ path: p, query }) => {
      if (p === '/cgi-bin/stable_token')
        return { body: JSON.stringify({ access_token: `T${++issued}`, expires_in: 7200 }) };
      if (revoke && query.get('access_token') === `T${issued}`) {
        revoke = false;
        return { body: JSON.stringify({ errcode: 40001, errmsg: 'invalid credential' }) };
      }
      return { type: 'image/jpeg', body: Buffer.from(`jpeg-${query.get('access_token')}`) };
    });
    let now = Date.UTC(2026, 0, 1);
    const wechat = createRealWechat({
      apiBase: fake.base,
      oauthBase: 'https://open.weixin.qq.com',
      mpAppId: 'wxmp123',
      mpSecret: 's',
      oaAppId: 'wxoa456',
      oaSecret: 's',
      envVersion: 'trial',
      now: () => now,
    });
    try {
      const code = () => wechat.miniProgramCode({ scene: 'home', page: 'pages/home/index' });
      expect(await code()).toEqual({ contentType: 'image/jpeg', body: Buffer.from('jpeg-T1') });
      expect(fake.calls('/wxa/getwxacodeunlimit')[0]!.body).toMatchObject({ check_path: false, env_version: 'trial' });
      now += 60 * 60 * 1000;
      expect((await code())!.body.toString()).toBe('jpeg-T1');
      // Within five minutes of its end the token is renewed before use.
      now += 56 * 60 * 1000;
      expect((await code())!.body.toString()).toBe('jpeg-T2');
      revoke = true;
      expect((await code())!.body.toString()).toBe('jpeg-T3');
      expect(fake.calls('/cgi-bin/stable_token').map((r) => r.body.force_refresh)).toEqual([false, false, true]);
    } finally {
      await fake.close();
    }
  });
});

describe('kept codes', () => {
  it('a code asked all the time survives a flood of codes asked once (least recently used go first)', async () => {
    const asked = new Map<string, number>();
    const wechat = {
      mode: 'real',
      miniProgramCode: async ({ scene }: { scene: string }) => {
        asked.set(scene, (asked.get(scene) ?? 0) + 1);
        return { contentType: 'image/png', body: Buffer.from(scene) };
      },
    } as unknown as Wechat;
    const codes = createCodesService({
      repo: { restaurantExists: async () => true },
      wechat,
      siteOrigin: 'https://szeat.test',
      contact: {},
      merchant: {},
      log: () => undefined,
    });
    await codes.code('miniprogram', 3, 'png');
    for (let id = 100; id < 100 + CODES_KEPT + 50; id++) {
      await codes.code('miniprogram', id, 'png');
      expect((await codes.code('miniprogram', 3, 'png')).body.toString()).toBe('r=3');
    }
    expect(asked.get('r=3')).toBe(1);
    await codes.code('miniprogram', 100, 'png');
    expect(asked.get('r=100')).toBe(2);
  });
});
