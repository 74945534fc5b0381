/**
 * PAYMENT_PROVIDER=real refuses to start with every missing key listed and without an https PUBLIC_BASE_URL; a local
 * demo against the stand-ins (http://localhost, every configured provider API on loopback, not production) may run.
 */
import { ConfigError, loadConfig } from '../../server/src/config';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
};

const WECHAT = {
  WECHATPAY_MCHID: '1900000109',
  WECHATPAY_MCH_SERIAL_NO: 'ABC',
  WECHATPAY_MCH_PRIVATE_KEY: 'pem',
  WECHATPAY_API_V3_KEY: 'k'.repeat(32),
  WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_01',
  WECHATPAY_PUBLIC_KEY: 'pem',
  WECHAT_OA_APPID: 'wxoa',
};
const ALIPAY = { ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY: 'pem', ALIPAY_PUBLIC_KEY: 'pem' };

describe('PAYMENT_PROVIDER=real', () => {
  test('nothing configured: no provider, no https site, both said', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'real' })).toEqual([
      expect.stringMatching(/^PUBLIC_BASE_URL: PAYMENT_PROVIDER=real needs the https:\/\/ address/),
      expect.stringMatching(/^PAYMENT_PROVIDER=real: no provider configured/),
    ]);
  });

  test('every missing key of a provider is listed at once', () => {
    const problems = problemsOf({
      PAYMENT_PROVIDER: 'real',
      PUBLIC_BASE_URL: 'https://szeat.example.com',
      WECHATPAY_MCHID: '1900000109',
      ALIPAY_APP_ID: '2021',
    });
    expect(problems).toEqual([
      'WECHATPAY_MCH_SERIAL_NO: required for WeChat Pay (PAYMENT_PROVIDER=real)',
      'WECHATPAY_MCH_PRIVATE_KEY: required for WeChat Pay (PAYMENT_PROVIDER=real)',
      'WECHATPAY_API_V3_KEY: required for WeChat Pay (PAYMENT_PROVIDER=real)',
      'WECHATPAY_PUBLIC_KEY (with WECHATPAY_PUBLIC_KEY_ID) or WECHATPAY_PLATFORM_CERTIFICATES=1: required for WeChat Pay (PAYMENT_PROVIDER=real)',
      'WECHAT_MP_APPID or WECHAT_OA_APPID: required for WeChat Pay (PAYMENT_PROVIDER=real)',
      'ALIPAY_PRIVATE_KEY: required for Alipay (PAYMENT_PROVIDER=real)',
      'ALIPAY_PUBLIC_KEY: required for Alipay (PAYMENT_PROVIDER=real)',
    ]);
    expect(
      problemsOf({ PAYMENT_PROVIDER: 'real', PUBLIC_BASE_URL: 'https://szeat.example.com', ...WECHAT, ...ALIPAY }),
    ).toEqual([]);
  });

  test('http://localhost only for a demo against loopback stand-ins, never against a real provider or in production', () => {
    const demo = {
      PAYMENT_PROVIDER: 'real',
      PUBLIC_BASE_URL: 'http://localhost:3000',
      ...WECHAT,
      ...ALIPAY,
      WECHATPAY_API_BASE: 'http://127.0.0.1:8701',
      ALIPAY_GATEWAY: 'http://127.0.0.1:8702/gateway.do',
    };
    expect(problemsOf(demo)).toEqual([]);
    const realAlipay = { ...demo, ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do' };
    expect(problemsOf(realAlipay)).toEqual([expect.stringMatching(/^PUBLIC_BASE_URL: PAYMENT_PROVIDER=real needs/)]);
    expect(problemsOf({ ...demo, PUBLIC_BASE_URL: 'http://szeat.example.com' })[0]).toMatch(/^PUBLIC_BASE_URL/);
    expect(problemsOf({ ...demo, NODE_ENV: 'production' })).toContainEqual(
      expect.stringMatching(/^PUBLIC_BASE_URL: PAYMENT_PROVIDER=real needs/),
    );
  });
});
