import type { Db } from '../../../server/src/db';
import type { Api } from './api';

/** A dish of the restaurant with no option groups (or, with `compulsory`, one with a compulsory group), not sold out. */
export async function dishOf(db: Db, restaurantId: number, kind: 'plain' | 'compulsory' = 'plain') {
  const k = db.kysely;
  const items = await k
    .selectFrom('menu_items')
    .select(['id', 'price_fen'])
    .where('restaurant_id', '=', restaurantId)
    .where('sold_out', '=', 0)
    .orderBy('id')
    .execute();
  // (an empty `in ()` is an error on PostgreSQL: a restaurant of plain dishes asks nothing more)
  const groups = !items.length
    ? []
    : await k
        .selectFrom('option_groups')
        .select(['id', 'item_id', 'compulsory', 'min_select', 'max_select'])
        .where(
          'item_id',
          'in',
          items.map((i) => i.id),
        )
        .orderBy('sort')
        .orderBy('id')
        .execute();
  const options = !groups.length
    ? []
    : await k
        .selectFrom('menu_options')
        .select(['id', 'group_id', 'price_delta_fen', 'sold_out'])
        .where(
          'group_id',
          'in',
          groups.map((g) => g.id),
        )
        .orderBy('sort')
        .orderBy('id')
        .execute();
  if (kind === 'plain') {
    const item = items.find((i) => !groups.some((g) => g.item_id === i.id));
    if (!item) throw new Error(`restaurant ${restaurantId} has no dish without options`);
    return { id: item.id, price: Number(item.price_fen), groups: [] as typeof groups, options: [] as typeof options };
  }
  const item = items.find((i) =>
    groups.some(
      (g) =>
        g.item_id === i.id &&
        g.compulsory === 1 &&
        options.filter((o) => o.group_id === g.id && !o.sold_out).length >= 2,
    ),
  );
  if (!item) throw new Error(`restaurant ${restaurantId} has no dish with a compulsory group`);
  const own = groups.filter((g) => g.item_id === item.id);
  return {
    id: item.id,
    price: Number(item.price_fen),
    groups: own,
    options: options.filter((o) => own.some((g) => g.id === o.group_id)),
  };
}

/** The option ids that satisfy every compulsory group of the dish (the first available options, as many as needed). */
export function minimalChoice(dish: Awaited<ReturnType<typeof dishOf>>): number[] {
  return dish.groups
    .filter((g) => g.compulsory === 1)
    .flatMap((g) =>
      dish.options
        .filter((o) => o.group_id === g.id && o.sold_out === 0)
        .slice(0, Math.max(1, g.min_select))
        .map((o) => o.id),
    );
}

let keyCounter = 0;
export const attemptKey = () => `test-${process.pid}-${Date.now()}-${++keyCounter}`;

/** The customer's default address id. */
export async function defaultAddressOf(api: Api, token: string): Promise<number> {
  const res = await api.get('addrlist', { token });
  return res.body.data.list[0]!.id;
}

/**
 * A restaurant of the test's own: a copy of `fromId` (terms, hours, cuisines) with copies of its dishes that have no
 * options, so a test may change prices, sold-out flags or closures without touching rows other tests read.
 */
export async function ownRestaurant(db: Db, fromId: number): Promise<number> {
  const k = db.kysely;
  return k.transaction().execute(async (trx) => {
    const { id: _id, ...row } = await trx
      .selectFrom('restaurants')
      .selectAll()
      .where('id', '=', fromId)
      .executeTakeFirstOrThrow();
    const { id } = await trx.insertInto('restaurants').values(row).returning('id').executeTakeFirstOrThrow();
    const hours = await trx
      .selectFrom('opening_hours')
      .select(['weekday', 'open_min', 'close_min'])
      .where('restaurant_id', '=', fromId)
      .execute();
    if (hours.length) {
      await trx
        .insertInto('opening_hours')
        .values(hours.map((h) => ({ ...h, restaurant_id: id })))
        .execute();
    }
    const cuisines = await trx
      .selectFrom('restaurant_cuisines')
      .select('cuisine_id')
      .where('restaurant_id', '=', fromId)
      .execute();
    if (cuisines.length) {
      await trx
        .insertInto('restaurant_cuisines')
        .values(cuisines.map((c) => ({ ...c, restaurant_id: id })))
        .execute();
    }
    const plain = await trx
      .selectFrom('menu_items')
      .selectAll()
      .where('restaurant_id', '=', fromId)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('option_groups').select('id').whereRef('item_id', '=', 'menu_items.id'))),
      )
      .orderBy('id')
      .execute();
    const categories = new Map<number, number>();
    for (const { id: _item, category_id, ...item } of plain) {
      if (!categories.has(category_id)) {
        const { id: _c, ...category } = await trx
          .selectFrom('menu_categories')
          .selectAll()
          .where('id', '=', category_id)
          .executeTakeFirstOrThrow();
        const copy = await trx
          .insertInto('menu_categories')
          .values({ ...category, restaurant_id: id })
          .returning('id')
          .executeTakeFirstOrThrow();
        categories.set(category_id, copy.id);
      }
      await trx
        .insertInto('menu_items')
        .values({ ...item, restaurant_id: id, category_id: categories.get(category_id)! })
        .execute();
    }
    return id;
  });
}
