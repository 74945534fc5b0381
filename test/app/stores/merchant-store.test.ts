import type { Board, MerchantOrder, MerchantRestaurant, MoveResult } from '../../../types/api/merchant';
import { ApiError, type MerchantApi } from '../../../src/services';
import { ALERT_REPEAT_MS, BOARD_POLL_MS, MerchantStore } from '../../../src/stores/merchant-store';
import { fakeAlerts, fakeEventStreams } from '../support/fake-streams';

const restaurant = (over: Partial<MerchantRestaurant> = {}): MerchantRestaurant => ({
  restaurant_id: 9,
  name: 'Night Skewers',
  role: 'staff',
  prep_minutes: 25,
  busy_until: null,
  closed: false,
  resume_at: null,
  ...over,
});

const order = (id: number, over: Partial<MerchantOrder> = {}): MerchantOrder =>
  ({
    id,
    order_no: `SZ${id}`,
    restaurant_id: 9,
    status: 6,
    state: 'new',
    lines: [],
    customer: null,
    ...over,
  }) as MerchantOrder;

const moved = (orderId: number, status: number): MoveResult => ({
  order_id: orderId,
  from: 6,
  status,
  status_text: '',
  ready_at: null,
  wallet_returned_fen: 0,
  voucher_returned: false,
  refund_state: null,
});

function setup(boards: Record<string, () => Promise<Board>> = {}) {
  const merchant = {
    restaurants: jest.fn(async () => ({ list: [restaurant(), restaurant({ restaurant_id: 12, prep_minutes: 10 })] })),
    orders: jest.fn(
      (rid: number, state?: string) =>
        boards[`${rid}:${state}`]?.() ?? Promise.resolve({ list: [], waiting: 0, last_event_id: 0 }),
    ),
    order: jest.fn(),
    accept: jest.fn(async (b: { order_id: number }) => moved(b.order_id, 10)),
    reject: jest.fn(async (b: { order_id: number }) => moved(b.order_id, 4)),
    advance: jest.fn(async (id: number) => moved(id, 1)),
    collect: jest.fn(async (b: { order_id: number }) => moved(b.order_id, 9)),
  };
  const showError = jest.fn();
  const ticks: Array<() => void> = [];
  const stops: jest.Mock[] = [];
  const every = jest.fn((fn: () => void) => {
    ticks.push(fn);
    const stop = jest.fn();
    stops.push(stop);
    return stop;
  });
  const store = new MerchantStore({ merchant: () => merchant as unknown as MerchantApi, showError, every });
  return { store, merchant, showError, ticks, stops, every };
}

/** A store that follows live events (fake streams) and rings (fake alerts); timers are jest's fake ones. */
function live(boards: Record<string, () => Promise<Board>> = {}, supported = true) {
  const base = setup(boards);
  const streams = fakeEventStreams(supported);
  const alerts = fakeAlerts(false);
  let n = 0;
  const events = {
    ticket: jest.fn(async () => ({ ticket: `t${++n}`, expires_at: 0, url: '' })),
    streamUrl: jest.fn((t: string) => `/api/szeat/events?ticket=${t}`),
  };
  const every = jest.fn((fn: () => void, ms: number) => {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  });
  const store = new MerchantStore({
    merchant: () => base.merchant as unknown as MerchantApi,
    showError: base.showError,
    every,
    streams,
    events: () => events,
    alerts,
  });
  return { ...base, store, streams, alerts, events, every };
}

const board = (list: MerchantOrder[], waiting = list.length): Board => ({ list, waiting, last_event_id: 1 });

