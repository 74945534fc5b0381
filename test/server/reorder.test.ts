/**
 * Issue 15 §2 "order again": reorder puts a past order's lines back into the cart at its restaurant, each checked
 * against today's menu (removed, sold out, options gone or no longer a valid choice: left out; a new price: in at
 * today's price), answers what changed, and the restaurant's cart becomes exactly those lines, also after 50
 * parallel calls.
 */
import { type Registered, registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { attemptKey, defaultAddressOf, ownRestaurant } from './support/cart';
import { ORDER_RID } from './support/orders';

describe.each(DIALECTS)('reorder on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api } = t;
  let me: Registered;
  beforeAll(async () => {
    me = await registerUser(api, t.place);
  });
  const k = () => t.db.kysely;

  /** A restaurant of the test's own with five plain dishes, and an optional group (two options) on the first. */
  async function kitchen() {
    const rid = await ownRestaurant(t.db, ORDER_RID);
    const first = await k()
      .selectFrom('menu_items')
      .selectAll()
      .where('restaurant_id', '=', rid)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { id: _id, ...row } = first;
    const dishes: Array<{ id: number; price: number }> = [];
    for (let i = 0; i < 6; i++) {
      const price = 1000 + 100 * i;
      const { id } = await k()
        .insertInto('menu_items')
        .values({ ...row, name_cn: `菜${i}`, name_en: `Dish ${i}`, price_fen: price, sold_out: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      dishes.push({ id, price });
    }
    const group = await k()
      .insertInto('option_groups')
      .values({
        item_id: dishes[0]!.id,
        name_cn: '加料',
        name_en: 'Extras',
        compulsory: 0,
        min_select: 0,
        max_select: 2,
        sort: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [egg, tofu] = await Promise.all(
      [
        ['加蛋', 'Egg', 100],
        ['加豆腐', 'Tofu', 200],
      ].map(async ([cn, en, fen]) =>
        k()
          .insertInto('menu_options')
          .values({
            group_id: group.id,
            name_cn: cn as string,
            name_en: en as string,
            price_delta_fen: fen as number,
            sold_out: 0,
            sort: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    );
    return {
      rid,
      dishes,
      groupId: group.id,
      egg: egg!.id,
      tofu: tofu!.id,
    };
  }

  async function order(
    token: string,
    rid: number,
    lines: Array<{ dish_id: number; quantity: number; option_ids?: number[] }>,
  ) {
    await api.post('delcart', { restaurant_id: rid, all: true }, { token });
    for (const l of lines) {
      const res = await api.post('addcart', { restaurant_id: rid, ...l }, { token });
      if (res.body.code !== 1000) throw new Error(JSON.stringify(res.body));
    }
    const address_id = await defaultAddressOf(api, token);
    const base = { restaurant_id: rid, mode: 'delivery', address_id, payment_method: 'cod' };
    const q = (await api.post('confirmorder', base, { token })).body.data;
    const res = await api.post(
      'submitorder',
      { ...base, idempotency_key: attemptKey(), cutlery: false, comment: '', expected_total_fen: q.total_fen },
      { token },
    );
    if (res.body.code !== 1000) throw new Error(JSON.stringify(res.body));
    return res.body.data.order_id;
  }

  const cartOf = async (userId: number, rid: number) =>
    (
      await k()
        .selectFrom('cart_lines')
        .select(['item_id', 'option_key', 'quantity', 'unit_price_fen'])
        .where('user_id', '=', userId)
        .where('restaurant_id', '=', rid)
        .orderBy('item_id')
        .orderBy('option_key')
        .execute()
    ).map((r) => ({ ...r, unit_price_fen: Number(r.unit_price_fen) }));

  test('every line checked against today’s menu; the cart becomes exactly what can be ordered; both languages', async () => {
    const { rid, dishes, groupId, egg, tofu } = await kitchen();
    const [a, b, c, d, e, f] = dishes as [
      (typeof dishes)[0],
      (typeof dishes)[0],
      (typeof dishes)[0],
      (typeof dishes)[0],
      (typeof dishes)[0],
      (typeof dishes)[0],
    ];
    const orderId = await order(me.token, rid, [
      { dish_id: a.id, quantity: 2, option_ids: [egg] },
      { dish_id: a.id, quantity: 1, option_ids: [tofu] },
      { dish_id: b.id, quantity: 1 },
      { dish_id: c.id, quantity: 3 },
      { dish_id: d.id, quantity: 1 },
      { dish_id: e.id, quantity: 2 },
    ]);
    // Since: the egg choice is no longer valid (the group now needs two), tofu is sold out, b is sold out, c was
    // removed from the menu, d costs more; e is unchanged. Something else (f) is in the cart meanwhile.
    await k().updateTable('option_groups').set({ compulsory: 1, min_select: 2 }).where('id', '=', groupId).execute();
    await k().updateTable('menu_options').set({ sold_out: 1 }).where('id', '=', tofu).execute();
    await k().updateTable('menu_items').set({ sold_out: 1 }).where('id', '=', b.id).execute();
    await k().deleteFrom('menu_items').where('id', '=', c.id).execute();
    await k()
      .updateTable('menu_items')
      .set({ price_fen: d.price + 300 })
      .where('id', '=', d.id)
      .execute();
    await api.post('addcart', { restaurant_id: rid, dish_id: f.id, quantity: 5 }, { token: me.token });

    const res = await api.post('reorder', { order_id: orderId }, { token: me.token, lang: 'en' });
    expect(res.body.code).toBe(1000);
    const data = res.body.data;
    expect(data.restaurant_id).toBe(rid);
    expect(data.lines.map((l) => [l.dish_id, l.quantity, l.outcome])).toEqual([
      [a.id, 2, 'options_changed'],
      [a.id, 1, 'sold_out'],
      [b.id, 1, 'sold_out'],
      [c.id, 3, 'gone'],
      [d.id, 1, 'price_changed'],
      [e.id, 2, 'added'],
    ]);
    expect(data.lines[0]!.option_names).toEqual(['Egg']);
    expect(data.lines[3]!.name).not.toBe('');
    expect(data.lines[4]).toMatchObject({ ordered_unit_price_fen: d.price, unit_price_fen: d.price + 300 });
    expect(data.lines[5]).toMatchObject({ ordered_unit_price_fen: e.price, unit_price_fen: e.price });
    expect(data.lines[2]!.unit_price_fen).toBeNull();
    expect(data).toMatchObject({ added: 2, changed: true });
    // The cart is exactly d and e (f replaced); d keeps the price paid as the price seen, so checkout lists the change.
    expect(await cartOf(me.id, rid)).toEqual([
      { item_id: d.id, option_key: '', quantity: 1, unit_price_fen: d.price },
      { item_id: e.id, option_key: '', quantity: 2, unit_price_fen: e.price },
    ]);
    expect(data.cart.list.map((l) => [l.dish_id, l.quantity, l.unit_price_fen])).toEqual([
      [d.id, 1, d.price + 300],
      [e.id, 2, e.price],
    ]);
    const quote = (
      await api.post(
        'confirmorder',
        { restaurant_id: rid, mode: 'delivery', address_id: await defaultAddressOf(api, me.token) },
        { token: me.token, lang: 'en' },
      )
    ).body.data;
    expect(quote.problems.map((p) => p.code)).toContain('price_changed');

    const cn = (await api.post('reorder', { order_id: orderId }, { token: me.token, lang: 'zh-CN' })).body.data;
    expect(cn.lines[0]!.option_names).toEqual(['加蛋']);
    expect(await cartOf(me.id, rid)).toHaveLength(2);

    // Nothing left to order: the cart is left as it was.
    await k().updateTable('menu_items').set({ sold_out: 1 }).where('id', 'in', [d.id, e.id]).execute();
    const none = (await api.post('reorder', { order_id: orderId }, { token: me.token })).body.data;
    expect(none).toMatchObject({ added: 0, changed: true });
    expect(await cartOf(me.id, rid)).toHaveLength(2);
  });

  test('50 parallel reorders leave exactly the order’s lines, not 50 times them; others’ orders are not reachable', async () => {
    const { rid, dishes, egg } = await kitchen();
    const [a, b] = dishes as [(typeof dishes)[0], (typeof dishes)[0]];
    const someone = await registerUser(api, t.place);
    const orderId = await order(someone.token, rid, [
      { dish_id: a.id, quantity: 2, option_ids: [egg] },
      { dish_id: a.id, quantity: 1 },
      { dish_id: b.id, quantity: 3 },
    ]);
    await api.post('addcart', { restaurant_id: rid, dish_id: b.id, quantity: 7 }, { token: someone.token });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api.post('reorder', { order_id: orderId }, { token: someone.token })),
    );
    expect(answers.map((r) => r.body.code)).toEqual(Array(50).fill(1000));
    expect(answers.every((r) => r.body.data.added === 3 && !r.body.data.changed)).toBe(true);
    expect(await cartOf(someone.id, rid)).toEqual([
      { item_id: a.id, option_key: '', quantity: 1, unit_price_fen: a.price },
      { item_id: a.id, option_key: String(egg), quantity: 2, unit_price_fen: a.price + 100 },
      { item_id: b.id, option_key: '', quantity: 3, unit_price_fen: b.price },
    ]);

    expect((await api.post('reorder', { order_id: orderId }, { token: me.token })).body.code).toBe(1004);
    expect((await api.post('reorder', { order_id: orderId })).body.code).toBe(1002);
    expect((await api.post('reorder', { order_id: 'x' }, { token: me.token })).body.code).toBe(1003);
  });
});
