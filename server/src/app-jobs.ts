import type { Config } from './config';
import { demoAdvanceOn } from './config/orders';
import type { Db } from './db';
import type { Integrations } from './integrations';
import { buildServices } from './modules';
import { createJobRunner, type JobRunnerOptions } from './modules/jobs/service';
import { isRefusal } from './modules/orders/service';
import { OrderStatus } from '../../types/order-status';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const JOB_KINDS = {
  /** Expired SMS codes, ended sessions, OAuth states and old rate counters (accounts/housekeeping.ts). */
  purge: 'housekeeping.purge',
  /** Online orders not paid within ORDER_PAYMENT_TIMEOUT_MINUTES are cancelled, voucher and wallet given back. */
  paymentTimeout: 'orders.payment_timeout',
  /** Refunds a provider has not finished yet (PROCESSING, fund_change N) are asked again until done or failed. */
  followRefunds: 'payments.follow_refunds',
  /** Orders nobody of the restaurant accepted within ORDER_ACCEPT_TIMEOUT_MINUTES are cancelled and refunded. */
  acceptTimeout: 'orders.accept_timeout',
  /** Demo mode: new orders move one step along their path every DEMO_ADVANCE_SECONDS. */
  demoAdvance: 'orders.demo_advance',
  /** Photos no rating uses a day after their upload are removed (row, then stored files). */
  unusedPhotos: 'ratings.purge_unused_photos',
  /** WeChat subscribe messages of recent status changes, one per grant (notify/service.ts). */
  subscribeMessages: 'notify.subscribe_messages',
} as const;

/** How often subscribe messages go out (they are for customers not looking at the app: seconds do not matter). */
export const SUBSCRIBE_SEND_MS = 5000;

/** How often the unpaid-order sweep runs: an order is cancelled at most this long after its time is up. */
export const PAYMENT_SWEEP_MS = 30_000;

/**
 * Demo mode moves orders that are paid or pay later (never an unpaid online order) up to Completed; closing a
 * completed order (Accomplished, the end of the dispute time) is left to the operator.
 */
const DEMO_STATUSES = [
  OrderStatus.AwaitingMerchant,
  OrderStatus.ConfirmedByRestaurant,
  OrderStatus.BeingPrepared,
  OrderStatus.DriverAssigned,
  OrderStatus.DriverOnTheWay,
  OrderStatus.Delivered,
];

export interface AppJobsDeps {
  config: Config;
  db: Db;
  integrations: Integrations;
  now?: () => number;
  log?: JobRunnerOptions['log'];
  /** Runner settings (tests poll by hand and name their runners). */
  runner?: Pick<JobRunnerOptions, 'pollMs' | 'owner' | 'leaseMs'>;
}

/**
 * The server's background jobs on the durable runner (modules/jobs): the purges, the unpaid-order timeout and demo
 * mode. Order moves go through the orders service (its conditional transitions, give-backs and history), so a job
 * that runs twice after a crash, or races a payment notification, changes an order at most once.
 */
