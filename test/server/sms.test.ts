import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '../../types/errors';
import { ConfigError, loadConfig } from '../../server/src/config';
import type { SandboxSms } from '../../server/src/integrations/sms';
import { createTencentSms, tc3Authorization } from '../../server/src/integrations/sms/tencent';
import { DIALECTS, startTestApp, useTestApp } from './support/app';
import { freshIp, freshPhone, PASSWORD, placeOf, registerUser, type Registered } from './support/accounts';
import { apiOf } from './support/api';

const MINUTE = 60 * 1000;
const NEW_PASSWORD = 'brand-new-password';

describe.each(DIALECTS)('password reset by SMS on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  let sms: SandboxSms;
  beforeAll(async () => {
    sms = t.integrations.sms as SandboxSms;
  });

  const codesOf = (phone: string) =>
    t.db.kysely.selectFrom('sms_codes').selectAll().where('phone', '=', phone).orderBy('id').execute();
  const codeSentTo = (phone: string) => {
    const m = sms.lastTo(phone);
    if (!m) throw new Error(`no SMS to ${phone}`);
    return m.params[0]!;
  };
  const ask = (phone: string, ip = freshIp(), lang?: string) =>
    api.post('resetpwdsms', { phone }, { ip, ...(lang ? { lang } : {}) });
  const reset = (phone: string, code: string, ip = freshIp(), password = NEW_PASSWORD, confirm = password) =>
    api.post('savenewpwd', { phone, code, password, confirm_password: confirm }, { ip });
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('resetpwdsms', () => {
    it('sends a 6-digit code valid 10 minutes to a registered phone, stored only hashed', async () => {
      const u = await registerUser(api, t.place);
      const res = await ask(u.phone);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: ErrorCode.Ok, msg: '成功', data: { resend_after: 60, expires_in: 600 } });
      const message = sms.lastTo(u.phone)!;
      expect(message.purpose).toBe('reset_password');
      expect(message.params).toEqual([expect.stringMatching(/^\d{6}$/), '10']);
      expect(message.text).toContain(message.params[0]);
      expect(message.text).toContain('验证码');
      const rows = await codesOf(u.phone);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ purpose: 'reset_password', used_at: null, attempts: 0 });
      expect(Number(rows[0]!.expires_at)).toBe(clock.now() + 10 * MINUTE);
      expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain(`"${message.params[0]}"`);
    });

    it('writes the text in the request language', async () => {
      const u = await registerUser(api, t.place);
      await ask(u.phone, freshIp(), 'en');
      expect(sms.lastTo(u.phone)!.text).toMatch(/^\[szeat\] Your code is \d{6}\. It is valid for 10 minutes/);
    });

    it('answers an unknown phone exactly the same, sending and storing nothing', async () => {
      const phone = freshPhone();
      const before = sms.outbox.length;
      const res = await ask(phone);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: ErrorCode.Ok, msg: '成功', data: { resend_after: 60, expires_in: 600 } });
      expect(sms.outbox.length).toBe(before);
      expect(await codesOf(phone)).toEqual([]);
      // ... and its limits are the same too.
      expect((await ask(phone)).status).toBe(429);
    });

    it.each([
      ['', 'phone', '请输入手机号码'],
      ['12345', 'phone', '手机号码不正确，请输入以 1 开头的 11 位数字'],
    ])('validates the phone %p', async (phone, field, msg) => {
      const res = await ask(phone);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: ErrorCode.Validation, msg, data: { field } });
    });

    it('refuses a resend within 60 s, saying how long to wait; a new code replaces the old one', async () => {
      const u = await registerUser(api, t.place);
      await ask(u.phone);
      const first = codeSentTo(u.phone);
      clock.advance(20 * 1000);
      const soon = await ask(u.phone, freshIp(), 'en');
      expect(soon.status).toBe(429);
      expect(soon.body).toEqual({
        code: ErrorCode.RateLimited,
        msg: 'A code was just sent. Please wait 40 seconds before asking again.',
        data: null,
      });
      expect((await ask(u.phone)).body.msg).toBe('验证码已发送，请 40 秒后再试');
      clock.advance(40 * 1000);
      expect((await ask(u.phone)).body.code).toBe(ErrorCode.Ok);
      const second = codeSentTo(u.phone);
      const rows = await codesOf(u.phone);
      expect(rows).toHaveLength(2);
      expect(rows[0]!.used_at).not.toBeNull();
      expect(rows[1]!.used_at).toBeNull();
      if (first !== second) {
        const old = await reset(u.phone, first);
        expect(old.body).toMatchObject({ code: ErrorCode.Validation, data: { field: 'code' } });
      }
      expect((await reset(u.phone, second)).body.code).toBe(ErrorCode.Ok);
    });

    it('sends at most 5 codes per phone per hour', async () => {
      const u = await registerUser(api, t.place);
      for (let i = 0; i < 5; i++) {
        expect((await ask(u.phone)).body.code).toBe(ErrorCode.Ok);
        clock.advance(61 * 1000);
      }
      const limited = await ask(u.phone);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ code: ErrorCode.RateLimited, msg: '获取验证码太频繁，请稍后再试', data: null });
      clock.advance(60 * MINUTE);
      expect((await ask(u.phone)).body.code).toBe(ErrorCode.Ok);
    });

    it('sends at most 20 codes per client per hour', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) expect((await ask(freshPhone(), ip)).body.code).toBe(ErrorCode.Ok);
      expect((await ask(freshPhone(), ip)).status).toBe(429);
      expect((await ask(freshPhone(), freshIp())).body.code).toBe(ErrorCode.Ok);
    });
  });

  describe('savenewpwd', () => {
    async function withCode(): Promise<Registered & { code: string }> {
      const u = await registerUser(api, t.place);
      await ask(u.phone);
      return { ...u, code: codeSentTo(u.phone) };
    }

    it('sets the new password, uses the code and ends every session', async () => {
      const u = await withCode();
      const other = (await api.post('login', { email: u.email, password: PASSWORD }, { ip: freshIp() })).body.data
        .access_token;
      const res = await reset(u.phone, u.code);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: ErrorCode.Ok, msg: '成功', data: null });
      expect((await api.get('me', { token: u.token })).body.code).toBe(ErrorCode.SessionInvalid);
      expect((await api.get('me', { token: other })).body.code).toBe(ErrorCode.SessionInvalid);
      const sessions = await t.db.kysely
        .selectFrom('sessions')
        .select('revoked_at')
        .where('user_id', '=', u.id)
        .execute();
      expect(sessions.length).toBe(2);
      expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);
      expect((await codesOf(u.phone))[0]!.used_at).not.toBeNull();
      expect((await api.post('login', { email: u.email, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(
        ErrorCode.Failed,
      );
      expect((await api.post('login', { email: u.email, password: NEW_PASSWORD }, { ip: freshIp() })).body.code).toBe(
        ErrorCode.Ok,
      );
    });

    it('takes a code once', async () => {
      const u = await withCode();
      expect((await reset(u.phone, u.code)).body.code).toBe(ErrorCode.Ok);
      const again = await reset(u.phone, u.code, freshIp(), 'another-password');
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        code: ErrorCode.Validation,
        msg: '验证码错误或已失效，请重新获取',
        data: { field: 'code' },
      });
    });

    it('refuses a wrong code, counting the try', async () => {
      const u = await withCode();
      const res = await reset(u.phone, wrongCode(u.code));
      expect(res.body).toEqual({
        code: ErrorCode.Validation,
        msg: '验证码错误或已失效，请重新获取',
        data: { field: 'code' },
      });
      expect((await codesOf(u.phone))[0]).toMatchObject({ attempts: 1, used_at: null });
      expect((await reset(u.phone, u.code)).body.code).toBe(ErrorCode.Ok);
    });

    it('burns the code after 5 wrong tries', async () => {
      const u = await withCode();
      for (let i = 0; i < 5; i++)
        expect((await reset(u.phone, wrongCode(u.code))).body.code).toBe(ErrorCode.Validation);
      const row = (await codesOf(u.phone))[0]!;
      expect(row.attempts).toBe(5);
      expect(row.used_at).not.toBeNull();
      expect((await reset(u.phone, u.code)).body).toMatchObject({
        code: ErrorCode.Validation,
        data: { field: 'code' },
      });
      expect((await api.post('login', { email: u.email, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(
        ErrorCode.Ok,
      );
    });

    it('refuses a code after 10 minutes', async () => {
      const u = await withCode();
      clock.advance(10 * MINUTE);
      const res = await reset(u.phone, u.code, freshIp());
      expect(res.body).toMatchObject({ code: ErrorCode.Validation, msg: '验证码错误或已失效，请重新获取' });
    });

    it('accepts a code just before 10 minutes', async () => {
      const u = await withCode();
      clock.advance(10 * MINUTE - 1000);
      expect((await reset(u.phone, u.code)).body.code).toBe(ErrorCode.Ok);
    });

    it('answers an unregistered phone like a wrong code', async () => {
      const res = await reset(freshPhone(), '123456');
      expect(res.body).toEqual({
        code: ErrorCode.Validation,
        msg: '验证码错误或已失效，请重新获取',
        data: { field: 'code' },
      });
    });

    it('limits wrong codes per client: 30 an hour', async () => {
      const ip = freshIp();
      for (let i = 0; i < 30; i++)
        expect((await reset(freshPhone(), '123456', ip)).body.code).toBe(ErrorCode.Validation);
      const u = await withCode();
      const limited = await reset(u.phone, u.code, ip);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ code: ErrorCode.RateLimited, msg: '验证码错误次数过多，请稍后再试', data: null });
      expect((await reset(u.phone, u.code)).body.code).toBe(ErrorCode.Ok);
    });

    it('clears the e-mail login lock', async () => {
      const u = await withCode();
      for (let i = 0; i < 5; i++)
        await api.post('login', { email: u.email, password: 'wrong-password' }, { ip: freshIp() });
      expect((await api.post('login', { email: u.email, password: PASSWORD }, { ip: freshIp() })).status).toBe(429);
      expect((await reset(u.phone, u.code)).body.code).toBe(ErrorCode.Ok);
      expect((await api.post('login', { email: u.email, password: NEW_PASSWORD }, { ip: freshIp() })).body.code).toBe(
        ErrorCode.Ok,
      );
    });

    it.each([
      [{ phone: '' }, 'phone', 'Please enter your mobile number.'],
      [{ phone: '2391234567' }, 'phone', 'Please enter a valid mobile number: 11 digits starting with 1.'],
      [{ code: '' }, 'code', 'Please enter the verification code.'],
      [{ code: '12345' }, 'code', 'The verification code has 6 digits.'],
      [{ code: '12345a' }, 'code', 'The verification code has 6 digits.'],
      [{ password: '' }, 'password', 'Please enter a password.'],
      [{ password: 'short' }, 'password', 'Your password must be at least 8 characters.'],
      [{ confirm_password: '' }, 'confirm_password', 'Please confirm your password.'],
      [{ confirm_password: 'something-else' }, 'confirm_password', 'The passwords do not match.'],
    ])('validates %p', async (change, field, msg) => {
      const body = {
        phone: freshPhone(),
        code: '123456',
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
        ...change,
      };
      const res = await api.post('savenewpwd', body, { ip: freshIp(), lang: 'en' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: ErrorCode.Validation, msg, data: { field } });
    });
  });
});

