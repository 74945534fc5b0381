/**
 * Live order events (issue 18): Server-Sent Events opened with a one-time ticket; a change reaches a connected
 * client within 1 s; a customer gets only their orders' events, staff their restaurants'; reconnecting with
 * Last-Event-ID loses and repeats nothing; tickets expire, are used once and belong to their user; heartbeats; and on
 * PostgreSQL two instances on one database (a change through one reaches a client of the other).
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/src/app';
import { openDb } from '../../server/src/db';
import { runMerchantsCli } from '../../server/src/merchants-cli';
import { type Registered, registerUser } from './support/accounts';
import { DIALECTS, useTestApp } from './support/app';
import { ORDER_RID, placeOrder } from './support/orders';

interface Message {
  id?: string;
  event?: string;
  data?: string;
}

/** A minimal EventSource over fetch: collects messages and comments, can wait for one, can be cut. */
function openStream(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const messages: Message[] = [];
  const comments: string[] = [];
  let status = 0;
  let body = '';
  const waiters: Array<() => void> = [];
  const done = (async () => {
    const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
    status = res.status;
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        const text = decoder.decode(value, { stream: true });
        body += text;
        buf += text;
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const frame = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          const m: Message = {};
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const at = line.indexOf(':');
              const key = line.slice(0, at);
              const value = line.slice(at + 1).replace(/^ /, '');
              if (key === 'id' || key === 'event') m[key] = value;
              else if (key === 'data') m.data = m.data === undefined ? value : `${m.data}\n${value}`;
            }
          }
          if (m.data !== undefined || m.event !== undefined) messages.push(m);
          for (const w of waiters.splice(0)) w();
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    messages,
    comments,
    get status() {
      return status;
    },
    get body() {
      return body;
    },
    /** Order events only (not the ready message). */
    events: () =>
      messages.filter((m) => m.event?.startsWith('order.')).map((m) => ({ id: Number(m.id), ...JSON.parse(m.data!) })),
    async waitFor(pred: () => boolean, ms = 3000) {
      const until = Date.now() + ms;
      while (!pred()) {
        if (Date.now() > until) throw new Error(`timed out; got ${JSON.stringify(messages)}`);
        await Promise.race([new Promise<void>((r) => waiters.push(r)), new Promise((r) => setTimeout(r, 50))]);
      }
    },
    async close() {
      abort.abort();
      await done;
    },
    done,
  };
}

