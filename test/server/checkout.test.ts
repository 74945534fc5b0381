/**
 * Checkout (issue 9): the quote computed on the server with every problem in the request's language, orders placed
 * by delivery or collection with each payment method (snapshots, voucher, wallet ledger, cart cleared), the
 * idempotency key, and the wallet and voucher calls. Concurrency: checkout-races.test.ts.
 */
import type { Problem } from '../../types/api/checkout';
import { registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { attemptKey, defaultAddressOf, dishOf, ownRestaurant } from './support/cart';
import { creditWallet } from './support/orders';

/** Restaurant 2 of the seed: every payment method, delivery and collection, open at the test clock, near building 1. */
const RID = 2;
const HOUR = 60 * 60 * 1000;

describe.each(DIALECTS)('checkout on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  /** Each test's own customer (with a default address and an empty cart), at restaurant `rid`. */
  const shopper = async (rid = RID) => {
    const me = await registerUser(api, t.place);
    const addressId = await defaultAddressOf(api, me.token);
    const fill = async (quantity = 3) => {
      const dish = await dishOf(t.db, rid);
      await api.post('addcart', { restaurant_id: rid, dish_id: dish.id, quantity }, { token: me.token });
      return dish;
    };
    const confirm = (body: Record<string, unknown>, lang = 'en', token = me.token) =>
      api.post('confirmorder', { restaurant_id: rid, ...body }, { token, lang });
    return { me, addressId, fill, confirm };
  };

  test.each([
    ['collection without a collection time', { mode: 'collection' }, 'collection_time'],
    ['delivery without an address', { mode: 'delivery' }, 'address_id'],
  ])('submitorder refuses %s with 400 naming the field (found by the fuzz test: was a 500)', async (_, body, field) => {
    const { me, fill } = await shopper();
    await fill(1);
    const res = await api.post(
      'submitorder',
      { restaurant_id: RID, payment_method: 'cod', expected_total_fen: 1, idempotency_key: `k-${field}`, ...body },
      { token: me.token, lang: 'en' },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1003, data: { field } });
  });

  test('a delivery quote: goods, fee, total, methods, vouchers; nothing to fix', async () => {
    const { addressId, fill, confirm } = await shopper();
    const dish = await fill(3);
    const res = await confirm({ mode: 'delivery', address_id: addressId, payment_method: 'cod' });
    expect(res.body.code).toBe(1000);
    const q = res.body.data;
    const restaurant = await t.db.kysely
      .selectFrom('restaurants')
      .selectAll()
      .where('id', '=', RID)
      .executeTakeFirstOrThrow();
    expect(q.goods_fen).toBe(dish.price * 3);
    // A new customer's first order: the fee is a line, and the first-order promotion waives it (promotions.test.ts).
    const fee = Number(restaurant.delivery_fee_fen);
    expect(q.price_lines.map((l: { kind: string; amount_fen: number }) => [l.kind, l.amount_fen])).toEqual([
      ['delivery_fee', fee],
      ['promotion', -fee],
    ]);
    expect(q.delivery_fee_fen).toBe(0);
    expect(q.discount_fen).toBe(0);
    expect(q.total_fen).toBe(q.goods_fen);
    expect(q.address).toMatchObject({ id: addressId });
    expect(q.lines).toHaveLength(1);
    expect(q.vouchers.map((v: { name: string }) => v.name)).toContain('Welcome voucher');
    // The seed's premise: three of the dish reach the minimum and the restaurant takes pay on delivery.
    expect(q.goods_fen).toBeGreaterThanOrEqual(Number(restaurant.min_order_fen));
    expect(restaurant.pay_cod).toBe(1);
    expect(q.problems).toEqual([]);
    expect(q.can_submit).toBe(true);
  });

  test('a delivery quote says which addresses of the book the restaurant reaches (issue 15 §1)', async () => {
    const { addressId, fill, confirm } = await shopper();
    await fill(3);
    // A second address, moved far from the restaurant (about 55 km north).
    const { id: farId } = await t.db.kysely
      .selectFrom('addresses')
      .selectAll()
      .where('id', '=', addressId)
      .executeTakeFirstOrThrow()
      .then(({ id: _id, ...row }) =>
        t.db.kysely
          .insertInto('addresses')
          .values({ ...row, lat: Number(row.lat) + 0.5, room_no: '99' })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    const q = (await confirm({ mode: 'delivery', address_id: farId })).body.data;
    const restaurant = await t.db.kysely
      .selectFrom('restaurants')
      .select('delivery_radius_m')
      .where('id', '=', RID)
      .executeTakeFirstOrThrow();
    expect(q.delivery_radius_m).toBe(restaurant.delivery_radius_m);
    const reach = new Map(q.address_reach.map((r) => [r.id, r]));
    expect(reach.get(addressId)).toMatchObject({ in_range: true });
    expect(reach.get(farId)).toMatchObject({ in_range: false });
    expect(reach.get(farId)).toMatchObject({ distance_m: expect.any(Number) });
    expect((reach.get(farId) as unknown as { distance_m: number }).distance_m).toBeGreaterThan(50_000);
    expect(q.problems.map((p: Problem) => p.code)).toContain('out_of_range');
    expect(q.estimate).toBeNull();
    // In range: an estimate from the preparation time and the ride; collection: no addresses.
    const near = (await confirm({ mode: 'delivery', address_id: addressId })).body.data;
    expect(near.estimate).toMatchObject({ kind: 'delivery' });
    const estimate = near.estimate!;
    expect(estimate.from).toBeGreaterThan(clock.now());
    expect(estimate.to - estimate.from).toBeGreaterThanOrEqual(20 * 60_000);
    expect((await confirm({ mode: 'collection' })).body.data.address_reach).toEqual([]);
  });

  test('problems since the cart was filled, in the request’s language: price change, sold out, below minimum, closed', async () => {
    // Its own restaurant: the prices, stock and closure changed here are no other test's.
    const rid = await ownRestaurant(t.db, RID);
    const { addressId, fill, confirm } = await shopper(rid);
    const dish = await fill(1);
    // A minimum one dish does not reach even at its new price (the seed's restaurant 2 asks exactly that price).
    await t.db.kysely
      .updateTable('restaurants')
      .set({ min_order_fen: dish.price + 1000 })
      .where('id', '=', rid)
      .execute();
    await t.db.kysely
      .updateTable('menu_items')
      .set({ price_fen: dish.price + 200 })
      .where('id', '=', dish.id)
      .execute();
    const en = (await confirm({ mode: 'delivery', address_id: addressId })).body.data;
    const changed = en.problems.find((p: { code: string }) => p.code === 'price_changed');
    expect(changed).toMatchObject({ blocking: false, cart_id: en.lines[0]!.cart_id });
    expect(changed!.message).toMatch(/^The price of .+ changed from ¥[\d.]+ to ¥[\d.]+$/);
    expect(en.goods_fen).toBe(dish.price + 200);
    const cn = (await confirm({ mode: 'delivery', address_id: addressId }, 'zh')).body.data;
    expect(cn.problems.find((p: { code: string }) => p.code === 'price_changed')!.message).toMatch(/的价格由 ¥/);
    const min = Number(
      (
        await t.db.kysely
          .selectFrom('restaurants')
          .select('min_order_fen')
          .where('id', '=', rid)
          .executeTakeFirstOrThrow()
      ).min_order_fen,
    );
    expect(dish.price + 200).toBeLessThan(min);
    expect(en.problems.map((p: { code: string }) => p.code)).toContain('below_minimum');
    expect(en.can_submit).toBe(false);

    await t.db.kysely
      .updateTable('menu_items')
      .set({ price_fen: dish.price, sold_out: 1 })
      .where('id', '=', dish.id)
      .execute();
    const sold = (await confirm({ mode: 'delivery', address_id: addressId, payment_method: 'cod' })).body.data;
    expect(sold.problems).toContainEqual(expect.objectContaining({ code: 'sold_out', blocking: true }));
    expect(sold.can_submit).toBe(false);
    expect(sold.goods_fen).toBe(0);

    await t.db.kysely.updateTable('menu_items').set({ sold_out: 0 }).where('id', '=', dish.id).execute();
    const closedUntil = clock.now() + 2 * HOUR;
    await t.db.kysely
      .updateTable('restaurants')
      .set({ closed: 1, resume_at: closedUntil })
      .where('id', '=', rid)
      .execute();
    const closed = (await confirm({ mode: 'delivery', address_id: addressId })).body.data;
    expect(closed.problems.map((p: { code: string }) => p.code)).toContain('closed');
    const collection = (await confirm({ mode: 'collection' })).body.data;
    // Collection times start when it reopens.
    expect(collection.collection_times.every((at: number) => at >= closedUntil)).toBe(true);
  });

  test('an address outside the delivery radius, another customer’s address, an empty cart', async () => {
    const { me, fill, confirm } = await shopper();
    await fill(3);
    const r = await t.db.kysely
      .selectFrom('restaurants')
      .select(['lat', 'lng'])
      .where('id', '=', RID)
      .executeTakeFirstOrThrow();
    const far = await t.db.kysely
      .selectFrom('buildings')
      .select(['id', 'area_id', 'lat', 'lng'])
      .orderBy((eb) => eb.fn('abs', [eb('lat', '-', Number(r.lat))]), 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const saved = await api.post(
      'saveaddr',
      { name: 'Far', phone: '13912345678', area_id: far.area_id, building_id: far.id, building_no: '', room_no: '1' },
      { token: me.token },
    );
    expect(saved.body).toMatchObject({ code: 1000 });
    const outside = (await confirm({ mode: 'delivery', address_id: saved.body.data.id })).body.data;
    expect(outside.problems.map((p: { code: string }) => p.code)).toContain('out_of_range');

    const stranger = await registerUser(api, t.place);
    const theirs = await defaultAddressOf(api, stranger.token);
    expect((await confirm({ mode: 'delivery', address_id: theirs })).status).toBe(404);

    const empty = (await confirm({ mode: 'delivery', address_id: theirs }, 'en', stranger.token)).body.data;
    expect(empty.problems.map((p: { code: string }) => p.code)).toEqual(['empty_cart']);
    expect(empty.can_submit).toBe(false);
  });

  test('pay on delivery: one order with snapshots, status 6 (awaiting the merchant), history, cart cleared', async () => {
    const { me, addressId, fill, confirm } = await shopper();
    const dish = await fill(3);
    const q = (await confirm({ mode: 'delivery', address_id: addressId, payment_method: 'cod' })).body.data;
    premise(q.can_submit, q);
    const key = attemptKey();
    const body = {
      idempotency_key: key,
      restaurant_id: RID,
      mode: 'delivery',
      address_id: addressId,
      payment_method: 'cod',
      comment: ' no chilli ',
      cutlery: true,
      expected_total_fen: q.total_fen,
    };
    const res = await api.post('submitorder', body, { token: me.token });
    expect(res.body).toMatchObject({ code: 1000, data: { status: 6, total_fen: q.total_fen, needs_payment: false } });
    const id = res.body.data.order_id;
    const order = await t.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      user_id: me.id,
      comment: 'no chilli',
      cutlery: 1,
      mode: 'delivery',
      payment_method: 'cod',
    });
    expect(order.address_cn).not.toBe('');
    const lines = await t.db.kysely.selectFrom('order_lines').selectAll().where('order_id', '=', id).execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ item_id: dish.id, quantity: 3 });
    expect(Number(lines[0]!.unit_price_fen)).toBe(dish.price);
    const history = await t.db.kysely
      .selectFrom('order_status_history')
      .selectAll()
      .where('order_id', '=', id)
      .execute();
    expect(history.map((h) => h.status)).toEqual([6]);
    expect((await api.get(`cartlist?restaurant_id=${RID}`, { token: me.token })).body.data.list).toEqual([]);

    // The same key and body again: the same order, no second one.
    const again = await api.post('submitorder', body, { token: me.token });
    expect(again.body.data.order_id).toBe(id);
    // The same key with another body: refused.
    const other = await api.post('submitorder', { ...body, comment: 'changed' }, { token: me.token });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe(1005);
  });

  test('a total that changed refuses the order with the problems; collection orders get a code; balance pays at once', async () => {
    const { me, fill, confirm } = await shopper();
    await fill(3);
    const q = (await confirm({ mode: 'collection', payment_method: 'balance' })).body.data;
    premise(q.collection_times.length > 0 && q.payment_methods.includes('balance'), q);
    const base = {
      restaurant_id: RID,
      mode: 'collection',
      collection_time: q.collection_times[0],
      payment_method: 'balance',
    };
    // A new customer has no balance: refused with the problem.
    const poor = await api.post(
      'submitorder',
      { ...base, idempotency_key: attemptKey(), expected_total_fen: q.total_fen },
      { token: me.token, lang: 'en' },
    );
    expect(poor.status).toBe(400);
    expect(poor.body.code).toBe(1001);
    expect(poor.body.msg).toBe('The order cannot be placed: Not enough balance (balance ¥0)');
    expect((poor.body.data as unknown as { problems: Problem[] }).problems.map((p) => p.code)).toContain(
      'insufficient_balance',
    );

    // A customer with a balance (credited through the ledger).
    const rich = await shopper();
    await creditWallet(t, rich.me.id, 100_000, `checkout-${rich.me.id}`);
    const token = rich.me.token;
    await rich.fill(3);
    const before = (await api.get('wallet', { token })).body.data.balance_fen;
    const dq = (await rich.confirm({ mode: 'collection', payment_method: 'balance' })).body.data;
    // A total other than the one the customer saw: refused with the quote's total.
    const wrong = await api.post(
      'submitorder',
      {
        ...base,
        collection_time: dq.collection_times[0],
        idempotency_key: attemptKey(),
        expected_total_fen: dq.total_fen + 1,
      },
      { token, lang: 'en' },
    );
    expect(wrong.body.code).toBe(1001);
    expect(wrong.body.msg).toMatch(/^The total is now ¥/);
    expect(wrong.body.data.total_fen).toBe(dq.total_fen);
    const paid = await api.post(
      'submitorder',
      {
        ...base,
        collection_time: dq.collection_times[0],
        idempotency_key: attemptKey(),
        expected_total_fen: dq.total_fen,
      },
      { token },
    );
    expect(paid.body).toMatchObject({ code: 1000, data: { status: 6, needs_payment: false } });
    expect(paid.body.data.collection_code).toMatch(/^\d{6}$/);
    const wallet = (await api.get('wallet', { token, lang: 'en' })).body.data;
    expect(wallet.balance_fen).toBe(before - dq.total_fen);
    expect(wallet.list[0]).toMatchObject({
      amount_fen: -dq.total_fen,
      reason: 'order_payment',
      reason_text: 'Order payment',
      order_id: paid.body.data.order_id,
    });
    // The line names the order by the number every other screen shows (orderinfo's), not its internal id.
    const info = (await api.get(`orderinfo?id=${paid.body.data.order_id}`, { token })).body.data;
    expect(info.order_no).toMatch(/^SZ\d{14}$/);
    expect(wallet.list[0]!.order_no).toBe(info.order_no);
    // A line without an order (the credit above) has no number.
    const credit = wallet.list.find((l: { amount_fen: number }) => l.amount_fen === 100_000);
    expect(credit).toMatchObject({ order_id: null, order_no: null });
  });

  test('online payment waits for pay; a voucher is used once and shows as used', async () => {
    const { me, addressId, fill, confirm } = await shopper();
    await fill(4);
    const q0 = (await confirm({ mode: 'delivery', address_id: addressId, payment_method: 'wechat' })).body.data;
    const voucher = q0.vouchers[0];
    premise(voucher && q0.payment_methods.includes('wechat'), q0);
    const q = (
      await confirm({ mode: 'delivery', address_id: addressId, payment_method: 'wechat', voucher_id: voucher.id })
    ).body.data;
    expect(q.discount_fen).toBe(Math.min(voucher.discount_fen, q.goods_fen));
    expect(q.total_fen).toBe(q.goods_fen + q.delivery_fee_fen - q.discount_fen);
    const res = await api.post(
      'submitorder',
      {
        idempotency_key: attemptKey(),
        restaurant_id: RID,
        mode: 'delivery',
        address_id: addressId,
        payment_method: 'wechat',
        voucher_id: voucher.id,
        expected_total_fen: q.total_fen,
      },
      { token: me.token },
    );
    expect(res.body).toMatchObject({ code: 1000, data: { status: 0, needs_payment: true } });
    const list = (await api.get('usercouponslist?page=1&page_size=50', { token: me.token })).body.data.list;
    expect(list.find((v: { id: number }) => v.id === voucher.id)).toMatchObject({
      state: 'used',
      order_id: res.body.data.order_id,
    });
    expect((await api.get('allavailablecouponscount', { token: me.token })).body.data.count).toBe(
      list.filter((v: { state: string }) => v.state === 'usable').length,
    );

    await fill(4);
    const reuse = (await confirm({ mode: 'delivery', address_id: addressId, voucher_id: voucher.id })).body.data;
    expect(reuse.problems.map((p: { code: string }) => p.code)).toContain('voucher_not_applicable');
    const stranger = await registerUser(api, t.place);
    const theirs = (await api.get('usercouponslist', { token: stranger.token })).body.data.list[0]!.id;
    expect((await confirm({ mode: 'delivery', address_id: addressId, voucher_id: theirs })).status).toBe(404);
    const available = (await api.get(`availablecouponslist?restaurant_id=${RID}`, { token: me.token })).body.data.list;
    expect(available.some((v: { id: number }) => v.id === voucher.id)).toBe(false);
  });

  test('a voucher limited to one restaurant names it in the request language; one good anywhere names none (issue 15)', async () => {
    const { me, addressId, fill, confirm } = await shopper();
    const names = await t.db.kysely
      .selectFrom('restaurants')
      .select(['id', 'name_cn', 'name_en'])
      .where('id', 'in', [1, RID])
      .orderBy('id')
      .execute();
    const [other, here] = names;
    premise(other?.id === 1 && here?.id === RID && here.name_cn !== here.name_en, names);
    const limited = (restaurantId: number, code: string) => ({
      user_id: me.id,
      code,
      name_cn: '本店优惠券',
      name_en: 'House voucher',
      discount_fen: 500,
      min_goods_fen: 0,
      restaurant_id: restaurantId,
      valid_from: clock.now() - HOUR,
      valid_until: clock.now() + 24 * HOUR,
      created_at: clock.now(),
    });
    await t.db.kysely
      .insertInto('vouchers')
      .values([limited(RID, 'here'), limited(1, 'elsewhere')])
      .execute();
    await fill(3);
    type Shown = { id: number; restaurant_id: number | null; restaurant_name: string | null };
    // Good anywhere first, then by restaurant.
    const where = (list: Shown[]) =>
      list.map((v) => [v.restaurant_id, v.restaurant_name]).sort((a, b) => Number(a[0] ?? 0) - Number(b[0] ?? 0));
    for (const [lang, name] of [
      ['cn', 'name_cn'],
      ['en', 'name_en'],
    ] as const) {
      const mine = (await api.get('usercouponslist?page=1&page_size=50', { token: me.token, lang })).body.data.list;
      expect(where(mine)).toEqual([
        [null, null],
        [1, other[name]],
        [RID, here[name]],
      ]);
      const available = (await api.get(`availablecouponslist?restaurant_id=${RID}`, { token: me.token, lang })).body
        .data.list;
      expect(where(available)).toEqual([
        [null, null],
        [RID, here[name]],
      ]);
      const quote = (await confirm({ mode: 'delivery', address_id: addressId }, lang)).body.data;
      expect(where(quote.vouchers)).toEqual([
        [null, null],
        [RID, here[name]],
      ]);
    }
  });

  test('calls need a session', async () => {
    for (const path of [
      'wallet',
      'usercouponslist',
      'allavailablecouponscount',
      `availablecouponslist?restaurant_id=${RID}`,
    ]) {
      expect((await api.get(path)).body.code).toBe(1002);
    }
    expect((await api.post('confirmorder', { restaurant_id: RID, mode: 'delivery' })).status).toBe(401);
  });
});

/** The seed decides what restaurant 2 offers; a test whose premise it does not meet fails and says so. */
function premise(condition: unknown, detail: unknown): asserts condition {
  if (!condition) throw new Error(`seed premise not met: ${JSON.stringify(detail).slice(0, 500)}`);
}
