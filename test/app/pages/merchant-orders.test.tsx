import MerchantOrdersPage from '../../../src/screens/merchant/orders';
import MerchantSoldOutPage from '../../../src/screens/merchant/soldout';
import type { MerchantOrder } from '../../../types/api/merchant';
import { fakeApi, renderPage, withAccountDefaults } from '../support/page';
import { actAsync, click, getByText, queryByText, waitFor } from '../support/render';
import { typeInto } from '../support/forms';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const order = (id: number, over: Partial<MerchantOrder> = {}): MerchantOrder => ({
  id,
  order_no: `SZ${id}`,
  restaurant_id: 9,
  status: 6,
  status_text: 'Waiting for the restaurant',
  state: 'new',
  mode: 'delivery',
  payment_method: 'wallet',
  paid: true,
  total_fen: 4200,
  goods_fen: 3800,
  delivery_fee_fen: 400,
  discount_fen: 0,
  comment: 'Extra chili',
  cutlery: true,
  collection_time: null,
  created_at: Date.now() - 7 * 60000,
  updated_at: Date.now(),
  prep_minutes: null,
  accepted_at: null,
  ready_at: null,
  reject_reason: null,
  hurry_count: 0,
  hurry_at: null,
  lines: [
    { dish_id: 1, name: 'Lamb skewer', options: ['Spicy'], quantity: 3, unit_price_fen: 1200, line_total_fen: 3600 },
  ],
  customer: { name: 'Li', phone: '13800000000', address: 'Tianhe Road 1', distance_m: 850 },
  ...over,
});

const restaurant = {
  restaurant_id: 9,
  name: 'Night Skewers',
  role: 'staff' as const,
  prep_minutes: 20,
  busy_until: null,
  closed: false,
  resume_at: null,
};

function api() {
  const a = withAccountDefaults(fakeApi());
  a.merchant.restaurants.mockResolvedValue({ list: [restaurant] });
  a.merchant.orders.mockResolvedValue({ list: [order(1)], waiting: 1, last_event_id: 3 });
  a.merchant.accept.mockImplementation(async (b) => ({
    order_id: b.order_id,
    from: 6,
    status: 10,
    status_text: 'Accepted',
    ready_at: null,
    wallet_returned_fen: 0,
    voucher_returned: false,
    refund_state: null,
  }));
  a.merchant.reject.mockImplementation(async (b) => ({
    order_id: b.order_id,
    from: 6,
    status: 4,
    status_text: 'Cancelled',
    ready_at: null,
    wallet_returned_fen: 4200,
    voucher_returned: false,
    refund_state: null,
  }));
  return a;
}

