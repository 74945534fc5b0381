/**
 * The sandbox provider keeps its payments in the database (issue 17): two app instances on one database, as behind a
 * load balancer. A payment made through the first, whose notification was lost, is found by check-order-pay on the
 * second; 50 presses of "pay" spread over both take one payment; a close asked through the second is refused for a
 * trade paid through the first. SQLite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { openDb, type Db } from '../../server/src/db';
import { createIntegrations, type Integrations } from '../../server/src/integrations';
import { asProviders, type SandboxPayments } from '../../server/src/integrations/payments';
import { registerUser, type Registered } from './support/accounts';
import { apiOf } from './support/api';
import { DIALECTS, useTestApp } from './support/app';
import { placeOrder, statusOf } from './support/orders';

describe.each(DIALECTS)('sandbox payments across instances on %s', (dialect) => {
  const t = useTestApp(dialect, { config: { PUBLIC_BASE_URL: 'https://szeat.test' } });
  let secondDb: Db;
  let second: FastifyInstance;
  let secondIntegrations: Integrations;
  const api2 = apiOf(() => second);
  let me: Registered;
  beforeAll(async () => {
    secondDb = await openDb(t.config.DATABASE_URL);
    // Its own integrations, as another process would have: the sandbox shares nothing with the first but the database.
    secondIntegrations = createIntegrations(t.config, { db: secondDb, now: t.clock.now });
    second = await buildApp({ config: t.config, db: secondDb, integrations: secondIntegrations, now: t.clock.now });
    await second.ready();
    t.beforeClose(async () => {
      await second.close();
      await secondDb.destroy();
    });
    me = await registerUser(t.api, t.place);
  });
  const sandboxOf = (app: 'first' | 'second') =>
    asProviders((app === 'first' ? t.integrations : secondIntegrations).payments).byName('sandbox') as SandboxPayments;

  async function unpaidOrder() {
    const o = await placeOrder(t, t.api, me.token, { method: 'wechat' });
    const ticket = (await t.api.post('pay', { order_id: o.id, platform: 'h5' }, { token: me.token })).body.data;
    const token = new URL(ticket.cashier_url!).searchParams.get('t')!;
    return { ...o, ticket, token };
  }
  const pressPay = (api: typeof api2, token: string) =>
    api.post('payments/sandbox/cashier/pay', { t: token }, { headers: { 'content-type': 'application/json' } });

  test('paid through the first instance, its notification lost: check-order-pay on the second finds it', async () => {
    const o = await unpaidOrder();
    sandboxOf('first').loseNotifications = true;
    try {
      expect((await pressPay(t.api, o.token)).body).toMatchObject({ code: 1000, data: { paid: true } });
    } finally {
      sandboxOf('first').loseNotifications = false;
    }
    expect(await statusOf(t, o.id)).toBe(0);
    const check = (await api2.get(`check-order-pay?order_id=${o.id}`, { token: me.token })).body.data;
    expect(check).toMatchObject({ order_id: o.id, paid: true, status: 6 });
    const payment = await t.db.kysely
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', o.id)
      .executeTakeFirstOrThrow();
    const trade = await t.db.kysely
      .selectFrom('sandbox_trades')
      .selectAll()
      .where('out_trade_no', '=', o.ticket.out_trade_no)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ state: 'paid', transaction_id: trade.transaction_id });
  });

  test('50 presses of pay spread over both instances: one payment at the provider, the order paid once', async () => {
    const o = await unpaidOrder();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => pressPay(i % 2 === 0 ? t.api : api2, o.token)),
    );
    expect(answers.every((a) => a.body.code === 1000)).toBe(true);
    const trades = await t.db.kysely
      .selectFrom('sandbox_trades')
      .selectAll()
      .where('out_trade_no', '=', o.ticket.out_trade_no)
      .execute();
    expect(trades).toHaveLength(1);
    expect(await statusOf(t, o.id)).toBe(6);
    const paid = await t.db.kysely
      .selectFrom('payment_events')
      .select('transaction_id')
      .where('order_id', '=', o.id)
      .where('outcome', '=', 'paid')
      .execute();
    expect(paid).toEqual([{ transaction_id: trades[0]!.transaction_id }]);
  });

  test('a close asked through the second instance is refused for a trade paid through the first', async () => {
    const o = await unpaidOrder();
    sandboxOf('first').loseNotifications = true;
    try {
      await pressPay(t.api, o.token);
    } finally {
      sandboxOf('first').loseNotifications = false;
    }
    await expect(sandboxOf('second').close(o.ticket.out_trade_no)).rejects.toMatchObject({ code: 'ORDERPAID' });
    // And the other way round: closed through the second, the first can no longer take the payment.
    const other = await unpaidOrder();
    await sandboxOf('second').close(other.ticket.out_trade_no);
    expect((await pressPay(t.api, other.token)).body).toMatchObject({ code: 1001 });
    expect(await statusOf(t, other.id)).toBe(0);
  });
});
