/**
 * Alipay through the whole server (HTTP endpoint, database), on SQLite and PostgreSQL: alipay-sdk against the
 * stand-in. Wap pay on a phone and page pay on a desktop, paid once and back to paySucc; a bad signature, a wrong
 * amount, another app or seller and an unknown order are refused (`fail`) and change nothing; duplicates and a
 * TRADE_CLOSED notice after the payment change nothing; 50 concurrent notices and queries pay once; a lost notice is
 * recovered by check-order-pay; a timed-out order's trade is closed at Alipay before it is cancelled; a payment after
 * a cancel is refunded once; a refund is followed until funds moved (notice or query); a refund refused, or whose
 * answer was lost, is retried with the same out_request_no (50 retries at once) and refunds once.
 */
import { createAppJobs } from '../../server/src/app-jobs';
import type { Integrations } from '../../server/src/integrations';
import { paymentProviders } from '../../server/src/integrations/payments';
import { startAlipayStandin, type AlipayStandin } from '../../standins/alipay';
import { alipayStandinKeys } from '../support/standin-keys';
import { registerUser, type Registered } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { testClock } from './support/clock';
import { historyOf, ordersServiceOf, paymentsServiceOf, placeOrder, statusOf } from './support/orders';
import { alipayFor } from './support/standins';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const WECHAT = `${PHONE} MicroMessenger/8.0.50(0x1800322d) NetType/WIFI Language/zh_CN`;