describe('Merchant order board', () => {
  it('shows the new orders of the restaurant with items, options, comment, mode, address, payment and age', async () => {
    const a = api();
    const { container } = await renderPage(MerchantOrdersPage, { storage: { _lang: 'en', token: 't' }, api: a });
    await waitFor(() => getByText(container, '#SZ1'));
    expect(a.merchant.orders).toHaveBeenCalledWith(9, 'new');
    const card = container.querySelector('.merchant-card')!.textContent!;
    expect(card).toContain('3 × Lamb skewer (Spicy)');
    expect(card).toContain('Note: Extra chili');
    expect(card).toContain('Delivery');
    expect(card).toContain('Paid');
    expect(card).toContain('7 min ago');
    expect(card).toContain('Tianhe Road 1 · 850 m');
    expect(container.textContent).toContain('Night Skewers · 1 waiting');
  });

  it('accepts with the preparation time chosen (default of the restaurant, +5)', async () => {
    const a = api();
    const { container } = await renderPage(MerchantOrdersPage, { storage: { _lang: 'en', token: 't' }, api: a });
    await waitFor(() => getByText(container, 'Ready in 20 min'));
    await click(container.querySelector<HTMLElement>('[aria-label="5 minutes more"]')!);
    expect(getByText(container, 'Ready in 25 min')).toBeTruthy();
    a.merchant.orders.mockResolvedValue({ list: [], waiting: 0, last_event_id: 4 });
    await click(getByText(container, 'Accept'));
    expect(a.merchant.accept).toHaveBeenCalledWith({ order_id: 1, prep_minutes: 25 });
    await waitFor(() => getByText(container, 'No orders here'));
  });

  it('rejects with a reason, in Chinese', async () => {
    const a = api();
    const { container } = await renderPage(MerchantOrdersPage, { storage: { _lang: 'cn', token: 't' }, api: a });
    await waitFor(() => getByText(container, '拒单'));
    await click(getByText(container, '拒单'));
    await click(getByText(container, '太忙'));
    expect(a.merchant.reject).toHaveBeenCalledWith({ order_id: 1, reason: 'too_busy' });
  });

  it('switches state tabs, and shows the error and empty states', async () => {
    const a = api();
    a.merchant.orders.mockRejectedValueOnce(new Error('boom'));
    const { container } = await renderPage(MerchantOrdersPage, { storage: { _lang: 'en', token: 't' }, api: a });
    await waitFor(() => getByText(container, /Could not load the orders/));
    a.merchant.orders.mockResolvedValue({ list: [], waiting: 0, last_event_id: 4 });
    await click(getByText(container, 'Done today'));
    expect(a.merchant.orders).toHaveBeenLastCalledWith(9, 'done');
    await waitFor(() => getByText(container, 'No orders here'));
    expect(queryByText(container, '#SZ1')).toBeNull();
  });

  it('says when the account belongs to no restaurant', async () => {
    const a = api();
    a.merchant.restaurants.mockResolvedValue({ list: [] });
    const { container } = await renderPage(MerchantOrdersPage, { storage: { _lang: 'en', token: 't' }, api: a });
    await waitFor(() => getByText(container, 'This account is not a member of any restaurant'));
  });

  it('moves an accepted order along: start preparing, then ready for the rider', async () => {
    const a = api();
    a.merchant.orders.mockResolvedValue({
      list: [order(2, { state: 'accepted', status: 10 }), order(3, { state: 'preparing', status: 1 })],
      waiting: 0,
      last_event_id: 3,
    });
    a.merchant.advance.mockImplementation(async (id) => ({
      order_id: id,
      from: 10,
      status: 1,
      status_text: '',
      ready_at: null,
      wallet_returned_fen: 0,
      voucher_returned: false,
      refund_state: null,
    }));
    const { container } = await renderPage(MerchantOrdersPage, { storage: { _lang: 'en', token: 't' }, api: a });
    await waitFor(() => getByText(container, 'Start preparing'));
    await click(getByText(container, 'Start preparing'));
    expect(a.merchant.advance).toHaveBeenCalledWith(2, 10);
    await click(getByText(container, 'Ready for the rider'));
    expect(a.merchant.advance).toHaveBeenLastCalledWith(3, 1);
  });

  it('hands a collection order over only against the code the customer shows (checked by the server), in Chinese', async () => {
    const a = api();
    a.merchant.orders.mockResolvedValue({
      list: [order(4, { state: 'ready', status: 1, mode: 'collection', marked_ready_at: Date.UTC(2030, 0, 1, 4, 35) })],
      waiting: 0,
      last_event_id: 3,
    });
    const { container } = await renderPage(MerchantOrdersPage, { storage: { _lang: 'cn', token: 't' }, api: a });
    await waitFor(() => getByText(container, '核对顾客出示的取餐码后交付'));
    expect(getByText(container, '12:35 起可取餐，等待顾客到店')).toBeTruthy();
    expect(queryByText(container, '已备好，通知取餐')).toBeNull();
    // No plain "move along" for it: handing over needs the code.
    expect(queryByText(container, '已备好，待骑手取餐')).toBeNull();
    await click(getByText(container, '核对并交付'));
    expect(a.merchant.collect).not.toHaveBeenCalled();
    await typeInto(container, 'collect-code', '4821');
    await click(getByText(container, '核对并交付'));
    expect(a.merchant.collect).toHaveBeenCalledWith({ order_id: 4, code: '4821' });
  });

  it('a collection order being prepared is marked ready (no code form before); live, it moves to Ready with the code form and its header reads ready for collection (en and zh)', async () => {
    for (const [lang, button, since] of [
      ['en', 'Ready for collection', 'Ready for collection since 12:35: waiting for the customer'],
      ['cn', '已备好，通知取餐', '12:35 起可取餐，等待顾客到店'],
    ] as const) {
      const a = api();
      const preparing = order(5, {
        state: 'preparing',
        status: 1,
        status_text: lang === 'en' ? 'Being prepared' : '商家备餐中',
        mode: 'collection',
        collection_time: Date.now(),
      });
      a.merchant.orders.mockResolvedValue({ list: [preparing], waiting: 0, last_event_id: 3 });
      a.merchant.ready.mockImplementation(async (id) => ({
        order_id: id,
        from: 1,
        status: 1,
        status_text: '',
        ready_at: null,
        marked_ready_at: Date.UTC(2030, 0, 1, 4, 35),
        wallet_returned_fen: 0,
        voucher_returned: false,
        refund_state: null,
      }));
      const view = await renderPage(MerchantOrdersPage, { storage: { _lang: lang, token: 't' }, api: a });
      const { container } = view;
      await waitFor(() => getByText(container, button));
      expect(container.querySelector('.form-input--collect-code')).toBeNull();
      const head = () => container.querySelector('[data-order="5"] .merchant-card__status')!.textContent;
      expect(head()).toBe(preparing.status_text);
      // The stream hears the mark made by anyone of the restaurant.
      expect(view.platform.eventStreams.last!.options.types).toContain('order.ready');
      const ready = { ...preparing, state: 'ready' as const, marked_ready_at: Date.UTC(2030, 0, 1, 4, 35) };
      a.merchant.orders.mockResolvedValue({ list: [ready], waiting: 0, last_event_id: 4 });
      await click(getByText(container, button));
      expect(a.merchant.ready).toHaveBeenCalledWith(5);
      await waitFor(() => getByText(container, since));
      expect(container.querySelector('.form-input--collect-code')).not.toBeNull();
      // The mark is not offered again (the card's buttons; its header now has the same words in English).
      const buttons = [...container.querySelectorAll('[data-order="5"] .merchant-card__button')];
      expect(buttons.map((b) => b.textContent)).not.toContain(button);
      // The card's header reads as the customer's timeline step (the status code stays 1).
      expect(head()).toBe(lang === 'en' ? 'Ready for collection' : '可取餐');
      await view.unmount();
    }
  });

  it('offers preparation times with one tap', async () => {
    const a = api();
    const { container } = await renderPage(MerchantOrdersPage, { storage: { _lang: 'en', token: 't' }, api: a });
    await waitFor(() => getByText(container, '45 min'));
    await click(getByText(container, '45 min'));
    expect(getByText(container, 'Ready in 45 min')).toBeTruthy();
    await click(getByText(container, 'Accept'));
    expect(a.merchant.accept).toHaveBeenCalledWith({ order_id: 1, prep_minutes: 45 });
  });
});

