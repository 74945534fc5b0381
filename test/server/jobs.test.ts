/**
 * The durable job runner (modules/jobs) on SQLite and PostgreSQL: each due job runs once with two runners (two
 * server instances, each with its own connection pool) on one database; recurring jobs run once per period; a
 * dead runner's claim is taken over when its lease ends; failures are retried. And the server's jobs (app-jobs.ts):
 * unpaid online orders cancelled after ORDER_PAYMENT_TIMEOUT_MINUTES with their voucher back, paid orders untouched;
 * demo mode moving new orders one step every DEMO_ADVANCE_SECONDS.
 */
import { createAppJobs, JOB_KINDS, PAYMENT_SWEEP_MS } from '../../server/src/app-jobs';
import { openDb, type Db } from '../../server/src/db';
import { createSandboxPayments, type SandboxPayments } from '../../server/src/integrations/payments/sandbox';
import { createJobsRepository } from '../../server/src/modules/jobs/repository';
import { createJobRunner, type OneOffJob } from '../../server/src/modules/jobs/service';
import { createWalletRepository } from '../../server/src/modules/wallet/repository';
import { OrderStatus } from '../../types/order-status';
import { registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { testClock } from './support/clock';
import { creditWallet, historyOf, placeOrder, statusOf } from './support/orders';

const MINUTE = 60_000;
const SANDBOX_SECRET = 'jobs-test-sandbox-secret';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('job runner on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { clock } = t;
  /** A second "server instance": its own pool (PostgreSQL) or connection (SQLite) to the same database. */
  let other: Db;
  beforeAll(async () => {
    other = await openDb(t.config.DATABASE_URL);
    t.beforeClose(() => other.destroy());
  });

  test('two runners, one database, 50 due jobs: each runs exactly once', async () => {
    const runs = new Map<string, string[]>();
    const handler = (owner: string) => async (job: OneOffJob) => {
      runs.set(job.key, [...(runs.get(job.key) ?? []), owner]);
      await sleep(1 + (Number(job.key.slice(4)) % 3));
    };
    const make = (db: Db, owner: string) =>
      createJobRunner({
        repo: createJobsRepository(db.kysely),
        now: clock.now,
        owner,
        batch: 50,
        handlers: { 'test.once': handler(owner) },
      });
    const a = make(t.db, 'runner-a');
    const b = make(other, 'runner-b');
    for (let i = 0; i < 50; i++) expect(await a.enqueue('test.once', `job-${i}`, { i }, clock.now() - 1)).toBe(true);
    // Scheduling the same kind and key again is a no-op (the unique key decides).
    expect(await b.enqueue('test.once', 'job-0', {}, clock.now())).toBe(false);

    const ran = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    // A second look from each finds nothing left.
    expect(await Promise.all([a.tick(), b.tick()])).toEqual([0, 0]);

    expect(runs.size).toBe(50);
    expect([...runs.values()].filter((owners) => owners.length !== 1)).toEqual([]);
    expect(ran[0]! + ran[1]!).toBe(50);
    const rows = await createJobsRepository(t.db.kysely).byKind('test.once');
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.done_at !== null && r.attempts === 1 && r.locked_by === null)).toBe(true);
    console.log(`${dialect}: runner a ran ${ran[0]}, runner b ran ${ran[1]} of 50 jobs`);
  });

  test('a recurring job runs once per period whichever runner looks', async () => {
    let count = 0;
    const make = (db: Db, owner: string) =>
      createJobRunner({
        repo: createJobsRepository(db.kysely),
        now: clock.now,
        owner,
        pollMs: 3_600_000,
        recurring: [
          {
            kind: 'test.every-minute',
            everyMs: MINUTE,
            run: async () => {
              count += 1;
              await sleep(2);
            },
          },
        ],
      });
    const a = make(t.db, 'rec-a');
    const b = make(other, 'rec-b');
    await Promise.all([a.start(), b.start()]);
    try {
      await Promise.all([a.tick(), b.tick()]);
      expect(count).toBe(1);
      clock.advance(MINUTE - 1);
      await Promise.all([a.tick(), b.tick()]);
      expect(count).toBe(1);
      clock.advance(1);
      await Promise.all([a.tick(), b.tick(), a.tick()]);
      expect(count).toBe(2);
      expect(await createJobsRepository(t.db.kysely).byKind('test.every-minute')).toHaveLength(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  test('a dead runner’s claim is taken over when its lease ends; its late finish changes nothing', async () => {
    const repo = createJobsRepository(t.db.kysely);
    const ran: string[] = [];
    const b = createJobRunner({
      repo: createJobsRepository(other.kysely),
      now: clock.now,
      owner: 'lease-b',
      handlers: { 'test.lease': async (job) => void ran.push(job.key) },
    });
    await b.enqueue('test.lease', 'orphan', {}, clock.now());
    const [job] = await repo.byKind('test.lease');
    // Runner A claims it for 5 minutes and dies.
    expect(await repo.claim(job!.id, 'lease-a#1', clock.now(), clock.now() + 5 * MINUTE)).toBe(true);
    expect(await b.tick()).toBe(0);
    clock.advance(5 * MINUTE);
    expect(await b.tick()).toBe(1);
    expect(ran).toEqual(['orphan']);
    expect(await repo.finish(job!.id, 'lease-a#1', clock.now())).toBe(false);
    const [row] = await repo.byKind('test.lease');
    expect(row).toMatchObject({ attempts: 2, locked_by: null });
    expect(row!.done_at).not.toBeNull();
  });

  test('a failing job is retried later (doubling), then given up after maxAttempts', async () => {
    const attempts: number[] = [];
    const runner = createJobRunner({
      repo: createJobsRepository(t.db.kysely),
      now: clock.now,
      retryMs: 1000,
      maxAttempts: 3,
      handlers: {
        'test.flaky': async (job) => {
          attempts.push(job.attempt);
          throw new Error(`boom ${job.attempt}`);
        },
      },
    });
    await runner.enqueue('test.flaky', 'f', {}, clock.now());
    expect(await runner.tick()).toBe(1);
    clock.advance(999);
    expect(await runner.tick()).toBe(0);
    clock.advance(1);
    expect(await runner.tick()).toBe(1);
    clock.advance(2000);
    expect(await runner.tick()).toBe(1);
    clock.advance(60 * MINUTE);
    expect(await runner.tick()).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
    const [row] = await createJobsRepository(t.db.kysely).byKind('test.flaky');
    expect(row!.done_at).not.toBeNull();
    expect(row!.last_error).toBe('boom 3');
  });

  test('stop() lets the job in progress end and starts no other', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const started: string[] = [];
    const runner = createJobRunner({
      repo: createJobsRepository(t.db.kysely),
      now: clock.now,
      pollMs: 3_600_000,
      handlers: {
        'test.slow': async (job) => {
          started.push(job.key);
          await gate;
        },
      },
    });
    await runner.enqueue('test.slow', 's1', {}, clock.now());
    await runner.enqueue('test.slow', 's2', {}, clock.now());
    await runner.start();
    while (started.length === 0) await sleep(5);
    const stopped = runner.stop();
    release();
    await stopped;
    expect(started).toEqual(['s1']);
    const rows = await createJobsRepository(t.db.kysely).byKind('test.slow');
    expect(rows.map((r) => r.done_at !== null)).toEqual([true, false]);
    expect(rows.every((r) => r.locked_by === null)).toBe(true);
  });
});

describe.each(DIALECTS)('server jobs on %s', (dialect) => {
  const clock = testClock();
  const t = useTestApp(dialect, {
    clock,
    config: {
      ORDER_PAYMENT_TIMEOUT_MINUTES: 15,
      DEMO_ADVANCE: '1',
      DEMO_ADVANCE_SECONDS: 20,
      PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET,
    },
    // The sandbox provider on the test clock too (its cashier links expire at the order's payment deadline).
    integrations: { payments: createSandboxPayments({ secret: SANDBOX_SECRET, now: clock.now, log: () => undefined }) },
  });
  const { api } = t;

  // The restaurant's accept timeout (issue 18) is kept out of these runs: they are about the payment timeout.
  const jobsOf = (owner: string) =>
    createAppJobs({
      config: { ...t.config, ORDER_ACCEPT_TIMEOUT_MINUTES: 1440 },
      db: t.db,
      integrations: t.integrations,
      now: clock.now,
      runner: { owner, pollMs: 3_600_000 },
    });

  test('an unpaid online order is cancelled after the timeout with its voucher back; paid orders are untouched', async () => {
    const me = await registerUser(api, t.place);
    await creditWallet(t, me.id, 50_000, `jobs-${dialect}`);
    const unpaid = await placeOrder(t, api, me.token, { method: 'wechat', voucher: true });
    expect(unpaid.status).toBe(OrderStatus.Submitted);
    const paid = await placeOrder(t, api, me.token, { method: 'balance' });
    const cod = await placeOrder(t, api, me.token, { method: 'cod' });
    const wallet = createWalletRepository(t.db.kysely);
    const balance = await wallet.balance(me.id);
    const voucher = () =>
      t.db.kysely.selectFrom('vouchers').selectAll().where('id', '=', unpaid.voucherId!).executeTakeFirstOrThrow();
    expect((await voucher()).order_id).toBe(unpaid.id);

    const a = jobsOf('orders-a');
    const b = createAppJobs({
      config: { ...t.config, ORDER_ACCEPT_TIMEOUT_MINUTES: 1440 },
      db: t.db,
      integrations: t.integrations,
      now: clock.now,
      runner: { owner: 'orders-b', pollMs: 3_600_000 },
    });
    await Promise.all([a.runner.start(), b.runner.start()]);
    try {
      await Promise.all([a.runner.tick(), b.runner.tick()]);
      expect(await statusOf(t, unpaid.id)).toBe(OrderStatus.Submitted);
      // Just before its time: still waiting.
      clock.advance(15 * MINUTE - PAYMENT_SWEEP_MS);
      await Promise.all([a.runner.tick(), b.runner.tick()]);
      expect(await statusOf(t, unpaid.id)).toBe(OrderStatus.Submitted);
      clock.advance(PAYMENT_SWEEP_MS);
      await Promise.all([a.runner.tick(), b.runner.tick()]);
      expect(await statusOf(t, unpaid.id)).toBe(OrderStatus.Cancelled);
    } finally {
      await Promise.all([a.runner.stop(), b.runner.stop()]);
    }
    // Cancelled once, by the system; the voucher can be used again; the wallet is as it was, the ledger sums to it.
    expect((await historyOf(t, unpaid.id)).filter((h) => h.status === OrderStatus.Cancelled)).toEqual([
      { from_status: OrderStatus.Submitted, status: OrderStatus.Cancelled, actor: 'system' },
    ]);
    expect(await voucher()).toMatchObject({ used_at: null, order_id: null });
    expect(await wallet.balance(me.id)).toBe(balance);
    expect(await wallet.ledgerSum(me.id)).toBe(balance);
    // Paid (balance) and pay-on-delivery orders are not the timeout's business (demo mode may have moved them on).
    expect(await statusOf(t, paid.id)).not.toBe(OrderStatus.Cancelled);
    expect(await statusOf(t, cod.id)).not.toBe(OrderStatus.Cancelled);
    const paidRow = await t.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', paid.id)
      .executeTakeFirstOrThrow();
    expect(Number(paidRow.wallet_paid_fen)).toBe(paid.total);
    expect((await wallet.entries(me.id)).filter((e) => e.reason === 'order_refund')).toEqual([]);
  });

  test('the timeout cancellation gives back a wallet debit too (an order in Submitted that the wallet paid part of)', async () => {
    // Today's checkout takes the wallet only for orders it pays in full (status 6 at once); the sweep still gives
    // back whatever an order in Submitted recorded as wallet_paid_fen, through the orders service's cancel.
    const me = await registerUser(api, t.place);
    const order = await placeOrder(t, api, me.token, { method: 'wechat' });
    await t.db.kysely.transaction().execute(async (trx) => {
      await createWalletRepository(trx).credit(
        me.id,
        500,
        { reason: 'adjustment', refType: 'test', refId: `part-${order.id}` },
        clock.now(),
      );
      await createWalletRepository(trx).debit(
        me.id,
        500,
        { reason: 'order_payment', refType: 'order', refId: order.id },
        clock.now(),
      );
      await trx.updateTable('orders').set({ wallet_paid_fen: 500 }).where('id', '=', order.id).execute();
    });
    const wallet = createWalletRepository(t.db.kysely);
    expect(await wallet.balance(me.id)).toBe(0);
    const jobs = jobsOf('orders-c');
    clock.advance(15 * MINUTE);
    expect(await jobs.cancelUnpaid(clock.now())).toEqual({ cancelled: 1 });
    expect(await statusOf(t, order.id)).toBe(OrderStatus.Cancelled);
    expect(await wallet.balance(me.id)).toBe(500);
    expect(await wallet.ledgerSum(me.id)).toBe(500);
    // Again: nothing more.
    expect(await jobs.cancelUnpaid(clock.now())).toEqual({ cancelled: 0 });
    expect(await wallet.balance(me.id)).toBe(500);
  });

  test('the timeout asks the provider first: an order paid whose notification was lost is kept, not cancelled', async () => {
    const me = await registerUser(api, t.place);
    const order = await placeOrder(t, api, me.token, { method: 'wechat' });
    const ticket = (await api.post('pay', { order_id: order.id, platform: 'h5' }, { token: me.token, lang: 'en' })).body
      .data as { cashier_url: string };
    const sandbox = t.integrations.payments as SandboxPayments;
    sandbox.loseNotifications = true;
    try {
      const paid = await api.post(
        'payments/sandbox/cashier/pay',
        `t=${encodeURIComponent(new URL(ticket.cashier_url).searchParams.get('t')!)}`,
        { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      );
      if (paid.status >= 400) throw new Error(paid.raw.body);
    } finally {
      sandbox.loseNotifications = false;
    }
    expect(await statusOf(t, order.id)).toBe(OrderStatus.Submitted);
    clock.advance(15 * MINUTE);
    expect(await jobsOf('orders-r').cancelUnpaid(clock.now())).toEqual({ cancelled: 0 });
    expect(await statusOf(t, order.id)).toBe(OrderStatus.AwaitingMerchant);
  });

  test('demo mode moves a new order one step every DEMO_ADVANCE_SECONDS up to Completed; unpaid orders wait', async () => {
    const me = await registerUser(api, t.place);
    const cod = await placeOrder(t, api, me.token, { method: 'cod' });
    const unpaid = await placeOrder(t, api, me.token, { method: 'wechat' });
    expect(cod.status).toBe(OrderStatus.AwaitingMerchant);
    const jobs = jobsOf('demo-a');
    expect(jobs.demo).toBe(true);
    // Scheduled afresh at start, so its periods begin now.
    await t.db.kysely.deleteFrom('jobs').where('kind', '=', JOB_KINDS.demoAdvance).execute();
    await jobs.runner.start();
    const seen: number[] = [];
    try {
      await jobs.runner.tick();
      seen.push(await statusOf(t, cod.id));
      for (let step = 0; step < 8; step++) {
        clock.advance(10_000);
        await jobs.runner.tick();
        // Half a period: no step.
        expect(await statusOf(t, cod.id)).toBe(seen[seen.length - 1]);
        clock.advance(10_000);
        await jobs.runner.tick();
        seen.push(await statusOf(t, cod.id));
      }
    } finally {
      await jobs.runner.stop();
    }
    const S = OrderStatus;
    expect(seen).toEqual([
      S.AwaitingMerchant,
      S.ConfirmedByRestaurant,
      S.BeingPrepared,
      S.DriverAssigned,
      S.DriverOnTheWay,
      S.Delivered,
      S.Completed,
      S.Completed,
      S.Completed,
    ]);
    expect((await historyOf(t, cod.id)).slice(1).every((h) => h.actor === 'demo')).toBe(true);
    expect(await statusOf(t, unpaid.id)).toBe(S.Submitted);
  });

  test('without demo mode the demo job is not scheduled by this process', async () => {
    const jobs = createAppJobs({
      config: { ...t.config, DEMO_ADVANCE: '0' },
      db: t.db,
      integrations: t.integrations,
      now: clock.now,
      runner: { pollMs: 3_600_000 },
    });
    expect(jobs.demo).toBe(false);
    const me = await registerUser(api, t.place);
    const cod = await placeOrder(t, api, me.token, { method: 'cod' });
    await t.db.kysely.deleteFrom('jobs').where('kind', '=', JOB_KINDS.demoAdvance).execute();
    await jobs.runner.start();
    try {
      clock.advance(60_000);
      await jobs.runner.tick();
    } finally {
      await jobs.runner.stop();
    }
    expect(await statusOf(t, cod.id)).toBe(OrderStatus.AwaitingMerchant);
    expect(await createJobsRepository(t.db.kysely).byKind(JOB_KINDS.demoAdvance)).toEqual([]);
  });
});
