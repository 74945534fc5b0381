import { fakeTaro, resetFakeTaro } from '../support/fake-taro';
import { weappNavigation } from '../../../src/platform/navigation';
import { h5Navigation } from '../../../src/platform/navigation-h5';
import { BUILT_ROUTES, ROUTES, type RouteName } from '../../../src/routes';

/** The page a route opens in the mini program: its own once built, the not-found page until then. */
const weappPage = (route: RouteName) => `/${(BUILT_ROUTES.includes(route) ? ROUTES[route] : ROUTES.notFound).page}`;

jest.mock('@tarojs/taro', () => jest.requireActual('../support/fake-taro').fakeTaroModule);

beforeEach(() => {
  resetFakeTaro();
  window.history.replaceState({}, '', '/');
});

describe('weapp navigation', () => {
  it('opens a tab page with switchTab (no parameters: switchTab takes none)', async () => {
    await weappNavigation.go('orders');
    await weappNavigation.go('home', { from: 'x' });
    expect(fakeTaro.switchTab.mock.calls.map((c) => c[0].url)).toEqual([
      '/screens/main/orders/index',
      '/screens/main/home/index',
    ]);
    expect(fakeTaro.navigateTo).not.toHaveBeenCalled();
  });

  it('opens other pages with navigateTo, parameters on the query string', async () => {
    await weappNavigation.go('article', { id: 42 });
    await weappNavigation.go('login', { isBack: 1 });
    await weappNavigation.go('search');
    expect(fakeTaro.navigateTo.mock.calls.map((c) => c[0].url)).toEqual([
      '/screens/misc/article/index?id=42',
      BUILT_ROUTES.includes('login') ? `${weappPage('login')}?isBack=1` : weappPage('login'),
      weappPage('search'),
    ]);
    expect(fakeTaro.switchTab).not.toHaveBeenCalled();
  });

  it('replaces with reLaunch', async () => {
    await weappNavigation.replace('home');
    await weappNavigation.replace('orderDetail', { orderId: 'A1' });
    expect(fakeTaro.reLaunch.mock.calls.map((c) => c[0].url)).toEqual([
      '/screens/main/home/index',
      BUILT_ROUTES.includes('orderDetail') ? `${weappPage('orderDetail')}?orderId=A1` : weappPage('orderDetail'),
    ]);
  });

  it('opens the not-found page for a screen that is not built, and never rejects', async () => {
    const unbuilt = (Object.keys(ROUTES) as RouteName[]).find((r) => !BUILT_ROUTES.includes(r));
    if (unbuilt) {
      await weappNavigation.go(unbuilt, { x: 1 });
      expect(fakeTaro.navigateTo).toHaveBeenLastCalledWith(
        expect.objectContaining({ url: `/${ROUTES.notFound.page}` }),
      );
    }
    fakeTaro.navigateTo.mockRejectedValueOnce(new Error('navigateTo:fail page limit exceeded'));
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(weappNavigation.go('article', { id: 1 })).resolves.toBeUndefined();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('goes back when there is a page to go back to, else relaunches home', async () => {
    fakeTaro.getCurrentPages.mockReturnValue([
      { route: 'screens/main/home/index' },
      { route: 'screens/misc/article/index' },
    ]);
    await weappNavigation.back();
    expect(fakeTaro.navigateBack).toHaveBeenCalledTimes(1);
    expect(fakeTaro.reLaunch).not.toHaveBeenCalled();
    fakeTaro.getCurrentPages.mockReturnValue([{ route: 'screens/misc/article/index' }]);
    await weappNavigation.back();
    expect(fakeTaro.navigateBack).toHaveBeenCalledTimes(1);
    expect(fakeTaro.reLaunch).toHaveBeenCalledWith({ url: '/screens/main/home/index' });
  });

  it('redirects in place of the current page (the stack below kept), a tab page with switchTab', async () => {
    await weappNavigation.redirect('merchantBusy');
    await weappNavigation.redirect('orders');
    expect(fakeTaro.redirectTo).toHaveBeenCalledWith({ url: weappPage('merchantBusy') });
    expect(fakeTaro.switchTab).toHaveBeenCalledWith({ url: '/screens/main/orders/index' });
    expect(fakeTaro.reLaunch).not.toHaveBeenCalled();
  });

  it('goes back to a page below as far as it is, else redirects to it (never stacked twice)', async () => {
    fakeTaro.getCurrentPages.mockReturnValue([
      { route: 'screens/main/mine/index' },
      { route: 'screens/merchant/orders/index' },
      { route: 'screens/merchant/soldout/index' },
      { route: 'screens/merchant/busy/index' },
    ]);
    await weappNavigation.backTo('merchantOrders');
    expect(fakeTaro.navigateBack).toHaveBeenCalledWith({ delta: 2 });
    // Opened straight on a console screen: nothing of the board below, it takes this page's place.
    fakeTaro.getCurrentPages.mockReturnValue([{ route: 'screens/merchant/busy/index' }]);
    await weappNavigation.backTo('merchantOrders');
    expect(fakeTaro.navigateBack).toHaveBeenCalledTimes(1);
    expect(fakeTaro.redirectTo).toHaveBeenCalledWith({ url: weappPage('merchantOrders') });
    // The current page itself does not count as below.
    fakeTaro.getCurrentPages.mockReturnValue([{ route: 'screens/merchant/orders/index' }]);
    await weappNavigation.backTo('merchantOrders');
    expect(fakeTaro.navigateBack).toHaveBeenCalledTimes(1);
    expect(fakeTaro.reLaunch).not.toHaveBeenCalled();
  });

  it("reads the page's query parameters, without Taro's own", () => {
    fakeTaro.getCurrentInstance.mockReturnValue({ router: { params: { id: 42, $taroTimestamp: 1700000000 } } });
    expect(weappNavigation.params('article')).toEqual({ id: '42' });
    fakeTaro.getCurrentInstance.mockReturnValue({});
    expect(weappNavigation.params('article')).toEqual({});
  });
});

describe('H5 navigation', () => {
  it("navigates to the specification's paths, dynamic segments filled", async () => {
    await h5Navigation.go('article', { id: 42 });
    await h5Navigation.go('settlement', { rid: 7, from: 'cart' });
    await h5Navigation.go('home');
    await h5Navigation.go('restaurantList');
    expect(fakeTaro.navigateTo.mock.calls.map((c) => c[0].url)).toEqual([
      '/article/42',
      '/settlemt/7?from=cart',
      '/',
      '/restaurant_list',
    ]);
    expect(fakeTaro.switchTab).not.toHaveBeenCalled();
  });

  it('refuses to build a path with a missing segment', async () => {
    await expect(h5Navigation.go('article')).rejects.toThrow(/id/);
    expect(fakeTaro.navigateTo).not.toHaveBeenCalled();
  });

  it('replaces with reLaunch', async () => {
    await h5Navigation.replace('home');
    await h5Navigation.replace('orderDetail', { orderId: 9 });
    expect(fakeTaro.reLaunch.mock.calls.map((c) => c[0].url)).toEqual(['/', '/order_detail/9']);
    expect(fakeTaro.navigateTo).not.toHaveBeenCalled();
  });

  it('redirects with redirectTo (the history entry replaced), and goes back to the board when it is below', async () => {
    await h5Navigation.redirect('merchantToday');
    expect(fakeTaro.redirectTo).toHaveBeenCalledWith({ url: '/merchant/today' });
    // Taro's H5 stack names its pages by path.
    fakeTaro.getCurrentPages.mockReturnValue([
      { route: '/merchant/orders', path: '/merchant/orders?x=1' },
      { route: '/merchant/today', path: '/merchant/today' },
    ] as never);
    await h5Navigation.backTo('merchantOrders');
    expect(fakeTaro.navigateBack).toHaveBeenCalledWith({ delta: 1 });
    fakeTaro.getCurrentPages.mockReturnValue([{ route: '/merchant/today' }]);
    await h5Navigation.backTo('merchantOrders');
    expect(fakeTaro.redirectTo).toHaveBeenLastCalledWith({ url: '/merchant/orders' });
    expect(fakeTaro.reLaunch).not.toHaveBeenCalled();
  });

  it('reads the id from the path /article/42, merged with the query', () => {
    window.history.pushState({}, '', '/article/42?from=footer');
    fakeTaro.getCurrentInstance.mockReturnValue({ router: { params: { from: 'footer', $taroTimestamp: 1 } } });
    expect(h5Navigation.params('article')).toEqual({ id: '42', from: 'footer' });
  });

  it('lets the path segment win over a query parameter of the same name', () => {
    window.history.pushState({}, '', '/article/42');
    fakeTaro.getCurrentInstance.mockReturnValue({ router: { params: { id: '7' } } });
    expect(h5Navigation.params('article').id).toBe('42');
  });

  it('decodes query values, which Taro leaves percent-encoded (a malformed one stays as it is)', () => {
    window.history.pushState({}, '', '/search');
    fakeTaro.getCurrentInstance.mockReturnValue({ router: { params: { keyword: '%E9%9D%A2%20a%26b', bad: '100%' } } });
    expect(h5Navigation.params('search')).toEqual({ keyword: '面 a&b', bad: '100%' });
    fakeTaro.getCurrentInstance.mockReturnValue({ router: { params: { keyword: '%E7%82%92%E9%A5%AD' } } });
    expect(weappNavigation.params('search')).toEqual({ keyword: '炒饭' });
  });

  it('gives only the query when the path is not the route', () => {
    window.history.pushState({}, '', '/somewhere/else');
    fakeTaro.getCurrentInstance.mockReturnValue({ router: { params: { q: 'noodles' } } });
    expect(h5Navigation.params('article')).toEqual({ q: 'noodles' });
  });

  // Taro's router (the history package) keeps { idx } in history.state: 0 on the first screen of the tab. Its page
  // stack (getCurrentPages) holds the screens opened in this document; navigateBack with one page is history.go(0).
  const stack = (...paths: string[]) =>
    fakeTaro.getCurrentPages.mockReturnValue(paths.map((path) => ({ route: path.replace(/\?.*/, ''), path })) as never);

  it('goes back through the history when there is an earlier screen in the page stack, as before', async () => {
    window.history.replaceState({ idx: 0 }, '', '/restaurant_detail?id=3');
    window.history.pushState({ idx: 1 }, '', '/order_detail/88');
    stack('/restaurant_detail?id=3', '/order_detail/88');
    await h5Navigation.back();
    expect(fakeTaro.navigateBack).toHaveBeenCalledTimes(1);
    expect(fakeTaro.reLaunch).not.toHaveBeenCalled();
  });

  // A screen alone in Taro's stack though the history has an earlier entry (idx 1): navigateBack would reload it.
  it.each([
    // restaurant -> settlement, which redirected to payment success, which redirected to the order.
    [
      'an order opened in place of another screen (View order on payment success) goes to the orders tab',
      '/restaurant_detail?id=3',
      '/order_detail/88',
      '/orders',
    ],
    ['a restaurant page reloaded after the site was browsed goes home', '/', '/restaurant_detail?id=3', '/'],
  ])('%s, it does not reload', async (_what, earlier, here, parent) => {
    window.history.replaceState({ idx: 0 }, '', earlier);
    window.history.pushState({ idx: 1 }, '', here);
    stack(here);
    await h5Navigation.back();
    expect(fakeTaro.navigateBack).not.toHaveBeenCalled();
    expect(fakeTaro.reLaunch.mock.calls.map((c) => c[0].url)).toEqual([parent]);
  });

  it("a screen opened by its URL goes to its parent: an order's to the orders tab, the account's to mine, a restaurant home", async () => {
    const opened: Array<[string, string]> = [
      ['/order_detail/88', '/orders'],
      ['/rating/88', '/orders'],
      ['/wallet', '/mine'],
      ['/address_edit?id=4', '/mine'],
      ['/restaurant_detail?id=3', '/'],
      ['/article/42', '/'],
      ['/no/such/screen', '/'],
    ];
    for (const [url] of opened) {
      window.history.replaceState({ idx: 0 }, '', url);
      stack(url);
      await h5Navigation.back();
    }
    expect(fakeTaro.navigateBack).not.toHaveBeenCalled();
    expect(fakeTaro.reLaunch.mock.calls.map((c) => c[0].url)).toEqual(opened.map(([, parent]) => parent));
  });

  it('goes home when the screen was opened directly, whatever history.length says (another site before it)', async () => {
    window.history.pushState({}, '', '/elsewhere');
    window.history.pushState({ idx: 0 }, '', '/login?isBack=1');
    expect(window.history.length).toBeGreaterThan(1);
    await h5Navigation.back();
    expect(fakeTaro.navigateBack).not.toHaveBeenCalled();
    expect(fakeTaro.reLaunch.mock.calls.map((c) => c[0].url)).toEqual(['/']);
  });
});
