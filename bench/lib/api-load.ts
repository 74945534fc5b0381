import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Targets that count units of several requests (an order = addcart + submitorder): units per second. */
  unitsPerSec?: number;
  /** Units that succeeded, of those attempted. */
  unitsOk?: number;
  unitsTried?: number;
}

export interface LoadTarget {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A sequence each connection repeats instead of one request (autocannon `requests`). */
  requests?: autocannon.Request[];
  /** At most this many connections (each needs state of its own, such as its own cart). */
  maxConnections?: number;
  /** Counts a unit when the sequence's last answer succeeded (set by the target's onResponse). */
  units?: { ok: number; tried: number };
  /**
   * Puts the target back in its starting state (after the uncounted warm-up, which can stop a sequence halfway): the
   * counters to zero and whatever a half-done sequence left behind.
   */
  reset?: () => Promise<void>;
}

/** autocannon against one origin on 127.0.0.1: `connections` keep-alive connections for `seconds` each. */
export async function load(
  origin: string,
  target: LoadTarget,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url: `${origin}${target.path}`,
    method: target.method ?? 'GET',
    connections: Math.min(connections, target.maxConnections ?? connections),
    duration: seconds,
    ...(target.requests ? { requests: target.requests } : {}),
    headers: {
      'accept-language': 'en',
      ...(target.body ? { 'content-type': 'application/json' } : {}),
      ...target.headers,
    },
    body: target.body,
  });
  return {
    name: target.name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    ...(target.units
      ? { unitsPerSec: target.units.ok / seconds, unitsOk: target.units.ok, unitsTried: target.units.tried }
      : {}),
  };
}