describe('Merchant order board: live events and the new-order alert', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  const settle = () =>
    actAsync(async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });

  it('H5: rings while a new order waits (after a tap turned sound on), counts it in the title, stops when another member accepts', async () => {
    const a = api();
    a.merchant.orders.mockResolvedValue({ list: [], waiting: 0, last_event_id: 3 });
    const { container, platform } = await renderPage(MerchantOrdersPage, {
      storage: { _lang: 'en', token: 't' },
      api: a,
    });
    await settle();
    const stream = platform.eventStreams.last!;
    expect(stream.options.lastEventId).toBe('3');
    await actAsync(() => stream.open());
    expect(platform.setTitle).toHaveBeenLastCalledWith('Order board');
    // Browsers play nothing before a tap: the banner says so until one.
    await click(getByText(container, 'Tap to turn on the new-order sound'));
    expect(platform.alerts.unlock).toHaveBeenCalled();
    await waitFor(() => expect(queryByText(container, 'Tap to turn on the new-order sound')).toBeNull());

    a.merchant.orders.mockResolvedValue({ list: [order(1)], waiting: 1, last_event_id: 4 });
    await actAsync(() =>
      stream.send({ id: 4, type: 'order.placed', order_id: 1, restaurant_id: 9, at: 1, from: null, status: 6 }),
    );
    await settle();
    expect(platform.alerts.rings).toEqual(['order']);
    expect(getByText(container, '1 new order waiting: accept or reject it')).toBeTruthy();
    expect(platform.setTitle).toHaveBeenLastCalledWith('(1) Order board');
    await actAsync(() => jest.advanceTimersByTime(10_000));
    expect(platform.alerts.rings).toEqual(['order', 'order', 'order']);

    // Another member accepts it on their phone: their event stops the alert here.
    a.merchant.orders.mockResolvedValue({ list: [], waiting: 0, last_event_id: 5 });
    await actAsync(() =>
      stream.send({ id: 5, type: 'order.status', order_id: 1, restaurant_id: 9, at: 2, from: 6, status: 10 }),
    );
    await settle();
    await actAsync(() => jest.advanceTimersByTime(20_000));
    expect(platform.alerts.rings).toHaveLength(3);
    expect(queryByText(container, /new order waiting/)).toBeNull();
    expect(platform.setTitle).toHaveBeenLastCalledWith('Order board');
  });

  it('a customer reminder shows on the card and rings its own sound', async () => {
    const a = api();
    a.merchant.orders.mockResolvedValue({
      list: [order(6, { state: 'preparing', status: 1 })],
      waiting: 0,
      last_event_id: 3,
    });
    const { container, platform } = await renderPage(MerchantOrdersPage, {
      storage: { _lang: 'en', token: 't' },
      api: a,
    });
    await settle();
    // 19:42 China time.
    const at = Date.UTC(2026, 10, 25, 11, 42);
    a.merchant.orders.mockResolvedValue({
      list: [order(6, { state: 'preparing', status: 1, hurry_count: 1, hurry_at: at })],
      waiting: 0,
      last_event_id: 4,
    });
    await actAsync(() => platform.eventStreams.last!.open());
    await actAsync(() =>
      platform.eventStreams.last!.send({ id: 4, type: 'order.hurry', order_id: 6, restaurant_id: 9, at, count: 1 }),
    );
    await settle();
    expect(platform.alerts.rings).toEqual(['hurry']);
    expect(getByText(container, 'The customer asked where the order is (1×, last at 19:42)')).toBeTruthy();
    expect(container.querySelector('.merchant-card--hurry')).not.toBeNull();
  });

  it('mini program: vibrates and shows the banner, no sound to turn on; polls where no stream can be held', async () => {
    const a = api();
    const { container, platform } = await renderPage(MerchantOrdersPage, {
      isH5: false,
      streams: false,
      storage: { _lang: 'cn', token: 't' },
      api: a,
    });
    await settle();
    expect(platform.alerts.rings).toEqual(['order']);
    expect(getByText(container, '1 个新订单待处理，请接单或拒单')).toBeTruthy();
    expect(getByText(container, '当前环境不支持实时推送，每 10 秒刷新')).toBeTruthy();
    expect(queryByText(container, '点此开启新订单提示音')).toBeNull();
    expect(platform.setTitle).toHaveBeenLastCalledWith('(1) 订单看板');
    const reads = a.merchant.orders.mock.calls.length;
    await actAsync(() => jest.advanceTimersByTime(10_000));
    expect(a.merchant.orders.mock.calls.length).toBe(reads + 1);
    expect(platform.alerts.rings).toEqual(['order', 'order', 'order']);
  });

  it('another restaurant of the account rings on the board too, with a banner that opens its board', async () => {
    const a = api();
    a.merchant.restaurants.mockResolvedValue({
      list: [restaurant, { ...restaurant, restaurant_id: 12, name: 'Dumpling House' }],
    });
    a.merchant.orders.mockResolvedValue({ list: [], waiting: 0, last_event_id: 3 });
    const { container, platform } = await renderPage(MerchantOrdersPage, {
      isH5: false,
      storage: { _lang: 'en', token: 't' },
      api: a,
    });
    await settle();
    await actAsync(() => platform.eventStreams.last!.open());
    await settle();
    a.merchant.orders.mockImplementation(async (rid) =>
      rid === 12
        ? { list: [order(8, { restaurant_id: 12 })], waiting: 1, last_event_id: 4 }
        : { list: [], waiting: 0, last_event_id: 4 },
    );
    await actAsync(() =>
      platform.eventStreams.last!.send({
        id: 4,
        type: 'order.placed',
        order_id: 8,
        restaurant_id: 12,
        at: 1,
        from: null,
        status: 6,
      }),
    );
    await settle();
    expect(platform.alerts.rings).toEqual(['order']);
    expect(platform.setTitle).toHaveBeenLastCalledWith('(1) Order board');
    // The board shows Night Skewers (nothing waits there): the banner is Dumpling House's.
    expect(queryByText(container, /accept or reject it/)).toBeNull();
    await click(getByText(container, 'Dumpling House: 1 new order waiting, tap to open its board'));
    await settle();
    expect(a.merchant.orders).toHaveBeenLastCalledWith(12, 'new');
    await waitFor(() => getByText(container, '#SZ8'));
    expect(getByText(container, '1 new order waiting: accept or reject it')).toBeTruthy();
    expect(queryByText(container, /tap to open its board/)).toBeNull();
    expect(platform.navigation.backTo).not.toHaveBeenCalled();
  });

  it('rings on the sold-out screen too: banner back to the board, title count, stops when accepted elsewhere', async () => {
    const a = api();
    a.merchant.orders.mockResolvedValue({ list: [], waiting: 0, last_event_id: 3 });
    a.restaurants.menu.mockResolvedValue({ restaurant_id: 9, item_count: 0, categories: [] });
    const { container, platform } = await renderPage(MerchantSoldOutPage, {
      storage: { _lang: 'cn', token: 't' },
      api: a,
    });
    await settle();
    // The console's counts are read (no board is shown), then the stream resumes after them.
    expect(a.merchant.orders).toHaveBeenCalledWith(9, 'new');
    const stream = platform.eventStreams.last!;
    expect(stream.options.lastEventId).toBe('3');
    await actAsync(() => stream.open());
    await settle();
    await click(getByText(container, '点此开启新订单提示音'));
    await settle();
    a.merchant.orders.mockResolvedValue({ list: [order(1)], waiting: 1, last_event_id: 4 });
    await actAsync(() =>
      stream.send({ id: 4, type: 'order.placed', order_id: 1, restaurant_id: 9, at: 1, from: null, status: 6 }),
    );
    await settle();
    expect(platform.alerts.rings).toEqual(['order']);
    expect(platform.setTitle).toHaveBeenLastCalledWith('(1) 售罄管理');
    await actAsync(() => jest.advanceTimersByTime(5_000));
    expect(platform.alerts.rings).toEqual(['order', 'order']);
    const banner = getByText(container, 'Night Skewers：1 个新订单待处理，点此去接单');
    await click(banner);
    expect(platform.navigation.backTo).toHaveBeenCalledWith('merchantOrders');

    // Accepted by another member: the banner goes, the ringing stops, the title loses its count.
    await actAsync(() =>
      stream.send({ id: 5, type: 'order.status', order_id: 1, restaurant_id: 9, at: 2, from: 6, status: 10 }),
    );
    await settle();
    expect(queryByText(container, /点此去接单/)).toBeNull();
    await actAsync(() => jest.advanceTimersByTime(20_000));
    expect(platform.alerts.rings).toEqual(['order', 'order']);
    expect(platform.setTitle).toHaveBeenLastCalledWith('售罄管理');
  });
});