describe.each(DIALECTS)('Alipay through the server on %s', (dialect) => {
  let me: Registered;
  let standin: AlipayStandin;
  const clock = testClock();
  const integrations: Partial<Integrations> = {};
  beforeAll(async () => {
    standin = await startAlipayStandin({ now: clock.now, keys: alipayStandinKeys });
    integrations.payments = paymentProviders(alipayFor(standin, clock.now));
  });
  afterAll(() => standin?.close());
  const t = useTestApp(dialect, { clock, config: { PUBLIC_BASE_URL: 'https://szeat.test' }, integrations });
  const { api } = t;
  beforeAll(async () => {
    me = await registerUser(api, t.place);
  });
  beforeEach(() => {
    Object.assign(standin.behaviour, { hold: true, drop: false, copies: 1, refunds: 'instant', refundFailure: null });
    standin.held.splice(0);
  });

  const deliver = (d: { url: string; headers: Record<string, string>; body: string }) =>
    api.post(new URL(d.url).pathname, d.body, { headers: d.headers });
  const textOf = (res: { body: unknown }) => res.body as string;
  async function order(userAgent = PHONE) {
    const o = await placeOrder(t, api, me.token, { method: 'alipay' });
    const res = await api.post(
      'pay',
      { order_id: o.id, platform: 'h5' },
      { token: me.token, headers: { 'user-agent': userAgent } },
    );
    if (res.body.code !== 1000 && userAgent !== WECHAT) throw new Error(JSON.stringify(res.body));
    return { ...o, res, ticket: res.body.data };
  }
  /** The buyer opens Alipay's cashier and pays; answers where the browser goes back to. */
  async function buyerPays(cashierUrl: string, outTradeNo: string) {
    expect((await fetch(cashierUrl)).status).toBe(200);
    const paid = await fetch(`${standin.url}/standin/pay?out_trade_no=${outTradeNo}`, {
      method: 'POST',
      redirect: 'manual',
    });
    return new URL(paid.headers.get('location')!);
  }
  async function paidAtAlipay(userAgent = PHONE) {
    const o = await order(userAgent);
    const back = await buyerPays(o.ticket.cashier_url!, o.ticket.out_trade_no);
    return { ...o, no: o.ticket.out_trade_no as string, back, note: standin.held.pop()! };
  }
  const refundRow = (no: string) =>
    t.db.kysely.selectFrom('payment_refunds').selectAll().where('out_trade_no', '=', no).executeTakeFirstOrThrow();
  const atAlipay = (no: string) => [...standin.refunds.values()].filter((r) => r.out_trade_no === no);

  test('phone: wap pay, paid once by the notice (answered success), back to paySucc; desktop: page pay', async () => {
    const o = await paidAtAlipay();
    expect(o.ticket).toMatchObject({ provider: 'alipay', amount_fen: o.total });
    expect(standin.trades.get(o.no)).toMatchObject({ method: 'alipay.trade.wap.pay' });
    expect(o.back.pathname).toBe(`/paySucc/${o.id}`);
    const res = await deliver(o.note);
    expect(res.status).toBe(200);
    expect(textOf(res)).toBe('success');
    expect(await statusOf(t, o.id)).toBe(6);
    expect(textOf(await deliver(o.note))).toBe('success');
    expect((await historyOf(t, o.id)).map((h) => h.status)).toEqual([0, 6]);

    const desk = await paidAtAlipay('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36');
    expect(standin.trades.get(desk.no)).toMatchObject({ method: 'alipay.trade.page.pay' });
    expect(textOf(await deliver(desk.note))).toBe('success');
    expect(await statusOf(t, desk.id)).toBe(6);
  });

  test('inside WeChat Alipay is refused with its own message (the app offers the other methods)', async () => {
    const o = await order(WECHAT);
    expect(o.res.body.code).not.toBe(1000);
    expect(o.res.body.msg).toContain('微信内无法打开支付宝');
    const en = await api.post(
      'pay',
      { order_id: o.id, platform: 'h5' },
      { token: me.token, lang: 'en', headers: { 'user-agent': WECHAT } },
    );
    expect(en.body.msg).toMatch(/Alipay.*WeChat/);
    expect(await statusOf(t, o.id)).toBe(0);
  });

  test('bad signature, wrong amount, other app or seller, unknown order: fail and unpaid; then the true one pays', async () => {
    const o = await paidAtAlipay();
    const form = new URLSearchParams(o.note.body);
    const altered = new URLSearchParams(form);
    altered.set('total_amount', '0.01');
    const cases = [
      { ...o.note, body: altered.toString() },
      standin.notice(o.no, { total_amount: '0.01' }),
      standin.notice(o.no, { app_id: '2021999999999999' }),
      standin.notice(o.no, { seller_id: '2088999999999999' }),
      standin.notice(o.no, { out_trade_no: 'SZ2099010199999ALM' }),
    ];
    for (const c of cases) expect(textOf(await deliver(c))).toBe('fail');
    expect(await statusOf(t, o.id)).toBe(0);
    const outcomes = await t.db.kysely
      .selectFrom('payment_events')
      .select('outcome')
      .where('source', '=', 'notify')
      .where('provider', '=', 'alipay')
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    expect(outcomes.map((e) => e.outcome).reverse()).toEqual([
      'bad_signature',
      'wrong_amount',
      'wrong_merchant',
      'wrong_merchant',
      'unknown_order',
    ]);
    expect(textOf(await deliver(o.note))).toBe('success');
    expect(await statusOf(t, o.id)).toBe(6);
  });

  test('out of order: TRADE_CLOSED after TRADE_SUCCESS and WAIT_BUYER_PAY change nothing', async () => {
    const o = await paidAtAlipay();
    expect(textOf(await deliver(standin.notice(o.no, { trade_status: 'TRADE_CLOSED' })))).toBe('success');
    expect(textOf(await deliver(standin.notice(o.no, { trade_status: 'WAIT_BUYER_PAY' })))).toBe('success');
    expect(await statusOf(t, o.id)).toBe(0);
    expect(textOf(await deliver(o.note))).toBe('success');
    expect(textOf(await deliver(standin.notice(o.no, { trade_status: 'TRADE_CLOSED' })))).toBe('success');
    expect(textOf(await deliver(standin.notice(o.no, { trade_status: 'TRADE_FINISHED' })))).toBe('success');
    expect(await statusOf(t, o.id)).toBe(6);
    expect((await historyOf(t, o.id)).map((h) => h.status)).toEqual([0, 6]);
  });

  test('50 concurrent notices and check-order-pay queries for one order: paid exactly once', async () => {
    const o = await paidAtAlipay();
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0 ? deliver(o.note) : api.get(`check-order-pay?order_id=${o.id}`, { token: me.token }),
    );
    const answers = await Promise.all(calls);
    for (const [i, a] of answers.entries()) {
      if (i % 2 === 0) expect(textOf(a)).toBe('success');
      else expect(a.body.data).toMatchObject({ paid: true, status: 6 });
    }
    expect((await historyOf(t, o.id)).filter((h) => h.status === 6)).toHaveLength(1);
    const paid = await t.db.kysely
      .selectFrom('payment_events')
      .select('source')
      .where('order_id', '=', o.id)
      .where('outcome', '=', 'paid')
      .execute();
    expect(paid).toHaveLength(1);
  });

  test('a lost notification is recovered by check-order-pay', async () => {
    standin.behaviour.drop = true;
    const o = await paidAtAlipay();
    expect(o.note).toBeUndefined();
    expect(await statusOf(t, o.id)).toBe(0);
    const check = (await api.get(`check-order-pay?order_id=${o.id}`, { token: me.token })).body.data;
    expect(check).toMatchObject({ paid: true, status: 6 });
  });

  test('timeout: the trade is closed at Alipay, then the order is cancelled; it can no longer be paid', async () => {
    const o = await order();
    expect((await fetch(o.ticket.cashier_url!)).status).toBe(200); // the buyer opened the cashier, then left
    clock.advance(t.config.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000 + 1000);
    const jobs = createAppJobs({ config: t.config, db: t.db, integrations: t.integrations, now: clock.now });
    await jobs.cancelUnpaid(clock.now());
    expect(standin.trades.get(o.ticket.out_trade_no)!.status).toBe('TRADE_CLOSED');
    expect(await statusOf(t, o.id)).toBe(4);
    expect((await standin.pay(o.ticket.out_trade_no)).paid).toBe(false);
    const closes = await t.db.kysely
      .selectFrom('payment_events')
      .select(['outcome'])
      .where('out_trade_no', '=', o.ticket.out_trade_no)
      .where('source', '=', 'close')
      .execute();
    expect(closes).toEqual([{ outcome: 'close_closed' }]);
  });

  test('paid after the order was cancelled: the money goes back once, with a stable out_request_no', async () => {
    const o = await order();
    await ordersServiceOf(t, clock.now).cancel(o.id, { actor: 'operator', expect: 0 });
    await buyerPays(o.ticket.cashier_url!, o.ticket.out_trade_no);
    const note = standin.held.pop()!;
    const replies = await Promise.all(Array.from({ length: 10 }, () => deliver(note)));
    expect(replies.map(textOf)).toEqual(Array(10).fill('success'));
    expect(atAlipay(o.ticket.out_trade_no)).toHaveLength(1);
    expect(atAlipay(o.ticket.out_trade_no)[0]!.out_request_no).toBe(`R${o.ticket.out_trade_no}`);
    expect(await refundRow(o.ticket.out_trade_no)).toMatchObject({ state: 'done', provider: 'alipay' });
    expect(await statusOf(t, o.id)).toBe(4);
  });

  test('a refund under way counts as done only when funds moved: by its notice or by the query', async () => {
    standin.behaviour.refunds = 'processing';
    const o = await paidAtAlipay();
    await deliver(o.note);
    const move = await ordersServiceOf(t, clock.now).refund(o.id, { actor: 'operator' });
    expect(move.provider_refund).toMatchObject({ state: 'pending', refund_no: `R${o.no}` });
    expect(await paymentsServiceOf(t, clock.now).followRefunds()).toBe(0);
    expect(await refundRow(o.no)).toMatchObject({ state: 'pending' });
    await standin.settleRefunds();
    const note = standin.held.pop()!;
    expect(new URLSearchParams(note.body).get('out_biz_no')).toBe(`R${o.no}`);
    expect(textOf(await deliver(note))).toBe('success');
    expect(await refundRow(o.no)).toMatchObject({ state: 'done' });

    const q = await paidAtAlipay();
    await deliver(q.note);
    await ordersServiceOf(t, clock.now).refund(q.id, { actor: 'operator' });
    await standin.settleRefunds();
    standin.held.splice(0); // its notice is lost: the job's query finds it done
    expect(await paymentsServiceOf(t, clock.now).followRefunds()).toBe(1);
    expect(await refundRow(q.no)).toMatchObject({ state: 'done', raw_state: 'REFUND_SUCCESS' });
    const sources = await t.db.kysely
      .selectFrom('payment_events')
      .select(['source', 'outcome'])
      .where('out_trade_no', '=', q.no)
      .where('source', 'in', ['refund', 'refund_query'])
      .orderBy('id')
      .execute();
    expect(sources).toEqual([
      { source: 'refund', outcome: 'refund_pending' },
      { source: 'refund_query', outcome: 'refund_done' },
    ]);
  });

  test.each(['refuse', 'lose-answer'] as const)(
    'a refund that failed (%s) is retried with the same out_request_no: 50 retries at once refund once',
    async (failure) => {
      const o = await paidAtAlipay();
      await deliver(o.note);
      standin.behaviour.refundFailure = failure;
      const move = await ordersServiceOf(t, clock.now).refund(o.id, { actor: 'operator' });
      expect(move.provider_refund).toMatchObject({ state: 'failed' });
      expect(atAlipay(o.no)).toHaveLength(failure === 'refuse' ? 0 : 1);
      standin.held.splice(0);

      standin.behaviour.refundFailure = null;
      const payments = paymentsServiceOf(t, clock.now);
      const retries = await Promise.all(Array.from({ length: 50 }, () => payments.retryRefunds(o.id)));
      const sent = retries.flat().filter((r) => r.sent);
      expect(sent).toHaveLength(1);
      expect(atAlipay(o.no)).toHaveLength(1);
      expect(atAlipay(o.no)[0]!.out_request_no).toBe(`R${o.no}`);
      // Alipay answers a repeated out_request_no with fund_change N: followed by query until it says funds moved.
      if (failure === 'lose-answer') {
        expect(sent[0]!.state).toBe('pending');
        await payments.followRefunds();
      } else {
        expect(sent[0]!.state).toBe('done');
      }
      expect(await refundRow(o.no)).toMatchObject({ state: 'done' });
    },
  );
});
