/**
 * Live events fan-out (issue 18), beside a bare Server-Sent Events broadcaster measured in the same run:
 * BENCH_CLIENTS (2,000) streams held open as one customer (each with its own one-time ticket), then one order change
 * (the restaurant accepts); reported: the time from the accept request until 99% (and all) of the streams received
 * its event, and server memory per open stream (RSS growth / streams). Then two szeat instances on one PostgreSQL
 * database, half of the streams on each, the change made through the first: the same times for the second's streams
 * (LISTEN/NOTIFY). Runs szeat as production does (dist/server: `npm run build:server` first) on a fresh PostgreSQL
 * database (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 *   npx tsx bench/events-fanout.ts
 */
import http from 'node:http';
import path from 'node:path';
import { Client } from 'pg';
import { ROOT_DIR } from '../server/src/config';
import { startProcess, type Started } from './lib/processes';
import { startSzeat } from './lib/servers';
import { freePort, sleep } from './lib/util';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const PG = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

async function api<T>(base: string, p: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/szeat/${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 1000) throw new Error(`${p}: ${env.code} ${env.msg}`);
  return env.data;
}

/** One stream: resolves `ready` when the server accepted it; `got` records when the first order.status arrived. */
function openStream(url: string) {
  const s = { got: 0, req: undefined as http.ClientRequest | undefined, ready: undefined as unknown as Promise<void> };
  s.ready = new Promise<void>((resolve, reject) => {
    s.req = http.get(url, { agent }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        if (buf.includes('event: ready')) resolve();
        if (!s.got && buf.includes('event: order.status')) s.got = performance.now();
        if (buf.length > 4096) buf = buf.slice(-512);
      });
    });
    s.req.on('error', reject);
  });
  return s;
}

type Stream = ReturnType<typeof openStream>;

async function openAll(urls: string[]): Promise<Stream[]> {
  const out: Stream[] = [];
  for (let i = 0; i < urls.length; i += 100) {
    const batch = urls.slice(i, i + 100).map(openStream);
    await Promise.all(batch.map((s) => s.ready));
    out.push(...batch);
  }
  return out;
}

function times(streams: Stream[], t0: number) {
  const got = streams
    .map((s) => s.got)
    .filter((g) => g > 0)
    .map((g) => g - t0)
    .sort((a, b) => a - b);
  const p99 = got[Math.ceil(streams.length * 0.99) - 1];
  return {
    received: `${got.length}/${streams.length}`,
    p99Ms: p99 === undefined ? null : Math.round(p99),
    allMs: got.length === streams.length ? Math.round(got[got.length - 1]!) : null,
  };
}

async function waitAll(streams: Stream[], ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end && streams.some((s) => !s.got)) await sleep(20);
}

const close = (streams: Stream[]) => streams.forEach((s) => s.req?.destroy());

async function freshDatabase(): Promise<string> {
  const name = `szeat_bench_fanout_${process.pid}`;
  const admin = new Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(PG);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A waiting order of the demo restaurant for the demo customer (collection, paid at the counter). */
async function placeOrder(base: string, token: string): Promise<number> {
  type Item = {
    id: number;
    sold_out: boolean;
    option_groups: Array<{ compulsory: boolean; options: Array<{ id: number; sold_out: boolean }> }>;
  };
  const menu = await api<{ categories: Array<{ items: Item[] }> }>(base, 'menulist?restaurant_id=9', token);
  const item = menu.categories.flatMap((c) => c.items).find((i) => !i.sold_out)!;
  const options = item.option_groups.filter((g) => g.compulsory).map((g) => g.options.find((o) => !o.sold_out)!.id);
  await api(base, 'delcart', token, { restaurant_id: 9, all: true });
  await api(base, 'addcart', token, { restaurant_id: 9, dish_id: item.id, quantity: 3, option_ids: options });
  const body = { restaurant_id: 9, mode: 'collection', payment_method: 'cod' };
  const first = await api<{ collection_times: number[] }>(base, 'confirmorder', token, body);
  const chosen = { ...body, collection_time: first.collection_times[0] };
  const quote = await api<{ total_fen: number }>(base, 'confirmorder', token, chosen);
  const placed = await api<{ order_id: number }>(base, 'submitorder', token, {
    ...chosen,
    idempotency_key: `bench-fanout-${Date.now()}`,
    expected_total_fen: quote.total_fen,
  });
  return placed.order_id;
}

const login = (base: string, email: string, password: string) =>
  api<{ access_token: string }>(base, 'login', undefined, { email, password, code: '' }).then((r) => r.access_token);

async function tickets(base: string, token: string, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, () => api<{ url: string }>(base, 'events/ticket', token, {})),
    );
    out.push(...batch.map((t) => `${base}${t.url}`));
  }
  return out;
}

