/**
 * Checkout under parallel requests (DESIGN §4a), through the real app on SQLite and PostgreSQL: every request is
 * in flight at once and the outcome must be exact. One idempotency key makes one order whatever the number of
 * twins; a key reused with another body is refused; wallet orders never overdraw and the ledger sums to the
 * balance; a voucher is used by one order only.
 */
import { ErrorCode } from '../../types/errors';
import { createWalletRepository } from '../../server/src/modules/wallet/repository';
import { registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { attemptKey, dishOf } from './support/cart';

const N = 20;
/** Every dish ordered in these tests costs this much (set before it goes into a cart), so totals are equal. */
const PRICE = 1500;

describe.each(DIALECTS)('checkout under parallel requests on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  /** N restaurants that take collection orders paid by balance or WeChat now, each with a dish at PRICE. */
  let shops: Array<{ rid: number; dishId: number; collectionTime: number }>;

  beforeAll(async () => {
    const probe = await registerUser(api, t.place);
    const rids = (
      await t.db.kysely
        .selectFrom('restaurants')
        .select('id')
        .where('collection', '=', 1)
        .where('pay_balance', '=', 1)
        .where('pay_wechat', '=', 1)
        .where('closed', '=', 0)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    shops = [];
    for (const rid of rids) {
      if (shops.length === N) break;
      let dish;
      try {
        dish = await dishOf(t.db, rid);
      } catch {
        continue;
      }
      await t.db.kysely.updateTable('menu_items').set({ price_fen: PRICE }).where('id', '=', dish.id).execute();
      const q = (await api.post('confirmorder', { restaurant_id: rid, mode: 'collection' }, { token: probe.token }))
        .body.data;
      if (q.collection_times.length > 0) shops.push({ rid, dishId: dish.id, collectionTime: q.collection_times[0]! });
    }
    if (shops.length < N) throw new Error(`seed premise not met: ${shops.length} restaurants take collection orders`);
  });

  const fill = async (token: string, shop: (typeof shops)[number], quantity = 1) => {
    const res = await api.post('addcart', { restaurant_id: shop.rid, dish_id: shop.dishId, quantity }, { token });
    expect(res.body.code).toBe(ErrorCode.Ok);
  };
  const orderBody = (shop: (typeof shops)[number], extra: Record<string, unknown> = {}) => ({
    idempotency_key: attemptKey(),
    restaurant_id: shop.rid,
    mode: 'collection',
    collection_time: shop.collectionTime,
    payment_method: 'wechat',
    expected_total_fen: PRICE,
    ...extra,
  });
  const ordersOf = (userId: number) =>
    t.db.kysely.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const credit = (userId: number, amount: number) =>
    t.db.kysely
      .transaction()
      .execute((trx) =>
        createWalletRepository(trx).credit(
          userId,
          amount,
          { reason: 'adjustment', refType: 'test', refId: 1 },
          clock.now(),
        ),
      );

  test(`${N} identical submits at once (one key): one order, every answer carries its id`, async () => {
    const me = await registerUser(api, t.place);
    await fill(me.token, shops[0]!, 2);
    const body = orderBody(shops[0]!, { expected_total_fen: 2 * PRICE, comment: 'twins' });
    const res = await Promise.all(Array.from({ length: N }, () => api.post('submitorder', body, { token: me.token })));
    expect(res.map((r) => r.body.code)).toEqual(Array(N).fill(ErrorCode.Ok));
    const orders = await ordersOf(me.id);
    expect(orders).toHaveLength(1);
    expect(new Set(res.map((r) => r.body.data.order_id))).toEqual(new Set([orders[0]!.id]));
    expect(res.every((r) => r.body.data.total_fen === 2 * PRICE && r.body.data.needs_payment === true)).toBe(true);
    const lines = await t.db.kysely
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', orders[0]!.id)
      .execute();
    expect(lines.map((l) => l.quantity)).toEqual([2]);
    const keys = await t.db.kysely.selectFrom('idempotency_keys').selectAll().where('user_id', '=', me.id).execute();
    expect(keys).toHaveLength(1);
    expect(keys[0]!.order_id).toBe(orders[0]!.id);
    // Later, the same key with another body: refused, nothing new.
    const other = await api.post('submitorder', { ...body, comment: 'changed' }, { token: me.token });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe(ErrorCode.Conflict);
    expect(await ordersOf(me.id)).toHaveLength(1);
  });

  test(`${N} submits of one cart at once with different keys (a double tap that made new keys): one order`, async () => {
    const me = await registerUser(api, t.place);
    await credit(me.id, 10 * PRICE);
    await fill(me.token, shops[2]!);
    const res = await Promise.all(
      Array.from({ length: N }, () =>
        api.post('submitorder', orderBody(shops[2]!, { payment_method: 'balance' }), { token: me.token }),
      ),
    );
    const orders = await ordersOf(me.id);
    expect(orders).toHaveLength(1);
    expect(res.filter((r) => r.body.code === ErrorCode.Ok).map((r) => r.body.data.order_id)).toEqual([orders[0]!.id]);
    // The others are refused (the cart is gone or changed), and only one payment left the wallet.
    expect(res.filter((r) => r.body.code !== ErrorCode.Ok).every((r) => r.status === 400 || r.status === 409)).toBe(
      true,
    );
    const wallet = createWalletRepository(t.db.kysely);
    expect(await wallet.balance(me.id)).toBe(9 * PRICE);
    expect(await wallet.ledgerSum(me.id)).toBe(9 * PRICE);
  });

  test(`one key with two bodies at once (${N} requests): one order; the other body is refused every time`, async () => {
    const me = await registerUser(api, t.place);
    await fill(me.token, shops[1]!);
    const a = orderBody(shops[1]!, { comment: 'A' });
    const b = { ...a, comment: 'B' };
    const res = await Promise.all(
      Array.from({ length: N }, (_, i) => api.post('submitorder', i % 2 ? b : a, { token: me.token })),
    );
    const orders = await ordersOf(me.id);
    expect(orders).toHaveLength(1);
    const winner = orders[0]!.comment;
    res.forEach((r, i) => {
      const comment = i % 2 ? 'B' : 'A';
      if (comment === winner) expect(r.body).toMatchObject({ code: ErrorCode.Ok, data: { order_id: orders[0]!.id } });
      else expect(r.body.code).toBe(ErrorCode.Conflict);
    });
  });

  test(`${N} wallet orders at once (different keys): exactly what the balance allows, never below zero, ledger = balance`, async () => {
    const me = await registerUser(api, t.place);
    const affordable = 7;
    await credit(me.id, affordable * PRICE + PRICE - 1);
    for (const shop of shops) await fill(me.token, shop);
    const res = await Promise.all(
      shops.map((shop) =>
        api.post('submitorder', orderBody(shop, { payment_method: 'balance' }), { token: me.token, lang: 'en' }),
      ),
    );
    const ok = res.filter((r) => r.body.code === ErrorCode.Ok);
    expect(ok).toHaveLength(affordable);
    // The others are refused as a business rule (not enough balance), not as a crash.
    expect(res.filter((r) => r.body.code !== ErrorCode.Ok).map((r) => r.body.code)).toEqual(
      Array(N - affordable).fill(ErrorCode.Failed),
    );
    const orders = await ordersOf(me.id);
    expect(orders).toHaveLength(affordable);
    expect(orders.every((o) => Number(o.wallet_paid_fen) === PRICE)).toBe(true);
    const wallet = createWalletRepository(t.db.kysely);
    const balance = (await wallet.balance(me.id))!;
    expect(balance).toBe(PRICE - 1);
    expect(await wallet.ledgerSum(me.id)).toBe(balance);
    const ledger = await wallet.entries(me.id, 100);
    expect(ledger.filter((l) => l.reason === 'order_payment')).toHaveLength(affordable);
    // No ledger row ever saw a negative balance.
    expect(ledger.every((l) => Number(l.balance_after_fen) >= 0)).toBe(true);
    // The refused orders kept their carts.
    const carts = await t.db.kysely
      .selectFrom('cart_lines')
      .select('restaurant_id')
      .where('user_id', '=', me.id)
      .execute();
    expect(carts).toHaveLength(N - affordable);
  });

  test(`one voucher in ${N} orders at once (different keys and carts): used by exactly one`, async () => {
    const me = await registerUser(api, t.place);
    const quantity = 3;
    for (const shop of shops) await fill(me.token, shop, quantity);
    const q = (
      await api.post(
        'confirmorder',
        { restaurant_id: shops[0]!.rid, mode: 'collection', payment_method: 'wechat' },
        { token: me.token },
      )
    ).body.data;
    const voucher = q.vouchers[0];
    if (!voucher) throw new Error(`seed premise not met: a new customer has no voucher usable for ${quantity * PRICE}`);
    const discount = Math.min(voucher.discount_fen, quantity * PRICE);
    const res = await Promise.all(
      shops.map((shop) =>
        api.post(
          'submitorder',
          orderBody(shop, { voucher_id: voucher.id, expected_total_fen: quantity * PRICE - discount }),
          { token: me.token, lang: 'en' },
        ),
      ),
    );
    const ok = res.filter((r) => r.body.code === ErrorCode.Ok);
    expect(ok).toHaveLength(1);
    expect(res.filter((r) => r.body.code !== ErrorCode.Ok).map((r) => r.body.code)).toEqual(
      Array(N - 1).fill(ErrorCode.Failed),
    );
    const orders = await ordersOf(me.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ voucher_id: voucher.id, id: ok[0]!.body.data.order_id });
    expect(Number(orders[0]!.discount_fen)).toBe(discount);
    const row = await t.db.kysely
      .selectFrom('vouchers')
      .selectAll()
      .where('id', '=', voucher.id)
      .executeTakeFirstOrThrow();
    expect(row.order_id).toBe(orders[0]!.id);
    expect(row.used_at).not.toBeNull();
  });
});
