import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import type { LoadTarget } from './api-load';

/**
 * The write rows of the benchmark (issue 18): writes as real traffic makes them, many customers each writing their
 * own rows, beside the same writes all on one hot row; each against a bare insert loop on the same database measured
 * in the same run (bench/lib/bare-inserts.ts).
 * - saveaddr, many customers: each connection saves its own customer's address (one UPDATE of its own row);
 * - saveaddr, one hot row: every connection saves the same customer's same address (row locks on PostgreSQL);
 * - order place + cancel, many customers: each connection is a customer of its own with a cart at a restaurant
 *   (customers spread over the restaurants that take collection orders now) and repeats addcart + submitorder
 *   (the order, its lines, the cart cleared, its event) + cancelorder (the status change, its event): two order
 *   changes per round;
 * - order place + cancel, one customer: one customer with a cart at each of those restaurants, a connection each:
 *   every submit holds the customer's row (first-order rule) and every change takes the event lock.
 * Customers are registered like anyone (the proxy's X-Forwarded-For gives each its own client address: TRUST_PROXY
 * trusts loopback by default).
 */

type Json = { code: number; msg?: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50);

function caller(origin: string) {
  return async (path: string, auth: string, body?: unknown, ip?: string): Promise<Json> =>
    (await fetch(`${origin}/api/szeat/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(auth ? { authorization: auth } : {}),
        'accept-language': 'en',
        ...(ip ? { 'x-forwarded-for': ip } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then((r) => r.json())) as Json;
}

/** Writes per second of a target: requests, or order changes (two per completed place + cancel round). */
export interface WriteTarget extends LoadTarget {
  /** What one unit is, for the table. */
  unit: 'saves' | 'order changes';
  /** Order changes counted by the target's sequence. */
  changes?: { ok: number };
}

interface Customer {
  auth: string;
  address: Record<string, unknown>;
}

async function customers(origin: string, n: number): Promise<Customer[]> {
  const call = caller(origin);
  const login = await call('login', '', { email: 'demo@szeat.cn', password: 'szeat-demo-8', code: '' });
  const demoAuth = `Bearer ${login.data.access_token as string}`;
  const demoAddress = (await call('addrlist', demoAuth)).data.list[0] as Record<string, unknown>;
  const out: Customer[] = [];
  const stamp = `${Date.now() % 1e6}`.padStart(6, '0');
  for (let i = 0; i < n; i += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, n - i) }, async (_, k) => {
        const j = i + k;
        const reg = await call(
          'reg',
          '',
          {
            name: `Bench ${j}`,
            phone: `136${stamp}${String(j).padStart(2, '0')}`,
            email: `bench-${stamp}-${j}@example.com`,
            password: 'bench-password-8',
            confirm_password: 'bench-password-8',
            area_id: demoAddress.area_id,
            building_id: demoAddress.building_id,
            building_no: '1',
            room_no: String(100 + j),
          },
          `10.77.${Math.floor(j / 250)}.${(j % 250) + 1}`,
        );
        if (reg.code !== 1000) throw new Error(`bench customer ${j}: ${reg.code} ${reg.msg}`);
        const auth = `Bearer ${reg.data.access_token as string}`;
        const address = (await call('addrlist', auth)).data.list[0] as Record<string, unknown>;
        return { auth, address };
      }),
    );
    out.push(...batch);
  }
  return [{ auth: demoAuth, address: demoAddress }, ...out];
}

const saveBody = (a: Record<string, unknown>) =>
  JSON.stringify({
    id: a.id,
    name: a.name,
    phone: a.phone,
    area_id: a.area_id,
    building_id: a.building_id,
    building_no: a.building_no,
    room_no: a.room_no,
  });

/** One cart of one customer at one restaurant: what a connection orders and cancels again and again. */
interface Combo {
  auth: string;
  restaurantId: number;
  dishId: number;
  collectionTime: number;
  totalFen: number;
}

/** Restaurants that take collection orders now, each with a dish without options. */
async function shops(origin: string) {
  const out: Array<{ restaurantId: number; dishId: number }> = [];
  for (let id = 1; id <= 60; id++) {
    const menu = (await fetch(`${origin}/api/szeat/menulist?restaurant_id=${id}`).then((r) => r.json())) as Json;
    if (menu.code !== 1000) continue;
    const dish = (menu.data.categories as Array<{ items: Array<Record<string, unknown>> }>)
      .flatMap((c) => c.items)
      .find((i) => !i.sold_out && (i.option_groups as unknown[]).length === 0);
    if (dish) out.push({ restaurantId: id, dishId: dish.id as number });
  }
  return out;
}

/** The customer's order at that restaurant, priced (a slot well ahead, so it stays on offer); null if refused. */
async function comboOf(origin: string, auth: string, shop: { restaurantId: number; dishId: number }) {
  const call = caller(origin);
  const rid = shop.restaurantId;
  await call('delcart', auth, { restaurant_id: rid, all: true });
  const added = await call('addcart', auth, { restaurant_id: rid, dish_id: shop.dishId, quantity: 1 });
  if (added.code !== 1000) return null;
  const base = { restaurant_id: rid, mode: 'collection', payment_method: 'wechat' };
  const q0 = await call('confirmorder', auth, base);
  const times = (q0.data?.collection_times ?? []) as number[];
  const time = times[Math.min(4, times.length - 1)];
  if (q0.code !== 1000 || time === undefined) return null;
  const q = await call('confirmorder', auth, { ...base, collection_time: time });
  await call('delcart', auth, { restaurant_id: rid, all: true });
  if (!q.data?.can_submit) {
    const why = (q.data?.problems as Array<{ code: string }> | undefined)?.map((p) => p.code).join(', ');
    console.log(`   (no order at restaurant ${rid} for this customer: ${why ?? q.msg})`);
    return null;
  }
  return { auth, ...shop, collectionTime: time, totalFen: q.data.total_fen as number } satisfies Combo;
}

/** addcart + submitorder + cancelorder on each connection's own cart (autocannon's per-connection request copies). */
function placeAndCancel(origin: string, name: string, combos: Combo[]): WriteTarget {
  const call = caller(origin);
  let next = 0;
  const units = { ok: 0, tried: 0 };
  const changes = { ok: 0 };
  type Ctx = { combo?: Combo; orderId?: number };
  const as = (req: autocannon.Request, auth: string, body: unknown) => ({
    ...req,
    headers: { ...req.headers, authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    name,
    unit: 'order changes',
    path: '/api/szeat/submitorder',
    maxConnections: combos.length,
    units,
    changes,
    async reset() {
      // A warm-up stopped halfway leaves a dish in a cart (every later order of it would be refused for its total).
      for (const c of combos) await call('delcart', c.auth, { restaurant_id: c.restaurantId, all: true });
      units.ok = 0;
      units.tried = 0;
      changes.ok = 0;
    },
    requests: [
      {
        method: 'POST',
        path: '/api/szeat/addcart',
        own: {},
        setupRequest(req: autocannon.Request & { own: Ctx }, context: Ctx) {
          req.own.combo ??= combos[next++ % combos.length]!;
          const c = req.own.combo;
          context.combo = c;
          context.orderId = undefined;
          return as(req, c.auth, { restaurant_id: c.restaurantId, dish_id: c.dishId, quantity: 1 });
        },
      } as unknown as autocannon.Request,
      {
        method: 'POST',
        path: '/api/szeat/submitorder',
        setupRequest(req: autocannon.Request, context: Ctx) {
          const c = context.combo!;
          units.tried += 1;
          return as(req, c.auth, {
            idempotency_key: randomUUID(),
            restaurant_id: c.restaurantId,
            mode: 'collection',
            collection_time: c.collectionTime,
            payment_method: 'wechat',
            expected_total_fen: c.totalFen,
          });
        },
        onResponse(status: number, body: string, context: Ctx) {
          if (status !== 200) return;
          const env = JSON.parse(body) as Json;
          if (env.code !== 1000) return;
          context.orderId = env.data.order_id as number;
          changes.ok += 1;
        },
      } as autocannon.Request,
      {
        method: 'POST',
        path: '/api/szeat/cancelorder',
        setupRequest(req: autocannon.Request, context: Ctx) {
          return as(req, context.combo!.auth, { order_id: context.orderId ?? 0 });
        },
        onResponse(status: number, body: string, context: Ctx) {
          if (status !== 200 || context.orderId === undefined) return;
          if ((JSON.parse(body) as Json).code !== 1000) return;
          changes.ok += 1;
          units.ok += 1;
        },
      } as autocannon.Request,
    ],
  };
}

/** The four write rows' targets (order rows only where a restaurant takes collection orders at this hour). */
export async function writeTargets(origin: string): Promise<WriteTarget[]> {
  const people = await customers(origin, CUSTOMERS);
  const [demo, ...many] = people as [Customer, ...Customer[]];
  let next = 0;
  const out: WriteTarget[] = [
    {
      name: `saveaddr, ${many.length} customers`,
      unit: 'saves',
      path: '/api/szeat/saveaddr',
      method: 'POST',
      maxConnections: many.length,
      requests: [
        {
          method: 'POST',
          path: '/api/szeat/saveaddr',
          own: {},
          setupRequest(req: autocannon.Request & { own: { c?: Customer } }) {
            req.own.c ??= many[next++ % many.length]!;
            return {
              ...req,
              headers: { ...req.headers, authorization: req.own.c.auth, 'content-type': 'application/json' },
              body: saveBody(req.own.c.address),
            };
          },
        } as unknown as autocannon.Request,
      ],
    },
    {
      name: 'saveaddr, one hot row (one address)',
      unit: 'saves',
      path: '/api/szeat/saveaddr',
      method: 'POST',
      headers: { authorization: demo.auth },
      body: saveBody(demo.address),
    },
  ];
  const open = await shops(origin);
  if (open.length === 0) return out;
  const spread: Combo[] = [];
  for (const [i, c] of many.entries()) {
    const combo = await comboOf(origin, c.auth, open[i % open.length]!);
    if (combo) spread.push(combo);
  }
  if (spread.length > 0) out.push(placeAndCancel(origin, `order place + cancel, ${spread.length} customers`, spread));
  const hot: Combo[] = [];
  for (const shop of open) {
    const combo = await comboOf(origin, demo.auth, shop);
    if (combo) hot.push(combo);
  }
  if (hot.length > 0) {
    out.push(placeAndCancel(origin, `order place + cancel, one customer (${hot.length} carts)`, hot));
  }
  return out;
}
