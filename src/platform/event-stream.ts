import Taro from '@tarojs/taro';
import { sseParser, utf8Decoder, type SseMessage } from './sse';

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
 * H5 `EventSource`, the mini program a chunked `request` (enableChunked + onChunkReceived, base library 2.20.2+).
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

interface ChunkedTask {
  abort?: () => void;
  onChunkReceived?: (cb: (res: { data: ArrayBuffer }) => void) => void;
}

/**
 * Mini program: a GET with enableChunked, its chunks decoded (UTF-8) and parsed as text/event-stream. The request
 * ends when the server closes the stream or the request times out (networkTimeout): onEnd, and the owner opens a new
 * one with a new ticket and the last id.
 */
export const weappEventStreams: EventStreams = {
  supported() {
    try {
      return typeof Taro.canIUse === 'function' && Taro.canIUse('request.object.enableChunked');
    } catch {
      return false;
    }
  },
  open(url, options, handlers) {
    let done = false;
    let opened = false;
    const end = () => {
      if (done) return;
      done = true;
      handlers.onEnd();
    };
    const parser = sseParser((m) => {
      if (done) return;
      if (!opened) {
        opened = true;
        handlers.onOpen();
      }
      handlers.onMessage(m);
    });
    const decode = utf8Decoder();
    const header: Record<string, string> = { Accept: 'text/event-stream' };
    if (options.lastEventId && /^\d+$/.test(options.lastEventId)) header['Last-Event-ID'] = options.lastEventId;
    const task = Taro.request({
      url,
      method: 'GET',
      header,
      enableChunked: true,
      responseType: 'arraybuffer',
      success: () => end(),
      fail: () => end(),
    } as Taro.request.Option) as unknown as ChunkedTask & Promise<unknown>;
    // Taro's task is also a promise that rejects on failure; `fail` above already handles it.
    task?.catch?.(() => undefined);
    if (typeof task?.onChunkReceived !== 'function') {
      task?.abort?.();
      setTimeout(end, 0);
    } else {
      task.onChunkReceived((res) => {
        if (!done) parser.push(decode(res.data));
      });
    }
    return {
      close() {
        if (done) return;
        done = true;
        task?.abort?.();
      },
    };
  },
};