async function szeatOne(db: string) {
  const a = await startSzeat(db);
  try {
    const customer = await login(a.url, 'demo@szeat.cn', 'szeat-demo-8');
    const staff = await login(a.url, 'staff@szeat.cn', 'szeat-staff-8');
    const orderId = await placeOrder(a.url, customer);
    await sleep(500);
    const before = a.rss();
    const streams = await openAll(await tickets(a.url, customer, CLIENTS));
    await sleep(1000);
    const perConn = (a.rss() - before) / CLIENTS;
    const t0 = performance.now();
    await api(a.url, 'merchant/accept', staff, { order_id: orderId, prep_minutes: 20 });
    await waitAll(streams, 15_000);
    const r = times(streams, t0);
    close(streams);
    return { ...r, bytesPerStream: Math.round(perConn) };
  } finally {
    await a.stop();
  }
}

async function szeatTwo(db: string) {
  const a = await startSzeat(db);
  const b = await startSzeat(db);
  try {
    const customer = await login(a.url, 'demo@szeat.cn', 'szeat-demo-8');
    const staff = await login(a.url, 'staff@szeat.cn', 'szeat-staff-8');
    const orderId = await placeOrder(a.url, customer);
    const onA = await openAll(await tickets(a.url, customer, CLIENTS / 2));
    // Tickets from A open streams on B (no sticky sessions).
    const onB = await openAll((await tickets(a.url, customer, CLIENTS / 2)).map((u) => u.replace(a.url, b.url)));
    await sleep(1000);
    const t0 = performance.now();
    await api(a.url, 'merchant/accept', staff, { order_id: orderId, prep_minutes: 20 });
    await waitAll([...onA, ...onB], 15_000);
    const r = { sameInstance: times(onA, t0), otherInstance: times(onB, t0), all: times([...onA, ...onB], t0) };
    close([...onA, ...onB]);
    return r;
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

async function baseline() {
  const port = await freePort();
  const s: Started = await startProcess(process.execPath, [path.join(ROOT_DIR, 'bench', 'baseline-sse.mjs')], {
    cwd: ROOT_DIR,
    port,
    probe: '/api/szeat/article',
    env: { ...process.env, PORT: String(port) },
  });
  try {
    await sleep(300);
    const before = s.rss();
    const streams = await openAll(Array.from({ length: CLIENTS }, () => `${s.url}/api/szeat/events`));
    await sleep(1000);
    const perConn = (s.rss() - before) / CLIENTS;
    const t0 = performance.now();
    await fetch(`${s.url}/api/szeat/article?fire=1`, { method: 'POST' });
    await waitAll(streams, 15_000);
    const r = times(streams, t0);
    close(streams);
    return { ...r, bytesPerStream: Math.round(perConn) };
  } finally {
    await s.stop();
  }
}

async function main() {
  console.log(`events fan-out, ${CLIENTS} streams`);
  const base = await baseline();
  console.log('baseline (bare Node SSE broadcast, one process):', base);
  const one = await szeatOne(await freshDatabase());
  console.log('szeat, one instance on PostgreSQL:', one);
  const two = await szeatTwo(await freshDatabase());
  console.log('szeat, two instances on one PostgreSQL (change through the first):', two);
  agent.destroy();
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