/** The szeat calls the benchmark loads: reads of the discover screens and one authenticated write. */
export async function szeatTargets(origin: string): Promise<LoadTarget[]> {
  const here = 'lat=22.528&lng=113.946';
  const login = await fetch(`${origin}/api/szeat/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@szeat.cn', password: 'szeat-demo-8', code: '' }),
  }).then((r) => r.json() as Promise<{ data: { access_token: string } }>);
  const auth = { authorization: `Bearer ${login.data.access_token}` };
  const addresses = await fetch(`${origin}/api/szeat/addrlist`, { headers: auth }).then(
    (r) => r.json() as Promise<{ data: { list: Array<Record<string, unknown>> } }>,
  );
  const a = addresses.data.list[0]!;
  const save = {
    id: a.id,
    name: a.name,
    phone: a.phone,
    area_id: a.area_id,
    building_id: a.building_id,
    building_no: a.building_no,
    room_no: a.room_no,
  };
  const order = await orderSubmitTarget(origin, auth.authorization, a);
  return [
    { name: 'menulist', path: '/api/szeat/menulist?restaurant_id=1' },
    { name: 'storeinfo', path: `/api/szeat/storeinfo?id=1&${here}` },
    { name: 'storelist', path: `/api/szeat/storelist?${here}&sort=distance&page_size=10` },
    { name: 'multiplesearch', path: '/api/szeat/multiplesearch?keyword=noodle&page_size=10' },
    {
      name: 'saveaddr (write)',
      path: '/api/szeat/saveaddr',
      method: 'POST',
      headers: auth,
      body: JSON.stringify(save),
    },
    ...(order ? [order] : []),
  ];
}

type Json = { code: number; msg?: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One customer's cart at one restaurant, and what its order looks like: what a connection orders again and again. */
interface Combo {
  token: string;
  restaurantId: number;
  dishId: number;
  collectionTime: number;
  totalFen: number;
}

/**
 * Order submit as a customer makes it: each connection has a cart of its own (one customer and restaurant: carts are
 * per customer and restaurant, and an order empties its cart) and repeats addcart (one dish) + submitorder (with
 * auth, validation, a fresh idempotency key, the re-check of everything confirmorder checks, the order with its line
 * and address snapshots, the cart cleared) as a collection order paid online (left unpaid). A unit is one order
 * placed; null when the seed offers no restaurant to order from now.
 */
async function orderSubmitTarget(
  origin: string,
  demoAuth: string,
  demoAddress: Record<string, unknown>,
): Promise<LoadTarget | null> {
  const call = async (path: string, auth: string, body?: unknown): Promise<Json> =>
    (await fetch(`${origin}/api/szeat/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: auth,
        'accept-language': 'en',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then((r) => r.json())) as Json;

  // Restaurants that take collection orders paid online now, with a dish without options.
  const shops: Array<{ restaurantId: number; dishId: number }> = [];
  for (let id = 1; id <= 60; id++) {
    const menu = await fetch(`${origin}/api/szeat/menulist?restaurant_id=${id}`).then((r) => r.json() as Promise<Json>);
    if (menu.code !== 1000) continue;
    const dish = (menu.data.categories as Array<{ items: Array<Record<string, unknown>> }>)
      .flatMap((c) => c.items)
      .find((i) => !i.sold_out && (i.option_groups as unknown[]).length === 0);
    if (dish) shops.push({ restaurantId: id, dishId: dish.id as number });
  }
  const combos: Combo[] = [];
  const tokens = [demoAuth];
  const wanted = 50;
  for (let u = 0; combos.length < wanted && u < 3; u++) {
    if (u >= tokens.length) {
      // Another customer (carts are per customer and restaurant): registered like anyone (10 per client and hour).
      const n = `${Date.now() % 1e8}`.padStart(8, '0');
      const reg = await call('reg', '', {
        name: 'Bench',
        phone: `137${n}`,
        email: `bench-${n}-${u}@example.com`,
        password: 'bench-password-8',
        confirm_password: 'bench-password-8',
        area_id: demoAddress.area_id,
        building_id: demoAddress.building_id,
        building_no: '1',
        room_no: '101',
      });
      if (reg.code !== 1000) break;
      tokens.push(`Bearer ${reg.data.access_token}`);
    }
    const token = tokens[u]!;
    for (const shop of shops) {
      if (combos.length >= wanted) break;
      const rid = shop.restaurantId;
      await call('delcart', token, { restaurant_id: rid, all: true });
      const added = await call('addcart', token, { restaurant_id: rid, dish_id: shop.dishId, quantity: 1 });
      if (added.code !== 1000) continue;
      const base = { restaurant_id: rid, mode: 'collection', payment_method: 'wechat' };
      const q0 = await call('confirmorder', token, base);
      const times = (q0.data?.collection_times ?? []) as number[];
      // A slot well ahead, so it stays on offer while the load runs.
      const time = times[Math.min(4, times.length - 1)];
      if (q0.code !== 1000 || time === undefined) continue;
      const q = await call('confirmorder', token, { ...base, collection_time: time });
      await call('delcart', token, { restaurant_id: rid, all: true });
      if (q.data?.can_submit) combos.push({ token, ...shop, collectionTime: time, totalFen: q.data.total_fen });
    }
  }
  if (combos.length === 0) return null;

  let next = 0;
  const units = { ok: 0, tried: 0 };
  type Ctx = { combo?: Combo };
  return {
    name: `order submit (${combos.length} carts)`,
    path: '/api/szeat/submitorder',
    maxConnections: combos.length,
    units,
    async reset() {
      // A warm-up stopped between addcart and submitorder leaves a dish in a cart, and every later order of that
      // connection would be refused for its changed total.
      for (const c of combos) await call('delcart', c.token, { restaurant_id: c.restaurantId, all: true });
      units.ok = 0;
      units.tried = 0;
    },
    requests: [
      {
        method: 'POST',
        path: '/api/szeat/addcart',
        // One object per connection (autocannon copies the requests for each): the connection's own cart.
        own: {},
        setupRequest(req: autocannon.Request & { own: Ctx }, context: Ctx) {
          req.own.combo ??= combos[next++ % combos.length]!;
          const c = req.own.combo;
          context.combo = c;
          return {
            ...req,
            headers: { ...req.headers, authorization: c.token, 'content-type': 'application/json' },
            body: JSON.stringify({ restaurant_id: c.restaurantId, dish_id: c.dishId, quantity: 1 }),
          };
        },
      } as unknown as autocannon.Request,
      {
        method: 'POST',
        path: '/api/szeat/submitorder',
        setupRequest(req: autocannon.Request, context: Ctx) {
          const c = context.combo!;
          units.tried += 1;
          return {
            ...req,
            headers: { ...req.headers, authorization: c.token, 'content-type': 'application/json' },
            body: JSON.stringify({
              idempotency_key: randomUUID(),
              restaurant_id: c.restaurantId,
              mode: 'collection',
              collection_time: c.collectionTime,
              payment_method: 'wechat',
              expected_total_fen: c.totalFen,
            }),
          };
        },
        onResponse(status: number) {
          if (status === 200) units.ok += 1;
        },
      } as autocannon.Request,
    ],
  };
}
