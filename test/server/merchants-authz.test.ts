/**
 * Issue 18: who may do what on the restaurant side, over every merchant call (a customer, staff of another
 * restaurant, staff vs owner, the owner), on SQLite and PostgreSQL; the races the database decides (50 parallel
 * accept/reject/cancel on one order: exactly one wins, one event per change; the customer's cancel of a paid order
 * against the restaurant's accept); and the unaccepted-order timeout of the job runner.
 */
import { createAppJobs } from '../../server/src/app-jobs';
import { runMerchantsCli } from '../../server/src/merchants-cli';
import { OrderStatus } from '../../types/order-status';
import { type Registered, registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { creditWallet, historyOf, ORDER_RID, placeOrder, statusOf } from './support/orders';

const OTHER_RID = 3;

describe.each(DIALECTS)('merchant authorization and races on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  let customer: Registered;
  let owner: Registered;
  let staff: Registered;
  let otherStaff: Registered;
  let otherOwner: Registered;

  const cli = (...argv: string[]) =>
    runMerchantsCli(
      argv,
      { out: () => undefined, err: () => undefined },
      { db: t.db, config: t.config, now: clock.now },
    );
  const eventsOf = (orderId: number) =>
    t.db.kysely.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

  beforeAll(async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => registerUser(api, t.place)));
    [customer, owner, staff, otherStaff, otherOwner] = users as [
      Registered,
      Registered,
      Registered,
      Registered,
      Registered,
    ];
    await creditWallet(t, customer.id, 500_000, 'authz');
    expect(await cli('add', String(ORDER_RID), owner.email, '--role', 'owner')).toBe(0);
    expect(await cli('add', String(ORDER_RID), staff.email, '--role', 'staff')).toBe(0);
    expect(await cli('add', String(OTHER_RID), otherStaff.email, '--role', 'staff')).toBe(0);
    expect(await cli('add', String(OTHER_RID), otherOwner.email, '--role', 'owner')).toBe(0);
  });

  type Who = 'anonymous' | 'customer' | 'otherStaff' | 'otherOwner' | 'staff' | 'owner';
  const tokenOf = (who: Who) =>
    ({
      anonymous: undefined,
      customer: customer.token,
      otherStaff: otherStaff.token,
      otherOwner: otherOwner.token,
      staff: staff.token,
      owner: owner.token,
    })[who];

  /** Every merchant call, with a fresh target when it changes something, and what it needs: staff or owner. */
  const calls: Array<{
    name: string;
    need: 'staff' | 'owner';
    orderCall?: boolean;
    run: (token?: string) => Promise<number>;
  }> = [
    {
      name: 'GET orders',
      need: 'staff',
      run: async (token) => (await api.get(`merchant/orders?restaurant_id=${ORDER_RID}`, { token })).body.code,
    },
    {
      name: 'GET order',
      need: 'staff',
      orderCall: true,
      run: async (token) => {
        const o = await placeOrder(t, api, customer.token, { method: 'cod' });
        return (await api.get(`merchant/order?order_id=${o.id}`, { token })).body.code;
      },
    },
    {
      name: 'POST accept',
      need: 'staff',
      orderCall: true,
      run: async (token) => {
        const o = await placeOrder(t, api, customer.token, { method: 'cod' });
        const code = (await api.post('merchant/accept', { order_id: o.id }, { token })).body.code;
        expect(await statusOf(t, o.id)).toBe(code === 1000 ? 10 : 6);
        return code;
      },
    },
    {
      name: 'POST reject',
      need: 'staff',
      orderCall: true,
      run: async (token) => {
        const o = await placeOrder(t, api, customer.token, { method: 'cod' });
        const code = (await api.post('merchant/reject', { order_id: o.id, reason: 'too_busy' }, { token })).body.code;
        expect(await statusOf(t, o.id)).toBe(code === 1000 ? 4 : 6);
        return code;
      },
    },
    {
      name: 'POST advance',
      need: 'staff',
      orderCall: true,
      run: async (token) => {
        const o = await placeOrder(t, api, customer.token, { method: 'cod' });
        await api.post('merchant/accept', { order_id: o.id }, { token: owner.token });
        const code = (await api.post('merchant/advance', { order_id: o.id }, { token })).body.code;
        expect(await statusOf(t, o.id)).toBe(code === 1000 ? 1 : 10);
        return code;
      },
    },
    {
      name: 'POST collect',
      need: 'staff',
      orderCall: true,
      run: async (token) => {
        const o = await placeOrder(t, api, customer.token, { method: 'cod', mode: 'collection' });
        await api.post('merchant/accept', { order_id: o.id }, { token: owner.token });
        await api.post('merchant/advance', { order_id: o.id }, { token: owner.token });
        const code = (await api.get(`orderinfo?id=${o.id}`, { token: customer.token })).body.data.collection_code;
        return (await api.post('merchant/collect', { order_id: o.id, code }, { token })).body.code;
      },
    },
    {
      name: 'POST ready',
      need: 'staff',
      orderCall: true,
      run: async (token) => {
        const o = await placeOrder(t, api, customer.token, { method: 'cod', mode: 'collection' });
        await api.post('merchant/accept', { order_id: o.id }, { token: owner.token });
        await api.post('merchant/advance', { order_id: o.id }, { token: owner.token });
        const code = (await api.post('merchant/ready', { order_id: o.id }, { token })).body.code;
        const row = await t.db.kysely
          .selectFrom('orders')
          .select('marked_ready_at')
          .where('id', '=', o.id)
          .executeTakeFirstOrThrow();
        expect(row.marked_ready_at === null).toBe(code !== 1000);
        return code;
      },
    },
    {
      name: 'POST soldout',
      need: 'staff',
      run: async (token) => {
        const dish = await t.db.kysely
          .selectFrom('menu_items')
          .select('id')
          .where('restaurant_id', '=', ORDER_RID)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        const code = (
          await api.post('merchant/soldout', { restaurant_id: ORDER_RID, dish_id: dish.id, sold_out: true }, { token })
        ).body.code;
        const row = await t.db.kysely
          .selectFrom('menu_items')
          .select('sold_out')
          .where('id', '=', dish.id)
          .executeTakeFirstOrThrow();
        expect(row.sold_out).toBe(code === 1000 ? 1 : 0);
        await t.db.kysely.updateTable('menu_items').set({ sold_out: 0 }).where('id', '=', dish.id).execute();
        return code;
      },
    },
    {
      name: 'POST busy',
      need: 'owner',
      run: async (token) => {
        const code = (await api.post('merchant/busy', { restaurant_id: ORDER_RID, busy: 30 }, { token })).body.code;
        const row = await t.db.kysely
          .selectFrom('restaurants')
          .select('busy_until')
          .where('id', '=', ORDER_RID)
          .executeTakeFirstOrThrow();
        expect(row.busy_until === null).toBe(code !== 1000);
        await t.db.kysely.updateTable('restaurants').set({ busy_until: null }).where('id', '=', ORDER_RID).execute();
        return code;
      },
    },
    {
      name: 'POST closed',
      need: 'owner',
      run: async (token) => {
        const code = (await api.post('merchant/closed', { restaurant_id: ORDER_RID, closed: false }, { token })).body
          .code;
        return code;
      },
    },
    {
      name: 'GET today',
      need: 'owner',
      run: async (token) => (await api.get(`merchant/today?restaurant_id=${ORDER_RID}`, { token })).body.code,
    },
    {
      name: 'GET members',
      need: 'owner',
      run: async (token) => (await api.get(`merchant/members?restaurant_id=${ORDER_RID}`, { token })).body.code,
    },
    {
      name: 'POST invite',
      need: 'owner',
      run: async (token) => {
        const someone = await registerUser(api, t.place);
        return (
          await api.post(
            'merchant/invite',
            { restaurant_id: ORDER_RID, contact: someone.email, role: 'staff' },
            { token },
          )
        ).body.code;
      },
    },
    {
      name: 'POST remove-member',
      need: 'owner',
      run: async (token) => {
        const someone = await registerUser(api, t.place);
        expect(await cli('add', String(ORDER_RID), someone.email, '--role', 'staff')).toBe(0);
        return (await api.post('merchant/remove-member', { restaurant_id: ORDER_RID, user_id: someone.id }, { token }))
          .body.code;
      },
    },
  ];

  const expected = (who: Who, call: (typeof calls)[number]) => {
    if (who === 'anonymous') return 1002;
    const allowed = who === 'owner' || (who === 'staff' && call.need === 'staff');
    if (allowed) return 1000;
    // An order of a restaurant one does not work for is as absent as a missing one; a restaurant call is forbidden.
    return call.orderCall ? 1004 : 1006;
  };
  const WHO: Who[] = ['anonymous', 'customer', 'otherStaff', 'otherOwner', 'staff', 'owner'];
  const cases = calls.flatMap((call) => WHO.map((who) => [call.name, who] as const));

  test(`the matrix: ${cases.length} cases, every merchant call by every kind of caller`, async () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const got: string[] = [];
    const want: string[] = [];
    for (const [name, who] of cases) {
      const call = calls.find((c) => c.name === name)!;
      got.push(`${name} by ${who}: ${await call.run(tokenOf(who))}`);
      want.push(`${name} by ${who}: ${expected(who, call)}`);
    }
    expect(got).toEqual(want);
  });

  test("customers' contact details: only the restaurant's own open orders", async () => {
    const o = await placeOrder(t, api, customer.token, { method: 'cod' });
    const own = (await api.get(`merchant/order?order_id=${o.id}`, { token: staff.token })).body.data;
    expect(own.customer).toMatchObject({ phone: expect.stringMatching(/\d{11}/) });
    const board = (await api.get(`merchant/orders?restaurant_id=${OTHER_RID}`, { token: otherStaff.token })).body.data;
    expect(board.list.map((c: { id: number }) => c.id)).not.toContain(o.id);
    await api.post('merchant/reject', { order_id: o.id, reason: 'closing' }, { token: staff.token });
    expect((await api.get(`merchant/order?order_id=${o.id}`, { token: staff.token })).body.data.customer).toBeNull();
  });

  test('50 parallel accept, reject and cancel on one paid order: exactly one wins, one event per change', async () => {
    const o = await placeOrder(t, api, customer.token, { method: 'balance', voucher: false });
    const eventsBefore = (await eventsOf(o.id)).length;
    const attempts = Array.from({ length: 50 }, (_, i) =>
      i % 3 === 0
        ? api
            .post('merchant/accept', { order_id: o.id, prep_minutes: 15 }, { token: staff.token })
            .then((r) => ['accept', r.body.code] as const)
        : i % 3 === 1
          ? api
              .post('merchant/reject', { order_id: o.id, reason: 'sold_out' }, { token: owner.token })
              .then((r) => ['reject', r.body.code] as const)
          : api
              .post('cancelorder', { order_id: o.id }, { token: customer.token })
              .then((r) => ['cancel', r.body.code] as const),
    );
    const answers = await Promise.all(attempts);
    const winners = answers.filter(([, code]) => code === 1000);
    expect(winners).toHaveLength(1);
    expect(answers.filter(([, code]) => code !== 1000).every(([, code]) => code === 1001)).toBe(true);
    const [kind] = winners[0]!;
    const history = (await historyOf(t, o.id)).map((h) => h.status);
    expect(history).toEqual(kind === 'accept' ? [6, 10] : [6, 4]);
    const events = await eventsOf(o.id);
    expect(events.length - eventsBefore).toBe(history.length - 1);
    // The wallet was debited once and, when refused or cancelled, credited once.
    const ledger = await t.db.kysely
      .selectFrom('wallet_ledger')
      .select(['amount_fen', 'reason'])
      .where('ref_id', '=', String(o.id))
      .where('ref_type', '=', 'order')
      .execute();
    expect(ledger.map((l) => l.reason).sort()).toEqual(
      kind === 'accept' ? ['order_payment'] : ['order_payment', 'order_refund'],
    );
  });

  test("the customer's cancel of a paid order against the restaurant's accept: the database decides, once", async () => {
    for (let round = 0; round < 5; round++) {
      const o = await placeOrder(t, api, customer.token, { method: 'balance' });
      const [cancel, accept] = await Promise.all([
        api.post('cancelorder', { order_id: o.id }, { token: customer.token }),
        api.post('merchant/accept', { order_id: o.id }, { token: staff.token }),
      ]);
      expect([cancel.body.code, accept.body.code].sort()).toEqual([1000, 1001]);
      expect(await statusOf(t, o.id)).toBe(
        cancel.body.code === 1000 ? OrderStatus.Cancelled : OrderStatus.ConfirmedByRestaurant,
      );
      expect((await eventsOf(o.id)).map((e) => e.type)).toEqual(['order.placed', 'order.status']);
    }
  });

  test('one event row per order change, in the change: placed, each move, a refused move writes none', async () => {
    const o = await placeOrder(t, api, customer.token, { method: 'cod', mode: 'collection' });
    await api.post('merchant/accept', { order_id: o.id, prep_minutes: 5 }, { token: staff.token });
    await api.post('merchant/accept', { order_id: o.id }, { token: staff.token }); // refused
    await api.post('merchant/advance', { order_id: o.id }, { token: staff.token });
    await api.post('merchant/collect', { order_id: o.id, code: 'nope' }, { token: staff.token }); // refused
    const events = await eventsOf(o.id);
    const history = await historyOf(t, o.id);
    expect(events.map((e) => [e.type, JSON.parse(e.payload).status])).toEqual([
      ['order.placed', 6],
      ['order.status', 10],
      ['order.status', 1],
    ]);
    expect(events).toHaveLength(history.length);
    expect(events.every((e) => e.user_id === customer.id && e.restaurant_id === ORDER_RID)).toBe(true);
    expect(JSON.parse(events[1]!.payload)).toMatchObject({ from: 6, actor: 'merchant', prep_minutes: 5 });
  });

  test('"hurry up": only after the ready time, limited; it reaches the restaurant as an event', async () => {
    const o = await placeOrder(t, api, customer.token, { method: 'cod' });
    await api.post('merchant/accept', { order_id: o.id, prep_minutes: 10 }, { token: staff.token });
    expect((await api.post('hurryup', { order_id: o.id }, { token: customer.token })).body.code).toBe(1001);
    clock.advance(10 * 60_000);
    const parallel = await Promise.all(
      Array.from({ length: 20 }, () => api.post('hurryup', { order_id: o.id }, { token: customer.token })),
    );
    expect(parallel.filter((r) => r.body.code === 1000)).toHaveLength(1);
    expect((await api.post('hurryup', { order_id: o.id }, { token: otherStaff.token })).body.code).toBe(1004);
    for (let i = 0; i < 4; i++) {
      clock.advance(5 * 60_000);
      await api.post('hurryup', { order_id: o.id }, { token: customer.token });
    }
    const hurries = (await eventsOf(o.id)).filter((e) => e.type === 'order.hurry');
    expect(hurries.map((e) => JSON.parse(e.payload).count)).toEqual([1, 2, 3]);
    const card = (await api.get(`merchant/order?order_id=${o.id}`, { token: staff.token })).body.data;
    expect(card.hurry_count).toBe(3);
  });

  test('the job runner cancels and refunds orders nobody accepted in time; accepted ones stay', async () => {
    const jobs = createAppJobs({ config: t.config, db: t.db, integrations: t.integrations, now: clock.now });
    // Orders the earlier tests left waiting (the clock has moved on since) go first.
    await jobs.cancelUnaccepted(clock.now());
    const waiting = await placeOrder(t, api, customer.token, { method: 'balance' });
    const taken = await placeOrder(t, api, customer.token, { method: 'cod' });
    await api.post('merchant/accept', { order_id: taken.id }, { token: staff.token });
    expect((await jobs.cancelUnaccepted(clock.now())).cancelled).toBe(0);
    clock.advance(t.config.ORDER_ACCEPT_TIMEOUT_MINUTES * 60_000);
    const { cancelled } = await jobs.cancelUnaccepted(clock.now());
    expect(cancelled).toBe(1);
    expect(await statusOf(t, waiting.id)).toBe(OrderStatus.Cancelled);
    expect(await statusOf(t, taken.id)).toBe(OrderStatus.ConfirmedByRestaurant);
    const info = (await api.get(`orderinfo?id=${waiting.id}`, { token: customer.token })).body.data;
    expect(info.reject_reason).toBe('timeout');
    const last = (await eventsOf(waiting.id)).at(-1)!;
    expect(JSON.parse(last.payload)).toMatchObject({ status: 4, actor: 'system', reason: 'timeout' });
    // Run again (a second runner, a retry): nothing more happens.
    expect((await jobs.cancelUnaccepted(clock.now())).cancelled).toBe(0);
  });
});