describe('MerchantStore', () => {
  it('loads the restaurants, picks the first and reads its new orders with the waiting count', async () => {
    const { store, merchant } = setup({ '9:new': async () => board([order(1), order(2)], 2) });
    await store.open();
    expect(store.restaurantId).toBe(9);
    expect(store.defaultPrepMinutes).toBe(25);
    expect(merchant.orders).toHaveBeenCalledWith(9, 'new');
    expect(store.orders.map((o) => o.id)).toEqual([1, 2]);
    expect(store.waiting).toBe(2);
    expect(store.status).toBe('ready');
  });

  it('reads another state and another restaurant; an older answer arriving late is dropped', async () => {
    let release!: (b: Board) => void;
    const { store, merchant } = setup({
      '9:new': () => new Promise<Board>((r) => (release = r)),
      '9:accepted': async () => board([order(5, { state: 'accepted', status: 10 })], 3),
    });
    await store.loadRestaurants();
    const slow = store.loadOrders();
    store.selectState('accepted');
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    release(board([order(1)], 1));
    await slow;
    expect(store.state).toBe('accepted');
    expect(store.orders.map((o) => o.id)).toEqual([5]);
    expect(store.waiting).toBe(3);
    store.selectRestaurant(12);
    expect(merchant.orders).toHaveBeenLastCalledWith(12, 'accepted');
  });

  it('shows an error state when the first read fails, keeps the board when a later one does', async () => {
    let fail = true;
    const { store } = setup({
      '9:new': async () => {
        if (fail) throw new ApiError(1006, 'not a member');
        return board([order(1)]);
      },
    });
    await store.open();
    expect(store.status).toBe('error');
    fail = false;
    await store.loadOrders();
    expect(store.status).toBe('ready');
    fail = true;
    await store.loadOrders();
    expect(store.status).toBe('ready');
    expect(store.orders).toHaveLength(1);
  });

  it('says when the account belongs to no restaurant', async () => {
    const { store, merchant } = setup();
    merchant.restaurants.mockResolvedValueOnce({ list: [] });
    await store.open();
    expect(store.restaurantsStatus).toBe('ready');
    expect(store.restaurants).toEqual([]);
    expect(merchant.orders).not.toHaveBeenCalled();
  });

  it('accepts with the preparation time (kept within 1..240), once while under way, and reads the board again', async () => {
    const { store, merchant } = setup({ '9:new': async () => board([order(1), order(2)]) });
    await store.open();
    const [first, second] = await Promise.all([store.accept(1, 20), store.accept(1, 20)]);
    expect(first?.status).toBe(10);
    expect(second).toBeUndefined();
    expect(merchant.accept).toHaveBeenCalledTimes(1);
    expect(merchant.accept).toHaveBeenCalledWith({ order_id: 1, prep_minutes: 20 });
    await store.accept(2, 999);
    expect(merchant.accept).toHaveBeenLastCalledWith({ order_id: 2, prep_minutes: 240 });
    await store.accept(2);
    expect(merchant.accept).toHaveBeenLastCalledWith({ order_id: 2, prep_minutes: undefined });
    expect(merchant.orders).toHaveBeenCalledTimes(4);
    expect(store.moving.size).toBe(0);
  });

  it('rejects with a reason; a refused move is said and the board read again', async () => {
    const { store, merchant, showError } = setup({ '9:new': async () => board([order(1)]) });
    await store.open();
    await store.reject(1, 'sold_out');
    expect(merchant.reject).toHaveBeenCalledWith({ order_id: 1, reason: 'sold_out' });
    const refused = new ApiError(1001, 'order.changed');
    merchant.reject.mockRejectedValueOnce(refused);
    expect(await store.reject(1, 'too_busy')).toBeUndefined();
    expect(showError).toHaveBeenCalledWith(refused);
    expect(store.orders.map((o) => o.id)).toEqual([1]);
  });

  it('polls every 10 s until stopped, one poller at a time', async () => {
    const { store, merchant, ticks, stops, every } = setup({ '9:new': async () => board([order(1)]) });
    await store.open();
    store.startPolling();
    store.startPolling();
    expect(every).toHaveBeenCalledWith(expect.any(Function), BOARD_POLL_MS);
    expect(BOARD_POLL_MS).toBe(10_000);
    expect(stops[0]).toHaveBeenCalled();
    const before = merchant.orders.mock.calls.length;
    ticks[1]!();
    expect(merchant.orders.mock.calls.length).toBe(before + 1);
    store.stopPolling();
    expect(stops[1]).toHaveBeenCalled();
    expect(store.polling).toBe(false);
  });

  it('advances an order from the status its card showed, and hands a collection order over with the code', async () => {
    const { store, merchant } = setup({ '9:new': async () => board([]) });
    await store.open();
    await store.advance({ id: 5, status: 10 });
    expect(merchant.advance).toHaveBeenCalledWith(5, 10);
    await store.collect(6, ' 4821 ');
    expect(merchant.collect).toHaveBeenCalledWith({ order_id: 6, code: '4821' });
  });
});

