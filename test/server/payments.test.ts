/**
 * Online payment through the sandbox provider (issue 9): pay (H5 cashier URL, mini program parameters), the cashier
 * page (both languages, pay, cancel), the notification endpoint (signature, order, amount; paid exactly once; repeated,
 * late, out-of-order, bad signature, wrong amount, unknown order change nothing), 50 parallel duplicates, and
 * check-order-pay recovering a lost notification.
 */
import { createSandboxPayments } from '../../server/src/integrations/payments/sandbox';
import { type Registered, registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { testClock } from './support/clock';
import { creditWallet, historyOf, ordersServiceOf, paymentsServiceOf, placeOrder, statusOf } from './support/orders';

const SECRET = 'payments-test-secret-0123456789';
const NOTIFY = '/api/szeat/payments/notify/sandbox';

describe.each(DIALECTS)('payments on %s', (dialect) => {
  const clock = testClock();
  const sandbox = createSandboxPayments({ secret: SECRET, now: clock.now, log: () => undefined });
  const t = useTestApp(dialect, {
    clock,
    config: { PAYMENT_SANDBOX_SECRET: SECRET, PUBLIC_BASE_URL: 'https://szeat.test' },
    integrations: { payments: sandbox },
  });
  const { api } = t;
  let me: Registered;
  beforeAll(async () => {
    me = await registerUser(api, t.place);
  });
  beforeEach(() => {
    sandbox.loseNotifications = false;
  });

  const pay = (orderId: number, platform = 'h5', extra: Record<string, unknown> = {}, lang = 'en', token = me.token) =>
    api.post('pay', { order_id: orderId, platform, ...extra }, { token, lang });
  const tokenOf = (cashierUrl: string | undefined) => new URL(cashierUrl!).searchParams.get('t')!;
  const cashierPay = (token: string) =>
    api.post('payments/sandbox/cashier/pay', `t=${encodeURIComponent(token)}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const notify = (content: Record<string, unknown>, tamper?: (body: string) => string) => {
    const { headers, body } = sandbox.sign(content);
    return api.post(NOTIFY, tamper ? tamper(body) : body, {
      headers: { ...headers, 'content-type': 'application/json' },
    });
  };
  const paymentOf = (orderId: number) =>
    t.db.kysely.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const outcomes = async (orderId: number) =>
    (
      await t.db.kysely
        .selectFrom('payment_events')
        .select('outcome')
        .where('order_id', '=', orderId)
        .where('source', 'in', ['notify', 'query'])
        .where('outcome', 'not like', 'not_paid%')
        .orderBy('id')
        .execute()
    ).map((e) => e.outcome);
  const notice = (tradeNo: string, amount: number, over: Record<string, unknown> = {}) => ({
    out_trade_no: tradeNo,
    transaction_id: `tx-${tradeNo}`,
    amount_fen: amount,
    trade_state: 'SUCCESS',
    paid_at: clock.now(),
    ...over,
  });
  const onlineOrder = async (method: 'wechat' | 'alipay' = 'wechat', token = me.token) => {
    const o = await placeOrder(t, api, token, { method });
    const ticket = (await pay(o.id, 'h5', {}, 'en', token)).body.data;
    return { ...o, ticket };
  };

  test('H5: pay answers our cashier; the page speaks both languages; paying marks the order paid and goes back', async () => {
    const o = await placeOrder(t, api, me.token, { method: 'wechat' });
    const res = await pay(o.id, 'h5', { return_url: `/paySucc/${o.id}` });
    expect(res.body.code).toBe(1000);
    const ticket = res.body.data;
    expect(ticket).toMatchObject({ provider: 'sandbox', order_id: o.id, amount_fen: o.total });
    expect(ticket.pay_before).toBe(clock.now() + t.config.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000);
    const url = new URL(ticket.cashier_url!);
    expect(url.origin + url.pathname).toBe('https://szeat.test/api/szeat/payments/sandbox/cashier');
    // A second pay is the same payment (one row per order and provider).
    expect((await pay(o.id)).body.data.out_trade_no).toBe(ticket.out_trade_no);

    const en = await api.get(url.pathname + url.search);
    expect(en.status).toBe(200);
    expect(en.headers['content-type']).toMatch(/text\/html/);
    expect(en.body).toContain('Cashier (sandbox)');
    expect(en.body).toContain(`¥${(o.total / 100).toFixed(2).replace(/\.?0+$/, '')}`);
    expect(en.body).toContain('Are you sure you want to cancel the payment?');
    // Its own policy: its inline style and confirm handler, nothing loaded, never framed.
    expect(en.headers['content-security-policy']).toContain("script-src-attr 'unsafe-inline'");
    expect(en.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(en.headers['content-security-policy']).toContain("default-src 'none'");
    expect(en.headers['x-frame-options']).toBe('DENY');
    const cnTicket = (await pay(o.id, 'h5', {}, 'zh-CN')).body.data;
    const cnUrl = new URL(cnTicket.cashier_url!);
    const cn = await api.get(cnUrl.pathname + cnUrl.search);
    expect(cn.body).toContain('收银台（沙箱）');
    expect(cn.body).toContain('确定要取消支付吗？');
    const altered = await api.get(`${url.pathname}?t=${tokenOf(ticket.cashier_url)}x`);
    expect(altered.status).toBe(400);

    // Cancel goes back unpaid.
    const cancel = await api.post(
      'payments/sandbox/cashier/cancel',
      `t=${encodeURIComponent(tokenOf(ticket.cashier_url))}`,
      { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
    expect(cancel.status).toBe(303);
    expect(cancel.headers.location).toBe(`https://szeat.test/paySucc/${o.id}?cancelled=1`);
    expect(await statusOf(t, o.id)).toBe(0);
    expect((await api.get(`check-order-pay?order_id=${o.id}`, { token: me.token })).body.data).toMatchObject({
      paid: false,
      status: 0,
    });

    const paid = await cashierPay(tokenOf(ticket.cashier_url));
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`https://szeat.test/paySucc/${o.id}`);
    expect(await statusOf(t, o.id)).toBe(6);
    expect((await historyOf(t, o.id)).map((h) => [h.from_status, h.status, h.actor])).toEqual([
      [null, 0, 'customer'],
      [0, 6, 'payment'],
    ]);
    expect(await paymentOf(o.id)).toMatchObject({ state: 'paid', amount_fen: o.total });
    expect(await outcomes(o.id)).toEqual(['paid']);
    const check = (await api.get(`check-order-pay?order_id=${o.id}`, { token: me.token, lang: 'en' })).body.data;
    expect(check).toEqual({ order_id: o.id, paid: true, status: 6, status_text: 'Waiting for the restaurant' });
    const info = (await api.get(`orderinfo?id=${o.id}`, { token: me.token })).body.data;
    expect(info).toMatchObject({ paid: true, paid_at: clock.now(), pay_before: null, needs_payment: false });
    // Paying again (back button): the same payment, its notification a repeat; nothing changes.
    expect((await cashierPay(tokenOf(ticket.cashier_url))).status).toBe(303);
    expect(await outcomes(o.id)).toEqual(['paid', 'duplicate']);
    expect(await historyOf(t, o.id)).toHaveLength(2);
    // And pay now refuses; the cashier link says so.
    expect((await pay(o.id, 'h5', {}, 'en')).body).toMatchObject({ code: 1001 });
    const done = await api.get(url.pathname + url.search);
    expect(done.status).toBe(409);
    expect(done.body).toContain('This order cannot be paid now (Waiting for the restaurant)');
    expect(done.body).toContain(`href="https://szeat.test/paySucc/${o.id}"`);
  });

  test('the return path stays on our site; the mini program gets requestPayment parameters and pays with them', async () => {
    const o = await placeOrder(t, api, me.token, { method: 'alipay' });
    for (const evil of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const ticket = (await pay(o.id, 'h5', { return_url: evil })).body.data;
      const session = sandbox.session(tokenOf(ticket.cashier_url))!;
      expect(session.return_url).toBe(`https://szeat.test/paySucc/${o.id}`);
    }
    // The channel comes from the session: a mini program session gets requestPayment's parameters.
    const mini = await registerUser(api, t.place);
    await t.db.kysely.updateTable('sessions').set({ platform: 'weapp' }).where('user_id', '=', mini.id).execute();
    const mo = await placeOrder(t, api, mini.token, { method: 'wechat' });
    const weapp = (await pay(mo.id, 'weapp', {}, 'en', mini.token)).body.data;
    expect(weapp.cashier_url).toBeUndefined();
    expect(Object.keys(weapp.weapp!).sort()).toEqual(['nonceStr', 'package', 'paySign', 'signType', 'timeStamp']);
    const token = weapp.weapp!.package.replace(/^sandbox_token=/, '');
    const res = await api.post('payments/sandbox/cashier/pay', { t: token });
    expect(res.body).toMatchObject({ code: 1000, data: { order_id: mo.id, paid: true } });
    expect(await statusOf(t, mo.id)).toBe(6);
  });

  test('pay refuses: pay on delivery and balance orders, someone else’s order, no session, after the deadline', async () => {
    const cod = await placeOrder(t, api, me.token, { method: 'cod' });
    const refused = await pay(cod.id);
    expect(refused.body).toEqual({ code: 1001, msg: 'This order is not paid online', data: null });
    const stranger = await registerUser(api, t.place);
    const theirs = await placeOrder(t, api, stranger.token, { method: 'wechat' });
    expect((await pay(theirs.id)).body.code).toBe(1004);
    expect((await api.get(`check-order-pay?order_id=${theirs.id}`, { token: me.token })).body.code).toBe(1004);
    expect((await api.post('pay', { order_id: theirs.id, platform: 'h5' })).body.code).toBe(1002);
    expect((await pay(theirs.id, 'h5', {}, 'en', stranger.token)).body.code).toBe(1000);
    clock.advance(t.config.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000);
    try {
      const late = await pay(theirs.id, 'h5', {}, 'zh-CN', stranger.token);
      expect(late.body).toEqual({ code: 1001, msg: '支付时间已过，订单将被取消', data: null });
    } finally {
      clock.advance(-t.config.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000);
    }
  });

  test('notifications: bad signature, malformed, unknown order, wrong amount, closed change nothing', async () => {
    const o = await onlineOrder();
    const trade = o.ticket.out_trade_no;
    const bad = await notify(notice(trade, o.total), (b) => b.replace(`"amount_fen":${o.total}`, '"amount_fen":1'));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'FAIL', message: 'bad_signature' });
    const unsigned = await api.post(NOTIFY, JSON.stringify(notice(trade, o.total)), {
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    const malformed = await notify({ out_trade_no: trade, amount_fen: 'lots' });
    expect(malformed.body).toEqual({ code: 'FAIL', message: 'malformed' });
    const unknown = await notify(notice('SZ20990101999999SA', o.total));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 'FAIL', message: 'unknown_order' });
    const wrong = await notify(notice(trade, o.total - 1));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 'FAIL', message: 'wrong_amount' });
    const closed = await notify(notice(trade, o.total, { trade_state: 'CLOSED' }));
    expect(closed.status).toBe(200);
    expect(await statusOf(t, o.id)).toBe(0);
    expect(await paymentOf(o.id)).toMatchObject({ state: 'created', transaction_id: null });
    expect(await historyOf(t, o.id)).toHaveLength(1);
    expect(await outcomes(o.id)).toEqual(['wrong_amount', 'closed']);
    // Another provider's path: not ours.
    expect((await api.post('payments/notify/wechat', {})).status).toBe(404);

    // Out of order: the closed notice came first; the payment that follows still counts, once.
    const ok = await notify(notice(trade, o.total));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ code: 'SUCCESS', message: 'paid' });
    expect(await statusOf(t, o.id)).toBe(6);
    // A paid notice after the order moved on changes nothing.
    await ordersServiceOf(t, clock.now).advance(o.id, { actor: 'operator' });
    const again = await notify(notice(trade, o.total));
    expect(again.body).toEqual({ code: 'SUCCESS', message: 'duplicate' });
    expect(await statusOf(t, o.id)).toBe(10);
    expect((await historyOf(t, o.id)).map((h) => h.status)).toEqual([0, 6, 10]);
  });

  test('50 parallel duplicate notifications: paid exactly once, one history row', async () => {
    const o = await onlineOrder();
    const content = notice(o.ticket.out_trade_no, o.total);
    const replies = await Promise.all(Array.from({ length: 50 }, () => notify(content)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const messages = replies.map((r) => r.body.message);
    expect(messages.filter((m) => m === 'paid')).toHaveLength(1);
    expect(messages.filter((m) => m === 'duplicate')).toHaveLength(49);
    expect(await statusOf(t, o.id)).toBe(6);
    expect((await historyOf(t, o.id)).filter((h) => h.status === 6)).toHaveLength(1);
    const events = await outcomes(o.id);
    expect(events.filter((e) => e === 'paid')).toHaveLength(1);
    expect(events).toHaveLength(50);
  });

  test('a payment after the order was cancelled is late: the order stays cancelled and the money goes back once', async () => {
    const o = await onlineOrder('alipay');
    const cancelled = await ordersServiceOf(t, clock.now).cancel(o.id, { actor: 'system', expect: 0 });
    expect(cancelled).toMatchObject({ from: 0, status: 4, provider_refund: null });
    const refundsBefore = (await sandbox.refunds()).length;
    const res = await cashierPay(tokenOf(o.ticket.cashier_url));
    expect(res.status).toBe(303);
    expect(await statusOf(t, o.id)).toBe(4);
    expect(await paymentOf(o.id)).toMatchObject({ state: 'late' });
    expect((await sandbox.refunds()).slice(refundsBefore)).toEqual([
      { outTradeNo: o.ticket.out_trade_no, refundNo: `R${o.ticket.out_trade_no}`, amountFen: o.total },
    ]);
    // Again: a repeat, no second refund.
    const again = await notify(
      notice(o.ticket.out_trade_no, o.total, { transaction_id: (await paymentOf(o.id)).transaction_id }),
    );
    expect(again.body).toEqual({ code: 'SUCCESS', message: 'duplicate' });
    expect(await sandbox.refunds()).toHaveLength(refundsBefore + 1);
    const refunds = await t.db.kysely.selectFrom('payment_refunds').selectAll().where('order_id', '=', o.id).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ state: 'done', amount_fen: o.total });
    expect(await outcomes(o.id)).toEqual(['late', 'duplicate']);
    expect((await historyOf(t, o.id)).map((h) => h.status)).toEqual([0, 4]);
  });

  test('a lost notification is recovered by check-order-pay; the notification arriving later changes nothing', async () => {
    const o = await onlineOrder();
    sandbox.loseNotifications = true;
    expect((await cashierPay(tokenOf(o.ticket.cashier_url))).status).toBe(303);
    expect(await statusOf(t, o.id)).toBe(0);
    const check = (await api.get(`check-order-pay?order_id=${o.id}`, { token: me.token, lang: 'en' })).body.data;
    expect(check).toMatchObject({ paid: true, status: 6 });
    const events = await t.db.kysely
      .selectFrom('payment_events')
      .select(['source', 'outcome'])
      .where('order_id', '=', o.id)
      .where('source', 'in', ['notify', 'query'])
      .execute();
    expect(events).toEqual([{ source: 'query', outcome: 'paid' }]);
    const recorded = await paymentOf(o.id);
    const late = await notify(
      notice(o.ticket.out_trade_no, o.total, { transaction_id: recorded.transaction_id, paid_at: recorded.paid_at }),
    );
    expect(late.body).toEqual({ code: 'SUCCESS', message: 'duplicate' });
    expect((await historyOf(t, o.id)).map((h) => h.status)).toEqual([0, 6]);
  });

  test('reconcile (the job runner, before a timeout cancel): a paid order whose notification was lost is not cancelled', async () => {
    const o = await onlineOrder();
    const payments = paymentsServiceOf(t, clock.now);
    expect(await payments.reconcile(o.id)).toEqual([]);
    sandbox.loseNotifications = true;
    await cashierPay(tokenOf(o.ticket.cashier_url));
    expect(await statusOf(t, o.id)).toBe(0);
    expect(await payments.reconcile(o.id)).toEqual(['paid']);
    await expect(ordersServiceOf(t, clock.now).cancel(o.id, { actor: 'system', expect: 0 })).rejects.toMatchObject({
      key: 'order.changed',
    });
    expect(await statusOf(t, o.id)).toBe(6);
    expect(await payments.reconcile(o.id)).toEqual([]);
  });

  test('cancelling a paid online order refunds it through the provider once; balance orders get the wallet back', async () => {
    const o = await onlineOrder();
    await cashierPay(tokenOf(o.ticket.cashier_url));
    const before = (await sandbox.refunds()).length;
    const move = await ordersServiceOf(t, clock.now).cancel(o.id, { actor: 'operator' });
    expect(move).toMatchObject({
      from: 6,
      status: 5,
      provider_refund: { refund_no: `R${o.ticket.out_trade_no}`, amount_fen: o.total, state: 'done' },
    });
    expect((await historyOf(t, o.id)).map((h) => h.status)).toEqual([0, 6, 4, 5]);
    expect(await sandbox.refunds()).toHaveLength(before + 1);
    await expect(ordersServiceOf(t, clock.now).refund(o.id, { actor: 'operator' })).rejects.toMatchObject({
      key: 'order.move_refused',
    });

    const rich = await registerUser(api, t.place);
    await creditWallet(t, rich.id, 30_000, `p-${rich.id}`);
    const b = await placeOrder(t, api, rich.token, { method: 'balance' });
    const check = (await api.get(`check-order-pay?order_id=${b.id}`, { token: rich.token })).body.data;
    expect(check).toMatchObject({ paid: true, status: 6 });
    const c = await placeOrder(t, api, rich.token, { method: 'cod' });
    expect((await api.get(`check-order-pay?order_id=${c.id}`, { token: rich.token })).body.data).toMatchObject({
      paid: true,
      status: 6,
    });
  });
});
