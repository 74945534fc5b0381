import type { Config } from '../config';
import type { Integrations } from '../integrations';
import { createOrdersService } from './orders/service';
import { createRefunds } from './payments/refunds';
import { createPaymentsService } from './payments/service';
import type { AppUnitOfWork } from './repositories';

/** Where the orders and payments services report: failures with their error, notices (a refused notification). */
export interface OrderServicesLog {
  error(obj: object, msg: string): void;
  /** Notices without an error; logged as errors when the log has no warn level. */
  warn?(msg: string): void;
}

export interface OrderServicesDeps {
  uow: AppUnitOfWork;
  /** The clock (epoch ms). */
  now: () => number;
  integrations: Pick<Integrations, 'payments'>;
  config: Pick<Config, 'ORDER_PAYMENT_TIMEOUT_MINUTES'>;
  log?: OrderServicesLog;
}

/**
 * The orders service and the payments service over it, with what they depend on taken from the configuration and
 * the integrations: the one place both the app (modules/container.ts) and the background jobs (app-jobs.ts) build
 * them, so the jobs' order moves and payment queries cannot drift from the app's.
 */
export function createOrderServices({ uow, now, integrations, config, log }: OrderServicesDeps) {
  const refunds = createRefunds({
    uow,
    now,
    provider: integrations.payments,
    log: (msg, err) => log?.error({ err }, msg),
  });
  const orders = createOrdersService({
    uow,
    now,
    refunds,
    paymentTimeoutMs: config.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000,
  });
  const payments = createPaymentsService({
    uow,
    now,
    provider: integrations.payments,
    orders,
    refunds,
    log: (msg, err) => (err || !log?.warn ? log?.error({ err }, msg) : log.warn(msg)),
  });
  return { orders, payments };
}
