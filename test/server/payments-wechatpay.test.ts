/**
 * WeChat Pay through the whole server, on SQLite and PostgreSQL: the real client and notification handling against
 * the stand-in (its notifications held and delivered through the app's HTTP stack): Native on our cashier page, paid
 * once; 50 concurrent notices and check-order-pay queries -> paid once; a lost notice recovered by query; the
 * timed-out order closed at WeChat Pay before it is cancelled; a payment after a cancel refunded once.
 */
import { createAppJobs } from '../../server/src/app-jobs';
import type { Integrations } from '../../server/src/integrations';
import { paymentProviders } from '../../server/src/integrations/payments';
import { startWechatPayStandin, type WechatPayStandin } from '../../standins/wechatpay';
import { wechatStandinKeys } from '../support/standin-keys';
import { registerUser, type Registered } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { testClock } from './support/clock';
import { historyOf, ordersServiceOf, placeOrder, statusOf } from './support/orders';
import { wechatPayFor } from './support/standins';

describe.each(DIALECTS)('WeChat Pay through the server on %s', (dialect) => {
  let me: Registered;
  let standin: WechatPayStandin;
  const clock = testClock();
  const integrations: Partial<Integrations> = {};
  // The stand-in first: the app's WeChat Pay client is aimed at it when the app starts.
  beforeAll(async () => {
    standin = await startWechatPayStandin({ now: clock.now, appIds: ['wxmp', 'wxoa'], keys: wechatStandinKeys });
    const wechat = wechatPayFor(standin, clock.now);
    integrations.payments = paymentProviders(wechat);
  });
  afterAll(() => standin?.close());
  const t = useTestApp(dialect, { clock, config: { PUBLIC_BASE_URL: 'https://szeat.test' }, integrations });
  const { api } = t;
  beforeAll(async () => {
    me = await registerUser(api, t.place);
  });
  beforeEach(() => {
    standin.behaviour.hold = true;
    standin.behaviour.drop = false;
    standin.held.splice(0);
  });

  const deliver = (d: { url: string; headers: Record<string, string>; body: string }) =>
    api.post(new URL(d.url).pathname, d.body, { headers: d.headers });
  const codeUrlOf = (tradeNo: string) => standin.trades.get(tradeNo)!.code_url!;
  async function desktopOrder() {
    const o = await placeOrder(t, api, me.token, { method: 'wechat' });
    const ticket = (await api.post('pay', { order_id: o.id, platform: 'h5' }, { token: me.token, lang: 'en' })).body
      .data;
    return { ...o, ticket };
  }

  test('desktop: Native QR on our cashier page; the stand-in pays it; the notification marks the order paid once', async () => {
    const o = await desktopOrder();
    expect(o.ticket).toMatchObject({ provider: 'wechat', amount_fen: o.total });
    expect(o.ticket.out_trade_no).toMatch(/WED$/);
    const page = new URL(o.ticket.cashier_url!);
    expect(page.pathname).toBe('/api/szeat/payments/cashier');
    const html = await api.get(page.pathname + page.search);
    expect(html.status).toBe(200);
    expect(html.body).toContain('<svg');
    expect(html.body).toContain('Scan the code below with WeChat');
    expect(html.headers['content-security-policy']).toMatch(/script-src 'nonce-/);
    const status = async () => (await api.get(`/api/szeat/payments/cashier/status${page.search}`)).body;
    expect(await status()).toMatchObject({ paid: false, status: 0 });

    await standin.scan(codeUrlOf(o.ticket.out_trade_no));
    const note = standin.held.pop()!;
    const res = await deliver(note);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 'SUCCESS', message: 'paid' });
    expect(await statusOf(t, o.id)).toBe(6);
    expect(await status()).toMatchObject({ paid: true, status: 6 });
    // A signature probe and a tampered copy are refused with FAIL; the order is unchanged.
    const probe = await deliver({
      ...note,
      headers: { ...note.headers, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/x' },
    });
    expect(probe.status).toBe(400);
    expect(probe.body).toMatchObject({ code: 'FAIL' });
    expect((await deliver(note)).body).toEqual({ code: 'SUCCESS', message: 'duplicate' });
    expect((await historyOf(t, o.id)).map((h) => h.status)).toEqual([0, 6]);
  });

  test('50 concurrent notices and check-order-pay queries for one order: paid exactly once', async () => {
    const o = await desktopOrder();
    await standin.scan(codeUrlOf(o.ticket.out_trade_no));
    const note = standin.held.pop()!;
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0 ? deliver(note) : api.get(`check-order-pay?order_id=${o.id}`, { token: me.token }),
    );
    await Promise.all(calls);
    expect(await statusOf(t, o.id)).toBe(6);
    expect((await historyOf(t, o.id)).filter((h) => h.status === 6)).toHaveLength(1);
    const paid = await t.db.kysely
      .selectFrom('payment_events')
      .select('outcome')
      .where('order_id', '=', o.id)
      .where('outcome', '=', 'paid')
      .execute();
    expect(paid).toHaveLength(1);
  });

  test('a lost notification is recovered by check-order-pay', async () => {
    const o = await desktopOrder();
    standin.behaviour.drop = true;
    await standin.scan(codeUrlOf(o.ticket.out_trade_no));
    expect(await statusOf(t, o.id)).toBe(0);
    const check = (await api.get(`check-order-pay?order_id=${o.id}`, { token: me.token })).body.data;
    expect(check).toMatchObject({ paid: true, status: 6 });
  });

  test('timeout: the trade is closed at WeChat Pay, then the order is cancelled; it can no longer be paid', async () => {
    const o = await desktopOrder();
    clock.advance(t.config.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000 + 1000);
    const jobs = createAppJobs({ config: t.config, db: t.db, integrations: t.integrations, now: clock.now });
    await jobs.cancelUnpaid(clock.now());
    expect(standin.trades.get(o.ticket.out_trade_no)!.state).toBe('CLOSED');
    expect(await statusOf(t, o.id)).toBe(4);
    expect((await standin.pay(o.ticket.out_trade_no)).paid).toBe(false);
  });

  test('paid after the order was cancelled: the money goes back once, with a stable refund number', async () => {
    const o = await desktopOrder();
    await ordersServiceOf(t, clock.now).cancel(o.id, { actor: 'operator', expect: 0 });
    await standin.scan(codeUrlOf(o.ticket.out_trade_no));
    const note = standin.held.pop()!;
    expect((await deliver(note)).body).toEqual({ code: 'SUCCESS', message: 'late' });
    expect((await deliver(note)).body).toEqual({ code: 'SUCCESS', message: 'duplicate' });
    const refunds = [...standin.refunds.values()].filter((r) => r.out_trade_no === o.ticket.out_trade_no);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.out_refund_no).toBe(`R${o.ticket.out_trade_no}`);
    const row = await t.db.kysely
      .selectFrom('payment_refunds')
      .selectAll()
      .where('order_id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'done', provider: 'wechat', raw_state: 'SUCCESS' });
    expect(await statusOf(t, o.id)).toBe(4);
  });
});
