/**
 * The live event stream (issue 18): the text/event-stream parser and UTF-8 decoder the mini program needs, the
 * platform's one-connection streams (H5 EventSource, mini program chunked request) and the client that reconnects
 * with a new ticket each time and resumes after the last event id (services/live-events).
 */
import { TextDecoder as NodeTextDecoder } from 'node:util';
import { fakeTaro, resetFakeTaro } from '../support/fake-taro';
import { fakeEventStreams } from '../support/fake-streams';
import { sseParser, utf8Decoder, type SseMessage } from '../../../src/platform/sse';
import { h5EventStreams } from '../../../src/platform/event-stream';
import { weappEventStreams } from '../../../src/platform/event-stream-weapp';
import { platform as h5 } from '../../../src/platform/index.h5';
import { platform as weapp } from '../../../src/platform/index.weapp';
import { liveEvents, type LiveEvent, type LiveStatus } from '../../../src/services/live-events';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/fake-taro').fakeTaroModule);

beforeEach(() => {
  resetFakeTaro();
});

describe('sseParser', () => {
  it('reads events cut anywhere, CRLF/LF/CR line ends, multi-line data, comments, ids and retry', () => {
    const got: SseMessage[] = [];
    const retries: number[] = [];
    const p = sseParser(
      (m) => got.push(m),
      (ms) => retries.push(ms),
    );
    const text =
      '\ufeff: heartbeat\n\nretry: 3000\nevent: ready\ndata: {"user_id":3}\n\n' +
      'id: 41\r\nevent: order.placed\r\ndata: {"id":41,\r\ndata: "x":"汉字"}\r\n\r\n' +
      'id: 42\revent: order.status\rdata:{"id":42}\r\r' +
      'data\n\n';
    // One character at a time: every cut point, a CRLF split in two included.
    for (const ch of text) p.push(ch);
    expect(got).toEqual([
      { id: '', event: 'ready', data: '{"user_id":3}' },
      { id: '41', event: 'order.placed', data: '{"id":41,\n"x":"汉字"}' },
      { id: '42', event: 'order.status', data: '{"id":42}' },
      { id: '42', event: 'message', data: '' },
    ]);
    expect(retries).toEqual([3000]);
    expect(p.lastId()).toBe('42');
  });

  it('an event without its blank line is not dispatched yet', () => {
    const got: SseMessage[] = [];
    const p = sseParser((m) => got.push(m));
    p.push('id: 1\nevent: order.hurry\ndata: {}\n');
    expect(got).toEqual([]);
    p.push('\n');
    expect(got).toHaveLength(1);
  });
});

describe('utf8Decoder', () => {
  const bytes = Array.from(Buffer.from('data: 已接单 🍜 ok\n', 'utf8'));

  it.each([
    ['TextDecoder', true],
    ['its own decoder (no TextDecoder)', false],
  ])('with %s, a character split between chunks comes out whole', (_name, native) => {
    const saved = globalThis.TextDecoder;
    // jsdom has none; the mini program has one on newer base libraries only.
    (globalThis as { TextDecoder?: unknown }).TextDecoder = native ? NodeTextDecoder : undefined;
    try {
      for (let cut = 1; cut < bytes.length; cut++) {
        const decode = utf8Decoder();
        const text = decode(Uint8Array.from(bytes.slice(0, cut))) + decode(Uint8Array.from(bytes.slice(cut)).buffer);
        expect(text).toBe('data: 已接单 🍜 ok\n');
      }
    } finally {
      globalThis.TextDecoder = saved;
    }
  });
});

