import { ConfigError, loadConfig } from '../../server/src/config';
import { publicOrigin, trustProxyProblems } from '../../server/src/config/safety';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
};

const REAL_PROVIDERS = {
  WECHAT_MODE: 'real',
  WECHAT_MP_APPID: 'wx1',
  WECHAT_MP_SECRET: 's1',
  WECHAT_OA_APPID: 'wx2',
  WECHAT_OA_SECRET: 's2',
  WECHAT_PUSH_TOKEN: 'push-token',
  SMS_PROVIDER: 'tencent',
  SMS_SECRET_ID: 'id',
  SMS_SECRET_KEY: 'key',
  SMS_SDK_APP_ID: '1400',
  SMS_SIGN_NAME: 'szeat',
  SMS_TEMPLATE_ID: '1',
};

/** Production safety (issue 8 §3): checked when the configuration is read, before anything else happens. */
describe('production configuration', () => {
  it('refuses every sandbox in production, naming each, unless ALLOW_SANDBOX=1', () => {
    const problems = problemsOf({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://szeat.example.com' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^NODE_ENV=production with sandbox integrations: /);
    for (const key of ['WECHAT_MODE=sandbox', 'SMS_PROVIDER=sandbox', 'PAYMENT_PROVIDER=sandbox', 'ALLOW_SANDBOX=1'])
      expect(problems[0]).toContain(key);
    // Real WeChat and SMS: the payment sandbox alone is still refused.
    const payments = problemsOf({
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'https://szeat.example.com',
      ...REAL_PROVIDERS,
    });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toContain('PAYMENT_PROVIDER=sandbox');
    expect(payments[0]).not.toContain('WECHAT_MODE');
    expect(
      problemsOf({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://szeat.example.com', ALLOW_SANDBOX: '1' }),
    ).toEqual([]);
    // Development and tests run the sandboxes without asking.
    expect(problemsOf({})).toEqual([]);
  });

  it('requires PUBLIC_BASE_URL in production, and an http(s) origin whenever it is set', () => {
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_SANDBOX: '1' })).toEqual([
      expect.stringMatching(/^PUBLIC_BASE_URL: required when NODE_ENV=production/),
    ]);
    for (const bad of ['szeat.example.com', 'ftp://szeat.example.com', 'https://szeat.example.com/app', 'https://x/?a'])
      expect(problemsOf({ PUBLIC_BASE_URL: bad })).toEqual([expect.stringMatching(/^PUBLIC_BASE_URL: must be/)]);
    expect(problemsOf({ PUBLIC_BASE_URL: 'https://szeat.example.com/' })).toEqual([]);
  });

  it('checks TRUST_PROXY when read (not when the first request arrives)', () => {
    for (const good of ['loopback', 'false', 'true', '2', '10.0.0.1', '10.0.0.0/8, 127.0.0.1', '::1', 'fd00::/8'])
      expect(trustProxyProblems(good)).toEqual([]);
    for (const bad of ['nonsense', '10.0.0.0/99', '300.1.1.1', '10.0.0.1,, x', 'loopback;rm'])
      expect(problemsOf({ TRUST_PROXY: bad })).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
  });

  it('reports every problem at once: a bad PORT does not hide missing WeChat keys', () => {
    const problems = problemsOf({ PORT: 'eighty', WECHAT_MODE: 'real', TRUST_PROXY: 'nonsense' });
    expect(problems.some((p) => p.startsWith('PORT: '))).toBe(true);
    expect(problems).toEqual(
      expect.arrayContaining([
        'WECHAT_MP_APPID: required when WECHAT_MODE=real',
        'WECHAT_OA_SECRET: required when WECHAT_MODE=real',
        expect.stringMatching(/^TRUST_PROXY: /),
      ]),
    );
  });

  it('derives the public origin from configuration only', () => {
    const base = { PUBLIC_BASE_URL: '', HOST: 'localhost', PORT: 3000 };
    expect(publicOrigin(base)).toBe('http://localhost:3000');
    expect(publicOrigin({ ...base, PORT: 0 }, 43210)).toBe('http://localhost:43210');
    expect(publicOrigin({ ...base, HOST: '0.0.0.0' })).toBe('http://localhost:3000');
    expect(publicOrigin({ ...base, PUBLIC_BASE_URL: 'https://szeat.example.com/' })).toBe('https://szeat.example.com');
  });
});
