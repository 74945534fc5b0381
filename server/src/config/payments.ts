import fs from 'node:fs';
import { Type } from '@sinclair/typebox';

/**
 * Real payment providers (PAYMENT_PROVIDER=real): WeChat Pay API v3 and Alipay, each on when its keys are present.
 * Every key can come from the environment (PEM text, `\n` allowed for newlines) or from a file (`…_FILE`). Spread into
 * the schema in index.ts; documented in `.env.example` and the README ("Real payments").
 */
export const paymentsConfigSchema = {
  /** WeChat Pay: merchant id, the merchant API certificate's serial and private key, the APIv3 key. */
  WECHATPAY_MCHID: Type.String({ default: '' }),
  WECHATPAY_MCH_SERIAL_NO: Type.String({ default: '' }),
  WECHATPAY_MCH_PRIVATE_KEY: Type.String({ default: '' }),
  WECHATPAY_MCH_PRIVATE_KEY_FILE: Type.String({ default: '' }),
  WECHATPAY_API_V3_KEY: Type.String({ default: '' }),
  /** Public key mode (new merchants): the WeChat Pay public key and its id PUB_KEY_ID_…. */
  WECHATPAY_PUBLIC_KEY_ID: Type.String({ default: '' }),
  WECHATPAY_PUBLIC_KEY: Type.String({ default: '' }),
  WECHATPAY_PUBLIC_KEY_FILE: Type.String({ default: '' }),
  /** Certificate mode: '1' downloads platform certificates from /v3/certificates (with a public key too: both). */
  WECHATPAY_PLATFORM_CERTIFICATES: Type.Union([Type.Literal('0'), Type.Literal('1')], { default: '0' }),
  WECHATPAY_API_BASE: Type.String({ pattern: '^https?://', default: 'https://api.mch.weixin.qq.com' }),
  /** Alipay: the app id, the app's private key (PKCS#8), Alipay's public key, our seller id (2088…). */
  ALIPAY_APP_ID: Type.String({ default: '' }),
  ALIPAY_PRIVATE_KEY: Type.String({ default: '' }),
  ALIPAY_PRIVATE_KEY_FILE: Type.String({ default: '' }),
  ALIPAY_PUBLIC_KEY: Type.String({ default: '' }),
  ALIPAY_PUBLIC_KEY_FILE: Type.String({ default: '' }),
  ALIPAY_SELLER_ID: Type.String({ default: '' }),
  ALIPAY_GATEWAY: Type.String({ pattern: '^https?://', default: 'https://openapi.alipay.com/gateway.do' }),
};

interface PaymentsView {
  PAYMENT_PROVIDER?: unknown;
  PUBLIC_BASE_URL?: unknown;
  [key: string]: unknown;
}

/** A key's text: its `_FILE` if set (read now), else the variable itself with `\n` made newlines. */
export function secretOf(c: PaymentsView, name: string): string {
  const file = String(c[`${name}_FILE`] ?? '');
  if (file) return fs.readFileSync(file, 'utf8');
  return String(c[name] ?? '').replace(/\\n/g, '\n');
}

const present = (c: PaymentsView, name: string) => {
  const file = String(c[`${name}_FILE`] ?? '');
  return file ? fs.existsSync(file) : String(c[name] ?? '') !== '';
};

const WECHAT_KEYS = ['WECHATPAY_MCHID', 'WECHATPAY_MCH_SERIAL_NO', 'WECHATPAY_MCH_PRIVATE_KEY', 'WECHATPAY_API_V3_KEY'];
const ALIPAY_KEYS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'];

/** Which real providers the configuration switches on (each needs any one of its keys to be meant on). */
export function realProvidersOf(c: PaymentsView): { wechat: boolean; alipay: boolean } {
  return {
    wechat: WECHAT_KEYS.some((k) => present(c, k)),
    alipay: ALIPAY_KEYS.some((k) => present(c, k)),
  };
}

const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/;

/**
 * A local demo against the stand-ins (`npm run payments:standin`): the site on http://localhost and every configured
 * provider's API on loopback too, outside production. No real provider can reach such a site, so nothing real is
 * lost by allowing it; with a real provider's API the https address stays required.
 */
function localDemo(c: PaymentsView): boolean {
  if (c.NODE_ENV === 'production' || !LOOPBACK.test(String(c.PUBLIC_BASE_URL ?? ''))) return false;
  const on = realProvidersOf(c);
  const wechatBase = String(c.WECHATPAY_API_BASE ?? 'https://api.mch.weixin.qq.com');
  const alipayBase = String(c.ALIPAY_GATEWAY ?? 'https://openapi.alipay.com/gateway.do');
  return (
    (on.wechat || on.alipay) && (!on.wechat || LOOPBACK.test(wechatBase)) && (!on.alipay || LOOPBACK.test(alipayBase))
  );
}

/** Real mode refuses to start with every missing key listed, and without an https PUBLIC_BASE_URL. */
export function paymentsConfigProblems(c: PaymentsView): string[] {
  if (c.PAYMENT_PROVIDER !== 'real') return [];
  const problems: string[] = [];
  const base = String(c.PUBLIC_BASE_URL ?? '');
  if (!base.startsWith('https://') && !localDemo(c)) {
    problems.push(
      'PUBLIC_BASE_URL: PAYMENT_PROVIDER=real needs the https:// address of this site (or, for a local demo against ' +
        'the stand-ins, http://localhost with every provider API on loopback; notification and return URLs ' +
        `are built from it; got ${JSON.stringify(base)})`,
    );
  }
  const on = realProvidersOf(c);
  if (!on.wechat && !on.alipay) {
    problems.push(
      `PAYMENT_PROVIDER=real: no provider configured; set the WeChat Pay keys (${WECHAT_KEYS.join(', ')}) and/or ` +
        `the Alipay keys (${ALIPAY_KEYS.join(', ')})`,
    );
  }
  const missing = (keys: string[]) => keys.filter((k) => !present(c, k));
  if (on.wechat) {
    const lacking = missing(WECHAT_KEYS);
    if (!present(c, 'WECHATPAY_PUBLIC_KEY') && c.WECHATPAY_PLATFORM_CERTIFICATES !== '1') {
      lacking.push('WECHATPAY_PUBLIC_KEY (with WECHATPAY_PUBLIC_KEY_ID) or WECHATPAY_PLATFORM_CERTIFICATES=1');
    }
    if (present(c, 'WECHATPAY_PUBLIC_KEY') && !c.WECHATPAY_PUBLIC_KEY_ID) lacking.push('WECHATPAY_PUBLIC_KEY_ID');
    if (!c.WECHAT_MP_APPID && !c.WECHAT_OA_APPID) lacking.push('WECHAT_MP_APPID or WECHAT_OA_APPID');
    if (c.WECHATPAY_API_V3_KEY && String(c.WECHATPAY_API_V3_KEY).length !== 32) {
      problems.push('WECHATPAY_API_V3_KEY: must be the 32-character APIv3 key');
    }
    problems.push(...lacking.map((k) => `${k}: required for WeChat Pay (PAYMENT_PROVIDER=real)`));
  }
  if (on.alipay) problems.push(...missing(ALIPAY_KEYS).map((k) => `${k}: required for Alipay (PAYMENT_PROVIDER=real)`));
  return problems;
}
