import type { EventStreams } from '../platform/event-stream';
import type { EventsApi } from './events';

/** The event types the server sends today (order changes; the stream's own `ready` is not one of them). */
export const ORDER_EVENT_TYPES = ['order.placed', 'order.status', 'order.hurry', 'order.ready'] as const;

/** One order event as the stream sends it (data of server/src/modules/events: StreamMessage). */
export interface LiveEvent {
  /** The event row's id (increasing): Last-Event-ID. */
  id: number;
  type: string;
  order_id: number;
  restaurant_id: number;
  /** When the change happened (epoch ms). */
  at: number;
  /** order.status: the status before and after, who moved it; order.hurry: count; and what the change adds. */
  from?: number | null;
  status?: number;
  actor?: string;
  [key: string]: unknown;
}

/**
 * idle: not started; connecting: asking a ticket / opening; live: events arrive as they happen; retrying: the
 * connection ended, a new one opens after a pause; unsupported: this platform holds no stream (poll instead);
 * stopped: stop() was called.
 */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'retrying' | 'unsupported' | 'stopped';

export interface LiveEventsDeps {
  streams: EventStreams;
  events: () => Pick<EventsApi, 'ticket' | 'streamUrl'>;
  onEvent: (event: LiveEvent) => void;
  onStatus?: (status: LiveStatus) => void;
  /** The event types to hear (default ORDER_EVENT_TYPES). */
  types?: readonly string[];
  /** Pauses before reconnecting, in turn (the last repeats); reset once a connection is live. */
  backoffMs?: readonly number[];
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

export const LIVE_BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

/**
 * The client of the live event stream, for any screen (restaurant console, customers' order screens): every
 * (re)connection asks a NEW one-time ticket (POST events/ticket), opens the platform's stream (H5 EventSource,
 * mini program chunked request) resuming after the last event id it saw, and reconnects after a pause when the
 * connection ends. Events are handed on once each, in id order (an id at or below the last one seen is dropped), so
 * a replay after reconnecting repeats nothing. Where the platform holds no stream the status turns `unsupported`
 * and the caller polls.
 *
 * Use: `const live = liveEvents({ streams: platform.eventStreams, events: () => api.events, onEvent, onStatus });`
 * `live.start(lastEventId)` (e.g. the board's last_event_id, so nothing between the read and the stream is lost),
 * `live.stop()` when the screen hides; `live.status`, `live.lastEventId`.
 */
export function liveEvents(deps: LiveEventsDeps) {
  const backoff = deps.backoffMs ?? LIVE_BACKOFF_MS;
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>));
  let status: LiveStatus = 'idle';
  let lastEventId = 0;
  let failures = 0;
  let generation = 0;
  let connection: { close(): void } | undefined;
  let timer: unknown;

  const setStatus = (s: LiveStatus) => {
    if (s === status) return;
    status = s;
    deps.onStatus?.(s);
  };

  function retry(gen: number) {
    if (gen !== generation) return;
    connection = undefined;
    setStatus('retrying');
    const ms = backoff[Math.min(failures, backoff.length - 1)] ?? 1000;
    failures++;
    timer = setTimer(() => {
      timer = undefined;
      void connect(gen);
    }, ms);
  }

  async function connect(gen: number) {
    if (gen !== generation) return;
    if (status !== 'retrying') setStatus('connecting');
    let url: string;
    try {
      const { ticket } = await deps.events().ticket();
      url = deps.events().streamUrl(ticket);
    } catch {
      retry(gen);
      return;
    }
    if (gen !== generation) return;
    try {
      connection = deps.streams.open(
        url,
        { lastEventId: lastEventId > 0 ? String(lastEventId) : undefined, types: deps.types ?? ORDER_EVENT_TYPES },
        {
          onOpen: () => {
            if (gen !== generation) return;
            failures = 0;
            setStatus('live');
          },
          onMessage: (m) => {
            if (gen !== generation || m.event === 'ready' || m.event === 'message') return;
            let data: LiveEvent;
            try {
              data = JSON.parse(m.data) as LiveEvent;
            } catch {
              return;
            }
            const id = Number(data.id ?? m.id);
            if (!Number.isFinite(id) || id <= lastEventId) return;
            lastEventId = id;
            deps.onEvent({ ...data, id, type: data.type ?? m.event });
          },
          onEnd: () => retry(gen),
        },
      );
    } catch {
      retry(gen);
    }
  }

  return {
    /** Opens the stream, resuming after `after` (an event id) when given; a running stream is restarted. */
    start(after?: number) {
      this.stop();
      generation++;
      if (after !== undefined && after > lastEventId) lastEventId = after;
      failures = 0;
      if (!deps.streams.supported()) {
        setStatus('unsupported');
        return;
      }
      status = 'idle';
      void connect(generation);
    },
    /** Closes the stream and any pending reconnection. */
    stop() {
      generation++;
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      connection?.close();
      connection = undefined;
      if (status !== 'idle') setStatus('stopped');
    },
    get status() {
      return status;
    },
    /** The last event id handed on (0: none yet). */
    get lastEventId() {
      return lastEventId;
    },
  };
}

export type LiveEvents = ReturnType<typeof liveEvents>;
