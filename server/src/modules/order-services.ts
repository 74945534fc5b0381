import type { Config } from '../config';
import { API_PREFIX } from '../plugins/app/envelope';
import type { Integrations } from '../integrations';
import { createCartService } from './cart/service';
import { createOrdersService } from './orders/service';
import { createRefunds } from './payments/refunds';
import { createPaymentsService, NOTIFY_PATH } from './payments/service';
import type { AppUnitOfWork } from './repositories';
import { createWalletService } from './wallet/service';

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
  config: Pick<Config, 'ORDER_PAYMENT_TIMEOUT_MINUTES'> &
    Partial<Pick<Config, 'PAYMENT_PROVIDER' | 'PAYMENT_SANDBOX_SECRET' | 'WECHATPAY_API_V3_KEY' | 'PUBLIC_BASE_URL'>>;
  /** The customer's openid in a WeChat app (the accounts service; the app passes it, the jobs never pay). */
  openidOf?: (userId: number, app: 'mp' | 'oa') => Promise<string | null>;
  log?: OrderServicesLog;
}

/**
 * The services an order goes through once placed, with what they depend on taken from the configuration and the
 * integrations: the cart and wallet (a cancelled order's give-backs), the payment refunds, the orders service and the
 * payments service over it. The one place the app's service graph (modules/container.ts, which the background jobs
 * in app-jobs.ts build too) and the terminal tools build them, so the jobs' order moves and payment queries cannot
 * drift from the app's.
 */
export function createOrderServices({ uow, now, integrations, config, openidOf, log }: OrderServicesDeps) {
  const cart = createCartService(uow, now);
  const wallet = createWalletService({ uow, now, cart });
  const refunds = createRefunds({
    uow,
    now,
    providers: integrations.payments,
    ...(config.PUBLIC_BASE_URL
      ? { notifyBase: `${new URL(config.PUBLIC_BASE_URL).origin}${API_PREFIX}${NOTIFY_PATH}` }
      : {}),
    log: (msg, err) => log?.error({ err }, msg),
  });
  const orders = createOrdersService({
    uow,
    now,
    refunds,
    wallet,
    paymentTimeoutMs: config.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000,
    cart,
  });
  const payments = createPaymentsService({
    uow,
    now,
    provider: integrations.payments,
    // Our own cashier links (WeChat Pay Native, JSAPI) are signed with a secret every instance shares: in real mode
    // the APIv3 key (never a default value anyone could know; without WeChat Pay there is no such link), in the
    // sandbox its secret.
    ...(cashierSecret(config) ? { secret: cashierSecret(config) } : {}),
    orders,
    refunds,
    ...(openidOf ? { openidOf } : {}),
    log: (msg, err) => (err || !log?.warn ? log?.error({ err }, msg) : log.warn(msg)),
  });
  return { cart, wallet, orders, payments };
}

function cashierSecret(config: OrderServicesDeps['config']): string | undefined {
  if (config.PAYMENT_PROVIDER !== 'real')
    return `cashier:${config.PAYMENT_SANDBOX_SECRET ?? 'szeat-sandbox-secret-change-me'}`;
  return config.WECHATPAY_API_V3_KEY ? `cashier:${config.WECHATPAY_API_V3_KEY}` : undefined;
}
