import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { DialectName } from '../../db';
import { listenOrderEvents, type OrderEventListener } from '../../db/order-event-listener';
import type { AppUnitOfWork } from '../repositories';
import type { EventRow } from './repository';

/** One event as a stream sends it: `id` for Last-Event-ID, `event` its type, `data` what happened. */
export interface StreamMessage {
  id: string;
  event: string;
  data: {
    id: number;
    type: string;
    order_id: number;
    restaurant_id: number;
    at: number;
  } & Record<string, unknown>;
}

export interface EventsDeps {
  uow: AppUnitOfWork;
  now: () => number;
  dialect: DialectName;
  /** PostgreSQL: the database to LISTEN on (every instance fans its own connections out). */
  databaseUrl: string;
  /** The restaurants a user works for (the merchants service): their events reach the user's streams too. */
  restaurantsOf: (userId: number) => Promise<number[]>;
  ticketTtlMs: number;
  /** SQLite: how often an instance with open streams reads new rows (one indexed query for all of them). */
  pollMs: number;
  log: (msg: string, err?: unknown) => void;
}

interface Connection {
  userId: number;
  restaurants: Set<number>;
  send: (m: StreamMessage) => void;
  /** Ends the stream (the app is shutting down). */
  end: () => void;
  /** Events the client already has: up to the id it resumed from (or the newest when it opened), and those replayed. */
  skipUpTo: number;
  replayed: Set<number>;
  /** While the replay runs, live events wait here (then those not replayed follow, in order). */
  buffer: EventRow[] | null;
}

const REPLAY_MAX = 1000;
const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export const messageOf = (row: EventRow): StreamMessage => ({
  id: String(row.id),
  event: row.type,
  data: {
    ...(JSON.parse(row.payload) as Record<string, unknown>),
    id: row.id,
    type: row.type,
    order_id: row.order_id,
    restaurant_id: row.restaurant_id,
    at: Number(row.at),
  },
});

/**
 * The live event path (issue 18). A stream is opened with a one-time ticket (EventSource sends no headers: the
 * bearer token never goes into a URL): issued by a POST behind the session, bound to its user, short-lived, used once
 * (one conditional UPDATE decides). A stream gets its user's own orders' events and those of the restaurants they
 * work for, replays from the rows after Last-Event-ID, then follows live. Fan-out per instance: on PostgreSQL a
 * LISTEN on the outbox trigger's NOTIFY (ids read back from the rows; after a reconnection what was missed is read
 * from the rows); on SQLite the instance reads new rows while it has streams open.
 */
export function createEventsService(deps: EventsDeps) {
  const { uow, now } = deps;
  const repo = uow.repos.events;
  const connections = new Set<Connection>();
  /** Ids already fanned out by this instance (a catch-up after a reconnection may read some again). */
  const delivered = new LRUCache<number, true>({ max: 20_000 });
  let lastSeen = 0;
  let started: Promise<void> | null = null;
  let listener: OrderEventListener | null = null;
  let timer: NodeJS.Timeout | null = null;
  let polling = false;
  let closed = false;

  function fanOut(rows: EventRow[]) {
    for (const row of rows) {
      if (row.id > lastSeen) lastSeen = row.id;
      if (delivered.has(row.id)) continue;
      delivered.set(row.id, true);
      for (const c of connections) {
        if (c.userId !== row.user_id && !c.restaurants.has(row.restaurant_id)) continue;
        if (row.id <= c.skipUpTo || c.replayed.has(row.id)) continue;
        if (c.buffer) c.buffer.push(row);
        else c.send(messageOf(row));
      }
    }
  }

  async function catchUp() {
    if (polling) return;
    polling = true;
    try {
      for (;;) {
        const rows = await repo.after(lastSeen, 500);
        fanOut(rows);
        if (rows.length < 500) break;
      }
    } catch (err) {
      deps.log('reading order events failed', err);
    } finally {
      polling = false;
    }
  }

  function start(): Promise<void> {
    started ??= (async () => {
      lastSeen = await repo.maxId();
      if (deps.dialect === 'postgres') {
        listener = await listenOrderEvents(
          deps.databaseUrl,
          (ids) => {
            repo.byIds(ids).then(fanOut, (err: unknown) => deps.log('reading order events failed', err));
          },
          () => void catchUp(),
          deps.log,
        );
        if (closed) await listener.close();
      } else {
        timer = setInterval(() => {
          if (connections.size > 0) void catchUp();
        }, deps.pollMs);
        timer.unref();
      }
    })();
    return started;
  }

  return {
    /** A one-time ticket for the user's stream, valid ticketTtlMs. */
    async ticket(userId: number): Promise<{ ticket: string; expires_at: number }> {
      const ticket = randomBytes(24).toString('base64url');
      const expiresAt = now() + deps.ticketTtlMs;
      await repo.addTicket(hashOf(ticket), userId, expiresAt);
      return { ticket, expires_at: expiresAt };
    },

    /** The ticket's user, once; undefined when unknown, used or expired. */
    redeem: (ticket: string) => repo.useTicket(hashOf(ticket), now()),

    /**
     * Follows the user's events: first those after `lastEventId` (when given) from the rows, then live. Answers the
     * function that ends it.
     */
    async subscribe(
      userId: number,
      lastEventId: number | null,
      send: (m: StreamMessage) => void,
      end: () => void = () => undefined,
    ) {
      const [restaurants, newest] = await Promise.all([deps.restaurantsOf(userId), repo.maxId()]);
      const conn: Connection = {
        userId,
        restaurants: new Set(restaurants),
        send,
        end,
        // Without Last-Event-ID the stream starts now: what happened before is for the page's own read.
        skipUpTo: lastEventId ?? newest,
        replayed: new Set(),
        buffer: [],
      };
      connections.add(conn);
      await start();
      if (lastEventId !== null) {
        for (const row of await repo.since(lastEventId, userId, [...conn.restaurants], REPLAY_MAX)) {
          conn.replayed.add(row.id);
          send(messageOf(row));
        }
      }
      const waiting = conn.buffer ?? [];
      conn.buffer = null;
      for (const row of waiting) if (!conn.replayed.has(row.id)) send(messageOf(row));
      return () => {
        connections.delete(conn);
      };
    },

    /** Open streams on this instance. */
    connections: () => connections.size,

    /** Reads new rows now (SQLite: a change made in this process reaches its streams without waiting for the poll). */
    poke: () => (started && deps.dialect === 'sqlite' ? catchUp() : Promise.resolve()),

    purgeTickets: (before: number) => repo.purgeTickets(before),

    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      for (const c of connections) c.end();
      connections.clear();
      await started?.catch(() => undefined);
      await listener?.close();
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
