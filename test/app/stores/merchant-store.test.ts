import type { Board, MerchantOrder, MerchantRestaurant, MoveResult } from '../../../types/api/merchant';
import { ApiError, type MerchantApi } from '../../../src/services';
import { BOARD_POLL_MS, MerchantStore } from '../../../src/stores/merchant-store';

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
    advance: jest.fn(),
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
});
