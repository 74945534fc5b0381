/**
 * Promotions are rules the server applies (issue 15 §1), through the real app on SQLite and PostgreSQL: a first order
 * is placed for every promotion the seed shows and its price asserted (first order free delivery, spend X save Y in
 * its scope, a banner that says nothing about prices); "first order" means no earlier order that stands, decided in
 * the order's transaction: 50 first orders of one customer at once, exactly one has the free delivery.
 */
import type { PriceLine, Quote } from '../../types/api/checkout';
import { ErrorCode } from '../../types/errors';
import { OrderStatus } from '../../types/order-status';
import { isUniqueViolation } from '../../server/src/db/constraints';
import { registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { attemptKey, defaultAddressOf, dishOf, ownRestaurant } from './support/cart';

/** Restaurant 2 of the seed: delivery and collection, every payment method, open at the test clock, near building 1. */
const RID = 2;
const N = 50;

describe.each(DIALECTS)('promotions on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;

  const running = () =>
    t.db.kysely
      .selectFrom('promotions')
      .selectAll()
      .where('starts_at', '<=', clock.now())
      .where('ends_at', '>', clock.now())
      .orderBy('id')
      .execute();
  const quoteOf = async (token: string, body: Record<string, unknown>, lang = 'en'): Promise<Quote> => {
    const res = await api.post('confirmorder', body, { token, lang });
    expect(res.body.code).toBe(ErrorCode.Ok);
    return res.body.data as Quote;
  };
  const submit = (token: string, body: Record<string, unknown>, lang = 'en') =>
    api.post('submitorder', { idempotency_key: attemptKey(), ...body }, { token, lang });
  const orderRow = (id: number) =>
    t.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** A restaurant of the promotion's scope: its own, else the first of its area, else of its city, else RID. */
  const restaurantIn = async (p: { restaurant_id: number | null; area_id: number | null; city_id: number | null }) => {
    if (p.restaurant_id !== null) return p.restaurant_id;
    let q = t.db.kysely.selectFrom('restaurants').select('id').where('collection', '=', 1).orderBy('id');
    if (p.area_id !== null) q = q.where('area_id', '=', p.area_id);
    else if (p.city_id !== null) q = q.where('city_id', '=', p.city_id);
    else return RID;
    return (await q.executeTakeFirstOrThrow()).id;
  };
  /** A new customer's cart at `rid` of at least `goods` fen; its collection order's body (the first free time). */
  const collectionOrder = async (rid: number, goods: number) => {
    const me = await registerUser(api, t.place);
    const dish = await dishOf(t.db, rid);
    const quantity = Math.max(1, Math.ceil(goods / dish.price));
    await api.post('addcart', { restaurant_id: rid, dish_id: dish.id, quantity }, { token: me.token });
    const probe = await quoteOf(me.token, { restaurant_id: rid, mode: 'collection' });
    const time = probe.collection_times[0];
    if (time === undefined) throw new Error(`seed premise not met: restaurant ${rid} takes no collection order now`);
    return {
      me,
      goods: dish.price * quantity,
      body: { restaurant_id: rid, mode: 'collection', collection_time: time, payment_method: 'wechat' },
    };
  };
  const promotionLines = (q: Quote) => q.price_lines.filter((l) => l.kind === 'promotion');

  test('the seed shows promotions of every kind, and those that change prices say so in their title', async () => {
    const kinds = new Set((await running()).map((p) => p.kind));
    expect([...kinds].sort()).toEqual(['banner', 'first_order_free_delivery', 'spend_save']);
    const listed = (await api.get('promolist', { lang: 'en' })).body.data as Array<{ id: number; kind: string }>;
    expect(listed.map((p) => [p.id, p.kind])).toEqual((await running()).map((p) => [p.id, p.kind]));
  });

  test('a first order for every promotion shown: its price is what the promotion says', async () => {
    const promotions = await running();
    expect(promotions.length).toBeGreaterThan(0);
    for (const p of promotions) {
      const rid = await restaurantIn(p);
      const terms = await t.db.kysely
        .selectFrom('restaurants')
        .selectAll()
        .where('id', '=', rid)
        .executeTakeFirstOrThrow();
      if (p.kind === 'first_order_free_delivery') {
        const me = await registerUser(api, t.place);
        const addressId = await defaultAddressOf(api, me.token);
        const dish = await dishOf(t.db, rid);
        const quantity = Math.ceil(Number(terms.min_order_fen) / dish.price) + 1;
        await api.post('addcart', { restaurant_id: rid, dish_id: dish.id, quantity }, { token: me.token });
        const body = { restaurant_id: rid, mode: 'delivery', address_id: addressId, payment_method: 'cod' };
        const fee = Number(terms.delivery_fee_fen);
        expect(fee).toBeGreaterThan(0);
        for (const lang of ['en', 'zh'] as const) {
          const q = await quoteOf(me.token, body, lang);
          expect(q.problems).toEqual([]);
          expect(q.price_lines).toEqual<PriceLine[]>([
            {
              kind: 'delivery_fee',
              name: lang === 'en' ? 'Delivery fee' : '配送费',
              amount_fen: fee,
              promotion_id: null,
              voucher_id: null,
            },
            {
              kind: 'promotion',
              name: lang === 'en' ? p.title_en : p.title_cn,
              amount_fen: -fee,
              promotion_id: p.id,
              voucher_id: null,
            },
          ]);
          expect(q).toMatchObject({
            goods_fen: dish.price * quantity,
            delivery_fee_fen: 0,
            discount_fen: 0,
            total_fen: dish.price * quantity,
          });
        }
        const placed = await submit(me.token, { ...body, expected_total_fen: dish.price * quantity });
        expect(placed.body.code).toBe(ErrorCode.Ok);
        const row = await orderRow(placed.body.data.order_id);
        expect(row).toMatchObject({ first_order: 1 });
        expect(Number(row.delivery_fee_fen)).toBe(0);
        expect(Number(row.total_fen)).toBe(dish.price * quantity);
        expect(JSON.parse(row.price_lines)).toEqual([
          expect.objectContaining({
            kind: 'delivery_fee',
            amount_fen: fee,
            name_cn: '配送费',
            name_en: 'Delivery fee',
          }),
          expect.objectContaining({
            kind: 'promotion',
            amount_fen: -fee,
            promotion_id: p.id,
            name_cn: p.title_cn,
            name_en: p.title_en,
          }),
        ]);
        // The second order pays the fee; so does a collection order's customer (no fee to waive).
        await api.post('addcart', { restaurant_id: rid, dish_id: dish.id, quantity }, { token: me.token });
        const second = await quoteOf(me.token, body);
        expect(promotionLines(second)).toEqual([]);
        expect(second.delivery_fee_fen).toBe(fee);
        expect(second.total_fen).toBe(dish.price * quantity + fee);
        // Cancelled, the first order no longer stands: the next one is the first again.
        await t.db.kysely
          .updateTable('orders')
          .set({ status: OrderStatus.Cancelled })
          .where('id', '=', row.id)
          .execute();
        expect((await quoteOf(me.token, body)).delivery_fee_fen).toBe(0);
      } else if (p.kind === 'spend_save') {
        const min = Number(p.min_goods_fen);
        const save = Number(p.save_fen);
        const { me, goods, body } = await collectionOrder(rid, min);
        expect(goods).toBeGreaterThanOrEqual(min);
        const q = await quoteOf(me.token, body, 'zh');
        expect(promotionLines(q)).toEqual([
          { kind: 'promotion', name: p.title_cn, amount_fen: -save, promotion_id: p.id, voucher_id: null },
        ]);
        expect(q).toMatchObject({ goods_fen: goods, discount_fen: save, total_fen: goods - save });
        const placed = await submit(me.token, { ...body, expected_total_fen: goods - save });
        expect(placed.body.code).toBe(ErrorCode.Ok);
        const row = await orderRow(placed.body.data.order_id);
        expect([Number(row.discount_fen), Number(row.total_fen)]).toEqual([save, goods - save]);
        // Below its minimum, nothing is taken off.
        const dish = await dishOf(t.db, rid);
        if (dish.price < min) {
          const other = await collectionOrder(rid, min - dish.price);
          if (other.goods < min) {
            const under = await quoteOf(other.me.token, other.body);
            expect(promotionLines(under)).toEqual([]);
            expect(under.total_fen).toBe(other.goods);
          }
        }
      } else {
        // A banner says nothing about prices: the order costs its goods.
        const { me, goods, body } = await collectionOrder(rid, 10_000);
        const q = await quoteOf(me.token, body);
        expect(promotionLines(q)).toEqual([]);
        expect(q).toMatchObject({ goods_fen: goods, discount_fen: 0, total_fen: goods });
        const placed = await submit(me.token, { ...body, expected_total_fen: goods });
        expect(placed.body.code).toBe(ErrorCode.Ok);
        expect(Number((await orderRow(placed.body.data.order_id)).total_fen)).toBe(goods);
      }
    }
  });

  test('an area promotion is not applied outside its area', async () => {
    const tianhe = (await running()).find((p) => p.kind === 'spend_save' && p.area_id !== null);
    if (!tianhe) throw new Error('seed premise not met: an area spend-save promotion');
    const outside = await t.db.kysely
      .selectFrom('restaurants')
      .select('id')
      .where('city_id', '=', tianhe.city_id!)
      .where('area_id', '!=', tianhe.area_id!)
      .where('collection', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { me, goods, body } = await collectionOrder(outside.id, Number(tianhe.min_goods_fen));
    const q = await quoteOf(me.token, body);
    expect(promotionLines(q)).toEqual([]);
    expect(q.total_fen).toBe(goods);
  });

  test(`${N} first orders of one customer at once (different restaurants): exactly one has the free delivery`, async () => {
    const me = await registerUser(api, t.place);
    const addressId = await defaultAddressOf(api, me.token);
    const fee = 500;
    const price = 1500;
    const rids: number[] = [];
    for (let i = 0; i < N; i++) {
      const rid = await ownRestaurant(t.db, RID);
      await t.db.kysely
        .updateTable('restaurants')
        .set({ delivery_fee_fen: fee, min_order_fen: 0, pay_wechat: 1 })
        .where('id', '=', rid)
        .execute();
      const dish = await dishOf(t.db, rid);
      await t.db.kysely.updateTable('menu_items').set({ price_fen: price }).where('id', '=', dish.id).execute();
      const res = await api.post('addcart', { restaurant_id: rid, dish_id: dish.id, quantity: 1 }, { token: me.token });
      expect(res.body.code).toBe(ErrorCode.Ok);
      rids.push(rid);
    }
    const body = (rid: number) => ({
      restaurant_id: rid,
      mode: 'delivery',
      address_id: addressId,
      payment_method: 'wechat',
    });
    // Every quote says: first order, no fee.
    const q = await quoteOf(me.token, body(rids[0]!));
    expect([q.delivery_fee_fen, q.total_fen]).toEqual([0, price]);
    const res = await Promise.all(rids.map((rid) => submit(me.token, { ...body(rid), expected_total_fen: price })));
    const ok = res.filter((r) => r.body.code === ErrorCode.Ok);
    expect(ok).toHaveLength(1);
    // The others were refused: their total is now the fee more (nothing placed, the cart kept).
    for (const r of res.filter((x) => x.body.code !== ErrorCode.Ok)) {
      expect(r.body).toMatchObject({ code: ErrorCode.Failed, data: { total_fen: price + fee } });
    }
    const orders = await t.db.kysely.selectFrom('orders').selectAll().where('user_id', '=', me.id).execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ first_order: 1, id: ok[0]!.body.data.order_id });
    expect(Number(orders[0]!.delivery_fee_fen)).toBe(0);
    // Placed again at the price they now say, they all go through.
    const again = await Promise.all(
      rids
        .filter((rid) => rid !== orders[0]!.restaurant_id)
        .map((rid) => submit(me.token, { ...body(rid), expected_total_fen: price + fee })),
    );
    expect(again.map((r) => r.body.code)).toEqual(Array(N - 1).fill(ErrorCode.Ok));
    const all = await t.db.kysely.selectFrom('orders').selectAll().where('user_id', '=', me.id).execute();
    expect(all.filter((o) => o.first_order === 1)).toHaveLength(1);
    expect(all.reduce((n, o) => n + Number(o.delivery_fee_fen), 0)).toBe((N - 1) * fee);
  });

  test('the database keeps one standing first-order order per customer (the constraint)', async () => {
    const me = await registerUser(api, t.place);
    const row = {
      user_id: me.id,
      restaurant_id: RID,
      status: OrderStatus.AwaitingMerchant,
      mode: 'delivery' as const,
      payment_method: 'cod' as const,
      goods_fen: 100,
      delivery_fee_fen: 0,
      discount_fen: 0,
      total_fen: 100,
      voucher_id: null,
      comment: '',
      cutlery: 0,
      collection_time: null,
      collection_code: null,
      recipient_name: '',
      phone: '',
      address_cn: '',
      address_en: '',
      address_lat: null,
      address_lng: null,
      restaurant_name_cn: '',
      restaurant_name_en: '',
      paid_at: null,
      created_at: clock.now(),
      updated_at: clock.now(),
      first_order: 1,
    };
    const first = await t.db.kysely.insertInto('orders').values(row).returning('id').executeTakeFirstOrThrow();
    // The refusal is recognised by its code, as the app does (db/constraints.ts), not with `rejects.toThrow()`:
    // better-sqlite3 sets its error class on the native addon once per process, so in a jest worker every test file
    // after the first that opened SQLite gets SqliteErrors of that first file's realm, which are not `instanceof
    // Error` here, and jest's toThrow then reports "did not throw" although the insert was refused.
    const again = await t.db.kysely
      .insertInto('orders')
      .values(row)
      .execute()
      .then(
        () => 'inserted',
        (e: unknown) => e,
      );
    expect(isUniqueViolation(again)).toBe(true);
    await t.db.kysely.updateTable('orders').set({ status: OrderStatus.Cancelled }).where('id', '=', first.id).execute();
    await expect(t.db.kysely.insertInto('orders').values(row).execute()).resolves.toBeDefined();
  });
});