describe.each(DIALECTS)('live order events on %s', (dialect) => {
  const t = useTestApp(dialect, { config: { EVENTS_HEARTBEAT_SECONDS: 1, EVENTS_TICKET_SECONDS: 30 } });
  const { api, clock } = t;
  let base = '';
  let customer: Registered;
  let other: Registered;
  let staff: Registered;
  let elsewhere: Registered;
  const streams: Array<ReturnType<typeof openStream>> = [];

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const users = await Promise.all(Array.from({ length: 4 }, () => registerUser(api, t.place)));
    [customer, other, staff, elsewhere] = users as [Registered, Registered, Registered, Registered];
    const io = { out: () => undefined, err: () => undefined };
    const deps = { db: t.db, config: t.config, now: clock.now };
    expect(await runMerchantsCli(['add', String(ORDER_RID), staff.email, '--role', 'staff'], io, deps)).toBe(0);
    expect(await runMerchantsCli(['add', '3', elsewhere.email, '--role', 'owner'], io, deps)).toBe(0);
  });
  beforeAll(() => {
    t.beforeClose(async () => {
      for (const s of streams) await s.close();
    });
  });

  const ticketOf = async (token: string) => {
    const res = await api.post('events/ticket', {}, { token });
    expect(res.body.code).toBe(1000);
    return res.body.data as { ticket: string; url: string; expires_at: number };
  };
  const stream = async (token: string, headers: Record<string, string> = {}, query = '') => {
    const { url } = await ticketOf(token);
    const s = openStream(`${base}${url}${query}`, headers);
    streams.push(s);
    await s.waitFor(() => s.messages.some((m) => m.event === 'ready'));
    return s;
  };

  test('a change reaches the connected customer and the restaurant’s staff within 1 s; nobody else gets it', async () => {
    const mine = await stream(customer.token);
    const theirs = await stream(other.token);
    const kitchen = await stream(staff.token);
    const foreign = await stream(elsewhere.token);
    const started = Date.now();
    const o = await placeOrder(t, api, customer.token, { method: 'cod' });
    await mine.waitFor(() => mine.events().some((e) => e.order_id === o.id), 1000);
    await kitchen.waitFor(() => kitchen.events().some((e) => e.order_id === o.id), 1000);
    expect(Date.now() - started).toBeLessThan(1000 + 500); // the placing call itself is included
    const accepted = Date.now();
    await api.post('merchant/accept', { order_id: o.id, prep_minutes: 20 }, { token: staff.token });
    await mine.waitFor(() => mine.events().some((e) => e.order_id === o.id && e.status === 10), 1000);
    expect(Date.now() - accepted).toBeLessThan(1000);
    expect(mine.events().find((e) => e.status === 10)).toMatchObject({
      type: 'order.status',
      prep_minutes: 20,
      from: 6,
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(theirs.events()).toEqual([]);
    expect(foreign.events()).toEqual([]);
    expect(kitchen.events().map((e) => e.type)).toEqual(['order.placed', 'order.status']);
  });

  test('heartbeats keep an idle stream alive', async () => {
    const s = await stream(other.token);
    await s.waitFor(() => s.comments.includes('heartbeat'), 2500);
  });

  test('reconnecting with Last-Event-ID: nothing lost, nothing repeated', async () => {
    const first = await stream(customer.token);
    const a = await placeOrder(t, api, customer.token, { method: 'cod' });
    await first.waitFor(() => first.events().some((e) => e.order_id === a.id));
    const lastId = first.events().at(-1)!.id;
    await first.close();
    // Missed while away: a placement and two moves.
    const b = await placeOrder(t, api, customer.token, { method: 'cod' });
    await api.post('merchant/accept', { order_id: b.id }, { token: staff.token });
    await api.post('merchant/reject', { order_id: a.id, reason: 'closing' }, { token: staff.token });
    const missed = await t.db.kysely
      .selectFrom('order_events')
      .select('id')
      .where('user_id', '=', customer.id)
      .where('id', '>', lastId)
      .orderBy('id')
      .execute();
    expect(missed).toHaveLength(3);
    const again = await stream(customer.token, { 'last-event-id': String(lastId) });
    await again.waitFor(() => again.events().length >= 3);
    // A live change after the replay follows once.
    await api.post('merchant/advance', { order_id: b.id }, { token: staff.token });
    await again.waitFor(() => again.events().length >= 4);
    await new Promise((r) => setTimeout(r, 400));
    const ids = again.events().map((e) => e.id);
    expect(ids.slice(0, 3)).toEqual(missed.map((m) => m.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(4);
    // Without the header (a new EventSource after its ticket expired): the query parameter replays the same.
    const viaQuery = await stream(customer.token, {}, `&last_event_id=${lastId}`);
    await viaQuery.waitFor(() => viaQuery.events().length >= 4);
    expect(viaQuery.events().map((e) => e.id)).toEqual(ids);
  });

  test('tickets: used once, expire, belong to their user; no ticket, no stream', async () => {
    const { url } = await ticketOf(customer.token);
    const first = openStream(`${base}${url}`);
    streams.push(first);
    await first.waitFor(() => first.messages.some((m) => m.event === 'ready'));
    const reuse = await fetch(`${base}${url}`, { headers: { accept: 'text/event-stream' } });
    expect(reuse.status).toBe(403);
    expect((await reuse.json()).code).toBe(1006);
    const late = await ticketOf(customer.token);
    clock.advance(31_000);
    expect((await fetch(`${base}${late.url}`, { headers: { accept: 'text/event-stream' } })).status).toBe(403);
    expect((await fetch(`${base}/api/szeat/events?ticket=made-up-ticket-value`)).status).toBe(403);
    expect((await api.post('events/ticket', {})).body.code).toBe(1002);
    // A ticket is its user's: another user's stream opened with it would be the ticket owner's, never theirs.
    const own = await ticketOf(other.token);
    const s = openStream(`${base}${own.url}`);
    streams.push(s);
    await s.waitFor(() => s.messages.some((m) => m.event === 'ready'));
    expect(JSON.parse(s.messages[0]!.data!)).toEqual({ user_id: other.id });
  });

  if (dialect === 'postgres') {
    test('two server instances on one PostgreSQL: a change through one reaches a client of the other', async () => {
      const db2 = await openDb(t.config.DATABASE_URL);
      const app2 = await buildApp({ config: t.config, db: db2, integrations: t.integrations, now: clock.now });
      await app2.listen({ port: 0, host: '127.0.0.1' });
      try {
        const base2 = `http://127.0.0.1:${(app2.server.address() as AddressInfo).port}`;
        const { url } = await ticketOf(customer.token); // issued by instance 1, used on instance 2
        const s = openStream(`${base2}${url}`);
        await s.waitFor(() => s.messages.some((m) => m.event === 'ready'));
        const started = Date.now();
        const o = await placeOrder(t, api, customer.token, { method: 'cod' });
        await s.waitFor(() => s.events().some((e) => e.order_id === o.id), 1000);
        expect(Date.now() - started).toBeLessThan(1500);
        await s.close();
      } finally {
        await app2.close();
        await db2.destroy();
      }
    });
  }
});