class FakeEventSource {
  static made: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, Array<(e: { data: string; lastEventId: string }) => void>>();
  closed = false;
  constructor(public url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, fn: (e: { data: string; lastEventId: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string, lastEventId = '') {
    for (const fn of this.listeners.get(type) ?? []) fn({ data, lastEventId });
  }
}

describe('platform event streams', () => {
  beforeEach(() => (FakeEventSource.made = []));

  it('each platform build has its own', () => {
    expect(weapp.eventStreams).toBe(weappEventStreams);
    expect(typeof h5.eventStreams.open).toBe('function');
  });

  it('H5: EventSource at the ticket URL with last_event_id, the named events heard, an error closes it for good', () => {
    const streams = h5EventStreams(() => FakeEventSource as unknown as typeof EventSource);
    expect(streams.supported()).toBe(true);
    expect(h5EventStreams(() => undefined).supported()).toBe(false);
    const onOpen = jest.fn();
    const onMessage = jest.fn();
    const onEnd = jest.fn();
    const conn = streams.open(
      '/api/szeat/events?ticket=abc',
      { lastEventId: '17', types: ['order.placed'] },
      { onOpen, onMessage, onEnd },
    );
    const es = FakeEventSource.made[0]!;
    expect(es.url).toBe('/api/szeat/events?ticket=abc&last_event_id=17');
    es.onopen?.();
    es.emit('order.placed', '{"id":18}', '18');
    es.emit('order.unknown', '{}');
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith({ id: '18', event: 'order.placed', data: '{"id":18}' });
    expect(onMessage).toHaveBeenCalledTimes(1);
    // EventSource would retry with the same (spent) ticket: the adapter closes it and says the connection ended.
    es.onerror?.();
    es.onerror?.();
    expect(es.closed).toBe(true);
    expect(onEnd).toHaveBeenCalledTimes(1);
    es.emit('order.placed', '{"id":19}', '19');
    expect(onMessage).toHaveBeenCalledTimes(1);
    conn.close();
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('mini program: a chunked GET with Last-Event-ID, chunks parsed, its end ends the connection', async () => {
    let chunk!: (res: { data: ArrayBuffer }) => void;
    let options!: { success: () => void; header: Record<string, string>; enableChunked: boolean; url: string };
    const abort = jest.fn();
    fakeTaro.request.mockImplementation(((o: typeof options) => {
      options = o;
      return Object.assign(new Promise(() => {}), { onChunkReceived: (cb: typeof chunk) => (chunk = cb), abort });
    }) as never);
    expect(weappEventStreams.supported()).toBe(true);
    expect(fakeTaro.canIUse).toHaveBeenCalledWith('request.object.enableChunked');
    const onOpen = jest.fn();
    const onMessage = jest.fn();
    const onEnd = jest.fn();
    const conn = weappEventStreams.open(
      'https://api.szeat.test/api/szeat/events?ticket=t1',
      { lastEventId: '5', types: [] },
      { onOpen, onMessage, onEnd },
    );
    expect(options.url).toBe('https://api.szeat.test/api/szeat/events?ticket=t1');
    expect(options.enableChunked).toBe(true);
    expect(options.header['Last-Event-ID']).toBe('5');
    const enc = Buffer.from('event: ready\ndata: {}\n\nid: 6\nevent: order.placed\ndata: {"id":6}\n\n', 'utf8');
    chunk({ data: Uint8Array.from(enc.subarray(0, 20)).buffer });
    chunk({ data: Uint8Array.from(enc.subarray(20)).buffer });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenLastCalledWith({ id: '6', event: 'order.placed', data: '{"id":6}' });
    options.success();
    expect(onEnd).toHaveBeenCalledTimes(1);
    conn.close();
    expect(abort).not.toHaveBeenCalled();
  });

  it('mini program: an old base library holds no stream', () => {
    fakeTaro.canIUse.mockReturnValue(false);
    expect(weappEventStreams.supported()).toBe(false);
  });
});

describe('liveEvents', () => {
  function setup(supported = true) {
    const streams = fakeEventStreams(supported);
    let n = 0;
    const api = {
      ticket: jest.fn(async () => ({ ticket: `t${++n}`, expires_at: 0, url: '' })),
      streamUrl: jest.fn((t: string) => `https://api.test/api/szeat/events?ticket=${t}`),
    };
    const events: LiveEvent[] = [];
    const statuses: LiveStatus[] = [];
    const timers: Array<{ fn: () => void; ms: number }> = [];
    const live = liveEvents({
      streams,
      events: () => api,
      onEvent: (e) => events.push(e),
      onStatus: (s) => statuses.push(s),
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: jest.fn(),
    });
    return { streams, api, events, statuses, timers, live };
  }
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('opens with a new ticket each time, resumes after the last id, hands each event on once', async () => {
    const { streams, api, events, statuses, timers, live } = setup();
    live.start(40);
    await flush();
    expect(api.ticket).toHaveBeenCalledTimes(1);
    expect(streams.last!.url).toBe('https://api.test/api/szeat/events?ticket=t1');
    expect(streams.last!.options.lastEventId).toBe('40');
    streams.last!.message({ id: '', event: 'ready', data: '{"user_id":1}' });
    streams.last!.open();
    expect(live.status).toBe('live');
    streams.last!.send({ id: 41, type: 'order.placed', order_id: 7, restaurant_id: 9, at: 1 });
    streams.last!.send({ id: 40, type: 'order.placed', order_id: 6, restaurant_id: 9, at: 1 });
    streams.last!.end();
    expect(live.status).toBe('retrying');
    expect(timers[0]!.ms).toBe(1000);
    timers[0]!.fn();
    await flush();
    // A new ticket (the first was spent), resuming after 41; the replay of 41 is not handed on again.
    expect(api.ticket).toHaveBeenCalledTimes(2);
    expect(streams.last!.url).toContain('ticket=t2');
    expect(streams.last!.options.lastEventId).toBe('41');
    streams.last!.open();
    streams.last!.send({ id: 41, type: 'order.placed', order_id: 7, restaurant_id: 9, at: 1 });
    streams.last!.send({ id: 42, type: 'order.status', order_id: 7, restaurant_id: 9, at: 2, from: 6, status: 10 });
    expect(events.map((e) => [e.id, e.type])).toEqual([
      [41, 'order.placed'],
      [42, 'order.status'],
    ]);
    expect(events[1]).toMatchObject({ order_id: 7, from: 6, status: 10 });
    expect(statuses).toEqual(['connecting', 'live', 'retrying', 'live']);
    live.stop();
    expect(streams.last!.closed).toBe(true);
    expect(live.status).toBe('stopped');
  });

  it('waits longer after each failure (ticket refused, stream ended before opening), less again once live', async () => {
    const { streams, api, timers, live } = setup();
    api.ticket.mockRejectedValueOnce(new Error('offline'));
    live.start();
    await flush();
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers[0]!.fn();
    await flush();
    streams.last!.end();
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000]);
    timers[1]!.fn();
    await flush();
    streams.last!.open();
    streams.last!.end();
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000, 1000]);
  });

  it('stop() cancels a pending reconnection and late answers open nothing', async () => {
    const { streams, api, timers, live } = setup();
    live.start();
    live.stop();
    await flush();
    expect(streams.open).not.toHaveBeenCalled();
    live.start();
    await flush();
    streams.last!.end();
    live.stop();
    timers[0]!.fn();
    await flush();
    expect(api.ticket).toHaveBeenCalledTimes(2);
    expect(streams.open).toHaveBeenCalledTimes(1);
  });

  it('where no stream can be held the status says so and nothing is asked', async () => {
    const { api, live, statuses } = setup(false);
    live.start();
    await flush();
    expect(live.status).toBe('unsupported');
    expect(statuses).toEqual(['unsupported']);
    expect(api.ticket).not.toHaveBeenCalled();
  });
});
