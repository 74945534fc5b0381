import Taro from '@tarojs/taro';
import type { EventStreams } from './event-stream';
import { sseParser, utf8Decoder } from './sse';

// Only the mini program's platform (index.weapp.ts) imports this file: a Taro.request in a module the H5 platform
// imports brings Taro's H5 request with its fetch, AbortController and JSONP polyfills into the H5 first load (about
// 15 KB gzip, issue 15 §6).

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
