/**
 * Pull-to-refresh on home, the restaurant list, orders, wallet and vouchers (usePullRefresh: what is shown stays until
 * the new answers are in, the indicator stops once all are settled, a failure is a toast), and the share payload of
 * a restaurant page (issue 15, section 5).
 */
import HomePage from '../../../src/screens/main/home';
import OrdersPage from '../../../src/screens/main/orders';
import RestaurantListPage from '../../../src/screens/discover/restaurant-list';
import RestaurantDetailPage from '../../../src/screens/discover/restaurant-detail';
import WalletPage from '../../../src/screens/account/wallet';
import VouchersPage from '../../../src/screens/account/vouchers';
import { HttpError } from '../../../src/services/http';
import type { Voucher, Wallet } from '../../../types/api/wallet';
import { menu, store, storeInfo } from '../support/discover';
import { deferred } from '../support/fake-platform';
import { orderSummary } from '../support/orders';
import { fakeApi, paged, renderPage, savedStorage, summary, withAccountDefaults } from '../support/page';
import { actAsync, getByText, queryByText, waitFor } from '../support/render';
import { pullDown, sharePayload } from '../support/taro-page-hooks';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const loggedIn = { _lang: 'en', token: 'tok', userInfo: { nickname: 'Lei' } };

const wallet = (balance_fen: number): Wallet => ({
  balance_fen,
  list: [
    {
      id: balance_fen,
      amount_fen: balance_fen,
      balance_after_fen: balance_fen,
      reason: 'topup',
      reason_text: `Top-up ${balance_fen}`,
      order_id: null,
      order_no: null,
      created_at: Date.UTC(2026, 10, 1),
    },
  ],
});
const voucher = (id: number, name: string): Voucher => ({
  id,
  name,
  discount_fen: 500,
  min_goods_fen: 0,
  restaurant_id: null,
  restaurant_name: null,
  valid_from: 0,
  valid_until: Date.UTC(2030, 0, 1),
  used_at: null,
  order_id: null,
  state: 'usable',
});

