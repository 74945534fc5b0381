/**
 * The server cart (issue 9): lines follow the menu's choice rules (the same code as the app's choice layer), the same
 * dish and options merge into one line (also under 50 parallel adds), and a customer sees only their own lines.
 */
import { type Registered, registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { dishOf, minimalChoice } from './support/cart';
import { ORDER_RID, placeOrder } from './support/orders';

const RID = 1;

describe.each(DIALECTS)('cart on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api } = t;
  let me: Registered;
  let other: Registered;
  beforeAll(async () => {
    me = await registerUser(api, t.place);
    other = await registerUser(api, t.place);
  });
  beforeEach(() => api.post('delcart', { restaurant_id: RID, all: true }, { token: me.token }));

  const list = async (token = me.token, lang = 'en') =>
    (await api.get(`cartlist?restaurant_id=${RID}`, { token, lang })).body.data;

  test('adds, merges the same choice, keeps other choices apart, and prices from the menu', async () => {
    const plain = await dishOf(t.db, RID);
    const first = await api.post(
      'addcart',
      { restaurant_id: RID, dish_id: plain.id, quantity: 2 },
      { token: me.token },
    );
    expect(first.body).toMatchObject({ code: 1000, data: { cart_id: expect.any(Number) } });
    const again = await api.post(
      'addcart',
      { restaurant_id: RID, dish_id: plain.id, quantity: 1, option_ids: [] },
      { token: me.token },
    );
    expect(again.body.data.cart_id).toBe(first.body.data.cart_id);

    const dish = await dishOf(t.db, RID, 'compulsory');
    const choice = minimalChoice(dish);
    const withOptions = await api.post(
      'addcart',
      { restaurant_id: RID, dish_id: dish.id, quantity: 1, option_ids: choice },
      { token: me.token },
    );
    expect(withOptions.body.code).toBe(1000);
    const cart = await list();
    expect(cart.list).toHaveLength(2);
    const line = cart.list.find((l: { dish_id: number }) => l.dish_id === plain.id);
    expect(line).toMatchObject({
      quantity: 3,
      unit_price_fen: plain.price,
      line_total_fen: plain.price * 3,
      sold_out: false,
    });
    const deltas = dish.options.filter((o) => choice.includes(o.id)).reduce((n, o) => n + Number(o.price_delta_fen), 0);
    const optioned = cart.list.find((l: { dish_id: number }) => l.dish_id === dish.id);
    expect(optioned!.unit_price_fen).toBe(dish.price + deltas);
    expect(optioned!.option_names).toHaveLength(choice.length);
    expect(cart.total_num).toBe(4);
    expect(cart.total_price_fen).toBe(plain.price * 3 + dish.price + deltas);
    expect(cart.total_price).toBe(cart.total_price_fen / 100);
  });

  test('50 parallel adds of one choice make one line with the summed quantity', async () => {
    const plain = await dishOf(t.db, RID);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.post('addcart', { restaurant_id: RID, dish_id: plain.id, quantity: 1 }, { token: me.token }),
      ),
    );
    expect(answers.every((a) => a.body.code === 1000)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.cart_id)).size).toBe(1);
    const cart = await list();
    expect(cart.list).toHaveLength(1);
    expect(cart.list[0]!.quantity).toBe(50);
  });

  test('the choice rules are the server’s too: compulsory group, maximum, unknown and sold-out options, other restaurants', async () => {
    const dish = await dishOf(t.db, RID, 'compulsory');
    const missing = await api.post(
      'addcart',
      { restaurant_id: RID, dish_id: dish.id, option_ids: [] },
      { token: me.token, lang: 'en' },
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 1003, data: { field: 'option_ids' } });
    expect(missing.body.msg).toMatch(/^Please choose "/);
    const cn = await api.post(
      'addcart',
      { restaurant_id: RID, dish_id: dish.id, option_ids: [] },
      { token: me.token, lang: 'zh' },
    );
    expect(cn.body.msg).toMatch(/^请选择/);

    const group = dish.groups.find((g) => g.compulsory === 1)!;
    const inGroup = dish.options.filter((o) => o.group_id === group.id && o.sold_out === 0);
    if (group.max_select > 0 && inGroup.length > group.max_select) {
      const tooMany = await api.post(
        'addcart',
        { restaurant_id: RID, dish_id: dish.id, option_ids: inGroup.slice(0, group.max_select + 1).map((o) => o.id) },
        { token: me.token, lang: 'en' },
      );
      expect(tooMany.body).toMatchObject({ code: 1003, data: { field: 'option_ids' } });
    }

    const unknown = await api.post(
      'addcart',
      { restaurant_id: RID, dish_id: dish.id, option_ids: [...minimalChoice(dish), 99999] },
      { token: me.token },
    );
    expect(unknown.body).toMatchObject({ code: 1003, data: { field: 'option_ids' } });

    const elsewhere = await dishOf(t.db, 2);
    const wrongRestaurant = await api.post(
      'addcart',
      { restaurant_id: RID, dish_id: elsewhere.id },
      { token: me.token },
    );
    expect(wrongRestaurant.status).toBe(404);

    const plain = await dishOf(t.db, RID);
    await t.db.kysely.updateTable('menu_items').set({ sold_out: 1 }).where('id', '=', plain.id).execute();
    try {
      const soldOut = await api.post(
        'addcart',
        { restaurant_id: RID, dish_id: plain.id },
        { token: me.token, lang: 'en' },
      );
      expect(soldOut.body.code).toBe(1001);
      expect(soldOut.body.msg).toMatch(/sold out/);
    } finally {
      await t.db.kysely.updateTable('menu_items').set({ sold_out: 0 }).where('id', '=', plain.id).execute();
    }
    expect((await list()).list).toHaveLength(0);
  });

  test('edit changes quantity or options (0 removes); delete one line or all; other customers’ lines are not found', async () => {
    const plain = await dishOf(t.db, RID);
    const { cart_id } = (await api.post('addcart', { restaurant_id: RID, dish_id: plain.id }, { token: me.token })).body
      .data;
    expect((await api.post('editcart', { cart_id, quantity: 5 }, { token: me.token })).body.code).toBe(1000);
    expect((await list()).list[0]!.quantity).toBe(5);

    expect((await api.post('editcart', { cart_id, quantity: 2 }, { token: other.token })).status).toBe(404);
    expect((await api.post('delcart', { cart_id }, { token: other.token })).status).toBe(404);
    expect((await list(other.token)).list).toHaveLength(0);

    expect((await api.post('editcart', { cart_id, quantity: 0 }, { token: me.token })).body.code).toBe(1000);
    expect((await list()).list).toHaveLength(0);

    const a = (await api.post('addcart', { restaurant_id: RID, dish_id: plain.id }, { token: me.token })).body.data
      .cart_id;
    expect((await api.post('delcart', { cart_id: a }, { token: me.token })).body.code).toBe(1000);
    expect((await api.post('delcart', { cart_id: a }, { token: me.token })).status).toBe(404);
    await api.post('addcart', { restaurant_id: RID, dish_id: plain.id }, { token: me.token });
    expect((await api.post('delcart', { restaurant_id: RID, all: true }, { token: me.token })).body.code).toBe(1000);
    expect((await list()).list).toHaveLength(0);
    expect((await api.post('delcart', {}, { token: me.token })).status).toBe(400);
  });

  test('options edited to another line’s choice merge into it', async () => {
    const dish = await dishOf(t.db, RID, 'compulsory');
    const group = dish.groups.find((g) => g.compulsory === 1)!;
    const [o1, o2] = dish.options.filter((o) => o.group_id === group.id && o.sold_out === 0);
    const rest = minimalChoice(dish).filter((id) => !dish.options.some((o) => o.id === id && o.group_id === group.id));
    const a = (
      await api.post(
        'addcart',
        { restaurant_id: RID, dish_id: dish.id, option_ids: [o1!.id, ...rest] },
        { token: me.token },
      )
    ).body;
    const b = (
      await api.post(
        'addcart',
        { restaurant_id: RID, dish_id: dish.id, option_ids: [o2!.id, ...rest] },
        { token: me.token },
      )
    ).body;
    expect(a.data.cart_id).not.toBe(b.data.cart_id);
    const edited = await api.post(
      'editcart',
      { cart_id: a.data.cart_id, option_ids: [o2!.id, ...rest] },
      { token: me.token },
    );
    expect(edited.body.code).toBe(1000);
    const cart = await list();
    expect(cart.list).toHaveLength(1);
    expect(cart.list[0]!.quantity).toBe(2);
  });

  test('the delivery fee is the one this customer would pay: waived on a first order where that promotion runs, with its name', async () => {
    const [restaurant, firstOrder] = await Promise.all([
      t.db.kysely.selectFrom('restaurants').selectAll().where('id', '=', RID).executeTakeFirstOrThrow(),
      t.db.kysely
        .selectFrom('promotions')
        .selectAll()
        .where('kind', '=', 'first_order_free_delivery')
        .where('restaurant_id', 'is', null)
        .where('area_id', 'is', null)
        .where('city_id', 'is', null)
        .where('starts_at', '<=', t.clock.now())
        .where('ends_at', '>', t.clock.now())
        .executeTakeFirstOrThrow(),
    ]);
    const fee = Number(restaurant.delivery_fee_fen);
    expect(fee).toBeGreaterThan(0);
    const plain = await dishOf(t.db, RID);
    /** A customer's cart with one dish, and what the checkout quote charges for its delivery. */
    const cartAndQuote = async (token: string, lang = 'en') => {
      await api.post('addcart', { restaurant_id: RID, dish_id: plain.id, quantity: 1 }, { token });
      const quote = await api.post('confirmorder', { restaurant_id: RID, mode: 'delivery' }, { token, lang });
      expect(quote.body.code).toBe(1000);
      return { cart: await list(token, lang), quoted: quote.body.data.delivery_fee_fen as number };
    };

    // A new customer: no fee, and the promotion that waives it, in the request's language (as the quote has it).
    const fresh = await registerUser(api, t.place);
    const en = await cartAndQuote(fresh.token, 'en');
    expect(en.cart).toMatchObject({
      delivery_fee_fen: 0,
      delivery_fee_waiver: {
        promotion_id: firstOrder.id,
        kind: 'first_order_free_delivery',
        name: firstOrder.title_en,
        waived_fen: fee,
      },
    });
    expect(en.quoted).toBe(0);
    const zh = await list(fresh.token, 'zh');
    expect(zh.delivery_fee_waiver?.name).toBe(firstOrder.title_cn);
    expect(zh.total_price_fen).toBe(plain.price);

    // A customer with an order that stands pays the fee; so does the cart say.
    const regular = await registerUser(api, t.place);
    await placeOrder(t, api, regular.token, { method: 'cod' });
    const paying = await cartAndQuote(regular.token);
    expect(paying.cart).toMatchObject({ delivery_fee_fen: fee, delivery_fee_waiver: null });
    expect(paying.quoted).toBe(fee);

    // Where the promotion does not run (scoped to another restaurant here), a new customer sees the fee too.
    await t.db.kysely
      .updateTable('promotions')
      .set({ restaurant_id: ORDER_RID })
      .where('id', '=', firstOrder.id)
      .execute();
    try {
      const elsewhere = await cartAndQuote((await registerUser(api, t.place)).token);
      expect(elsewhere.cart).toMatchObject({ delivery_fee_fen: fee, delivery_fee_waiver: null });
      expect(elsewhere.quoted).toBe(fee);
    } finally {
      await t.db.kysely
        .updateTable('promotions')
        .set({ restaurant_id: null })
        .where('id', '=', firstOrder.id)
        .execute();
    }
  });

  test('needs a session', async () => {
    const res = await api.get(`cartlist?restaurant_id=${RID}`);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(1002);
  });
});
