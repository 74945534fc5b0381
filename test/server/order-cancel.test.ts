/**
 * Issue 15 §2 and issue 18: the customer cancels an order until the restaurant accepts it (cancelorder): an online
 * order awaiting payment, or any order waiting for the restaurant (a paid one's money back at once). One conditional move decides between 50 parallel cancels;
 * the voucher comes back in the same transaction, once. Accepted orders are refused and unchanged. The
 * order says why it ended (cancelled by the customer, not paid in time).
 */
import { OrderStatus } from '../../types/order-status';
import { type Registered, registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { creditWallet, historyOf, ORDER_RID, ordersServiceOf, placeOrder, statusOf } from './support/orders';

describe.each(DIALECTS)('customer cancels on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  let me: Registered;
  beforeAll(async () => {
    me = await registerUser(api, t.place);
  });
  const voucherOf = (id: number) =>
    t.db.kysely.selectFrom('vouchers').select(['used_at', 'order_id']).where('id', '=', id).executeTakeFirstOrThrow();

  test('an unpaid online order with a voucher: cancelled by its customer, the voucher back, the reason shown', async () => {
    const someone = await registerUser(api, t.place);
    const o = await placeOrder(t, api, someone.token, { method: 'wechat', voucher: true });
    expect(o.status).toBe(OrderStatus.Submitted);
    expect(await voucherOf(o.voucherId!)).toMatchObject({ order_id: o.id });
    const before = (await api.get(`orderinfo?id=${o.id}`, { token: someone.token })).body.data;
    expect(before).toMatchObject({ can_cancel: true, end_reason: null });
    const listed = (await api.get('orderlist', { token: someone.token })).body.data.list[0]!;
    expect(listed).toMatchObject({ id: o.id, can_cancel: true });

    clock.advance(60_000);
    const res = await api.post('cancelorder', { order_id: o.id }, { token: someone.token, lang: 'en' });
    expect(res.body.code).toBe(1000);
    expect(res.body.data).toMatchObject({
      id: o.id,
      status: OrderStatus.Cancelled,
      status_text: 'Cancelled',
      can_cancel: false,
      needs_payment: false,
      end_reason: 'customer',
      pay_before: null,
      estimate: null,
    });
    expect(await voucherOf(o.voucherId!)).toEqual({ used_at: null, order_id: null });
    // The timeline: the step reached, then the cancellation with its time.
    expect(res.body.data.steps).toEqual([
      { key: 'submitted', label: 'Submitted', done: true, at: clock.now() - 60_000 },
      { key: 'cancelled', label: 'Cancelled', done: true, at: clock.now() },
    ]);
    expect((await historyOf(t, o.id)).map((h) => [h.from_status, h.status, h.actor])).toEqual([
      [null, 0, 'customer'],
      [0, 4, 'customer'],
    ]);
    // A second cancel is refused and changes nothing.
    const again = await api.post('cancelorder', { order_id: o.id }, { token: someone.token, lang: 'cn' });
    expect(again.body).toMatchObject({ code: 1001, msg: '这个订单现在不能取消（已取消）' });
    expect(await historyOf(t, o.id)).toHaveLength(2);
  });

  test('cancellable until the restaurant accepts, paid or not (issue 18: money of a paid one back at once)', async () => {
    const cod = await placeOrder(t, api, me.token, { method: 'cod' });
    expect(cod.status).toBe(OrderStatus.AwaitingMerchant);
    const accepted = await placeOrder(t, api, me.token, { method: 'cod' });
    await ordersServiceOf(t, clock.now).advance(accepted.id, { actor: 'merchant' });
    expect((await api.get(`orderinfo?id=${accepted.id}`, { token: me.token })).body.data.can_cancel).toBe(false);
    const refused = await api.post('cancelorder', { order_id: accepted.id }, { token: me.token, lang: 'en' });
    expect(refused.body).toMatchObject({ code: 1001 });
    expect(await statusOf(t, accepted.id)).toBe(OrderStatus.ConfirmedByRestaurant);

    const ok = await api.post('cancelorder', { order_id: cod.id }, { token: me.token });
    expect(ok.body.data).toMatchObject({ status: OrderStatus.Cancelled, end_reason: 'customer' });

    const rich = await registerUser(api, t.place);
    await creditWallet(t, rich.id, 30_000, `rich-${rich.id}`);
    const paid = await placeOrder(t, api, rich.token, { method: 'balance' });
    expect((await api.get(`orderinfo?id=${paid.id}`, { token: rich.token })).body.data.can_cancel).toBe(true);
    expect((await api.post('cancelorder', { order_id: paid.id }, { token: rich.token })).body.code).toBe(1000);
    expect(await statusOf(t, paid.id)).toBe(OrderStatus.Cancelled);
    expect((await api.get('wallet', { token: rich.token })).body.data.balance_fen).toBe(30_000);

    // Someone else's order is as absent as a missing one; no session, no cancel.
    const stranger = await registerUser(api, t.place);
    const theirs = await placeOrder(t, api, stranger.token, { method: 'alipay' });
    expect((await api.post('cancelorder', { order_id: theirs.id }, { token: me.token })).body.code).toBe(1004);
    expect((await api.post('cancelorder', { order_id: theirs.id })).body.code).toBe(1002);
    expect(await statusOf(t, theirs.id)).toBe(OrderStatus.Submitted);
  });

  test('50 parallel cancels: one wins, the voucher comes back once, one history row', async () => {
    const someone = await registerUser(api, t.place);
    const o = await placeOrder(t, api, someone.token, { method: 'alipay', voucher: true });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api.post('cancelorder', { order_id: o.id }, { token: someone.token })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 1000)).toHaveLength(1);
    expect(codes.filter((c) => c === 1001)).toHaveLength(49);
    expect(await statusOf(t, o.id)).toBe(OrderStatus.Cancelled);
    expect((await historyOf(t, o.id)).map((h) => h.status)).toEqual([0, 4]);
    expect(await voucherOf(o.voucherId!)).toEqual({ used_at: null, order_id: null });
    // The voucher is usable again.
    const again = await placeOrder(t, api, someone.token, { method: 'cod', voucher: true });
    expect(again.voucherId).toBe(o.voucherId);
  });

  test('a cancel racing the payment: exactly one of them moves the order', async () => {
    const someone = await registerUser(api, t.place);
    const o = await placeOrder(t, api, someone.token, { method: 'wechat' });
    const s = ordersServiceOf(t, clock.now);
    const { createAppUnitOfWork } = await import('../../server/src/modules/repositories');
    const uow = createAppUnitOfWork(t.db.kysely);
    const at = clock.now();
    const [cancel, pay] = await Promise.all([
      api.post('cancelorder', { order_id: o.id }, { token: someone.token }),
      uow.transaction((tx) =>
        s.markPaid(tx, { id: o.id, mode: 'delivery', restaurant_id: ORDER_RID, user_id: someone.id }, at, at),
      ),
    ]);
    // Since issue 18 a paid order waiting for the restaurant may be cancelled too: the cancel came first (the
    // payment is refused: nothing paid); or the payment did and the cancel, seeing it paid, gave the money back; or
    // the payment won while the cancel was deciding from the unpaid state (the cancel is refused). Never both moves
    // from the unpaid state.
    const statuses = (await historyOf(t, o.id)).map((h) => h.status);
    const outcome = `${cancel.body.code === 1000 ? 'cancelled' : 'refused'}/${pay ? 'paid' : 'unpaid'}`;
    const expected: Record<string, number[]> = {
      'cancelled/unpaid': [0, 4],
      'cancelled/paid': [0, 6, 4, 5],
      'refused/paid': [0, 6],
    };
    expect([outcome, statuses]).toEqual([outcome, expected[outcome]]);
  });

  test('an order the unpaid sweep cancelled says it was not paid in time', async () => {
    const o = await placeOrder(t, api, me.token, { method: 'wechat' });
    await ordersServiceOf(t, clock.now).cancel(o.id, { actor: 'system', expect: OrderStatus.Submitted });
    const info = (await api.get(`orderinfo?id=${o.id}`, { token: me.token })).body.data;
    expect(info).toMatchObject({ status: OrderStatus.Cancelled, end_reason: 'payment_timeout', can_cancel: false });
    const byRestaurant = await placeOrder(t, api, me.token, { method: 'cod' });
    await ordersServiceOf(t, clock.now).cancel(byRestaurant.id, { actor: 'merchant' });
    expect((await api.get(`orderinfo?id=${byRestaurant.id}`, { token: me.token })).body.data.end_reason).toBe(
      'restaurant',
    );
  });
});
