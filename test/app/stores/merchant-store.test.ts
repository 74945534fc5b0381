import type { Board, MerchantOrder, MerchantRestaurant, MoveResult } from '../../../types/api/merchant';
import { ApiError, type MerchantApi } from '../../../src/services';
import { ALERT_REPEAT_MS, BOARD_POLL_MS, MerchantStore, WATCH_GRACE_MS } from '../../../src/stores/merchant-store';
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
    // The board is not shown: the waiting counts of the account's restaurants (the alert's).
    expect(merchant.orders.mock.calls.slice(before)).toEqual([
      [9, 'new'],
      [12, 'new'],
    ]);
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
    // Once live again: the board, and the other restaurant's waiting count.
    expect(merchant.orders.mock.calls.slice(reads)).toEqual([
      [9, 'new'],
      [12, 'new'],
    ]);
    store.unfollow();
    // The stream is kept a moment for the next console screen, then closed.
    expect(streams.last!.closed).toBe(false);
    jest.advanceTimersByTime(WATCH_GRACE_MS);
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

  it("an order of any of the account's restaurants rings, once; not a customer's own elsewhere; leaving the console stops it", async () => {
    const { store, streams, alerts } = live();
    await store.follow();
    await flush();
    streams.last!.open();
    // Restaurant 12 is not the one on the board: it rings all the same and gets a banner of its own.
    streams.last!.send({ id: 80, type: 'order.placed', order_id: 40, restaurant_id: 12, at: 1, from: null, status: 6 });
    expect(alerts.rings).toEqual(['order']);
    expect(store.waiting).toBe(0);
    expect(store.waitingTotal).toBe(1);
    expect(store.waitingElsewhere.map((w) => [w.restaurant.restaurant_id, w.count])).toEqual([[12, 1]]);
    // Not yet paid: nothing waits.
    streams.last!.send({ id: 81, type: 'order.placed', order_id: 41, restaurant_id: 9, at: 1, from: null, status: 0 });
    expect(alerts.rings).toEqual(['order']);
    // The member's own order as a customer, at a restaurant they do not work for.
    streams.last!.send({ id: 82, type: 'order.placed', order_id: 43, restaurant_id: 77, at: 1, from: null, status: 6 });
    expect(alerts.rings).toEqual(['order']);
    expect(store.waitingTotal).toBe(1);
    streams.last!.send({ id: 83, type: 'order.placed', order_id: 42, restaurant_id: 9, at: 1, from: null, status: 6 });
    expect(alerts.rings).toEqual(['order', 'order']);
    expect(store.waiting).toBe(1);
    // One repeat every 5 s for both restaurants together, not one per restaurant.
    jest.advanceTimersByTime(ALERT_REPEAT_MS);
    expect(alerts.rings).toHaveLength(3);
    // The banner's tap: restaurant 12's board at its new orders.
    store.showNew(12);
    expect(store.restaurantId).toBe(12);
    expect(store.state).toBe('new');
    // Leaving the console (no console screen shown) just before a repeat: silent at once, the stream ends after the
    // grace.
    jest.advanceTimersByTime(ALERT_REPEAT_MS - 1000);
    expect(alerts.rings).toHaveLength(3);
    store.unfollow();
    jest.advanceTimersByTime(ALERT_REPEAT_MS * 2);
    expect(alerts.rings).toHaveLength(3);
    expect(store.watching).toBe(false);
    expect(streams.last!.closed).toBe(true);
  });

  it('rings on the other console screens too, with no second ring going from the board to another screen', async () => {
    let waiting12 = 0;
    const { store, streams, alerts, events } = live({
      '12:new': async () => ({ list: [], waiting: waiting12, last_event_id: 5 }),
    });
    // The sold-out screen (say) is the first console screen shown: the counts of both restaurants are read.
    waiting12 = 1;
    await store.watch();
    await flush();
    expect(store.restaurants).toHaveLength(2);
    expect(store.waitingBy.get(12)).toBe(1);
    expect(streams.last!.options.lastEventId).toBe('5');
    expect(alerts.rings).toEqual(['order']);
    expect(store.waitingElsewhere.map((w) => w.restaurant.restaurant_id)).toEqual([12]);
    streams.last!.open();
    await flush();
    // The staff member goes to the board (it shows, then the sold-out screen hides): same stream, no new ring.
    const follow = store.follow();
    store.unwatch();
    await follow;
    await flush();
    expect(events.ticket).toHaveBeenCalledTimes(1);
    expect(alerts.rings).toEqual(['order']);
    // ...and back (the board hides before the next screen shows, as in the mini program): still no second ring.
    store.unfollow();
    jest.advanceTimersByTime(100);
    void store.watch();
    await flush();
    expect(alerts.rings).toEqual(['order']);
    expect(store.watching).toBe(true);
    jest.advanceTimersByTime(WATCH_GRACE_MS);
    expect(streams.last!.closed).toBe(false);
    expect(alerts.rings).toHaveLength(1 + Math.floor((WATCH_GRACE_MS + 100) / ALERT_REPEAT_MS));
    // Accepted by another member: their event stops it on this screen as well.
    waiting12 = 0;
    streams.last!.send({ id: 6, type: 'order.status', order_id: 60, restaurant_id: 12, at: 2, from: 6, status: 10 });
    expect(store.alerting).toBe(false);
    expect(store.waitingElsewhere).toEqual([]);
    const rings = alerts.rings.length;
    jest.advanceTimersByTime(ALERT_REPEAT_MS * 3);
    expect(alerts.rings).toHaveLength(rings);
  });

  it('a read older than an event already applied does not undo its count; a newer one is not counted twice', async () => {
    let answer: () => Promise<Board> = async () => ({ list: [], waiting: 0, last_event_id: 10 });
    const { store, streams } = live({ '12:new': () => answer() });
    await store.watch();
    await flush();
    streams.last!.open();
    await flush();
    let release!: (b: Board) => void;
    answer = () => new Promise<Board>((r) => (release = r));
    const slow = store.loadCounts();
    await flush();
    streams.last!.send({ id: 12, type: 'order.placed', order_id: 70, restaurant_id: 12, at: 1, from: null, status: 6 });
    release({ list: [], waiting: 0, last_event_id: 11 });
    await slow;
    expect(store.waitingBy.get(12)).toBe(1);
    answer = async () => ({ list: [], waiting: 2, last_event_id: 14 });
    await store.loadCounts();
    expect(store.waitingBy.get(12)).toBe(2);
    // Event 14 is in that read already; 15 is not.
    streams.last!.send({ id: 14, type: 'order.placed', order_id: 71, restaurant_id: 12, at: 1, from: null, status: 6 });
    expect(store.waitingBy.get(12)).toBe(2);
    streams.last!.send({ id: 15, type: 'order.placed', order_id: 72, restaurant_id: 12, at: 1, from: null, status: 6 });
    expect(store.waitingBy.get(12)).toBe(3);
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
