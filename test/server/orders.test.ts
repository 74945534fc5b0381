/**
 * Orders after submit (issue 9): orderlist and orderinfo (own orders only, every field, history, steps in the
 * request's language), the conditional status move with its history row, advance along the forward path, cancel and
 * refund giving back voucher and wallet debit exactly once, also under 20 parallel cancels.
 */
import { AppError } from '../../server/src/errors';
import { OrderStatus } from '../../types/order-status';
import { transition } from '../../server/src/modules/orders/service';
import { createAppUnitOfWork } from '../../server/src/modules/repositories';
import { type Registered, registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { creditWallet, historyOf, ordersServiceOf, placeOrder, statusOf } from './support/orders';

describe.each(DIALECTS)('orders on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  let me: Registered;
  beforeAll(async () => {
    me = await registerUser(api, t.place);
  });

  const service = () => ordersServiceOf(t, clock.now);
  const balanceOf = async (userId: number) =>
    Number(
      (
        await t.db.kysely
          .selectFrom('users')
          .select('wallet_balance_fen')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).wallet_balance_fen,
    );
  const ledgerSum = async (userId: number) => {
    const rows = await t.db.kysely
      .selectFrom('wallet_ledger')
      .select('amount_fen')
      .where('user_id', '=', userId)
      .execute();
    return rows.reduce((n, r) => n + Number(r.amount_fen), 0);
  };
  const refundRows = (orderId: number) =>
    t.db.kysely
      .selectFrom('wallet_ledger')
      .selectAll()
      .where('reason', '=', 'order_refund')
      .where('ref_id', '=', String(orderId))
      .execute();
  const voucherOf = (id: number) =>
    t.db.kysely.selectFrom('vouchers').select(['used_at', 'order_id']).where('id', '=', id).executeTakeFirstOrThrow();

  test('orderlist: the caller’s own orders, newest first, paged; orderinfo: every field, history, steps, both languages', async () => {
    const a = await placeOrder(t, api, me.token, { method: 'cod' });
    const b = await placeOrder(t, api, me.token, { method: 'wechat', mode: 'collection' });
    const other = await registerUser(api, t.place);
    const theirs = await placeOrder(t, api, other.token, { method: 'cod' });

    const page1 = (await api.get('orderlist?page=1&page_size=1', { token: me.token, lang: 'en' })).body;
    expect(page1.code).toBe(1000);
    expect(page1.data).toMatchObject({ total: 2, page: 1, page_size: 1, has_more: true });
    expect(page1.data.list[0]).toMatchObject({
      id: b.id,
      status: 0,
      status_text: 'Awaiting payment',
      mode: 'collection',
      payment_method: 'wechat',
      total_fen: b.total,
      item_count: 4,
      needs_payment: true,
    });
    expect(page1.data.list[0]!.order_no).toMatch(/^SZ\d{8}\d{6}$/);
    const page2 = (await api.get('orderlist?page=2&page_size=1', { token: me.token, lang: 'cn' })).body.data;
    expect(page2.list.map((o: { id: number }) => o.id)).toEqual([a.id]);
    expect(page2.list[0]!.status_text).toBe('等待商家接单');
    expect(page2.has_more).toBe(false);
    const theirList = (await api.get('orderlist', { token: other.token })).body.data.list;
    expect(theirList.map((o: { id: number }) => o.id)).toEqual([theirs.id]);

    const info = (await api.get(`orderinfo?id=${b.id}`, { token: me.token, lang: 'en' })).body.data;
    expect(info).toMatchObject({
      id: b.id,
      status: 0,
      mode: 'collection',
      payment_method: 'wechat',
      paid: false,
      paid_at: null,
      comment: 'test',
      cutlery: true,
      discount_fen: 0,
      wallet_paid_fen: 0,
      total_fen: b.total,
      pay_before: clock.now() + t.config.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000,
    });
    expect(info.goods_fen + info.delivery_fee_fen - info.discount_fen).toBe(info.total_fen);
    expect(info.collection_code).toMatch(/^\d{6}$/);
    expect(typeof info.collection_time).toBe('number');
    expect(info.lines).toHaveLength(1);
    expect(info.lines[0]).toMatchObject({ quantity: 4, option_names: [] });
    expect(info.status_history).toEqual([
      { from_status: null, status: 0, status_text: 'Awaiting payment', at: clock.now() },
    ]);
    // A collection order's timeline has the ready step (issue 18), not reached before the restaurant marks it.
    expect(info.steps.map((s: { key: string }) => s.key)).toEqual([
      'submitted',
      'confirmed',
      'preparing',
      'ready',
      'completed',
    ]);
    expect(info.steps[3]).toEqual({ key: 'ready', label: 'Ready for collection', done: false });
    expect(info.steps[0]).toEqual({ key: 'submitted', label: 'Submitted', done: true, at: clock.now() });
    expect(info.steps[1]).toEqual({ key: 'confirmed', label: 'Confirmed by restaurant', done: false });
    const cn = (await api.get(`orderinfo?id=${a.id}`, { token: me.token, lang: 'zh-CN' })).body.data;
    expect(cn.steps.map((s: { label: string }) => s.label)).toEqual([
      '订单已提交',
      '商家已接单',
      '商家备餐中',
      '等待送达',
      '已送达',
      '已完成',
    ]);
    expect(cn).toMatchObject({ mode: 'delivery', collection_code: null, pay_before: null, paid: false });
    expect(cn.address).not.toBe('');
    // The restaurant's phone, address and place, to call or find it.
    const restaurant = await t.db.kysely
      .selectFrom('restaurants')
      .select(['phone', 'address_cn', 'address_en', 'lat', 'lng'])
      .where('id', '=', cn.restaurant_id)
      .executeTakeFirstOrThrow();
    expect(cn).toMatchObject({
      restaurant_phone: restaurant.phone,
      restaurant_address: restaurant.address_cn,
      restaurant_lat: Number(restaurant.lat),
      restaurant_lng: Number(restaurant.lng),
    });
    expect(restaurant.phone).not.toBe('');
    expect(info.restaurant_address).toBe(restaurant.address_en || restaurant.address_cn);
    // When the food is expected: collection at its time; delivery a window after the preparation time and the ride.
    expect(info.estimate).toEqual({ kind: 'ready', from: info.collection_time, to: info.collection_time });
    expect(cn.estimate!.kind).toBe('delivery');
    const prep = Number(
      (
        await t.db.kysely
          .selectFrom('restaurants')
          .select('prep_minutes')
          .where('id', '=', cn.restaurant_id)
          .executeTakeFirstOrThrow()
      ).prep_minutes,
    );
    expect(cn.estimate!.from).toBeGreaterThanOrEqual(Math.floor((cn.created_at + prep * 60_000) / 300_000) * 300_000);
    expect(cn.estimate!.to - cn.estimate!.from).toBeGreaterThanOrEqual(20 * 60_000);
    expect(cn.recipient_name).not.toBe('');

    // Another customer's order, a missing one: 1004 alike. No session: 1002. No id: 1003.
    const stranger = await api.get(`orderinfo?id=${theirs.id}`, { token: me.token, lang: 'en' });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ code: 1004, msg: 'Order not found', data: null });
    expect((await api.get('orderinfo?id=999999', { token: me.token })).body.code).toBe(1004);
    expect((await api.get(`orderinfo?id=${a.id}`)).body.code).toBe(1002);
    expect((await api.get('orderlist')).body.code).toBe(1002);
    expect((await api.get('orderinfo', { token: me.token })).body.code).toBe(1003);
  });

  test('an online order whose voucher covers everything (total 0) needs no payment and goes to the restaurant', async () => {
    const someone = await registerUser(api, t.place);
    await t.db.kysely
      .updateTable('vouchers')
      .set({ discount_fen: 1_000_000, min_goods_fen: 0 })
      .where('user_id', '=', someone.id)
      .execute();
    const order = await placeOrder(t, api, someone.token, {
      method: 'wechat',
      mode: 'collection',
      voucher: true,
      quantity: 1,
    });
    expect(order.total).toBe(0);
    expect(order.status).toBe(OrderStatus.AwaitingMerchant);
    const info = (await api.get(`orderinfo?id=${order.id}`, { token: someone.token })).body.data;
    expect(info.status).toBe(OrderStatus.AwaitingMerchant);
    expect(info.paid_at).not.toBeNull();
  });

  test('advance follows the forward path with a history row per move; an unpaid order and the end of the path refuse', async () => {
    const o = await placeOrder(t, api, me.token, { method: 'cod' });
    const s = service();
    const seen: number[] = [];
    for (;;) {
      try {
        clock.advance(1000);
        seen.push((await s.advance(o.id, { actor: 'operator' })).status);
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).key).toBe('order.no_next');
        break;
      }
    }
    expect(seen).toEqual([10, 1, 7, 2, 3, 9, 11]);
    const history = await historyOf(t, o.id);
    expect(history.map((h) => [h.from_status, h.status])).toEqual([
      [null, 6],
      [6, 10],
      [10, 1],
      [1, 7],
      [7, 2],
      [2, 3],
      [3, 9],
      [9, 11],
    ]);
    expect(history.slice(1).every((h) => h.actor === 'operator')).toBe(true);
    const info = (await api.get(`orderinfo?id=${o.id}`, { token: me.token, lang: 'en' })).body.data;
    expect(info.steps.every((st: { done: boolean }) => st.done)).toBe(true);
    expect(info.status_history).toHaveLength(8);
    // Closed: neither cancel nor refund.
    await expect(s.cancel(o.id, { actor: 'operator' })).rejects.toMatchObject({ key: 'order.move_refused' });
    await expect(s.refund(o.id, { actor: 'operator' })).rejects.toMatchObject({ key: 'order.move_refused' });

    const unpaid = await placeOrder(t, api, me.token, { method: 'alipay' });
    await expect(s.advance(unpaid.id, { actor: 'operator' })).rejects.toMatchObject({ key: 'order.awaiting_payment' });
    await expect(s.advance(999999, { actor: 'operator' })).rejects.toMatchObject({ key: 'order.not_found' });
    expect(await statusOf(t, unpaid.id)).toBe(0);
  });

  test('transition: refused by the table, or no change when the order is no longer in `from`', async () => {
    const o = await placeOrder(t, api, me.token, { method: 'cod', mode: 'collection' });
    const uow = createAppUnitOfWork(t.db.kysely);
    const at = clock.now();
    // Collection orders have no driver: 1 -> 7 is not in the table.
    await expect(uow.transaction((tx) => transition(tx, o.id, 6, 7, 'operator', { at }))).rejects.toMatchObject({
      key: 'order.move_refused',
    });
    expect(await uow.transaction((tx) => transition(tx, o.id, 10, 1, 'operator', { at }))).toBe(false);
    expect(await uow.transaction((tx) => transition(tx, o.id, 6, 10, 'merchant', { at }))).toBe(true);
    expect(await uow.transaction((tx) => transition(tx, o.id, 6, 10, 'merchant', { at }))).toBe(false);
    expect((await historyOf(t, o.id)).map((h) => [h.from_status, h.status, h.actor])).toEqual([
      [null, 6, 'customer'],
      [6, 10, 'merchant'],
    ]);
  });

  test('cancel gives back the voucher and the wallet debit once; refund after it gives nothing twice', async () => {
    const rich = await registerUser(api, t.place);
    await creditWallet(t, rich.id, 50_000, `rich-${rich.id}`);
    const o = await placeOrder(t, api, rich.token, { method: 'balance', voucher: true });
    expect(o.status).toBe(6);
    const paid = await balanceOf(rich.id);
    expect(paid).toBe(50_000 - o.total);
    expect(await voucherOf(o.voucherId!)).toMatchObject({ order_id: o.id });

    const move = await service().cancel(o.id, { actor: 'operator' });
    expect(move).toMatchObject({ from: 6, status: 4, wallet_returned_fen: o.total, voucher_returned: true });
    expect(await balanceOf(rich.id)).toBe(50_000);
    expect(await ledgerSum(rich.id)).toBe(50_000);
    expect(await voucherOf(o.voucherId!)).toEqual({ used_at: null, order_id: null });
    expect(await refundRows(o.id)).toHaveLength(1);
    const wallet = (await api.get('wallet', { token: rich.token, lang: 'en' })).body.data;
    expect(wallet.list[0]).toMatchObject({ amount_fen: o.total, reason: 'order_refund', order_id: o.id });

    await expect(service().cancel(o.id, { actor: 'operator' })).rejects.toMatchObject({ key: 'order.move_refused' });
    const refund = await service().refund(o.id, { actor: 'operator' });
    expect(refund).toMatchObject({ from: 4, status: 5, wallet_returned_fen: 0, voucher_returned: false });
    expect(await balanceOf(rich.id)).toBe(50_000);
    expect(await refundRows(o.id)).toHaveLength(1);
    expect((await historyOf(t, o.id)).map((h) => h.status)).toEqual([6, 4, 5]);
    // The voucher is usable again.
    const again = await placeOrder(t, api, rich.token, { method: 'balance', voucher: true });
    expect(again.voucherId).toBe(o.voucherId);
    // A delivered order can be refunded; its wallet debit comes back.
    const s = service();
    for (let i = 0; i < 5; i++) await s.advance(again.id, { actor: 'operator' });
    expect(await statusOf(t, again.id)).toBe(3);
    await s.refund(again.id, { actor: 'operator' });
    expect(await balanceOf(rich.id)).toBe(50_000);
    expect(await voucherOf(again.voucherId!)).toEqual({ used_at: null, order_id: null });
  });

  test('20 parallel cancels: one wins; voucher and balance come back exactly once', async () => {
    const rich = await registerUser(api, t.place);
    await creditWallet(t, rich.id, 40_000, `rich-${rich.id}`);
    const o = await placeOrder(t, api, rich.token, { method: 'balance', voucher: true });
    const s = service();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => s.cancel(o.id, { actor: 'operator' })));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected')
        expect(['order.changed', 'order.move_refused']).toContain((r.reason as AppError).key);
    }
    expect(await statusOf(t, o.id)).toBe(4);
    expect(await balanceOf(rich.id)).toBe(40_000);
    expect(await ledgerSum(rich.id)).toBe(40_000);
    expect(await refundRows(o.id)).toHaveLength(1);
    expect(await voucherOf(o.voucherId!)).toEqual({ used_at: null, order_id: null });
    expect((await historyOf(t, o.id)).map((h) => h.status)).toEqual([6, 4]);
  });
});
