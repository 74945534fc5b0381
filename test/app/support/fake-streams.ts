import type { AlertKind, Alerts } from '../../../src/platform/alerts';
import type {
  EventStreamHandlers,
  EventStreamOptions,
  EventStreams,
  SseMessage,
} from '../../../src/platform/event-stream';

/** One connection a FakeEventStreams opened: what it was asked, and the server's side of it. */
export interface FakeConnection {
  url: string;
  options: EventStreamOptions;
  closed: boolean;
  /** The server accepted it. */
  open(): void;
  /** The server sends an order event (data as the server's StreamMessage data). */
  send(data: { id: number; type: string } & Record<string, unknown>): void;
  message(m: SseMessage): void;
  /** The connection ends by itself (network, server, timeout). */
  end(): void;
}

/** EventStreams made of fakes: `connections` lists every one opened, newest last. */
export function fakeEventStreams(supported = true) {
  const connections: FakeConnection[] = [];
  const streams = {
    supported: jest.fn(() => supported),
    open: jest.fn((url: string, options: EventStreamOptions, handlers: EventStreamHandlers) => {
      const c: FakeConnection = {
        url,
        options,
        closed: false,
        open: () => !c.closed && handlers.onOpen(),
        message: (m) => !c.closed && handlers.onMessage(m),
        send: (data) => c.message({ id: String(data.id), event: data.type, data: JSON.stringify(data) }),
        end: () => {
          if (c.closed) return;
          c.closed = true;
          handlers.onEnd();
        },
      };
      connections.push(c);
      return {
        close: () => {
          c.closed = true;
        },
      };
    }),
  } satisfies EventStreams;
  // (Object.assign would copy a getter's value once: defined here so `last` stays the newest.)
  return Object.defineProperty(Object.assign(streams, { connections }), 'last', {
    get: () => connections[connections.length - 1],
  }) as typeof streams & { connections: FakeConnection[]; readonly last: FakeConnection | undefined };
}

/** Alerts made of fakes: `rings` lists every ring; H5 starts locked (a tap unlocks), the mini program never is. */
export function fakeAlerts(locked = true) {
  let unlocked = !locked;
  const rings: AlertKind[] = [];
  const alerts = {
    ready: jest.fn(() => unlocked),
    unlock: jest.fn(async () => (unlocked = true)),
    ring: jest.fn((kind: AlertKind) => void rings.push(kind)),
  } satisfies Alerts;
  return Object.assign(alerts, { rings });
}
