/**
 * "Ready for collection" (issue 18): a collection order being prepared is marked ready by its restaurant's staff or
 * owner, once (one conditional UPDATE, its mark row with the staff member and its `order.ready` event in one
 * transaction); a retry answers the same mark; delivery orders, orders not being prepared, customers and other
 * restaurants' staff are refused; the customer's timeline and the board show it; the operator tool marks too.
 * 50 parallel marks, and marks racing the handover and cancels. SQLite and PostgreSQL.
 */
import { runMerchantsCli } from '../../server/src/merchants-cli';
import { runOrdersCli } from '../../server/src/orders-cli';
import { type Registered, registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { ORDER_RID, ordersServiceOf, placeOrder, statusOf } from './support/orders';

describe.each(DIALECTS)('ready for collection on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  let customer: Registered;
  let owner: Registered;
  let staff: Registered;
  let otherStaff: Registered;

  const members = async (restaurant: number, who: Registered, role: 'owner' | 'staff') => {
    const code = await runMerchantsCli(
      ['add', String(restaurant), who.email, '--role', role],
      { out: () => undefined, err: () => undefined },
      { db: t.db, config: t.config, now: clock.now },
    );
    expect(code).toBe(0);
  };

  beforeAll(async () => {
    customer = await registerUser(api, t.place);
    owner = await registerUser(api, t.place);
    staff = await registerUser(api, t.place);
    otherStaff = await registerUser(api, t.place);
    await members(ORDER_RID, owner, 'owner');
    await members(ORDER_RID, staff, 'staff');
    // Staff of another restaurant (the seed's restaurant 1).
    await members(1, otherStaff, 'staff');
  });

  const ready = (orderId: number, who: Registered, lang?: string) =>
    api.post('merchant/ready', { order_id: orderId }, { token: who.token, ...(lang ? { lang } : {}) });

  /** A collection order accepted and being prepared. */
  async function preparing(mode: 'collection' | 'delivery' = 'collection') {
    const o = await placeOrder(t, api, customer.token, { method: 'cod', mode });
    expect((await api.post('merchant/accept', { order_id: o.id }, { token: staff.token })).body.code).toBe(1000);
    expect((await api.post('merchant/advance', { order_id: o.id, from: 10 }, { token: staff.token })).body.code).toBe(
      1000,
    );
    expect(await statusOf(t, o.id)).toBe(1);
    return o;
  }

  const eventsOf = (orderId: number, type = 'order.ready') =>
    t.db.kysely
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('type', '=', type)
      .execute();
  const marksOf = (orderId: number) =>
    t.db.kysely.selectFrom('order_marks').selectAll().where('order_id', '=', orderId).execute();
  const markedAt = async (orderId: number) =>
    (
      await t.db.kysely
        .selectFrom('orders')
        .select('marked_ready_at')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).marked_ready_at;

  test('staff mark it once: it stays being prepared, the board shows it ready, the timeline "Ready for collection"', async () => {
    const o = await preparing();
    const res = await ready(o.id, staff);
    expect(res.body).toMatchObject({ code: 1000, data: { order_id: o.id, status: 1, marked_ready_at: clock.now() } });
    expect(await statusOf(t, o.id)).toBe(1);
    expect(await marksOf(o.id)).toMatchObject([{ mark: 'ready', actor: 'merchant', user_id: staff.id }]);
    const [event] = await eventsOf(o.id);
    expect(event).toMatchObject({ restaurant_id: ORDER_RID, user_id: customer.id });
    expect(JSON.parse(event!.payload)).toEqual({ status: 1, actor: 'merchant', marked_ready_at: clock.now() });

    const card = (await api.get(`merchant/order?order_id=${o.id}`, { token: staff.token })).body.data;
    expect(card).toMatchObject({ state: 'ready', status: 1, marked_ready_at: clock.now(), status_text: '可取餐' });
    const column = (await api.get(`merchant/orders?restaurant_id=${ORDER_RID}&state=ready`, { token: owner.token }))
      .body.data.list;
    expect(column.map((c: { id: number }) => c.id)).toContain(o.id);

    for (const [lang, label] of [
      ['en', 'Ready for collection'],
      ['cn', '可取餐'],
    ] as const) {
      const info = (await api.get(`orderinfo?id=${o.id}`, { token: customer.token, lang })).body.data;
      // The status reads as the current step does, though its code stays "being prepared".
      expect(info).toMatchObject({ status: 1, status_text: label, marked_ready_at: clock.now(), can_hurry: false });
      expect(info.steps.map((s: { key: string }) => s.key)).toEqual([
        'submitted',
        'confirmed',
        'preparing',
        'ready',
        'completed',
      ]);
      expect(info.steps[3]).toEqual({ key: 'ready', label, done: true, at: clock.now() });
      expect(info.steps[4]!.done).toBe(false);
    }
    // The orders tab's summary carries the mark, so the list can read as the page does (issue 15 §2).
    const listed = (await api.get('orderlist', { token: customer.token })).body.data.list;
    expect(listed.find((l: { id: number }) => l.id === o.id)).toMatchObject({
      status: 1,
      status_text: '可取餐',
      mode: 'collection',
      marked_ready_at: clock.now(),
    });

    // Handed over against the code afterwards: completed, the ready step keeps its time.
    const code = (await api.get(`orderinfo?id=${o.id}`, { token: customer.token })).body.data.collection_code;
    expect(
      (await api.post('merchant/collect', { order_id: o.id, code }, { token: staff.token })).body.data.status,
    ).toBe(9);
    const done = (await api.get(`orderinfo?id=${o.id}`, { token: customer.token })).body.data;
    expect(done.steps[3]).toMatchObject({ key: 'ready', done: true, at: clock.now() });
    // A retry after the handover answers the same mark, writes nothing.
    expect((await ready(o.id, staff)).body).toMatchObject({
      code: 1000,
      data: { status: 9, marked_ready_at: clock.now() },
    });
    expect(await eventsOf(o.id)).toHaveLength(1);
  });

  test('a collection order not yet marked shows the ready step to come; one handed over without the mark shows it reached', async () => {
    const o = await preparing();
    const info = (await api.get(`orderinfo?id=${o.id}`, { token: customer.token, lang: 'en' })).body.data;
    expect(info.steps[3]).toEqual({ key: 'ready', label: 'Ready for collection', done: false });
    const listed = (await api.get('orderlist', { token: customer.token })).body.data.list;
    expect(listed.find((l: { id: number }) => l.id === o.id)).toMatchObject({
      status: 1,
      status_text: '商家备餐中',
      marked_ready_at: null,
    });
    const code = info.collection_code;
    await api.post('merchant/collect', { order_id: o.id, code }, { token: staff.token });
    const after = (await api.get(`orderinfo?id=${o.id}`, { token: customer.token })).body.data;
    expect(after.steps.map((s: { done: boolean }) => s.done)).toEqual([true, true, true, true, true]);
    // A delivery order's timeline has no such step.
    const d = await placeOrder(t, api, customer.token, { method: 'cod' });
    const steps = (await api.get(`orderinfo?id=${d.id}`, { token: customer.token })).body.data.steps;
    expect(steps.map((s: { key: string }) => s.key)).not.toContain('ready');
  });

  test('refused: delivery orders, orders not being prepared, customers, other restaurants; errors in the caller language', async () => {
    const d = await preparing('delivery');
    const delivery = await ready(d.id, staff, 'cn');
    expect(delivery.body).toMatchObject({ code: 1001, msg: expect.stringContaining('只有自取订单') });
    expect((await ready(d.id, staff, 'en')).body.msg).toContain('only collection orders');
    expect(await markedAt(d.id)).toBeNull();

    const waiting = await placeOrder(t, api, customer.token, { method: 'cod', mode: 'collection' });
    const early = await ready(waiting.id, owner, 'en');
    expect(early.body).toMatchObject({ code: 1001, msg: expect.stringContaining('cannot be marked ready now') });
    await api.post('merchant/accept', { order_id: waiting.id }, { token: staff.token });
    expect((await ready(waiting.id, owner, 'cn')).body.msg).toContain('备餐中的自取订单');
    expect(await eventsOf(waiting.id)).toHaveLength(0);

    const o = await preparing();
    // The customer (not a member) and another restaurant's staff: the order is as absent as a missing one.
    expect((await ready(o.id, customer)).body.code).toBe(1004);
    expect((await ready(o.id, otherStaff)).body.code).toBe(1004);
    expect((await api.post('merchant/ready', { order_id: o.id })).body.code).not.toBe(1000);
    expect((await ready(2147483000, staff)).body.code).toBe(1004);
    expect(await markedAt(o.id)).toBeNull();
    // The owner may, as staff may.
    expect((await ready(o.id, owner)).body.code).toBe(1000);
    expect(await marksOf(o.id)).toMatchObject([{ user_id: owner.id }]);
  });

  test('50 parallel marks by staff and owner: one mark, one event, one ready time; every call answers it', async () => {
    const o = await preparing();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => ready(o.id, i % 2 === 0 ? staff : owner)));
    expect(results.map((r) => r.body.code)).toEqual(Array(50).fill(1000));
    const at = await markedAt(o.id);
    expect(Number(at)).toBe(clock.now());
    expect(new Set(results.map((r) => r.body.data.marked_ready_at))).toEqual(new Set([Number(at)]));
    expect(await eventsOf(o.id)).toHaveLength(1);
    expect(await marksOf(o.id)).toHaveLength(1);
    expect(await statusOf(t, o.id)).toBe(1);
  });

  test('50 parallel: marks racing the handover, marks racing cancels (restaurant side), customer cancels refused', async () => {
    // Handover: 25 marks and 25 right codes at once. One handover; a mark exists only if it came first, with one event.
    const h = await preparing();
    const code = (await api.get(`orderinfo?id=${h.id}`, { token: customer.token })).body.data.collection_code;
    const raced = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? ready(h.id, staff)
          : api.post('merchant/collect', { order_id: h.id, code }, { token: staff.token }),
      ),
    );
    expect(await statusOf(t, h.id)).toBe(9);
    const collects = raced.filter((_, i) => i % 2 === 1).map((r) => r.body.code);
    expect(collects.filter((c) => c === 1000)).toHaveLength(1);
    const marks = raced.filter((_, i) => i % 2 === 0);
    const marked = await markedAt(h.id);
    expect(await eventsOf(h.id)).toHaveLength(marked === null ? 0 : 1);
    expect(await marksOf(h.id)).toHaveLength(marked === null ? 0 : 1);
    for (const r of marks) {
      // Before the handover, or a retry after it: the same mark; after the handover with no mark: refused.
      if (marked === null) expect(r.body.code).toBe(1001);
      else expect(r.body).toMatchObject({ code: 1000, data: { marked_ready_at: Number(marked) } });
    }

    // Cancels by the restaurant side (operator) racing marks: cancelled once; a mark only with its one event.
    const c = await preparing();
    const orders = ordersServiceOf(t, clock.now);
    const mixed = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? ready(c.id, owner) : orders.cancel(c.id, { actor: 'operator', expect: 1 }),
      ),
    );
    expect(await statusOf(t, c.id)).toBe(4);
    expect(mixed.filter((r, i) => i % 2 === 1 && r.status === 'fulfilled')).toHaveLength(1);
    const cMarked = await markedAt(c.id);
    expect(await eventsOf(c.id)).toHaveLength(cMarked === null ? 0 : 1);
    expect(await marksOf(c.id)).toHaveLength(cMarked === null ? 0 : 1);

    // The customer may not cancel once accepted: 25 customer cancels and 25 marks, the mark wins alone.
    const u = await preparing();
    const both = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? ready(u.id, staff) : api.post('cancelorder', { order_id: u.id }, { token: customer.token }),
      ),
    );
    expect(both.filter((_, i) => i % 2 === 1).every((r) => r.body.code === 1001)).toBe(true);
    expect(both.filter((_, i) => i % 2 === 0).every((r) => r.body.code === 1000)).toBe(true);
    expect(await statusOf(t, u.id)).toBe(1);
    expect(await eventsOf(u.id)).toHaveLength(1);
  });

  test('no "hurry up" once marked ready: the food waits for the customer (the ready estimate long past)', async () => {
    const o = await preparing();
    expect((await ready(o.id, staff)).body.code).toBe(1000);
    clock.advance(2 * 3600_000);
    const info = (await api.get(`orderinfo?id=${o.id}`, { token: customer.token })).body.data;
    expect(info.ready_at).toBeLessThan(clock.now());
    expect(info.can_hurry).toBe(false);
    const tries = await Promise.all(
      Array.from({ length: 10 }, () => api.post('hurryup', { order_id: o.id }, { token: customer.token })),
    );
    expect(tries.map((r) => r.body.code)).toEqual(Array(10).fill(1001));
    expect(await eventsOf(o.id, 'order.hurry')).toHaveLength(0);
    // An unmarked collection order past its estimate may be hurried (the mark is what stops it).
    const p = await preparing();
    clock.advance(2 * 3600_000);
    expect((await api.get(`orderinfo?id=${p.id}`, { token: customer.token })).body.data.can_hurry).toBe(true);
    expect((await api.post('hurryup', { order_id: p.id }, { token: customer.token })).body.code).toBe(1000);
  });

  test('the operator tool marks ready once, says so again on a retry, refuses a delivery order', async () => {
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runOrdersCli(
        argv,
        { out: (l) => out.push(l), err: (l) => err.push(l) },
        { db: t.db, config: t.config, now: clock.now },
      );
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const o = await preparing();
    const first = await run('ready', String(o.id));
    expect(first).toMatchObject({ code: 0 });
    expect(first.out).toMatch(new RegExp(`^Order ${o.id}: Being prepared \\(1\\), marked ready for collection at `));
    expect((await run('ready', String(o.id))).out).toContain('already marked ready');
    expect(await marksOf(o.id)).toMatchObject([{ actor: 'operator', user_id: null }]);
    expect(await eventsOf(o.id)).toHaveLength(1);
    const d = await preparing('delivery');
    expect(await run('ready', String(d.id))).toMatchObject({ code: 1, err: expect.stringContaining('delivery order') });
  });
});