/** A stand-in for the Tencent Cloud API on 127.0.0.1 that records what it receives. */
async function fakeTencent(answer: (body: Record<string, unknown>) => { status?: number; body: string }) {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string; method: string; url: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body, method: req.method!, url: req.url! });
      const a = answer(JSON.parse(body || '{}') as Record<string, unknown>);
      res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const OK_ANSWER = JSON.stringify({
  Response: {
    SendStatusSet: [{ SerialNo: '2640:1', PhoneNumber: '+8613911112222', Fee: 1, Code: 'Ok', Message: 'send success' }],
    RequestId: 'a0aabda6-cf91-4f3e-a81f-9198114a2279',
  },
});

/** TC3-HMAC-SHA256 written out again from Tencent's documentation, to check the client's header independently. */
function expectedSignature(secretKey: string, host: string, timestamp: number, payload: string) {
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const h = (s: string) => createHash('sha256').update(s).digest('hex');
  const canonical = `POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:${host}\n\ncontent-type;host\n${h(payload)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${h(canonical)}`;
  const k1 = createHmac('sha256', `TC3${secretKey}`).update(date).digest();
  const k2 = createHmac('sha256', k1).update('sms').digest();
  const k3 = createHmac('sha256', k2).update('tc3_request').digest();
  return createHmac('sha256', k3).update(toSign).digest('hex');
}

