import { Type } from '@sinclair/typebox';

/**
 * Configuration of accounts: sessions, password hashing, WeChat logins and SMS. Spread into the schema in
 * index.ts; documented in `.env.example`. The defaults run everything offline (sandboxes).
 */
export const accountsConfigSchema = {
  SESSION_IDLE_DAYS: Type.Number({ exclusiveMinimum: 0, maximum: 3650, default: 30 }),
  SESSION_MAX_DAYS: Type.Number({ exclusiveMinimum: 0, maximum: 3650, default: 90 }),
  /** argon2id cost; the defaults are OWASP's (19 MiB, 2 passes). Tests lower them. */
  ARGON2_MEMORY_KIB: Type.Integer({ minimum: 1024, maximum: 4194304, default: 19456 }),
  ARGON2_TIME_COST: Type.Integer({ minimum: 1, maximum: 20, default: 2 }),
  WECHAT_MODE: Type.Union([Type.Literal('sandbox'), Type.Literal('real')], { default: 'sandbox' }),
  WECHAT_MP_APPID: Type.String({ default: '' }),
  WECHAT_MP_SECRET: Type.String({ default: '' }),
  WECHAT_OA_APPID: Type.String({ default: '' }),
  WECHAT_OA_SECRET: Type.String({ default: '' }),
  WECHAT_API_BASE: Type.String({ pattern: '^https?://', default: 'https://api.weixin.qq.com' }),
  WECHAT_OAUTH_BASE: Type.String({ pattern: '^https?://', default: 'https://open.weixin.qq.com' }),
  /** Subscribe message templates (empty: not asked for; the sandbox has its own ids). */
  WECHAT_TEMPLATE_ORDER_ACCEPTED: Type.String({ maxLength: 64, default: '' }),
  WECHAT_TEMPLATE_ORDER_READY: Type.String({ maxLength: 64, default: '' }),
  WECHAT_TEMPLATE_ORDER_DELIVERED: Type.String({ maxLength: 64, default: '' }),
  SMS_PROVIDER: Type.Union([Type.Literal('sandbox'), Type.Literal('tencent')], { default: 'sandbox' }),
  SMS_API_BASE: Type.String({ pattern: '^https?://', default: 'https://sms.tencentcloudapi.com' }),
  SMS_REGION: Type.String({ minLength: 1, default: 'ap-guangzhou' }),
  SMS_SECRET_ID: Type.String({ default: '' }),
  SMS_SECRET_KEY: Type.String({ default: '' }),
  SMS_SDK_APP_ID: Type.String({ default: '' }),
  SMS_SIGN_NAME: Type.String({ default: '' }),
  SMS_TEMPLATE_ID: Type.String({ default: '' }),
};

/** Real providers need their keys: the list of what is missing, so the server refuses to start without them. */
export function accountsConfigProblems(c: Record<string, unknown>): string[] {
  const need = (when: boolean, why: string, keys: string[]) =>
    when ? keys.filter((k) => !c[k]).map((k) => `${k}: required when ${why}`) : [];
  return [
    ...need(c.WECHAT_MODE === 'real', 'WECHAT_MODE=real', [
      'WECHAT_MP_APPID',
      'WECHAT_MP_SECRET',
      'WECHAT_OA_APPID',
      'WECHAT_OA_SECRET',
    ]),
    ...need(c.SMS_PROVIDER === 'tencent', 'SMS_PROVIDER=tencent', [
      'SMS_SECRET_ID',
      'SMS_SECRET_KEY',
      'SMS_SDK_APP_ID',
      'SMS_SIGN_NAME',
      'SMS_TEMPLATE_ID',
    ]),
  ];
}

/** The subscribe message templates in use, by kind (a kind without an id is off; the sandbox names its own). */
export function subscribeTemplates(c: {
  WECHAT_MODE: string;
  WECHAT_TEMPLATE_ORDER_ACCEPTED: string;
  WECHAT_TEMPLATE_ORDER_READY: string;
  WECHAT_TEMPLATE_ORDER_DELIVERED: string;
}): Partial<Record<'accepted' | 'ready' | 'delivered', string>> {
  const sandbox = c.WECHAT_MODE !== 'real';
  const pick = (id: string, kind: string) => id || (sandbox ? `sandbox-order-${kind}` : '');
  const all = {
    accepted: pick(c.WECHAT_TEMPLATE_ORDER_ACCEPTED, 'accepted'),
    ready: pick(c.WECHAT_TEMPLATE_ORDER_READY, 'ready'),
    delivered: pick(c.WECHAT_TEMPLATE_ORDER_DELIVERED, 'delivered'),
  };
  return Object.fromEntries(Object.entries(all).filter(([, id]) => id)) as Partial<typeof all>;
}
