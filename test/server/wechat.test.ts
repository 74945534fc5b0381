import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '../../types/errors';
import { ConfigError, loadConfig } from '../../server/src/config';
import { createRealWechat } from '../../server/src/integrations/wechat/real';
import { DIALECTS, startTestApp, useTestApp, type TestContext } from './support/app';
import { count, freshIp, PASSWORD, registerUser, sha256b64url } from './support/accounts';
import { apiOf } from './support/api';

const MINUTE = 60 * 1000;
let personCounter = 0;
const freshPerson = () => `person${process.pid}x${++personCounter}`;

describe.each(DIALECTS)('WeChat logins on %s', (dialect) => {
  const t = useTestApp(dialect, { config: { PUBLIC_BASE_URL: 'http://szeat.test' } });
  const { api, clock } = t;
  /** A signed sandbox code for WeChat person `who` (what WeChat's login would hand that person). */
  const codeFor = (who: string) => t.integrations.wechat.sandboxCode!(who);

  const identitiesOf = (userId: number) =>
    t.db.kysely.selectFrom('wechat_identities').selectAll().where('user_id', '=', userId).orderBy('app').execute();
  const userById = (id: number) => t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  const mini = (code: string, token?: string, lang?: string) =>
    api.post('wxminilogin', { code }, { ip: freshIp(), ...(token ? { token } : {}), ...(lang ? { lang } : {}) });
  async function oauthState(token?: string) {
    const res = await api.get(`wxoauthurl?redirect=${encodeURIComponent('/login?isBack=1')}`, {
      ip: freshIp(),
      headers: { host: 'szeat.test' },
      ...(token ? { token } : {}),
    });
    expect(res.body.code).toBe(ErrorCode.Ok);
    return res.body.data as { url: string; state: string; expires_at: number };
  }
  const publicLogin = (code: string, state: string, token?: string) =>
    api.post('wxpubliclogin', { code, state }, { ip: freshIp(), ...(token ? { token } : {}) });

  describe('wxminilogin', () => {
    it('creates a WeChat-only account on first use, then signs the same person in again', async () => {
      const who = freshPerson();
      const first = await mini(codeFor(who));
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ is_new: true, wechat_linked: false });
      expect(first.body.data.user).toMatchObject({
        name: '',
        phone: null,
        email: null,
        has_password: false,
        default_address: null,
        wechat: { mp: true, oa: false },
      });
      expect(first.body.data.user.nickname).toMatch(/^微信用户/);
      expect(JSON.stringify(first.body)).not.toMatch(/session_?key/i);
      const id = first.body.data.user.id as number;
      const identities = await identitiesOf(id);
      expect(identities).toHaveLength(1);
      expect(identities[0]).toMatchObject({ app: 'mp', appid: 'sandbox-mp' });
      expect(identities[0]!.openid).toMatch(/^sbx-mp-/);
      expect(identities[0]!.unionid).toMatch(/^sbx-u-/);
      expect(await userById(id)).toMatchObject({ email: null, phone: null, password_hash: null });

      const again = await mini(codeFor(who));
      expect(again.body.data).toMatchObject({ is_new: false, user: { id } });
      expect(await identitiesOf(id)).toHaveLength(1);
      expect((await api.get('me', { token: again.body.data.access_token })).body.data.id).toBe(id);
    });

    it('names new accounts in the request language', async () => {
      const res = await mini(codeFor(freshPerson()), undefined, 'en');
      expect(res.body.data.user.nickname).toMatch(/^WeChat user /);
    });

    it('records the mini program platform for a mini program login', async () => {
      const res = await api.post(
        'wxminilogin',
        { code: codeFor(freshPerson()) },
        {
          ip: freshIp(),
          headers: { referer: 'https://servicewechat.com/wxabc/3/page-frame.html' },
        },
      );
      const s = await t.db.kysely
        .selectFrom('sessions')
        .select('platform')
        .where('token_hash', '=', sha256b64url(res.body.data.access_token))
        .executeTakeFirstOrThrow();
      expect(s.platform).toBe('weapp');
    });

    it.each([
      ['a missing code', {}, 400, ErrorCode.Validation, '缺少微信登录凭证'],
      [
        'a code WeChat refuses',
        { code: 'invalid-code' },
        400,
        ErrorCode.Validation,
        '微信登录凭证无效或已过期，请重新登录',
      ],
      ['WeChat being unreachable', { code: 'unavailable' }, 503, ErrorCode.Unavailable, '暂时无法连接微信，请稍后再试'],
    ])('refuses %s', async (_, body, status, code, msg) => {
      const before = await count(t.db, 'users');
      const res = await api.post('wxminilogin', body, { ip: freshIp() });
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ code, msg });
      expect(await count(t.db, 'users')).toBe(before);
    });
  });

  describe('sandbox codes cannot be made up', () => {
    it.each([
      ['with something appended', (c: string) => `${c}.forged`],
      ['with the signature changed', (c: string) => `${c.slice(0, -1)}${c.endsWith('A') ? 'B' : 'A'}`],
      ['as the bare person name', (c: string) => c.split('.')[0]!],
      ['with another nonce', (c: string) => c.replace(/\.[0-9a-f]+\./, '.000000000000.')],
    ])('a linked code %s signs in someone new, never the linked account', async (_, forge) => {
      const u = await registerUser(api, t.place);
      const code = codeFor(freshPerson());
      expect((await mini(code, u.token)).body.data).toMatchObject({ wechat_linked: true, user: { id: u.id } });
      const forged = await mini(forge(code));
      expect(forged.body.code).toBe(ErrorCode.Ok);
      expect(forged.body.data.user.id).not.toBe(u.id);
      expect(forged.body.data.is_new).toBe(true);
      // The person's own next code still signs in the linked account.
      expect((await mini(codeFor(code.split('.')[0]!))).body.data.user.id).toBe(u.id);
    });
  });

  describe('wxoauthurl', () => {
    it('issues a one-time state (stored hashed) and the authorize URL back to this site', async () => {
      const data = await oauthState();
      expect(data.state).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(data.expires_at).toBe(clock.now() + 10 * MINUTE);
      const url = new URL(data.url, 'http://szeat.test');
      expect(url.pathname).toBe('/api/szeat/wxsandbox/authorize');
      expect(url.searchParams.get('redirect_uri')).toBe('http://szeat.test/login?isBack=1');
      expect(url.searchParams.get('state')).toBe(data.state);
      expect(url.searchParams.get('scope')).toBe('snsapi_base');
      const row = await t.db.kysely
        .selectFrom('oauth_states')
        .selectAll()
        .where('state_hash', '=', sha256b64url(data.state))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: null, used_at: null, redirect_uri: 'http://szeat.test/login?isBack=1' });
    });

    it.each([
      ['another site', 'https://evil.example/login'],
      ['a protocol-relative URL', '//evil.example/login'],
      ['a script URL', 'javascript:alert(1)'],
      ['another port', 'http://szeat.test:8080/login'],
    ])('refuses to return to %s', async (_, redirect) => {
      const res = await api.get(`wxoauthurl?redirect=${encodeURIComponent(redirect)}`, {
        ip: freshIp(),
        lang: 'en',
        headers: { host: 'szeat.test' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: ErrorCode.Validation,
        msg: 'The return address after login must be on this site.',
        data: { field: 'redirect' },
      });
    });

    it('requires the redirect', async () => {
      const res = await api.get('wxoauthurl', { ip: freshIp(), lang: 'en' });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('redirect is required');
    });

    it('limits states per client: 30 in 10 minutes', async () => {
      const ip = freshIp();
      for (let i = 0; i < 30; i++)
        expect((await api.get('wxoauthurl?redirect=/', { ip })).body.code).toBe(ErrorCode.Ok);
      expect((await api.get('wxoauthurl?redirect=/', { ip })).status).toBe(429);
    });
  });

  describe('sandbox authorize page', () => {
    it('returns to the page of an issued state with a code and the state', async () => {
      const data = await oauthState();
      const res = await api.get(data.url, { headers: { host: 'szeat.test' } });
      expect(res.status).toBe(302);
      const back = new URL(res.headers.location as string);
      expect(back.origin + back.pathname).toBe('http://szeat.test/login');
      expect(back.searchParams.get('isBack')).toBe('1');
      expect(back.searchParams.get('state')).toBe(data.state);
      const login = await publicLogin(back.searchParams.get('code')!, back.searchParams.get('state')!);
      expect(login.body.code).toBe(ErrorCode.Ok);
      expect(login.body.data.user.wechat).toEqual({ mp: false, oa: true });
    });

    it('is no open redirect: unknown states and other return pages are refused', async () => {
      const data = await oauthState();
      const forged = `/api/szeat/wxsandbox/authorize?redirect_uri=${encodeURIComponent('https://evil.example/')}&state=${data.state}`;
      expect((await api.get(forged)).status).toBe(403);
      const unknown = `/api/szeat/wxsandbox/authorize?redirect_uri=${encodeURIComponent('http://szeat.test/login?isBack=1')}&state=nope`;
      expect((await api.get(unknown)).status).toBe(403);
    });
  });

  describe('wxpubliclogin', () => {
    it('signs in with the code and a state, once', async () => {
      const { state } = await oauthState();
      const who = freshPerson();
      const res = await publicLogin(codeFor(who), state);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ is_new: true, user: { wechat: { mp: false, oa: true } } });
      const row = await t.db.kysely
        .selectFrom('oauth_states')
        .select('used_at')
        .where('state_hash', '=', sha256b64url(state))
        .executeTakeFirstOrThrow();
      expect(Number(row.used_at)).toBe(clock.now());
      const ids = await identitiesOf(res.body.data.user.id);
      expect(ids).toEqual([expect.objectContaining({ app: 'oa', appid: 'sandbox-oa' })]);

      // Replayed: refused, nothing new.
      const users = await count(t.db, 'users');
      const replay = await publicLogin(codeFor(who), state);
      expect(replay.status).toBe(403);
      expect(replay.body).toEqual({
        code: ErrorCode.Forbidden,
        msg: '微信登录请求已失效，请重新发起微信登录',
        data: null,
      });
      expect(await count(t.db, 'users')).toBe(users);
    });

    it('refuses a missing state (asking to start again) and a missing code', async () => {
      const noState = await api.post('wxpubliclogin', { code: codeFor(freshPerson()) }, { ip: freshIp(), lang: 'en' });
      expect(noState.status).toBe(400);
      expect(noState.body).toEqual({
        code: ErrorCode.Validation,
        msg: 'The login check value is missing. Please start the WeChat login again.',
        data: { field: 'state' },
      });
      const { state } = await oauthState();
      const noCode = await api.post('wxpubliclogin', { state }, { ip: freshIp() });
      expect(noCode.body).toMatchObject({ code: ErrorCode.Validation, data: { field: 'code' } });
      // A refused call does not use the state up.
      expect((await publicLogin(codeFor(freshPerson()), state)).body.code).toBe(ErrorCode.Ok);
    });

    it('refuses a state it never issued', async () => {
      const res = await publicLogin(codeFor(freshPerson()), 'made-up-state-value-0123456789abcdef');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ErrorCode.Forbidden);
    });

    it('refuses a state after 10 minutes', async () => {
      const { state } = await oauthState();
      clock.advance(10 * MINUTE);
      expect((await publicLogin(codeFor(freshPerson()), state)).status).toBe(403);
    });

    it('refuses a state issued to another session (mismatch), both ways', async () => {
      const u = await registerUser(api, t.place);
      const forUser = await oauthState(u.token);
      const row = await t.db.kysely
        .selectFrom('oauth_states')
        .select('user_id')
        .where('state_hash', '=', sha256b64url(forUser.state))
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(u.id);
      // Used without the session that asked for it (a forged callback in someone else's browser).
      expect((await publicLogin(codeFor(freshPerson()), forUser.state)).status).toBe(403);
      const v = await registerUser(api, t.place);
      expect((await publicLogin(codeFor(freshPerson()), forUser.state, v.token)).status).toBe(403);
      // An anonymous state used by a signed-in session.
      const anonymous = await oauthState();
      expect((await publicLogin(codeFor(freshPerson()), anonymous.state, u.token)).status).toBe(403);
      expect(await identitiesOf(u.id)).toEqual([]);
      expect(await identitiesOf(v.id)).toEqual([]);
      // The right session still can.
      expect((await publicLogin(codeFor(freshPerson()), forUser.state, u.token)).body.code).toBe(ErrorCode.Ok);
    });

    it('finds one person across the mini program and the official account (unionid)', async () => {
      const who = freshPerson();
      const viaMini = await mini(codeFor(who));
      const { state } = await oauthState();
      const viaH5 = await publicLogin(codeFor(who), state);
      expect(viaH5.body.data).toMatchObject({
        is_new: false,
        wechat_linked: true,
        user: { id: viaMini.body.data.user.id },
      });
      expect(viaH5.body.data.user.wechat).toEqual({ mp: true, oa: true });
      expect((await identitiesOf(viaMini.body.data.user.id)).map((i) => i.app)).toEqual(['mp', 'oa']);
    });
  });

  describe('linking a WeChat identity to an e-mail account', () => {
    it('links when signed in, so both logins reach one account', async () => {
      const u = await registerUser(api, t.place);
      const who = freshPerson();
      const res = await mini(codeFor(who), u.token);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        is_new: false,
        wechat_linked: true,
        user: { id: u.id, wechat: { mp: true, oa: false } },
      });
      expect((await identitiesOf(u.id)).map((i) => i.app)).toEqual(['mp']);
      // Linking again changes nothing.
      expect((await mini(codeFor(who), u.token)).body.data.wechat_linked).toBe(false);
      // Signing in with WeChat alone now reaches the e-mail account.
      expect((await mini(codeFor(who))).body.data.user).toMatchObject({ id: u.id, email: u.email });
      const { state } = await oauthState(u.token);
      expect((await publicLogin(codeFor(who), state, u.token)).body.data.user.wechat).toEqual({ mp: true, oa: true });
    });

    it('merges a WeChat-only account that owns nothing, ending its sessions', async () => {
      const who = freshPerson();
      const wechatOnly = (await mini(codeFor(who))).body.data;
      const u = await registerUser(api, t.place);
      const res = await mini(codeFor(who), u.token);
      expect(res.body.data).toMatchObject({ wechat_linked: true, user: { id: u.id } });
      expect(await userById(wechatOnly.user.id)).toBeUndefined();
      expect((await api.get('me', { token: wechatOnly.access_token })).body.code).toBe(ErrorCode.SessionInvalid);
      expect((await identitiesOf(u.id)).map((i) => i.app)).toEqual(['mp']);
    });

    it('merges a WeChat-only account with data, moving it (account-merge.test.ts has every table)', async () => {
      const who = freshPerson();
      const wechatOnly = (await mini(codeFor(who))).body.data;
      await api.post(
        'saveaddr',
        { name: '微信', phone: '13700000000', area_id: t.place.areaId, building_id: t.place.buildingId, room_no: '1' },
        { token: wechatOnly.access_token },
      );
      const u = await registerUser(api, t.place);
      const res = await mini(codeFor(who), u.token);
      expect(res.body.data).toMatchObject({ wechat_linked: true, user: { id: u.id } });
      expect(await userById(wechatOnly.user.id)).toBeUndefined();
      const names = (await api.get('addrlist', { token: u.token })).body.data.list.map((a: { name: string }) => a.name);
      expect(names).toContain('微信');
    });

    it('refuses (409) when the WeChat user has an account with a password', async () => {
      const u = await registerUser(api, t.place);
      const other = await registerUser(api, t.place);
      const who2 = freshPerson();
      await mini(codeFor(who2), other.token);
      const taken = await mini(codeFor(who2), u.token);
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ code: ErrorCode.Conflict, msg: '该微信已绑定另一个账号', data: null });
      expect((await identitiesOf(other.id)).length).toBe(1);
      expect(await identitiesOf(u.id)).toEqual([]);
    });

    it('refuses (409) a second WeChat user for the same app', async () => {
      const u = await registerUser(api, t.place);
      await mini(codeFor(freshPerson()), u.token);
      const res = await mini(codeFor(freshPerson()), u.token);
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('当前账号已绑定另一个微信');
    });

    it('links at e-mail login with a mini program code, never failing the login', async () => {
      const u = await registerUser(api, t.place);
      const who = freshPerson();
      const res = await api.post(
        'login',
        { email: u.email, password: PASSWORD, code: codeFor(who) },
        { ip: freshIp() },
      );
      expect(res.body.data).toMatchObject({ wechat_linked: true, user: { id: u.id, wechat: { mp: true } } });
      const v = await registerUser(api, t.place);
      const taken = await api.post(
        'login',
        { email: v.email, password: PASSWORD, code: codeFor(who) },
        { ip: freshIp() },
      );
      expect(taken.body).toMatchObject({ code: ErrorCode.Ok, data: { wechat_linked: false, user: { id: v.id } } });
      const broken = await api.post(
        'login',
        { email: v.email, password: PASSWORD, code: 'invalid' },
        { ip: freshIp() },
      );
      expect(broken.body).toMatchObject({ code: ErrorCode.Ok, data: { wechat_linked: false } });
    });

    it('merges the WeChat-only session an e-mail login is made from', async () => {
      const wechatOnly = (await mini(codeFor(freshPerson()))).body.data;
      const u = await registerUser(api, t.place);
      const res = await api.post(
        'login',
        { email: u.email, password: PASSWORD },
        { ip: freshIp(), token: wechatOnly.access_token },
      );
      expect(res.body.data).toMatchObject({ wechat_linked: true, user: { id: u.id, wechat: { mp: true } } });
      expect(await userById(wechatOnly.user.id)).toBeUndefined();
    });

    it('completes a WeChat-only account when it registers', async () => {
      const who = freshPerson();
      const wechatOnly = (await mini(codeFor(who))).body.data;
      const reg = await api.post(
        'reg',
        {
          name: 'Wei Xin',
          phone: '13600000001',
          email: `${who}@example.com`,
          password: PASSWORD,
          confirm_password: PASSWORD,
          area_id: t.place.areaId,
          building_id: t.place.buildingId,
          room_no: '8',
        },
        { ip: freshIp(), token: wechatOnly.access_token },
      );
      expect(reg.body.data).toMatchObject({
        is_new: false,
        user: { id: wechatOnly.user.id, name: 'Wei Xin', has_password: true, wechat: { mp: true } },
      });
      expect(reg.body.data.user.default_address).not.toBeNull();
      expect((await mini(codeFor(who))).body.data.user.id).toBe(wechatOnly.user.id);
      expect(
        (await api.post('login', { email: `${who}@example.com`, password: PASSWORD }, { ip: freshIp() })).body.data.user
          .id,
      ).toBe(wechatOnly.user.id);
    });
  });
});

