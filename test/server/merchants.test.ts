/**
 * The restaurant side (issue 18): memberships from the terminal and by owners, the board, accept with a preparation
 * time, reject with a reason (money and voucher back at once), moves along the transition table with actor
 * merchant, the collection code, sold out reaching the menu, busy mode ending by itself, today's takings, and the
 * customer's cancel before acceptance. SQLite and PostgreSQL.
 */
import { runMerchantsCli } from '../../server/src/merchants-cli';
import { DEMO_MERCHANTS, DEMO_RESTAURANT_ID } from '../../server/src/seed/accounts';
import { PASSWORD, type Registered, registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { creditWallet, historyOf, ORDER_RID, placeOrder, statusOf } from './support/orders';

describe.each(DIALECTS)('merchants on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  let customer: Registered;
  let owner: Registered;
  let staff: Registered;
  let outsider: Registered;

  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runMerchantsCli(
      argv,
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      { db: t.db, config: t.config, now: clock.now },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  beforeAll(async () => {
    customer = await registerUser(api, t.place);
    owner = await registerUser(api, t.place);
    staff = await registerUser(api, t.place);
    outsider = await registerUser(api, t.place);
    await creditWallet(t, customer.id, 100_000, 'merchants-test');
    expect((await cli('add', String(ORDER_RID), owner.email, '--role', 'owner')).code).toBe(0);
  });

  test('the terminal tool adds, lists and removes members; refusals are plain; usage errors exit 2', async () => {
    const added = await cli('add', String(ORDER_RID), staff.phone, '--role', 'staff');
    expect(added.code).toBe(0);
    expect(added.out).toMatch(new RegExp(`^Restaurant ${ORDER_RID}: #${staff.id} .* is now staff$`));
    const again = await cli('add', String(ORDER_RID), staff.email.toUpperCase(), '--role', 'owner');
    expect(again).toMatchObject({ code: 1, err: 'Refused: This account is already a member of this restaurant' });
    expect((await cli('add', String(ORDER_RID), 'nobody@example.com', '--role', 'staff')).code).toBe(1);
    expect((await cli('add', String(ORDER_RID), staff.phone)).code).toBe(2);
    expect((await cli('add', 'x', staff.phone, '--role', 'staff')).code).toBe(2);
    expect((await cli('frobnicate')).code).toBe(2);
    const list = await cli('list', String(ORDER_RID));
    expect(list.out.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`#${owner.id} .* owner$`)),
      expect.stringMatching(new RegExp(`#${staff.id} .* staff$`)),
    ]);
    const temp = await registerUser(api, t.place);
    expect((await cli('add', String(ORDER_RID), temp.email, '--role', 'staff')).code).toBe(0);
    expect((await cli('remove', String(ORDER_RID), temp.email)).code).toBe(0);
    expect((await cli('remove', String(ORDER_RID), temp.email)).code).toBe(1);
    expect((await cli('list', String(ORDER_RID))).out).not.toContain(`#${temp.id} `);
  });

  test('the seed names the demo restaurant owner and staff member', async () => {
    const list = (await cli('list', String(DEMO_RESTAURANT_ID))).out;
    for (const m of DEMO_MERCHANTS) expect(list).toContain(`${m.email}, ${m.phone}> ${m.role}`);
    const login = await api.post('login', { email: DEMO_MERCHANTS[1].email, password: 'szeat-staff-8', code: '' });
    expect(login.body.code).toBe(1000);
    const mine = await api.get('merchant/restaurants', { token: login.body.data.access_token });
    expect(mine.body.data.list).toMatchObject([{ restaurant_id: DEMO_RESTAURANT_ID, role: 'staff' }]);
  });

  test('accept with the default or a given preparation time: ready estimate for the customer, history actor merchant', async () => {
    const o = await placeOrder(t, api, customer.token, { method: 'balance' });
    const board = await api.get(`merchant/orders?restaurant_id=${ORDER_RID}&state=new`, { token: staff.token });
    expect(board.body.code).toBe(1000);
    const card = board.body.data.list.find((c: { id: number }) => c.id === o.id);
    expect(card).toMatchObject({
      state: 'new',
      paid: true,
      cutlery: true,
      comment: 'test',
      customer: { phone: expect.any(String) },
    });
    expect(card.lines[0]).toMatchObject({ quantity: 4 });
    expect(board.body.data.waiting).toBeGreaterThanOrEqual(1);
    // The board is as new as the newest event (its order's placing): a stream from there misses nothing.
    const newest = await t.db.kysely
      .selectFrom('order_events')
      .select(['id', 'order_id'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(newest.order_id).toBe(o.id);
    expect(board.body.data.last_event_id).toBe(newest.id);

    const res = await api.post('merchant/accept', { order_id: o.id, prep_minutes: 20 }, { token: staff.token });
    expect(res.body).toMatchObject({ code: 1000, data: { status: 10, ready_at: clock.now() + 20 * 60_000 } });
    const info = (await api.get(`orderinfo?id=${o.id}`, { token: customer.token })).body.data;
    expect(info).toMatchObject({
      status: 10,
      prep_minutes: 20,
      ready_at: clock.now() + 20 * 60_000,
      can_cancel: false,
      refund: null,
    });
    expect((await historyOf(t, o.id)).at(-1)).toEqual({ from_status: 6, status: 10, actor: 'merchant' });
    // Accepting twice is refused: the order moved.
    const twice = await api.post('merchant/accept', { order_id: o.id }, { token: staff.token });
    expect(twice.body.code).toBe(1001);

    const d = await placeOrder(t, api, customer.token, { method: 'cod' });
    const dflt = await api.post('merchant/accept', { order_id: d.id }, { token: owner.token });
    const prep = (
      await t.db.kysely
        .selectFrom('restaurants')
        .select('prep_minutes')
        .where('id', '=', ORDER_RID)
        .executeTakeFirstOrThrow()
    ).prep_minutes;
    expect(dflt.body.data.ready_at).toBe(clock.now() + prep * 60_000);
  });

  test('reject with a reason: cancelled, wallet and voucher back at once, the reason shown to the customer', async () => {
    const before = (await api.get('wallet', { token: customer.token })).body.data;
    const o = await placeOrder(t, api, customer.token, { method: 'balance', voucher: true });
    const res = await api.post('merchant/reject', { order_id: o.id, reason: 'sold_out' }, { token: staff.token });
    expect(res.body).toMatchObject({
      code: 1000,
      data: { status: 4, wallet_returned_fen: o.total, voucher_returned: true },
    });
    const info = (await api.get(`orderinfo?id=${o.id}`, { token: customer.token })).body.data;
    expect(info).toMatchObject({
      status: 4,
      reject_reason: 'sold_out',
      refund: { online_fen: 0, online_state: null, wallet_fen: o.total, voucher_returned: true },
    });
    const after = (await api.get('wallet', { token: customer.token })).body.data;
    expect(after.balance_fen).toBe(before.balance_fen);
    const vouchers = (await api.get('usercouponslist?page=1&page_size=50', { token: customer.token })).body.data.list;
    expect(vouchers.find((v: { id: number }) => v.id === o.voucherId)).toMatchObject({
      state: 'usable',
      used_at: null,
    });
    // A reason outside the list is bad input.
    const p = await placeOrder(t, api, customer.token, { method: 'cod' });
    expect(
      (await api.post('merchant/reject', { order_id: p.id, reason: 'bored' }, { token: staff.token })).body.code,
    ).toBe(1003);
  });

  test('reject a paid online order: refunded at once, the customer sees the reason and the money going back', async () => {
    const o = await placeOrder(t, api, customer.token, { method: 'wechat' });
    const ticket = (await api.post('pay', { order_id: o.id, platform: 'h5' }, { token: customer.token })).body.data as {
      cashier_url: string;
    };
    const paid = await api.post(
      'payments/sandbox/cashier/pay',
      `t=${encodeURIComponent(new URL(ticket.cashier_url).searchParams.get('t')!)}`,
      { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
    expect(paid.status).toBeLessThan(400);
    expect(await statusOf(t, o.id)).toBe(6);
    const res = await api.post('merchant/reject', { order_id: o.id, reason: 'too_busy' }, { token: staff.token });
    expect(res.body).toMatchObject({ code: 1000, data: { status: 5 } });
    const info = (await api.get(`orderinfo?id=${o.id}`, { token: customer.token })).body.data;
    expect(info).toMatchObject({
      status: 5,
      end_reason: 'restaurant',
      reject_reason: 'too_busy',
      refund: { online_fen: o.total, online_state: 'done', wallet_fen: 0, voucher_returned: false },
    });
  });

  test('move along the path; a collection order is handed over only with its code; contact details only while open', async () => {
    const o = await placeOrder(t, api, customer.token, { method: 'cod', mode: 'collection' });
    const go = (body: object) => api.post('merchant/advance', body, { token: staff.token });
    expect((await go({ order_id: o.id })).body.code).toBe(1001); // accept first
    await api.post('merchant/accept', { order_id: o.id }, { token: staff.token });
    expect((await go({ order_id: o.id, from: 6 })).body.code).toBe(1001); // it moved meanwhile
    expect((await go({ order_id: o.id, from: 10 })).body.data.status).toBe(1);
    expect((await go({ order_id: o.id })).body.code).toBe(1001); // code needed
    const code = (await api.get(`orderinfo?id=${o.id}`, { token: customer.token })).body.data.collection_code;
    const wrong = await api.post(
      'merchant/collect',
      { order_id: o.id, code: code === '0000' ? '1111' : '0000' },
      { token: staff.token },
    );
    expect(wrong.body.code).toBe(1001);
    expect(await statusOf(t, o.id)).toBe(1);
    const right = await api.post('merchant/collect', { order_id: o.id, code }, { token: staff.token });
    expect(right.body.data.status).toBe(9);
    const card = (await api.get(`merchant/order?order_id=${o.id}`, { token: staff.token })).body.data;
    expect(card).toMatchObject({ state: 'done', customer: null });

    const d = await placeOrder(t, api, customer.token, { method: 'cod' });
    await api.post('merchant/accept', { order_id: d.id }, { token: staff.token });
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) seen.push((await go({ order_id: d.id })).body.data.status);
    expect(seen).toEqual([1, 7, 2, 3]);
    expect((await historyOf(t, d.id)).slice(1).every((h) => h.actor === 'merchant')).toBe(true);
  });

  test('the customer cancels a paid order until it is accepted, not after', async () => {
    const o = await placeOrder(t, api, customer.token, { method: 'balance' });
    const cancelled = await api.post('cancelorder', { order_id: o.id }, { token: customer.token });
    expect(cancelled.body).toMatchObject({ code: 1000, data: { status: 4, can_cancel: false } });
    const p = await placeOrder(t, api, customer.token, { method: 'balance' });
    await api.post('merchant/accept', { order_id: p.id }, { token: staff.token });
    expect((await api.post('cancelorder', { order_id: p.id }, { token: customer.token })).body.code).toBe(1001);
    expect((await api.post('cancelorder', { order_id: p.id }, { token: outsider.token })).body.code).toBe(1004);
  });

  test('sold out reaches the menu at once and comes back; another restaurant’s dish is not found', async () => {
    const dish = await t.db.kysely
      .selectFrom('menu_items')
      .select('id')
      .where('restaurant_id', '=', ORDER_RID)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const soldOut = async () =>
      (await api.get(`menulist?restaurant_id=${ORDER_RID}`)).body.data.categories
        .flatMap((c: { items: Array<{ id: number; sold_out: boolean }> }) => c.items)
        .find((x: { id: number }) => x.id === dish.id)!.sold_out;
    expect(await soldOut()).toBe(false);
    const set = (sold_out: boolean, token = staff.token, restaurant_id = ORDER_RID) =>
      api.post('merchant/soldout', { restaurant_id, dish_id: dish.id, sold_out }, { token });
    expect((await set(true)).body.code).toBe(1000);
    expect(await soldOut()).toBe(true);
    expect((await set(false)).body.code).toBe(1000);
    expect(await soldOut()).toBe(false);
    const other = await t.db.kysely
      .selectFrom('menu_items')
      .select('id')
      .where('restaurant_id', '<>', ORDER_RID)
      .executeTakeFirstOrThrow();
    const foreign = await api.post(
      'merchant/soldout',
      { restaurant_id: ORDER_RID, dish_id: other.id, sold_out: true },
      { token: staff.token },
    );
    expect(foreign.body.code).toBe(1004);
  });

  test('busy mode refuses new orders and ends by itself; owners only', async () => {
    expect(
      (await api.post('merchant/busy', { restaurant_id: ORDER_RID, busy: 15 }, { token: staff.token })).body.code,
    ).toBe(1006);
    const on = await api.post('merchant/busy', { restaurant_id: ORDER_RID, busy: 15 }, { token: owner.token });
    expect(on.body.data.busy_until).toBe(clock.now() + 15 * 60_000);
    await expect(placeOrder(t, api, customer.token, { method: 'cod' })).rejects.toThrow(/busy/);
    const mine = (await api.get('merchant/restaurants', { token: owner.token })).body.data.list[0];
    expect(mine.busy_until).toBe(clock.now() + 15 * 60_000);
    clock.advance(15 * 60_000 + 1);
    expect((await api.get('merchant/restaurants', { token: owner.token })).body.data.list[0].busy_until).toBeNull();
    await placeOrder(t, api, customer.token, { method: 'cod' });
    const next = await api.post(
      'merchant/busy',
      { restaurant_id: ORDER_RID, busy: 'next_opening' },
      { token: owner.token },
    );
    expect(next.body.data.busy_until).toBeGreaterThan(clock.now());
    expect(
      (await api.post('merchant/busy', { restaurant_id: ORDER_RID, busy: 'off' }, { token: owner.token })).body.data
        .busy_until,
    ).toBeNull();
  });

  test("today's takings by payment method, cancellations and refunds (owners)", async () => {
    const day = (await api.get(`merchant/today?restaurant_id=${ORDER_RID}`, { token: owner.token })).body.data;
    const rows = await t.db.kysely.selectFrom('orders').selectAll().where('restaurant_id', '=', ORDER_RID).execute();
    const taken = rows.filter((r) => ![0, 4, 5].includes(r.status));
    expect(day.orders).toBe(taken.length);
    expect(day.takings_fen).toBe(taken.reduce((s, r) => s + Number(r.total_fen), 0));
    expect(day.cancelled).toBe(rows.filter((r) => r.status === 4).length);
    expect(day.by_method.map((m: { payment_method: string }) => m.payment_method)).toEqual(['balance', 'cod']);
    expect((await api.get(`merchant/today?restaurant_id=${ORDER_RID}`, { token: staff.token })).body.code).toBe(1006);
  });

  test('owners invite and remove members; never the last owner', async () => {
    const invited = await registerUser(api, t.place);
    const res = await api.post(
      'merchant/invite',
      { restaurant_id: ORDER_RID, contact: invited.phone, role: 'staff' },
      { token: owner.token },
    );
    expect(res.body).toMatchObject({ code: 1000, data: { user_id: invited.id, role: 'staff' } });
    expect(
      (
        await api.post(
          'merchant/invite',
          { restaurant_id: ORDER_RID, contact: invited.phone, role: 'staff' },
          { token: owner.token },
        )
      ).body.code,
    ).toBe(1005);
    expect(
      (
        await api.post(
          'merchant/invite',
          { restaurant_id: ORDER_RID, contact: outsider.phone, role: 'owner' },
          { token: staff.token },
        )
      ).body.code,
    ).toBe(1006);
    const members = (await api.get(`merchant/members?restaurant_id=${ORDER_RID}`, { token: owner.token })).body.data
      .list;
    expect(members.map((m: { user_id: number }) => m.user_id)).toContain(invited.id);
    expect(
      (
        await api.post(
          'merchant/remove-member',
          { restaurant_id: ORDER_RID, user_id: invited.id },
          { token: owner.token },
        )
      ).body.code,
    ).toBe(1000);
    const last = await api.post(
      'merchant/remove-member',
      { restaurant_id: ORDER_RID, user_id: owner.id },
      { token: owner.token },
    );
    expect(last.body.code).toBe(1001);
  });

  test('me carries the memberships, read afresh: added and removed ones show on the next me and login', async () => {
    const person = await registerUser(api, t.place);
    const memberships = async (token: string, lang?: 'cn' | 'en') =>
      (await api.get('me', { token, lang })).body.data.memberships;
    expect(await memberships(customer.token)).toEqual([]);
    expect(await memberships(person.token)).toEqual([]);
    const names = new Map(
      (
        await t.db.kysely
          .selectFrom('restaurants')
          .select(['id', 'name_cn', 'name_en'])
          .where('id', 'in', [ORDER_RID, DEMO_RESTAURANT_ID])
          .execute()
      ).map((r) => [r.id, r]),
    );
    const order = names.get(ORDER_RID)!;
    const demo = names.get(DEMO_RESTAURANT_ID)!;
    expect(order.name_en).not.toBe(order.name_cn);

    // Invited by an owner: on the next me, its name in the language asked.
    const invite = { restaurant_id: ORDER_RID, contact: person.email, role: 'staff' };
    expect((await api.post('merchant/invite', invite, { token: owner.token })).body.code).toBe(1000);
    expect(await memberships(person.token, 'en')).toEqual([
      { restaurant_id: ORDER_RID, name: order.name_en, role: 'staff' },
    ]);
    // Added from the terminal as the owner of another: both, by restaurant id; a login answer carries them too.
    expect((await cli('add', String(DEMO_RESTAURANT_ID), person.phone, '--role', 'owner')).code).toBe(0);
    const both = [
      { restaurant_id: ORDER_RID, name: order.name_cn, role: 'staff' },
      { restaurant_id: DEMO_RESTAURANT_ID, name: demo.name_cn, role: 'owner' },
    ];
    expect(await memberships(person.token)).toEqual(both);
    const login = await api.post('login', { email: person.email, password: PASSWORD, code: '' });
    expect(login.body.data.user.memberships).toEqual(both);
    // Removed by the owner, then from the terminal: gone on the next me.
    const removal = { restaurant_id: ORDER_RID, user_id: person.id };
    expect((await api.post('merchant/remove-member', removal, { token: owner.token })).body.code).toBe(1000);
    expect(await memberships(person.token)).toEqual([both[1]]);
    expect((await cli('remove', String(DEMO_RESTAURANT_ID), person.email)).code).toBe(0);
    expect(await memberships(person.token)).toEqual([]);
  });
});
