import MinePage from '../../../src/screens/main/mine';
import OrdersPage from '../../../src/screens/main/orders';
import NotFoundPage from '../../../src/screens/misc/not-found';
import type { UserInfo } from '../../../types/api/accounts';
import { order, orderSummary } from '../support/orders';
import { fakeApi, paged, renderPage, withAccountDefaults } from '../support/page';
import { actAsync, click, getByText, queryByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const loggedIn = { _lang: 'en', token: 'tok', userInfo: { nickname: 'Lei' } };

describe('mine page', () => {
  it('logged out: a prompt and Log In', async () => {
    const { container, platform } = await renderPage(MinePage, { isH5: false, storage: { _lang: 'en' } });
    expect(getByText(container, 'Log in to manage your orders, addresses, wallet and vouchers')).toBeTruthy();
    await click(getByText(container, 'Log In'));
    // Back to the user centre after logging in.
    expect(platform.navigation.go).toHaveBeenCalledWith('login', { isBack: 1 });
    expect(platform.setTitle).toHaveBeenCalledWith('User Center');
  });

  it('logged in: greets the user; Log Out logs out and goes home', async () => {
    const { container, platform, store } = await renderPage(MinePage, { isH5: false, storage: loggedIn });
    expect(getByText(container, 'Hello, Lei')).toBeTruthy();
    await click(getByText(container, 'Log Out'));
    expect(store.session.isLoggedIn).toBe(false);
    expect(platform.navigation.replace).toHaveBeenCalledWith('home');
    expect(getByText(container, 'Log In')).toBeTruthy();
  });
});

describe('mine page: wallet and vouchers', () => {
  it('show the balance and the usable vouchers, and open their screens', async () => {
    const api = withAccountDefaults(fakeApi());
    api.wallet.availableCount.mockResolvedValue({ count: 2 });
    const { container, platform } = await renderPage(MinePage, {
      isH5: false,
      api,
      storage: { ...loggedIn, userInfo: { nickname: 'Lei', wallet_balance_fen: 8850 } },
    });
    await waitFor(() => getByText(container, '2 available'));
    expect(getByText(container, '¥88.5')).toBeTruthy();
    await click(container.querySelector<HTMLElement>('.mine__entry--wallet')!);
    expect(platform.navigation.go).toHaveBeenCalledWith('wallet');
    await click(container.querySelector<HTMLElement>('.mine__entry--vouchers')!);
    expect(platform.navigation.go).toHaveBeenCalledWith('vouchers');
  });
});

describe('mine page: restaurant console entry', () => {
  const nightSkewers = { restaurant_id: 9, name: 'Night Skewers', role: 'staff' as const };
  const me = (memberships: Array<typeof nightSkewers>) => ({ id: 5, nickname: 'Lei', memberships }) as UserInfo;

  it('shows only for an account with a membership (from me), names its restaurant and opens the board', async () => {
    const api = withAccountDefaults(fakeApi());
    api.accounts.me.mockResolvedValue(me([]));
    const first = await renderPage(MinePage, { isH5: false, api, storage: loggedIn });
    await waitFor(() => expect(first.store.session.userInfo?.memberships).toEqual([]));
    expect(first.container.querySelector('.mine__entry--console')).toBeNull();
    await first.unmount();

    const staff = withAccountDefaults(fakeApi());
    staff.accounts.me.mockResolvedValue(me([nightSkewers]));
    const { container, platform } = await renderPage(MinePage, { isH5: false, api: staff, storage: loggedIn });
    await waitFor(() => getByText(container, 'Restaurant console'));
    expect(getByText(container, 'Night Skewers')).toBeTruthy();
    await click(container.querySelector<HTMLElement>('.mine__entry--console')!);
    expect(platform.navigation.go).toHaveBeenCalledWith('merchantOrders');
    // `me` carries the memberships: no call of its own, for customers or staff.
    expect(api.merchant.restaurants).not.toHaveBeenCalled();
    expect(staff.merchant.restaurants).not.toHaveBeenCalled();
    expect(staff.accounts.me).toHaveBeenCalledTimes(1);
  });

  it('a membership added or removed shows on the next me (each time the screen is shown)', async () => {
    const api = withAccountDefaults(fakeApi());
    api.accounts.me.mockResolvedValue(me([]));
    const { container, store } = await renderPage(MinePage, { isH5: false, api, storage: loggedIn });
    await waitFor(() => expect(api.accounts.me).toHaveBeenCalledTimes(1));
    expect(container.querySelector('.mine__entry--console')).toBeNull();
    api.accounts.me.mockResolvedValue(me([nightSkewers]));
    await actAsync(() => store.session.refresh());
    expect(getByText(container, 'Night Skewers')).toBeTruthy();
    api.accounts.me.mockResolvedValue(me([]));
    await actAsync(() => store.session.refresh());
    expect(container.querySelector('.mine__entry--console')).toBeNull();
    expect(api.merchant.restaurants).not.toHaveBeenCalled();
  });

  it('a user info stored by an older version (no memberships) shows no entry until me answers', async () => {
    const api = withAccountDefaults(fakeApi());
    const { container } = await renderPage(MinePage, { isH5: false, api, storage: loggedIn });
    expect(getByText(container, 'Hello, Lei')).toBeTruthy();
    expect(container.querySelector('.mine__entry--console')).toBeNull();
  });
});

describe('orders page', () => {
  it('logged out: a prompt to log in', async () => {
    const { container, platform } = await renderPage(OrdersPage, { isH5: false, storage: { _lang: 'en' } });
    expect(getByText(container, 'Log in to see your orders')).toBeTruthy();
    await click(getByText(container, 'Log In'));
    expect(platform.navigation.go).toHaveBeenCalledWith('login', { isBack: 1 });
    expect(platform.setTitle).toHaveBeenCalledWith('My orders');
  });

  it('an order that can be rated offers Rate (to its rating page, not its detail); a rated one says Rated', async () => {
    const api = withAccountDefaults(fakeApi());
    api.orders.list.mockResolvedValue(
      paged([orderSummary(7, { status: 3, can_rate: true }), orderSummary(5, { status: 9, rating_id: 3 })]),
    );
    const { container, platform } = await renderPage(OrdersPage, { storage: loggedIn, api });
    await click(await waitFor(() => getByText(container, 'Rate')));
    expect(platform.navigation.go).toHaveBeenCalledTimes(1);
    expect(platform.navigation.go).toHaveBeenCalledWith('rating', { orderId: 7 });
    expect(container.querySelectorAll('.order-card__rate')).toHaveLength(1);
    expect(container.querySelectorAll('.order-card__rated')).toHaveLength(1);
  });

  it('logged in: the empty list', async () => {
    const api = withAccountDefaults(fakeApi());
    api.orders.list.mockResolvedValue(paged([]));
    const { container } = await renderPage(OrdersPage, { isH5: false, storage: loggedIn, api });
    await waitFor(() => getByText(container, 'No orders yet'));
    expect(queryByText(container, 'Log in to see your orders')).toBeNull();
  });

  it('logged in: the orders with their status and total, load more, and each opens its detail', async () => {
    const api = withAccountDefaults(fakeApi());
    api.orders.list
      .mockResolvedValueOnce({ ...paged([orderSummary(7, { status: 2 })]), total: 2, has_more: true })
      .mockResolvedValueOnce({ ...paged([orderSummary(5, { status: 9, total_fen: 2550 })]), total: 2, page: 2 });
    const { container, platform } = await renderPage(OrdersPage, { isH5: false, storage: loggedIn, api });
    await waitFor(() => getByText(container, 'Driver on the way'));
    expect(api.orders.list).toHaveBeenCalledWith(1, 10);
    expect(container.querySelector('.order-card__total')!.textContent).toBe('¥45');
    await click(getByText(container, 'Load more'));
    await waitFor(() => getByText(container, 'Completed'));
    expect(api.orders.list).toHaveBeenLastCalledWith(2, 10);
    expect(container.querySelectorAll('.order-card')).toHaveLength(2);
    expect(getByText(container, 'No more orders')).toBeTruthy();
    await click(container.querySelectorAll<HTMLElement>('.order-card')[1]!);
    expect(platform.navigation.go).toHaveBeenCalledWith('orderDetail', { orderId: 5 });
  });

  it('an unpaid online order offers Pay now in the list; paying opens payment success', async () => {
    const api = withAccountDefaults(fakeApi());
    api.orders.list.mockResolvedValue(
      paged([orderSummary(7, { status: 0, needs_payment: true }), orderSummary(5, { status: 9 })]),
    );
    api.orders.pay.mockResolvedValue({
      provider: 'sandbox',
      order_id: 7,
      amount_fen: 4500,
      out_trade_no: 'SZ7-1',
      weapp: { timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA', paySign: 's' },
      pay_before: Date.UTC(2030, 0, 1),
    });
    const { container, platform } = await renderPage(OrdersPage, { isH5: false, storage: loggedIn, api });
    await waitFor(() => getByText(container, 'Awaiting payment'));
    expect(container.querySelectorAll('.order-card__pay')).toHaveLength(1);
    expect(container.querySelectorAll('.order-card__count')[0]!.textContent).toBe('2 items');
    await click(container.querySelector<HTMLElement>('.order-card__pay')!);
    await waitFor(() => expect(platform.navigation.go).toHaveBeenCalledWith('paySuccess', { orderId: 7 }));
    expect(api.orders.pay).toHaveBeenCalledWith({ order_id: 7, platform: 'weapp', return_url: undefined });
    // The tap paid; it did not also open the order.
    expect(platform.navigation.go).not.toHaveBeenCalledWith('orderDetail', expect.anything());
  });

  it('live: a listed order that changes is read again and its row replaced in place; a new order reads page 1 again', async () => {
    const api = withAccountDefaults(fakeApi());
    api.orders.list.mockResolvedValue(
      paged([
        orderSummary(7, { status: 6, status_text: 'Waiting for the restaurant' }),
        orderSummary(5, { status: 9 }),
      ]),
    );
    const { container, platform } = await renderPage(OrdersPage, { isH5: false, storage: loggedIn, api });
    await waitFor(() => getByText(container, 'Waiting for the restaurant'));
    const streams = platform.eventStreams;
    await waitFor(() => expect(streams.connections).toHaveLength(1));
    const { act } = await import('react');
    await act(async () => streams.last!.open());
    await waitFor(() => expect(api.orders.list).toHaveBeenCalledTimes(2));
    api.orders.info.mockResolvedValue(order(7, { status: 10, status_text: 'Confirmed by restaurant' }));
    await act(async () => streams.last!.send({ id: 3, type: 'order.status', order_id: 7, status: 10 }));
    await waitFor(() => getByText(container, 'Confirmed by restaurant'));
    expect(api.orders.info).toHaveBeenCalledWith(7);
    expect(api.orders.list).toHaveBeenCalledTimes(2);
    expect(container.querySelectorAll('.order-card')).toHaveLength(2);
    await act(async () => streams.last!.send({ id: 4, type: 'order.placed', order_id: 8 }));
    await waitFor(() => expect(api.orders.list).toHaveBeenCalledTimes(3));
  });

  it('a collection order marked ready reads "Ready for collection" (as its timeline step), an unmarked one and a delivery one being prepared do not (en and zh)', async () => {
    const markedAt = Date.UTC(2030, 0, 1, 4, 35);
    for (const [lang, ready, preparing] of [
      ['en', 'Ready for collection', 'Being prepared'],
      ['cn', '可取餐', '商家备餐中'],
    ] as const) {
      const api = withAccountDefaults(fakeApi());
      // The server's wording of status 1 in the request's language; the mark is what makes the difference.
      const at = (id: number, extra: Parameters<typeof orderSummary>[1]) =>
        orderSummary(id, { status: 1, status_text: preparing, ...extra });
      api.orders.list.mockResolvedValue(
        paged([
          at(7, { mode: 'collection', marked_ready_at: markedAt }),
          at(6, { mode: 'collection', marked_ready_at: null }),
          at(5, { mode: 'delivery' }),
        ]),
      );
      const view = await renderPage(OrdersPage, { isH5: false, storage: { ...loggedIn, _lang: lang }, api });
      await waitFor(() => expect(view.container.querySelectorAll('.order-card')).toHaveLength(3));
      const shown = [...view.container.querySelectorAll('.order-card .order-status')].map((e) => e.textContent);
      expect(shown).toEqual([ready, preparing, preparing]);
      await view.unmount();
    }
  });

  it('a failed list says so and retries', async () => {
    const api = withAccountDefaults(fakeApi());
    api.orders.list.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(paged([]));
    const { container } = await renderPage(OrdersPage, { isH5: false, storage: loggedIn, api });
    await waitFor(() => expect(getByText(container, 'Try again')).toBeTruthy());
    await click(getByText(container, 'Try again'));
    await waitFor(() => expect(getByText(container, 'No orders yet')).toBeTruthy());
    expect(api.orders.list).toHaveBeenCalledTimes(2);
  });
});

describe('not-found page', () => {
  it('says so, sets the title and leads home', async () => {
    const { container, platform } = await renderPage(NotFoundPage, { storage: { _lang: 'en' } });
    expect(getByText(container, '404')).toBeTruthy();
    expect(getByText(container.querySelector('.not-found')!, 'Page not found')).toBeTruthy();
    expect(platform.setTitle).toHaveBeenCalledWith('Page not found');
    await click(getByText(container, 'Back to home'));
    expect(platform.navigation.replace).toHaveBeenCalledWith('home');
  });
});
