import type { Config } from '../config';

/**
 * The outside world (WeChat, Alipay, SMS, storage, IP geolocation) behind one interface per provider, each with a
 * sandbox (the default: offline, deterministic) and a real client chosen by configuration. Modules' services get
 * them from here; tests replace them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Integrations {}

export function createIntegrations(_config: Config): Integrations {
  return {};
}
