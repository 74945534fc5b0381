import { ErrorCode } from '../../types/errors';
import { DIALECTS, useTestApp } from './support/app';
import { registerUser, sha256b64url } from './support/accounts';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

describe.each(DIALECTS)('sessions (bearer tokens) on %s', (dialect) => {
  const t = useTestApp(dialect, { config: { SESSION_IDLE_DAYS: 30, SESSION_MAX_DAYS: 90 } });
  const { api, clock } = t;

  const sessionOf = (token: string) =>
    t.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', sha256b64url(token))
      .executeTakeFirstOrThrow();
  const meCode = async (token: string) => (await api.get('me', { token })).body.code;

  it('ends a session after 30 days without use', async () => {
    const u = await registerUser(api, t.place);
    clock.advance(30 * DAY - MINUTE);
    expect(await meCode(u.token)).toBe(ErrorCode.Ok);
    clock.advance(30 * DAY - MINUTE);
    expect(await meCode(u.token)).toBe(ErrorCode.Ok);
    clock.advance(30 * DAY);
    const res = await api.get('me', { token: u.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: ErrorCode.SessionInvalid, msg: '登录已失效，请重新登录', data: null });
  });

  it('ends a session 90 days after login even when used every day', async () => {
    const u = await registerUser(api, t.place);
    const { expires_at } = await sessionOf(u.token);
    for (let day = 0; day < 89; day += 10) {
      expect(await meCode(u.token)).toBe(ErrorCode.Ok);
      clock.advance(10 * DAY);
    }
    // 90 days have passed.
    expect(clock.now()).toBeGreaterThanOrEqual(Number(expires_at));
    expect(await meCode(u.token)).toBe(ErrorCode.SessionInvalid);
  });

  it('refreshes last_used_at at most once a minute', async () => {
    const u = await registerUser(api, t.place);
    const created = Number((await sessionOf(u.token)).last_used_at);
    clock.advance(30 * 1000);
    await meCode(u.token);
    expect(Number((await sessionOf(u.token)).last_used_at)).toBe(created);
    clock.advance(31 * 1000);
    await meCode(u.token);
    expect(Number((await sessionOf(u.token)).last_used_at)).toBe(clock.now());
  });

  it('treats a revoked session as missing', async () => {
    const u = await registerUser(api, t.place);
    await t.db.kysely.updateTable('sessions').set({ revoked_at: clock.now() }).where('user_id', '=', u.id).execute();
    expect(await meCode(u.token)).toBe(ErrorCode.SessionInvalid);
  });

  it('takes the bearer scheme in any case and ignores tokens on public calls', async () => {
    const u = await registerUser(api, t.place);
    expect((await api.get('me', { headers: { authorization: `bearer ${u.token}` } })).body.code).toBe(ErrorCode.Ok);
    const article = await api.get('article?id=42', { headers: { authorization: 'Bearer not-a-session' } });
    expect(article.body.code).toBe(ErrorCode.Ok);
  });

  it('answers 1002 on every call that needs a session', async () => {
    for (const [method, path] of [
      ['GET', 'me'],
      ['POST', 'logout'],
      ['GET', 'addrlist'],
      ['GET', 'addrinfo?id=1'],
      ['POST', 'saveaddr'],
      ['POST', 'deladdr'],
      ['POST', 'setdefaultaddr'],
    ] as const) {
      const res = method === 'GET' ? await api.get(path) : await api.post(path, {});
      expect([path, res.status, res.body.code]).toEqual([path, 401, ErrorCode.SessionInvalid]);
    }
  });
});

describe('session settings', () => {
  const t = useTestApp('sqlite', { config: { SESSION_IDLE_DAYS: 1, SESSION_MAX_DAYS: 2 } });
  const { api, clock } = t;

  it('follows SESSION_IDLE_DAYS and SESSION_MAX_DAYS', async () => {
    const u = await registerUser(api, t.place);
    clock.advance(DAY + 1);
    expect((await api.get('me', { token: u.token })).body.code).toBe(ErrorCode.SessionInvalid);
    const v = await registerUser(api, t.place);
    clock.advance(DAY - MINUTE);
    expect((await api.get('me', { token: v.token })).body.code).toBe(ErrorCode.Ok);
    clock.advance(DAY);
    expect((await api.get('me', { token: v.token })).body.code).toBe(ErrorCode.SessionInvalid);
  });
});
