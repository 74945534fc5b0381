import { ErrorCode } from '../../types/errors';
import { DEMO_USER } from '../../server/src/seed/accounts';
import { createAppUnitOfWork } from '../../server/src/modules/repositories';
import { DIALECTS, useTestApp } from './support/app';
import {
  count,
  freshEmail,
  freshIp,
  freshPhone,
  PASSWORD,
  type Place,
  registerUser,
  registration,
  sha256b64url,
} from './support/accounts';

const MINUTE = 60 * 1000;

describe.each(DIALECTS)('accounts API on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;

  const userByEmail = (email: string) =>
    t.db.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  describe('reg', () => {
    it('creates the account with its default address, signs in, and stores only hashes', async () => {
      const body = registration(t.place, { email: 'Han.Meimei@Example.COM', name: '  韩梅梅 ' });
      const res = await api.post('reg', body, { ip: freshIp() });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(ErrorCode.Ok);
      const data = res.body.data;
      expect(data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(data).toMatchObject({ is_new: true, wechat_linked: false });
      expect(data.expires_at).toBe(clock.now() + 90 * 24 * 60 * MINUTE);
      expect(data.user).toMatchObject({
        name: '韩梅梅',
        nickname: '韩梅梅',
        email: 'han.meimei@example.com',
        phone: body.phone,
        wallet_balance_fen: 0,
        language: 'cn',
        has_password: true,
        wechat: { mp: false, oa: false },
      });
      expect(data.user.default_address).toMatchObject({
        name: '韩梅梅',
        phone: body.phone,
        area_id: t.place.areaId,
        building_id: t.place.buildingId,
        building_no: 'B',
        room_no: '1201',
        lat: t.place.lat,
        lng: t.place.lng,
        is_default: true,
      });

      const user = await userByEmail('han.meimei@example.com');
      expect(user).toMatchObject({
        name: '韩梅梅',
        phone: body.phone,
        language: 'cn',
        default_address_id: data.user.default_address!.id,
      });
      expect(user!.password_hash).toMatch(/^\$argon2id\$/);
      expect(user!.password_hash).not.toContain(PASSWORD);
      const addresses = await t.db.kysely.selectFrom('addresses').selectAll().where('user_id', '=', user!.id).execute();
      expect(addresses).toHaveLength(1);
      const sessions = await t.db.kysely.selectFrom('sessions').selectAll().where('user_id', '=', user!.id).execute();
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({
        token_hash: sha256b64url(data.access_token),
        platform: 'h5',
        revoked_at: null,
      });
      expect(JSON.stringify(sessions)).not.toContain(data.access_token);
    });

    it('records the language of the request and the mini program platform', async () => {
      const body = registration(t.place);
      const res = await api.post('reg', body, {
        ip: freshIp(),
        lang: 'en',
        headers: { referer: 'https://servicewechat.com/wx123/0/page-frame.html' },
      });
      expect(res.body.msg).toBe('Success');
      expect(res.body.data.user.language).toBe('en');
      expect(res.body.data.user.default_address!.area_name).toMatch(/[A-Za-z]/);
      const session = await t.db.kysely
        .selectFrom('sessions')
        .select('platform')
        .where('token_hash', '=', sha256b64url(res.body.data.access_token))
        .executeTakeFirstOrThrow();
      expect(session.platform).toBe('weapp');
    });

    it('accepts the limits exactly: 8 and 128-character passwords, 32-character names', async () => {
      for (const password of ['12345678', 'p'.repeat(128)]) {
        const res = await api.post(
          'reg',
          registration(t.place, { password, confirm_password: password, name: '名'.repeat(32) }),
          {
            ip: freshIp(),
          },
        );
        expect(res.body.code).toBe(ErrorCode.Ok);
      }
    });

    // [what, overrides, field, cn, en]
    const cases: Array<[string, (p: Place) => Record<string, unknown>, string, string, string]> = [
      ['no name', () => ({ name: undefined }), 'name', '请输入用户名', 'Please enter your user name.'],
      ['a blank name', () => ({ name: '   ' }), 'name', '请输入用户名', 'Please enter your user name.'],
      [
        'a 33-character name',
        () => ({ name: 'n'.repeat(33) }),
        'name',
        '用户名最多 32 个字符',
        'Your user name can be at most 32 characters.',
      ],
      ['no phone', () => ({ phone: '' }), 'phone', '请输入手机号码', 'Please enter your mobile number.'],
      [
        'a 10-digit phone',
        () => ({ phone: '1391234567' }),
        'phone',
        '手机号码不正确，请输入以 1 开头的 11 位数字',
        'Please enter a valid mobile number: 11 digits starting with 1.',
      ],
      [
        'a 12-digit phone',
        () => ({ phone: '139123456789' }),
        'phone',
        '手机号码不正确，请输入以 1 开头的 11 位数字',
        'Please enter a valid mobile number: 11 digits starting with 1.',
      ],
      [
        'a phone not starting with 1',
        () => ({ phone: '23912345678' }),
        'phone',
        '手机号码不正确，请输入以 1 开头的 11 位数字',
        'Please enter a valid mobile number: 11 digits starting with 1.',
      ],
      [
        'a phone with letters',
        () => ({ phone: '1391234567a' }),
        'phone',
        '手机号码不正确，请输入以 1 开头的 11 位数字',
        'Please enter a valid mobile number: 11 digits starting with 1.',
      ],
      ['no e-mail', () => ({ email: undefined }), 'email', '请输入邮箱', 'Please enter your e-mail address.'],
      [
        'an e-mail without @',
        () => ({ email: 'li.example.com' }),
        'email',
        '邮箱格式不正确',
        'Please enter a valid e-mail address.',
      ],
      [
        'an e-mail with a 7-letter ending',
        () => ({ email: 'li@example.abcdefg' }),
        'email',
        '邮箱格式不正确',
        'Please enter a valid e-mail address.',
      ],
      [
        'an e-mail with a space inside',
        () => ({ email: 'li lei@example.com' }),
        'email',
        '邮箱格式不正确',
        'Please enter a valid e-mail address.',
      ],
      [
        'an e-mail with a plus',
        () => ({ email: 'li+x@example.com' }),
        'email',
        '邮箱格式不正确',
        'Please enter a valid e-mail address.',
      ],
      [
        'no password',
        () => ({ password: '', confirm_password: '' }),
        'password',
        '请输入密码',
        'Please enter a password.',
      ],
      [
        'a 7-character password',
        () => ({ password: '1234567', confirm_password: '1234567' }),
        'password',
        '密码至少 8 位',
        'Your password must be at least 8 characters.',
      ],
      [
        'a 129-character password',
        () => ({ password: 'p'.repeat(129), confirm_password: 'p'.repeat(129) }),
        'password',
        '密码最多 128 位',
        'Your password can be at most 128 characters.',
      ],
      [
        'no confirmation',
        () => ({ confirm_password: '' }),
        'confirm_password',
        '请再次输入密码',
        'Please confirm your password.',
      ],
      [
        'a different confirmation',
        () => ({ confirm_password: `${PASSWORD}x` }),
        'confirm_password',
        '两次输入的密码不一致',
        'The passwords do not match.',
      ],
      ['no area', () => ({ area_id: undefined }), 'area_id', '请选择区域', 'Please choose an area.'],
      ['no building', () => ({ building_id: 0 }), 'building_id', '请选择楼宇', 'Please choose a building.'],
      [
        'an unknown area',
        () => ({ area_id: 999999 }),
        'area_id',
        '所选区域不存在，请重新选择',
        'The chosen area does not exist. Please choose again.',
      ],
      [
        'a building of another area',
        (p) => ({ building_id: p.otherBuildingId }),
        'building_id',
        '所选楼宇不在该区域，请重新选择',
        'The chosen building is not in that area. Please choose again.',
      ],
      [
        'an unknown building',
        () => ({ building_id: 999999 }),
        'building_id',
        '所选楼宇不在该区域，请重新选择',
        'The chosen building is not in that area. Please choose again.',
      ],
      [
        'a 33-character building number',
        () => ({ building_no: 'b'.repeat(33) }),
        'building_no',
        '楼栋号最多 32 个字符',
        'The building number can be at most 32 characters.',
      ],
      ['no room', () => ({ room_no: ' ' }), 'room_no', '请输入房间号', 'Please enter the room number.'],
      [
        'a 33-character room',
        () => ({ room_no: 'r'.repeat(33) }),
        'room_no',
        '房间号最多 32 个字符',
        'The room number can be at most 32 characters.',
      ],
    ];

    it.each(cases)(
      'refuses %s with a message for that field, in both languages, writing nothing',
      async (_, change, field, cn, en) => {
        const before = await count(t.db, 'users');
        const body: Record<string, unknown> = { ...registration(t.place), ...change(t.place) };
        for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
        const zh = await api.post('reg', body, { ip: freshIp() });
        expect(zh.status).toBe(400);
        expect(zh.body).toEqual({ code: ErrorCode.Validation, msg: cn, data: { field } });
        const english = await api.post('reg', body, { ip: freshIp(), lang: 'en' });
        expect(english.body).toEqual({ code: ErrorCode.Validation, msg: en, data: { field } });
        expect(await count(t.db, 'users')).toBe(before);
      },
    );

    it('checks the fields in form order: the first bad one is named', async () => {
      const res = await api.post('reg', { name: '', phone: 'x', email: 'y' }, { ip: freshIp() });
      expect(res.body.data).toEqual({ field: 'name' });
      const next = await api.post('reg', { name: 'Li', phone: 'x', email: 'y' }, { ip: freshIp() });
      expect(next.body.data).toEqual({ field: 'phone' });
    });

    it('refuses a wrong type with the shared validation envelope', async () => {
      const res = await api.post('reg', { ...registration(t.place), area_id: 'abc' }, { ip: freshIp(), lang: 'en' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: ErrorCode.Validation, msg: 'area_id must be a whole number', data: null });
    });

    it('answers a clear conflict for a registered e-mail (any case) or phone, and writes nothing', async () => {
      const first = await registerUser(api, t.place);
      const before = await count(t.db, 'users');
      const addressesBefore = await count(t.db, 'addresses');
      const sameEmail = await api.post('reg', registration(t.place, { email: first.email.toUpperCase() }), {
        ip: freshIp(),
      });
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body).toEqual({
        code: ErrorCode.Conflict,
        msg: '该邮箱已注册，请直接登录或找回密码',
        data: null,
      });
      const samePhone = await api.post('reg', registration(t.place, { phone: first.phone }), {
        ip: freshIp(),
        lang: 'en',
      });
      expect(samePhone.status).toBe(409);
      expect(samePhone.body).toEqual({
        code: ErrorCode.Conflict,
        msg: 'This mobile number is already registered. Log in or reset your password.',
        data: null,
      });
      expect(await count(t.db, 'users')).toBe(before);
      expect(await count(t.db, 'addresses')).toBe(addressesBefore);
    });

    it('limits registrations per client: 10 an hour', async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i++)
        expect((await api.post('reg', registration(t.place), { ip })).body.code).toBe(ErrorCode.Ok);
      const limited = await api.post('reg', registration(t.place), { ip, lang: 'en' });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        code: ErrorCode.RateLimited,
        msg: 'Too many sign-ups from your network. Please try again later.',
        data: null,
      });
      expect((await api.post('reg', registration(t.place), { ip: freshIp() })).body.code).toBe(ErrorCode.Ok);
      clock.advance(61 * MINUTE);
      expect((await api.post('reg', registration(t.place), { ip })).body.code).toBe(ErrorCode.Ok);
    });
  });

  describe('login', () => {
    it('signs the demo user in (and rehashes a password stored with other cost settings)', async () => {
      const before = await userByEmail(DEMO_USER.email);
      expect(before!.password_hash).toMatch(/m=19456/);
      const res = await api.post('login', { email: 'Demo@SZEAT.cn', password: DEMO_USER.password }, { ip: freshIp() });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(ErrorCode.Ok);
      expect(res.body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.data.user).toMatchObject({ email: DEMO_USER.email, phone: DEMO_USER.phone, has_password: true });
      expect(res.body.data.user.default_address).not.toBeNull();
      const after = await userByEmail(DEMO_USER.email);
      expect(after!.password_hash).toMatch(/m=1024/);
      const again = await api.post(
        'login',
        { email: DEMO_USER.email, password: DEMO_USER.password },
        { ip: freshIp() },
      );
      expect(again.body.code).toBe(ErrorCode.Ok);
    });

    it('sends `code` as optional (defaults to empty) and updates the account language', async () => {
      const u = await registerUser(api, t.place);
      const res = await api.post('login', { email: u.email, password: PASSWORD }, { ip: freshIp(), lang: 'en' });
      expect(res.body.code).toBe(ErrorCode.Ok);
      expect(res.body.data.user.language).toBe('en');
      expect((await userByEmail(u.email))!.language).toBe('en');
    });

    it('answers a wrong password and an unknown e-mail with the same generic message', async () => {
      const u = await registerUser(api, t.place);
      const wrong = await api.post('login', { email: u.email, password: 'wrong-password' }, { ip: freshIp() });
      const unknown = await api.post(
        'login',
        { email: freshEmail('nobody'), password: 'wrong-password' },
        { ip: freshIp() },
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ code: ErrorCode.Failed, msg: '邮箱或密码错误', data: null });
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);
      const en = await api.post('login', { email: u.email, password: 'wrong-password' }, { ip: freshIp(), lang: 'en' });
      expect(en.body.msg).toBe('Incorrect e-mail or password.');
    });

    it('refuses an account made by a WeChat login (no password) with the same message', async () => {
      await t.db.kysely
        .insertInto('users')
        .values({
          name: '',
          nickname: 'w',
          email: 'nopassword@example.com',
          phone: null,
          password_hash: null,
          language: 'cn',
          default_address_id: null,
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      const res = await api.post(
        'login',
        { email: 'nopassword@example.com', password: 'anything-at-all' },
        { ip: freshIp() },
      );
      expect(res.body).toEqual({ code: ErrorCode.Failed, msg: '邮箱或密码错误', data: null });
    });

    it.each([
      [{ password: PASSWORD }, 'email', '请输入邮箱'],
      [{ email: 'not-an-email', password: PASSWORD }, 'email', '邮箱格式不正确'],
      [{ email: 'li@example.com' }, 'password', '请输入密码'],
    ])('validates %p', async (body, field, msg) => {
      const res = await api.post('login', body, { ip: freshIp() });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: ErrorCode.Validation, msg, data: { field } });
    });

    it('locks an e-mail after 5 failures in 15 minutes, even for the right password, from any client', async () => {
      const u = await registerUser(api, t.place);
      for (let i = 0; i < 5; i++) {
        expect(
          (await api.post('login', { email: u.email, password: 'wrong-password' }, { ip: freshIp() })).body.code,
        ).toBe(ErrorCode.Failed);
      }
      const locked = await api.post('login', { email: u.email, password: PASSWORD }, { ip: freshIp(), lang: 'en' });
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({
        code: ErrorCode.RateLimited,
        msg: 'Too many failed log-ins. Try again in 15 minutes or reset your password.',
        data: null,
      });
      // Unknown e-mails lock the same way (no hint which exist).
      const ghost = freshEmail('ghost');
      for (let i = 0; i < 5; i++)
        await api.post('login', { email: ghost, password: 'wrong-password' }, { ip: freshIp() });
      expect((await api.post('login', { email: ghost, password: 'wrong-password' }, { ip: freshIp() })).status).toBe(
        429,
      );

      clock.advance(15 * MINUTE + 1);
      expect((await api.post('login', { email: u.email, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(
        ErrorCode.Ok,
      );
    });

    it('clears the e-mail count after a good login', async () => {
      const u = await registerUser(api, t.place);
      for (let i = 0; i < 4; i++)
        await api.post('login', { email: u.email, password: 'wrong-password' }, { ip: freshIp() });
      expect((await api.post('login', { email: u.email, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(
        ErrorCode.Ok,
      );
      for (let i = 0; i < 4; i++) {
        expect(
          (await api.post('login', { email: u.email, password: 'wrong-password' }, { ip: freshIp() })).body.code,
        ).toBe(ErrorCode.Failed);
      }
      expect((await api.post('login', { email: u.email, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(
        ErrorCode.Ok,
      );
    });

    it('limits a client to 20 failures in 15 minutes across e-mails; a good login does not reset that', async () => {
      const ip = freshIp();
      const u = await registerUser(api, t.place);
      for (let i = 0; i < 19; i++) {
        expect(
          (await api.post('login', { email: freshEmail('spray'), password: 'wrong-password' }, { ip })).body.code,
        ).toBe(ErrorCode.Failed);
      }
      expect((await api.post('login', { email: u.email, password: PASSWORD }, { ip })).body.code).toBe(ErrorCode.Ok);
      expect(
        (await api.post('login', { email: freshEmail('spray'), password: 'wrong-password' }, { ip })).body.code,
      ).toBe(ErrorCode.Failed);
      const limited = await api.post('login', { email: u.email, password: PASSWORD }, { ip });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe(ErrorCode.RateLimited);
      expect((await api.post('login', { email: u.email, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(
        ErrorCode.Ok,
      );
      const counter = await t.db.kysely
        .selectFrom('rate_counters')
        .select('n')
        .where('key', '=', `login:ip:${ip}`)
        .executeTakeFirstOrThrow();
      expect(counter.n).toBe(20);
    });
  });

  describe('me and logout', () => {
    it('answers the signed-in customer', async () => {
      const u = await registerUser(api, t.place, { name: 'Zhang San' });
      const res = await api.get('me', { token: u.token, lang: 'en' });
      expect(res.status).toBe(200);
      expect(res.body.msg).toBe('Success');
      expect(res.body.data).toMatchObject({
        id: u.id,
        name: 'Zhang San',
        nickname: 'Zhang San',
        phone: u.phone,
        email: u.email,
        wallet_balance_fen: 0,
        has_password: true,
        wechat: { mp: false, oa: false },
        memberships: [],
      });
      expect(res.body.data.default_address!.is_default).toBe(true);
    });

    it('shows the wallet balance in fen', async () => {
      const u = await registerUser(api, t.place);
      const ref = { reason: 'adjustment', refType: 'test', refId: u.id } as const;
      await createAppUnitOfWork(t.db.kysely).transaction((tx) => tx.wallet.credit(u.id, 12345, ref, clock.now()));
      expect((await api.get('me', { token: u.token })).body.data.wallet_balance_fen).toBe(12345);
    });

    it.each([
      ['no Authorization header', {}],
      ['an unknown token', { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
      ['a Basic header', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['an empty bearer', { authorization: 'Bearer ' }],
      ['a huge token', { authorization: `Bearer ${'x'.repeat(5000)}` }],
    ])('answers 1002 / 401 for %s', async (_, headers) => {
      const res = await api.get('me', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: ErrorCode.SessionInvalid, msg: '登录已失效，请重新登录', data: null });
      expect((await api.get('me', { headers, lang: 'en' })).body.msg).toBe(
        'Your session has expired. Please log in again.',
      );
    });

    it('logout revokes this session only, on the server', async () => {
      const u = await registerUser(api, t.place);
      const second = await api.post('login', { email: u.email, password: PASSWORD }, { ip: freshIp() });
      const other = second.body.data.access_token as string;
      const res = await api.post('logout', {}, { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: ErrorCode.Ok, msg: '成功', data: null });
      const row = await t.db.kysely
        .selectFrom('sessions')
        .select(['revoked_at'])
        .where('token_hash', '=', sha256b64url(u.token))
        .executeTakeFirstOrThrow();
      expect(Number(row.revoked_at)).toBe(clock.now());
      expect((await api.get('me', { token: u.token })).body.code).toBe(ErrorCode.SessionInvalid);
      expect((await api.post('logout', {}, { token: u.token })).status).toBe(401);
      expect((await api.get('me', { token: other })).body.code).toBe(ErrorCode.Ok);
    });

    it('logout without a session answers 1002 before looking at the body', async () => {
      const res = await api.post('logout', { unexpected: 1 });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(ErrorCode.SessionInvalid);
    });

    it('keeps the phone and e-mail unique in the database too', async () => {
      const u = await registerUser(api, t.place);
      const insert = (email: string, phone: string) =>
        t.db.kysely
          .insertInto('users')
          .values({
            name: 'x',
            nickname: 'x',
            email,
            phone,
            password_hash: null,
            language: 'cn',
            default_address_id: null,
            created_at: 1,
            updated_at: 1,
          })
          .execute()
          .then(
            () => 'inserted',
            (e: unknown) => String((e as { message?: string }).message),
          );
      expect(await insert(u.email, freshPhone())).toMatch(/unique|duplicate/i);
      expect(await insert(freshEmail('unique'), u.phone)).toMatch(/unique|duplicate/i);
    });
  });
});
