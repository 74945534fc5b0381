import type { SseMessage } from './sse';

export type { SseMessage } from './sse';

/** What one stream connection tells its owner. */
export interface EventStreamHandlers {
  /** The server accepted the connection (H5: EventSource open; mini program: the stream's first `ready` event). */
  onOpen(): void;
  /** One event; `id` is the stream's last event id. */
  onMessage(message: SseMessage): void;
  /**
   * The connection ended by itself (a network error, a refused ticket, the server or a timeout closed it). Called at
   * most once, and never after close(). Opening again needs a new ticket: the owner does that (services/live-events).
   */
  onEnd(): void;
}

export interface EventStreamConnection {
  close(): void;
}

export interface EventStreamOptions {
  /** Resume after this event id (H5: `&last_event_id=` on the URL; mini program: the Last-Event-ID header). */
  lastEventId?: string;
  /** The named events to hear (EventSource hears only the names it is told; `ready` is always heard). */
  types: readonly string[];
}

/**
 * One Server-Sent Events connection per call, never reconnecting by itself (a ticket is good for one connection):
 * H5 `EventSource`, the mini program a chunked `request` (enableChunked + onChunkReceived, base library 2.20.2+;
 * event-stream-weapp.ts, a file of its own so that Taro's H5 request and its polyfills stay out of the H5 first load).
 */
export interface EventStreams {
  /** False where no stream can be held (an old base library): the caller polls instead. */
  supported(): boolean;
  /** Opens url (absolute, or a path of this site on H5). */
  open(url: string, options: EventStreamOptions, handlers: EventStreamHandlers): EventStreamConnection;
}

const withLastId = (url: string, lastEventId?: string) =>
  lastEventId && /^\d+$/.test(lastEventId) ? `${url}${url.includes('?') ? '&' : '?'}last_event_id=${lastEventId}` : url;

/** H5: EventSource; an error closes it at once (its own retry would reuse a spent ticket) and ends the connection. */
export function h5EventStreams(
  make: () => typeof EventSource | undefined = () => (typeof EventSource === 'undefined' ? undefined : EventSource),
): EventStreams {
  return {
    supported: () => make() !== undefined,
    open(url, options, handlers) {
      const Source = make();
      if (!Source) throw new Error('EventSource is not available');
      // A new EventSource cannot set Last-Event-ID: the server also reads it from the query.
      const es = new Source(withLastId(url, options.lastEventId));
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        es.close();
      };
      es.onopen = () => !done && handlers.onOpen();
      es.onerror = () => {
        if (done) return;
        finish();
        handlers.onEnd();
      };
      for (const type of new Set(['ready', 'message', ...options.types])) {
        es.addEventListener(type, (e) => {
          if (done) return;
          const m = e as MessageEvent<string>;
          handlers.onMessage({ id: m.lastEventId ?? '', event: type, data: String(m.data ?? '') });
        });
      }
      return { close: finish };
    },
  };
}