describe('pull-to-refresh', () => {
  it('orders: the list stays while the new one loads, then is replaced; the indicator stops after', async () => {
    const api = withAccountDefaults(fakeApi());
    api.orders.list.mockResolvedValueOnce(paged([orderSummary(7, { status: 2, restaurant_name: 'Old Place' })]));
    const { container, platform } = await renderPage(OrdersPage, { isH5: false, storage: loggedIn, api });
    await waitFor(() => getByText(container, 'Old Place'));

    const answer = deferred<ReturnType<typeof paged>>();
    api.orders.list.mockReturnValueOnce(answer.promise as never);
    await actAsync(() => pullDown());
    expect(api.orders.list).toHaveBeenCalledTimes(2);
    expect(api.orders.list).toHaveBeenLastCalledWith(1, 10);
    // No loading state in place of the list while it refreshes.
    expect(getByText(container, 'Old Place')).toBeTruthy();
    expect(platform.stopPullDownRefresh).not.toHaveBeenCalled();

    await actAsync(() => answer.resolve(paged([orderSummary(8, { status: 2, restaurant_name: 'New Place' })])));
    await waitFor(() => getByText(container, 'New Place'));
    expect(queryByText(container, 'Old Place')).toBeNull();
    expect(platform.stopPullDownRefresh).toHaveBeenCalledTimes(1);
  });

  it('orders: a failed refresh keeps the list, says why, and stops the indicator', async () => {
    const api = withAccountDefaults(fakeApi());
    api.orders.list.mockResolvedValueOnce(paged([orderSummary(7, { status: 2, restaurant_name: 'Old Place' })]));
    const { container, platform } = await renderPage(OrdersPage, { isH5: false, storage: loggedIn, api });
    await waitFor(() => getByText(container, 'Old Place'));
    api.orders.list.mockRejectedValueOnce(new HttpError('network', 'offline'));
    await actAsync(() => pullDown());
    await waitFor(() => expect(platform.stopPullDownRefresh).toHaveBeenCalledTimes(1));
    expect(getByText(container, 'Old Place')).toBeTruthy();
    expect(platform.feedback.toast).toHaveBeenCalledWith(expect.any(String), 'error');
  });

  it('wallet: the balance and its lines are asked again', async () => {
    const api = withAccountDefaults(fakeApi());
    api.wallet.wallet.mockResolvedValueOnce(wallet(1000)).mockResolvedValueOnce(wallet(2500));
    const { container, platform } = await renderPage(WalletPage, { isH5: false, storage: loggedIn, api });
    await waitFor(() => getByText(container, 'Top-up 1000'));
    await actAsync(() => pullDown());
    await waitFor(() => getByText(container, 'Top-up 2500'));
    expect(api.wallet.wallet).toHaveBeenCalledTimes(2);
    expect(platform.stopPullDownRefresh).toHaveBeenCalledTimes(1);
  });

  it('vouchers: page 1 again', async () => {
    const api = withAccountDefaults(fakeApi());
    api.wallet.vouchers
      .mockResolvedValueOnce(paged([voucher(1, 'Welcome')]))
      .mockResolvedValueOnce(paged([voucher(2, 'Rainy day')]));
    const { container, platform } = await renderPage(VouchersPage, { isH5: false, storage: loggedIn, api });
    await waitFor(() => getByText(container, 'Welcome'));
    await actAsync(() => pullDown());
    await waitFor(() => getByText(container, 'Rainy day'));
    expect(api.wallet.vouchers).toHaveBeenLastCalledWith(1, 10);
    expect(platform.stopPullDownRefresh).toHaveBeenCalledTimes(1);
  });

  it('restaurant list: the list, the cuisines, promotions and ads again; the indicator waits for all of them', async () => {
    const api = withAccountDefaults(fakeApi());
    api.catalogue.cuisines.mockResolvedValue([{ id: 1, name: 'Cantonese', icon: '', store_count: 6 }]);
    api.catalogue.promotions.mockResolvedValue([]);
    api.catalogue.ads.mockResolvedValue([]);
    api.restaurants.list.mockResolvedValueOnce(paged([store(5, 'Hunan House')]));
    const { container, platform } = await renderPage(RestaurantListPage, {
      api,
      storage: savedStorage(),
    });
    await waitFor(() => getByText(container, 'Hunan House'));
    const ads = deferred<never[]>();
    api.catalogue.ads.mockReturnValueOnce(ads.promise);
    api.restaurants.list.mockResolvedValueOnce(paged([store(6, 'Green Bowl')]));
    await actAsync(() => pullDown());
    await waitFor(() => getByText(container, 'Green Bowl'));
    expect(api.catalogue.cuisines).toHaveBeenCalledTimes(2);
    expect(api.catalogue.promotions).toHaveBeenCalledTimes(2);
    expect(platform.stopPullDownRefresh).not.toHaveBeenCalled();
    await actAsync(() => ads.resolve([]));
    expect(platform.stopPullDownRefresh).toHaveBeenCalledTimes(1);
  });

  it('home: nearby restaurants, new restaurants and the news again', async () => {
    const api = withAccountDefaults(fakeApi());
    api.restaurants.list.mockResolvedValue(paged([store(5, 'Hunan House')]));
    api.restaurants.newest.mockResolvedValue(paged([store(9, 'Noodle Bar')]));
    api.articles.news
      .mockResolvedValueOnce(paged([summary(1, 'Old news')]))
      .mockResolvedValueOnce(paged([summary(2, 'Fresh news')]));
    const { container, platform } = await renderPage(HomePage, {
      api,
      storage: savedStorage(),
    });
    await waitFor(() => getByText(container, 'Old news'));
    await actAsync(() => pullDown());
    await waitFor(() => getByText(container, 'Fresh news'));
    expect(api.restaurants.list).toHaveBeenCalledTimes(2);
    expect(api.restaurants.newest).toHaveBeenCalledTimes(2);
    expect(platform.stopPullDownRefresh).toHaveBeenCalledTimes(1);
  });
});

describe('share', () => {
  it('a restaurant page shares its name and opens that restaurant, to a friend and to Moments', async () => {
    const api = withAccountDefaults(fakeApi());
    api.restaurants.info.mockResolvedValue(storeInfo(9, 'Dongmen Lanzhou Noodles'));
    api.restaurants.menu.mockResolvedValue(menu(9));
    api.catalogue.promotions.mockResolvedValue([]);
    const { container, platform } = await renderPage(RestaurantDetailPage, {
      api,
      isH5: false,
      params: { id: '9' },
      storage: { _lang: 'en' },
    });
    await waitFor(() => container.querySelector('.menu-item'));
    expect(platform.showShareMenu).toHaveBeenCalled();
    expect(sharePayload()).toEqual({
      title: 'Dongmen Lanzhou Noodles',
      path: '/screens/discover/restaurant-detail/index?id=9',
    });
    expect(sharePayload('timeline')).toEqual({ title: 'Dongmen Lanzhou Noodles', query: 'id=9' });
  });
});
