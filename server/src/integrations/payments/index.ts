import type { Config } from '../../config';
import { createSandboxPayments } from './sandbox';
import type { PaymentProvider } from './types';

export type { SandboxPayments, CashierSession } from './sandbox';
export { SANDBOX_CASHIER_PATH } from './sandbox';
export type * from './types';
export { PaymentProviderError } from './types';

/** PAYMENT_PROVIDER picks the provider; WeChat Pay v3 and Alipay clients plug in here in a later issue. */
export function createPayments(config: Config): PaymentProvider {
  return createSandboxPayments({
    secret: config.PAYMENT_SANDBOX_SECRET,
    log: config.LOG_LEVEL === 'silent' ? () => undefined : undefined,
  });
}
