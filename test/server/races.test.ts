import { ADDRESSES_PER_USER_MAX } from '../../types/constants';
import { ErrorCode } from '../../types/errors';
import type { SandboxSms } from '../../server/src/integrations/sms';
import { DIALECTS, useTestApp } from './support/app';
import { freshEmail, freshIp, freshPhone, PASSWORD, registerUser, registration } from './support/accounts';

/**
 * Every limit, counter and uniqueness rule under parallel requests through the real app (DESIGN §4a): the
 * requests are all in flight at once, and the outcome must be the limit exactly.
 */
describe.each(DIALECTS)('limits under parallel requests on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api } = t;

  const codes = (responses: Array<{ body: { code: number } }>) => {
    const tally: Record<number, number> = {};
    for (const r of responses) tally[r.body.code] = (tally[r.body.code] ?? 0) + 1;
    return tally;
  };

  it('login: 30 wrong passwords and the right one at once check exactly 5 (the per-account limit)', async () => {
    const u = await registerUser(api, t.place);
    const ip = freshIp();
    const bodies = [
      ...Array.from({ length: 30 }, () => ({ email: u.email, password: 'wrong-password' })),
      { email: u.email, password: PASSWORD },
    ];
    const res = await Promise.all(bodies.map((b) => api.post('login', b, { ip })));
    // Checked guesses answer 1002 (wrong) or 1000; all others are refused before the password is looked at.
    expect(codes(res)).toEqual({ [ErrorCode.Failed]: 5, [ErrorCode.RateLimited]: 26 });
  });

  it('login: 50 guesses at once from one client across e-mails check exactly 20 (the per-client limit)', async () => {
    const ip = freshIp();
    const res = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.post('login', { email: freshEmail('spray'), password: 'x-x-x-x-x' }, { ip }),
      ),
    );
    expect(codes(res)).toEqual({ [ErrorCode.Failed]: 20, [ErrorCode.RateLimited]: 30 });
  });

  it('SMS code: 40 wrong codes at once use exactly 5 guesses and burn the code', async () => {
    const u = await registerUser(api, t.place);
    expect((await api.post('resetpwdsms', { phone: u.phone }, { ip: freshIp() })).body.code).toBe(ErrorCode.Ok);
    const code = (t.integrations.sms as SandboxSms).lastTo(u.phone)!.params[0]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const body = { phone: u.phone, code: wrong, password: 'new-password-9', confirm_password: 'new-password-9' };
    const res = await Promise.all(Array.from({ length: 40 }, () => api.post('savenewpwd', body, { ip: freshIp() })));
    expect(codes(res)).toEqual({ [ErrorCode.Validation]: 40 });
    const row = await t.db.kysely
      .selectFrom('sms_codes')
      .select(['attempts', 'used_at'])
      .where('phone', '=', u.phone)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(row.used_at).not.toBeNull();
    // Burned: the right code no longer works.
    const right = await api.post('savenewpwd', { ...body, code }, { ip: freshIp() });
    expect(right.body.code).toBe(ErrorCode.Validation);
  });

  it('SMS code: 50 wrong codes at once from one client count exactly 30 (the per-client limit)', async () => {
    const ip = freshIp();
    const res = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.post(
          'savenewpwd',
          { phone: freshPhone(), code: '123456', password: 'pw-pw-pw-1', confirm_password: 'pw-pw-pw-1' },
          { ip },
        ),
      ),
    );
    expect(codes(res)).toEqual({ [ErrorCode.Validation]: 30, [ErrorCode.RateLimited]: 20 });
  });

  it('SMS send: 50 requests at once for one phone send exactly 1 code', async () => {
    const u = await registerUser(api, t.place);
    const sms = t.integrations.sms as SandboxSms;
    const before = sms.outbox.length;
    const res = await Promise.all(
      Array.from({ length: 50 }, () => api.post('resetpwdsms', { phone: u.phone }, { ip: freshIp() })),
    );
    expect(codes(res)).toEqual({ [ErrorCode.Ok]: 1, [ErrorCode.RateLimited]: 49 });
    expect(sms.outbox.length - before).toBe(1);
  });

  it('registration: 50 at once from one client create exactly 10 accounts', async () => {
    const ip = freshIp();
    const res = await Promise.all(Array.from({ length: 50 }, () => api.post('reg', registration(t.place), { ip })));
    expect(codes(res)).toEqual({ [ErrorCode.Ok]: 10, [ErrorCode.RateLimited]: 40 });
  });

  it('registration: 50 at once with one e-mail create exactly 1 account, the rest 1005', async () => {
    const email = freshEmail('twin');
    const res = await Promise.all(
      Array.from({ length: 50 }, () => api.post('reg', registration(t.place, { email }), { ip: freshIp() })),
    );
    expect(codes(res)).toEqual({ [ErrorCode.Ok]: 1, [ErrorCode.Conflict]: 49 });
    const rows = await t.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it(`addresses: 50 saves at once keep exactly ${ADDRESSES_PER_USER_MAX}; a delete frees one place`, async () => {
    const u = await registerUser(api, t.place); // 1 address from registration
    const save = () =>
      api.post(
        'saveaddr',
        { name: '王五', phone: freshPhone(), area_id: t.place.areaId, building_id: t.place.buildingId, room_no: '302' },
        { token: u.token },
      );
    const res = await Promise.all(Array.from({ length: 50 }, save));
    expect(codes(res)).toEqual({ [ErrorCode.Ok]: ADDRESSES_PER_USER_MAX - 1, [ErrorCode.Failed]: 50 - 19 });
    const counted = async () => {
      const rows = await t.db.kysely.selectFrom('addresses').select('id').where('user_id', '=', u.id).execute();
      const user = await t.db.kysely
        .selectFrom('users')
        .select('address_count')
        .where('id', '=', u.id)
        .executeTakeFirstOrThrow();
      return { rows: rows.map((r) => r.id), count: user.address_count };
    };
    const full = await counted();
    expect(full.rows).toHaveLength(ADDRESSES_PER_USER_MAX);
    expect(full.count).toBe(ADDRESSES_PER_USER_MAX);
    // 50 deletes of one address at once uncount it once.
    const gone = full.rows[3]!;
    const dels = await Promise.all(
      Array.from({ length: 50 }, () => api.post('deladdr', { id: gone }, { token: u.token })),
    );
    expect(codes(dels)).toEqual({ [ErrorCode.Ok]: 1, [ErrorCode.NotFound]: 49 });
    expect(await counted()).toMatchObject({ count: ADDRESSES_PER_USER_MAX - 1 });
    const again = await Promise.all(Array.from({ length: 5 }, save));
    expect(codes(again)).toEqual({ [ErrorCode.Ok]: 1, [ErrorCode.Failed]: 4 });
  });
});