describe('Tencent Cloud SMS client', () => {
  it("signs like Tencent's published example (TC3-HMAC-SHA256)", () => {
    // The example request of Tencent Cloud API 3.0's signature documentation, with its masked demo keys.
    const auth = tc3Authorization({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      timestamp: 1551113065,
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    });
    expect(auth).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    );
  });

  it('sends SendSms with the template, signed, and reads the answer', async () => {
    const fake = await fakeTencent(() => ({ body: OK_ANSWER }));
    try {
      const now = Date.UTC(2026, 9, 1, 4, 0, 0);
      const client = createTencentSms({
        apiBase: fake.base,
        region: 'ap-guangzhou',
        secretId: 'AKIDtest',
        secretKey: 'secret-key',
        sdkAppId: '1400000000',
        signName: 'szeat',
        templateId: '123456',
        now: () => now,
      });
      await client.send({ phone: '13911112222', purpose: 'reset_password', params: ['654321', '10'], text: 'ignored' });
      expect(fake.received).toHaveLength(1);
      const r = fake.received[0]!;
      expect(r.method).toBe('POST');
      expect(r.url).toBe('/');
      expect(JSON.parse(r.body)).toEqual({
        PhoneNumberSet: ['+8613911112222'],
        SmsSdkAppId: '1400000000',
        SignName: 'szeat',
        TemplateId: '123456',
        TemplateParamSet: ['654321', '10'],
      });
      expect(r.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'x-tc-action': 'SendSms',
        'x-tc-version': '2021-01-11',
        'x-tc-region': 'ap-guangzhou',
        'x-tc-timestamp': String(now / 1000),
      });
      const host = new URL(fake.base).host;
      expect(r.headers.host).toBe(host);
      const signature = expectedSignature('secret-key', host, now / 1000, r.body);
      expect(r.headers.authorization).toBe(
        `TC3-HMAC-SHA256 Credential=AKIDtest/2026-10-01/sms/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`,
      );
    } finally {
      await fake.close();
    }
  });

  it.each([
    [
      'an API error',
      {
        body: JSON.stringify({
          Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad' }, RequestId: 'x' },
        }),
      },
      /AuthFailure\.SignatureFailure/,
    ],
    [
      'a refused number',
      {
        body: JSON.stringify({
          Response: {
            SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'limit', PhoneNumber: '+86' }],
            RequestId: 'x',
          },
        }),
      },
      /PhoneNumberDailyLimit/,
    ],
    ['an HTTP error', { status: 502, body: 'bad gateway' }, /HTTP 502/],
    ['an answer that is not JSON', { body: '<html>' }, /Tencent SMS/],
  ])('fails on %s', async (_, answer, message) => {
    const fake = await fakeTencent(() => answer);
    try {
      const client = createTencentSms({
        apiBase: fake.base,
        region: 'r',
        secretId: 'i',
        secretKey: 'k',
        sdkAppId: '1',
        signName: 's',
        templateId: 't',
      });
      await expect(
        client.send({ phone: '13911112222', purpose: 'reset_password', params: ['1', '2'], text: '' }),
      ).rejects.toThrow(message);
    } finally {
      await fake.close();
    }
  });

  it('is what resetpwdsms uses with SMS_PROVIDER=tencent', async () => {
    const fake = await fakeTencent(() => ({ body: OK_ANSWER }));
    const t = await startTestApp('sqlite', {
      SMS_PROVIDER: 'tencent',
      SMS_API_BASE: fake.base,
      SMS_SECRET_ID: 'id',
      SMS_SECRET_KEY: 'key',
      SMS_SDK_APP_ID: '1400000000',
      SMS_SIGN_NAME: 'szeat',
      SMS_TEMPLATE_ID: '99',
    });
    try {
      const api = apiOf(t.app);
      const u = await registerUser(api, await placeOf(t.db));
      expect((await api.post('resetpwdsms', { phone: u.phone }, { ip: freshIp() })).body.code).toBe(ErrorCode.Ok);
      for (let i = 0; i < 50 && fake.received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      const body = JSON.parse(fake.received[0]!.body) as {
        PhoneNumberSet: string[];
        TemplateParamSet: string[];
        TemplateId: string;
      };
      expect(body.PhoneNumberSet).toEqual([`+86${u.phone}`]);
      expect(body.TemplateId).toBe('99');
      expect(body.TemplateParamSet).toEqual([expect.stringMatching(/^\d{6}$/), '10']);
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('is refused at start without its keys', () => {
    let error: unknown;
    try {
      loadConfig({ SMS_PROVIDER: 'tencent', SMS_SECRET_ID: 'id' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toEqual([
      'SMS_SECRET_KEY: required when SMS_PROVIDER=tencent',
      'SMS_SDK_APP_ID: required when SMS_PROVIDER=tencent',
      'SMS_SIGN_NAME: required when SMS_PROVIDER=tencent',
      'SMS_TEMPLATE_ID: required when SMS_PROVIDER=tencent',
    ]);
    expect(loadConfig({}).SMS_PROVIDER).toBe('sandbox');
  });
});