export function createAppJobs({ config, db, integrations, now = Date.now, log, runner }: AppJobsDeps) {
  // The jobs meet the modules through their services, built as the app builds them (modules/container.ts).
  const { uow, orders, payments, accounts, events, ratings, notify } = buildServices(
    { db, integrations, config, now },
    log ?? { error: () => undefined },
  );
  const timeoutMs = config.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000;
  const demoMs = config.DEMO_ADVANCE_SECONDS * 1000;
  const acceptTimeoutMs = config.ORDER_ACCEPT_TIMEOUT_MINUTES * 60_000;

  /**
   * Asks the provider about the order's payment first (a paid order whose notification was delayed or lost is marked
   * paid, not cancelled); a failed query is logged and the cancel goes ahead (a payment landing after it is refunded).
   */
  async function reconcileFirst(id: number): Promise<boolean> {
    try {
      // Closed at the provider first (it can no longer be paid), then asked once more: a trade paid meanwhile keeps
      // the order; a close that failed (provider unreachable) leaves the order for the next sweep.
      return await payments.closeForTimeout(id);
    } catch (err) {
      log?.error({ err }, `closing the payment before the timeout cancel of order ${id} failed`);
      return false;
    }
  }

  /**
   * Cancels the online orders still unpaid `timeoutMs` after they were placed (only if still unpaid: expect 0), after
   * asking the provider whether they were paid.
   */
  async function cancelUnpaid(at: number) {
    let cancelled = 0;
    for (let round = 0; round < 10; round++) {
      const ids = await orders.unpaidBefore(at - timeoutMs + 1, 100);
      let moved = 0;
      for (const id of ids) {
        if (!(await reconcileFirst(id))) continue;
        try {
          await orders.cancel(id, { actor: 'system', expect: OrderStatus.Submitted });
          moved += 1;
        } catch (e) {
          // Paid (or cancelled) meanwhile: the conditional move refused, nothing to do.
          if (!isRefusal(e)) throw e;
        }
      }
      cancelled += moved;
      if (ids.length < 100 || moved === 0) break;
    }
    return { cancelled };
  }

  /**
   * Cancels the orders still waiting for their restaurant ORDER_ACCEPT_TIMEOUT_MINUTES after they started waiting
   * (reason timeout: voucher, wallet and online payment back; an event tells the customer and the restaurant). Only
   * if still waiting: the conditional move loses to an accept or a reject that came first.
   */
  async function cancelUnaccepted(at: number) {
    let cancelled = 0;
    for (const id of await orders.unacceptedBefore(at - acceptTimeoutMs + 1, 200)) {
      try {
        await orders.reject(id, 'timeout', 'system');
        cancelled += 1;
      } catch (e) {
        if (!isRefusal(e)) throw e;
      }
    }
    return { cancelled };
  }

  /** Moves each order placed in the last day and unchanged for DEMO_ADVANCE_SECONDS one step forward. */
  async function demoStep(at: number) {
    const due = await orders.changedBefore(DEMO_STATUSES, at - demoMs, at - DAY, 200);
    let advanced = 0;
    for (const o of due) {
      try {
        await orders.advance(o.id, { actor: 'demo', expect: o.status });
        advanced += 1;
      } catch (e) {
        if (!isRefusal(e)) throw e;
      }
    }
    return { advanced };
  }

  const demo = demoAdvanceOn(config);
  const jobRunner = createJobRunner({
    repo: uow.repos.jobs,
    now,
    ...runner,
    ...(log ? { log } : {}),
    recurring: [
      {
        kind: JOB_KINDS.purge,
        everyMs: HOUR,
        run: async (at) => {
          // Used or expired event stream tickets too (they live a minute).
          await events.purgeTickets(at - HOUR);
          return accounts.purgeExpired(at);
        },
      },
      { kind: JOB_KINDS.paymentTimeout, everyMs: PAYMENT_SWEEP_MS, run: cancelUnpaid },
      { kind: JOB_KINDS.acceptTimeout, everyMs: PAYMENT_SWEEP_MS, run: cancelUnaccepted },
      {
        kind: JOB_KINDS.followRefunds,
        everyMs: 60_000,
        run: async () => ({ finished: await payments.followRefunds() }),
      },
      {
        kind: JOB_KINDS.unusedPhotos,
        everyMs: HOUR,
        run: (at) => ratings.purgeUnused(at),
      },
      { kind: JOB_KINDS.subscribeMessages, everyMs: SUBSCRIBE_SEND_MS, run: (at) => notify.sendDue(at) },
      ...(demo ? [{ kind: JOB_KINDS.demoAdvance, everyMs: demoMs, run: demoStep }] : []),
    ],
  });
  return { runner: jobRunner, demo, cancelUnpaid, cancelUnaccepted, demoStep, notify };
}
