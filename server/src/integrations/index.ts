import type { Config } from '../config';
import { createContentCheck, type ContentCheck } from './content-check';
import type { Db } from '../db';
import { createIpGeo, type IpGeo } from './geo';
import { createPayments, type PaymentProvider, type PaymentProviders } from './payments';
import { createSms, type SmsSender } from './sms';
import { createStorage, type PhotoStorage } from './storage';
import { createWechat, type Wechat } from './wechat';

/**
 * The outside world (WeChat, Alipay, SMS, storage, IP geolocation) behind one interface per provider, each with a
 * sandbox (the default: offline, deterministic) and a real client chosen by configuration. Modules' services get
 * them from here; tests replace them.
 */
export interface Integrations {
  wechat: Wechat;
  sms: SmsSender;
  /** IP address -> province and city (offline database). */
  geo: IpGeo;
  /** Online payments (PAYMENT_PROVIDER: the sandbox, or WeChat Pay and Alipay); a bare provider takes both methods. */
  payments: PaymentProviders | PaymentProvider;
  /** Customers' photos: local disk (default) or S3-compatible storage (STORAGE). */
  storage: PhotoStorage;
  /** Content security of what customers publish (WeChat's in WECHAT_MODE=real, else the sandbox). */
  contentCheck: ContentCheck;
}

/**
 * `db`: where the sandbox payment provider keeps what it was paid (without it, one process's memory); `now`: the
 * sandboxes' clock (the app's, which tests move).
 */
export function createIntegrations(config: Config, options: { db?: Db; now?: () => number } = {}): Integrations {
  return {
    wechat: createWechat(config),
    sms: createSms(config),
    geo: createIpGeo(),
    payments: createPayments(config, options),
    storage: createStorage(config),
    contentCheck: createContentCheck(config),
  };
}
