import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { realProvidersOf, secretOf } from '../../config/payments';
import { createAlipayProvider } from './alipay/provider';
import { createSandboxPayments } from './sandbox';
import { dbSandboxLedger } from './sandbox-ledger';
import type { PaymentProvider } from './types';
import { createWechatPayProvider } from './wechatpay/provider';

export type { SandboxPayments, CashierSession } from './sandbox';
export { SANDBOX_CASHIER_PATH } from './sandbox';
export type * from './types';
export { PaymentProviderError } from './types';
export { channelOf, channelOfClient, insideWechat, methodWorksOn, type PayClient } from './channel';

/** The providers of a server: which one takes an order's payment method, and each by name (notifications). */
export interface PaymentProviders {
  forMethod(method: string): PaymentProvider | null;
  byName(name: string): PaymentProvider | null;
  readonly all: readonly PaymentProvider[];
}

/**
 * Providers by payment method: one provider for both (the sandbox), or WeChat Pay for `wechat` and Alipay for
 * `alipay`. A bare provider (tests) takes both methods.
 */
export function paymentProviders(...providers: PaymentProvider[]): PaymentProviders {
  const byName = new Map(providers.map((p) => [p.name, p]));
  return {
    forMethod(method) {
      if (providers.length === 1) return method === 'wechat' || method === 'alipay' ? providers[0]! : null;
      return byName.get(method as PaymentProvider['name']) ?? null;
    },
    byName: (name) => byName.get(name as PaymentProvider['name']) ?? null,
    all: providers,
  };
}

export const asProviders = (p: PaymentProvider | PaymentProviders): PaymentProviders =>
  'forMethod' in p ? p : paymentProviders(p);

/**
 * PAYMENT_PROVIDER picks the providers: the sandbox (default, offline), or the real WeChat Pay API v3 and Alipay
 * clients, each on when its keys are set (config/payments.ts has refused real mode with a key missing).
 */
export function createPayments(config: Config, { db, now }: { db?: Db; now?: () => number } = {}): PaymentProviders {
  if (config.PAYMENT_PROVIDER !== 'real') {
    return paymentProviders(
      createSandboxPayments({
        secret: config.PAYMENT_SANDBOX_SECRET,
        log: config.LOG_LEVEL === 'silent' ? () => undefined : undefined,
        // In the database: every instance (and a restart) knows a payment made through another.
        ...(db ? { ledger: dbSandboxLedger(db.kysely) } : {}),
        ...(now ? { now } : {}),
      }),
    );
  }
  const on = realProvidersOf(config);
  const list: PaymentProvider[] = [];
  if (on.wechat) {
    const publicKey = secretOf(config, 'WECHATPAY_PUBLIC_KEY');
    list.push(
      createWechatPayProvider({
        apiBase: config.WECHATPAY_API_BASE,
        mchid: config.WECHATPAY_MCHID,
        serialNo: config.WECHATPAY_MCH_SERIAL_NO,
        privateKey: createPrivateKey(secretOf(config, 'WECHATPAY_MCH_PRIVATE_KEY')),
        apiV3Key: config.WECHATPAY_API_V3_KEY,
        ...(publicKey ? { publicKey: { id: config.WECHATPAY_PUBLIC_KEY_ID, key: createPublicKey(publicKey) } } : {}),
        certificates: config.WECHATPAY_PLATFORM_CERTIFICATES === '1',
        ...(config.WECHAT_MP_APPID ? { mpAppId: config.WECHAT_MP_APPID } : {}),
        ...(config.WECHAT_OA_APPID ? { oaAppId: config.WECHAT_OA_APPID } : {}),
      }),
    );
  }
  if (on.alipay) {
    list.push(
      createAlipayProvider({
        appId: config.ALIPAY_APP_ID,
        privateKey: secretOf(config, 'ALIPAY_PRIVATE_KEY'),
        alipayPublicKey: secretOf(config, 'ALIPAY_PUBLIC_KEY'),
        gateway: config.ALIPAY_GATEWAY,
        ...(config.ALIPAY_SELLER_ID ? { sellerId: config.ALIPAY_SELLER_ID } : {}),
      }),
    );
  }
  return paymentProviders(...list);
}