describe('MerchantStore following live events', () => {
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('reads the board, then streams from its last event id; polls only while no stream is up', async () => {
    const { store, streams, merchant } = live({ '9:new': async () => ({ ...board([]), last_event_id: 70 }) });
    await store.follow();
    await flush();
    expect(streams.last!.options.lastEventId).toBe('70');
    expect(streams.last!.url).toBe('/api/szeat/events?ticket=t1');
    expect(store.polling).toBe(false);
    streams.last!.open();
    expect(store.live).toBe('live');
    streams.last!.end();
    expect(store.live).toBe('retrying');
    expect(store.polling).toBe(true);
    const reads = merchant.orders.mock.calls.length;
    jest.advanceTimersByTime(1000);
    await flush();
    // A new ticket for the new connection; once live the polling stops.
    expect(streams.last!.url).toBe('/api/szeat/events?ticket=t2');
    streams.last!.open();
    expect(store.polling).toBe(false);
    expect(merchant.orders.mock.calls.length).toBe(reads + 1);
    store.unfollow();
    expect(streams.last!.closed).toBe(true);
    expect(store.live).toBe('idle');
  });

  it('polls where the platform holds no stream', async () => {
    const { store, streams } = live({}, false);
    await store.follow();
    expect(store.live).toBe('unsupported');
    expect(store.polling).toBe(true);
    expect(streams.open).not.toHaveBeenCalled();
  });

  it('rings while a new order waits, again every 5 s, and stops when another member accepts it (their event)', async () => {
    let waiting = 0;
    const { store, streams, alerts } = live({
      '9:new': async () => board(waiting ? [order(31)] : [], waiting),
    });
    await store.follow();
    await flush();
    streams.last!.open();
    await flush();
    expect(alerts.rings).toEqual([]);
    // A customer pays: the order reaches the restaurant (status 0 -> 6). The alert rings at once, before any read.
    waiting = 1;
    streams.last!.send({ id: 71, type: 'order.status', order_id: 31, restaurant_id: 9, at: 1, from: 0, status: 6 });
    expect(store.waiting).toBe(1);
    expect(store.alerting).toBe(true);
    expect(alerts.rings).toEqual(['order']);
    jest.advanceTimersByTime(ALERT_REPEAT_MS * 3);
    expect(alerts.rings).toHaveLength(4);
    // Another member of the restaurant accepts it elsewhere: their move's event stops the alert here.
    waiting = 0;
    streams.last!.send({ id: 72, type: 'order.status', order_id: 31, restaurant_id: 9, at: 2, from: 6, status: 10 });
    expect(store.waiting).toBe(0);
    expect(store.alerting).toBe(false);
    jest.advanceTimersByTime(ALERT_REPEAT_MS * 3);
    await flush();
    expect(alerts.rings).toHaveLength(4);
    expect(store.waiting).toBe(0);
  });

  it("an order placed straight to the restaurant rings; another restaurant's does not; hiding the board stops it", async () => {
    const { store, streams, alerts } = live();
    await store.follow();
    await flush();
    streams.last!.open();
    streams.last!.send({ id: 80, type: 'order.placed', order_id: 40, restaurant_id: 12, at: 1, from: null, status: 6 });
    expect(alerts.rings).toEqual([]);
    streams.last!.send({ id: 81, type: 'order.placed', order_id: 41, restaurant_id: 9, at: 1, from: null, status: 0 });
    expect(alerts.rings).toEqual([]);
    streams.last!.send({ id: 82, type: 'order.placed', order_id: 42, restaurant_id: 9, at: 1, from: null, status: 6 });
    expect(alerts.rings).toEqual(['order']);
    store.unfollow();
    jest.advanceTimersByTime(ALERT_REPEAT_MS * 2);
    expect(alerts.rings).toEqual(['order']);
  });

  it('a customer reminder rings its own sound once and marks the order', async () => {
    const { store, streams, alerts } = live();
    await store.follow();
    await flush();
    streams.last!.open();
    streams.last!.send({ id: 90, type: 'order.hurry', order_id: 50, restaurant_id: 9, at: 1234, status: 1, count: 1 });
    expect(alerts.rings).toEqual(['hurry']);
    expect(store.reminders.get(50)).toBe(1234);
    jest.advanceTimersByTime(ALERT_REPEAT_MS * 2);
    expect(alerts.rings).toEqual(['hurry']);
  });
});