/** A stand-in for api.weixin.qq.com on 127.0.0.1. */
async function fakeWechat(answer: (path: string, q: URLSearchParams) => { status?: number; body: string }) {
  const received: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://fake');
    received.push(url);
    const a = answer(url.pathname, url.searchParams);
    // WeChat labels its JSON as text/plain.
    res.writeHead(a.status ?? 200, { 'content-type': 'text/plain' });
    res.end(a.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const realOptions = (base: string) => ({
  apiBase: base,
  oauthBase: 'https://open.weixin.qq.com',
  mpAppId: 'wxmp123',
  mpSecret: 'mp-secret',
  oaAppId: 'wxoa456',
  oaSecret: 'oa-secret',
});

describe('real WeChat client', () => {
  it('exchanges a mini program code at sns/jscode2session', async () => {
    const fake = await fakeWechat(() => ({
      body: JSON.stringify({ openid: 'o-mp-1', session_key: 'sk==', unionid: 'u-1' }),
    }));
    try {
      const session = await createRealWechat(realOptions(fake.base)).miniProgramCodeToSession('the-code');
      expect(session).toEqual({ openid: 'o-mp-1', unionid: 'u-1', sessionKey: 'sk==' });
      const q = fake.received[0]!;
      expect(q.pathname).toBe('/sns/jscode2session');
      expect(Object.fromEntries(q.searchParams)).toEqual({
        appid: 'wxmp123',
        secret: 'mp-secret',
        js_code: 'the-code',
        grant_type: 'authorization_code',
      });
    } finally {
      await fake.close();
    }
  });

  it('exchanges an official-account code at sns/oauth2/access_token', async () => {
    const fake = await fakeWechat(() => ({
      body: JSON.stringify({
        access_token: 'at',
        expires_in: 7200,
        refresh_token: 'rt',
        openid: 'o-oa-1',
        scope: 'snsapi_base',
      }),
    }));
    try {
      const user = await createRealWechat(realOptions(fake.base)).officialAccountCodeToUser('oa-code');
      expect(user).toEqual({ openid: 'o-oa-1' });
      expect(fake.received[0]!.pathname).toBe('/sns/oauth2/access_token');
      expect(Object.fromEntries(fake.received[0]!.searchParams)).toEqual({
        appid: 'wxoa456',
        secret: 'oa-secret',
        code: 'oa-code',
        grant_type: 'authorization_code',
      });
    } finally {
      await fake.close();
    }
  });

  it.each([
    ['invalid code 40029', { body: '{"errcode":40029,"errmsg":"invalid code"}' }, 'invalid_code'],
    ['used code 40163', { body: '{"errcode":40163,"errmsg":"code been used"}' }, 'invalid_code'],
    ['busy -1', { body: '{"errcode":-1,"errmsg":"system error"}' }, 'unavailable'],
    ['bad secret 40125', { body: '{"errcode":40125,"errmsg":"invalid appsecret"}' }, 'unavailable'],
    ['HTTP 500', { status: 500, body: 'oops' }, 'unavailable'],
    ['not JSON', { body: '<html>' }, 'unavailable'],
    ['no openid', { body: '{"session_key":"x"}' }, 'unavailable'],
  ])('maps %s', async (_, answer, kind) => {
    const fake = await fakeWechat(() => answer);
    try {
      await expect(createRealWechat(realOptions(fake.base)).miniProgramCodeToSession('c')).rejects.toMatchObject({
        kind,
      });
    } finally {
      await fake.close();
    }
  });

  it('reports an unreachable WeChat as unavailable', async () => {
    const fake = await fakeWechat(() => ({ body: '{}' }));
    await fake.close();
    await expect(createRealWechat(realOptions(fake.base)).officialAccountCodeToUser('c')).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });

  it("builds WeChat's authorize URL", () => {
    const url = createRealWechat(realOptions('http://x')).authorizeUrl({
      redirectUri: 'https://szeat.cn/login?isBack=1',
      state: 'abc',
      scope: 'snsapi_userinfo',
    });
    expect(url).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wxoa456&redirect_uri=https%3A%2F%2Fszeat.cn%2Flogin%3FisBack%3D1' +
        '&response_type=code&scope=snsapi_userinfo&state=abc#wechat_redirect',
    );
  });

  it('is what the app uses with WECHAT_MODE=real (the session key stays on the server)', async () => {
    const fake = await fakeWechat((path, q) =>
      path === '/sns/jscode2session'
        ? { body: JSON.stringify({ openid: `o-${q.get('js_code')}`, session_key: 'SECRET-SESSION-KEY' }) }
        : { body: JSON.stringify({ openid: 'o-oa', access_token: 'x' }) },
    );
    const t = await startTestApp('sqlite', {
      WECHAT_MODE: 'real',
      WECHAT_API_BASE: fake.base,
      WECHAT_MP_APPID: 'wxmp123',
      WECHAT_MP_SECRET: 's1',
      WECHAT_OA_APPID: 'wxoa456',
      WECHAT_OA_SECRET: 's2',
      WECHAT_PUSH_TOKEN: 'push-token',
      PUBLIC_BASE_URL: 'https://szeat.cn',
    });
    try {
      const api = apiOf(t.app);
      const res = await api.post('wxminilogin', { code: 'abc' }, { ip: freshIp() });
      expect(res.body).toMatchObject({ code: ErrorCode.Ok, data: { is_new: true } });
      expect(JSON.stringify(res.body)).not.toContain('SECRET-SESSION-KEY');
      const identity = await t.db.kysely.selectFrom('wechat_identities').selectAll().executeTakeFirstOrThrow();
      expect(identity).toMatchObject({ appid: 'wxmp123', openid: 'o-abc', unionid: null });
      const oauth = await api.get(`wxoauthurl?redirect=${encodeURIComponent('https://szeat.cn/login')}`, {
        ip: freshIp(),
      });
      expect(oauth.body.data.url).toMatch(
        /^https:\/\/open\.weixin\.qq\.com\/connect\/oauth2\/authorize\?appid=wxoa456&redirect_uri=https%3A%2F%2Fszeat\.cn%2Flogin&/,
      );
      const other = await api.get(`wxoauthurl?redirect=${encodeURIComponent('http://localhost/login')}`, {
        ip: freshIp(),
      });
      expect(other.status).toBe(400);
      // No sandbox authorize page in real mode.
      expect((await api.get('wxsandbox/authorize?redirect_uri=x&state=y')).status).toBe(404);
      const login = await api.post('wxpubliclogin', { code: 'c', state: oauth.body.data.state }, { ip: freshIp() });
      expect(login.body.code).toBe(ErrorCode.Ok);
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('is refused at start without its keys', () => {
    let error: unknown;
    try {
      loadConfig({ WECHAT_MODE: 'real', WECHAT_MP_APPID: 'wx1' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'WECHAT_MP_SECRET: required when WECHAT_MODE=real',
      'WECHAT_OA_APPID: required when WECHAT_MODE=real',
      'WECHAT_OA_SECRET: required when WECHAT_MODE=real',
      'WECHAT_PUSH_TOKEN: required when WECHAT_MODE=real (content check verdicts arrive by message push)',
    ]);
    expect(loadConfig({}).WECHAT_MODE).toBe('sandbox');
  });
});

describe.each(DIALECTS)('OAuth return pages never follow the Host header, on %s', (dialect) => {
  const authorizeReturn = async (t: TestContext, headers: Record<string, string>) => {
    const res = await t.api.get(`wxoauthurl?redirect=${encodeURIComponent('/cb')}`, { ip: freshIp(), headers });
    expect(res.body.code).toBe(ErrorCode.Ok);
    const page = await t.api.get(res.body.data.url, { headers });
    expect(page.status).toBe(302);
    return new URL(page.headers.location as string);
  };
  const spoofed: Array<Record<string, string>> = [
    { host: 'evil.example' },
    { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  ];

  describe('without PUBLIC_BASE_URL', () => {
    const t = useTestApp(dialect, { config: { HOST: '127.0.0.1', PORT: 4321 } });
    it.each(spoofed)('the listening address (headers %p)', async (headers) => {
      const back = await authorizeReturn(t, headers);
      expect(back.origin + back.pathname).toBe('http://127.0.0.1:4321/cb');
      const evil = await t.api.get(`wxoauthurl?redirect=${encodeURIComponent('https://evil.example/cb')}`, {
        ip: freshIp(),
        headers,
      });
      expect(evil.body).toMatchObject({ code: ErrorCode.Validation, data: { field: 'redirect' } });
    });
  });

  describe('with PUBLIC_BASE_URL', () => {
    const t = useTestApp(dialect, { config: { PUBLIC_BASE_URL: 'https://szeat.example.com' } });
    it.each(spoofed)('that origin (headers %p)', async (headers) => {
      const back = await authorizeReturn(t, headers);
      expect(back.origin + back.pathname).toBe('https://szeat.example.com/cb');
    });
  });
});
