import {
  BUILT_ROUTES,
  ROUTES,
  buildPath,
  matchPath,
  miniProgramPackages,
  packagesOf,
  type RouteName,
} from '../../../src/routes';
import { parentOf, routeOfPath } from '../../../src/route-parents';

describe('buildPath', () => {
  it('fills :name segments', () => {
    expect(buildPath('/article/:id', { id: 42 })).toBe('/article/42');
    expect(buildPath('/settlemt/:rid', { rid: '7' })).toBe('/settlemt/7');
  });

  it('puts the other parameters on the query string, skipping undefined', () => {
    expect(buildPath('/login', { isBack: 1, none: undefined })).toBe('/login?isBack=1');
    expect(buildPath('/order_detail/:orderId', { orderId: 5, tab: 'lines' })).toBe('/order_detail/5?tab=lines');
  });

  it('encodes segments and query values', () => {
    expect(buildPath('/order_detail/:orderId', { orderId: 'a/b c' })).toBe('/order_detail/a%2Fb%20c');
    expect(buildPath('/search', { q: '炒饭 & rice' })).toBe(`/search?q=${encodeURIComponent('炒饭 & rice')}`);
  });

  it('gives the bare path without parameters', () => {
    expect(buildPath('/')).toBe('/');
    expect(buildPath('/mine', {})).toBe('/mine');
  });

  it('throws for a missing or empty segment', () => {
    expect(() => buildPath('/article/:id')).toThrow('Missing route parameter id');
    expect(() => buildPath('/article/:id', { id: '' })).toThrow(/id/);
  });
});

describe('matchPath', () => {
  it('reads the segments', () => {
    expect(matchPath('/article/:id', '/article/42')).toEqual({ id: '42' });
    expect(matchPath('/paySucc/:orderId', '/paySucc/ORD-1')).toEqual({ orderId: 'ORD-1' });
  });

  it('accepts a trailing slash and decodes', () => {
    expect(matchPath('/article/:id', '/article/42/')).toEqual({ id: '42' });
    expect(matchPath('/order_detail/:orderId', '/order_detail/a%20b')).toEqual({ orderId: 'a b' });
  });

  it('gives {} for a matching static path and undefined for no match', () => {
    expect(matchPath('/mine', '/mine')).toEqual({});
    expect(matchPath('/article/:id', '/article')).toBeUndefined();
    expect(matchPath('/article/:id', '/article/42/more')).toBeUndefined();
    expect(matchPath('/article/:id', '/x/article/42')).toBeUndefined();
  });

  it('round-trips with buildPath', () => {
    expect(matchPath('/rating/:orderId', buildPath('/rating/:orderId', { orderId: 'Z 9' }))).toEqual({
      orderId: 'Z 9',
    });
  });
});

describe('route table', () => {
  it("has the specification's H5 paths", () => {
    const paths = Object.fromEntries(Object.entries(ROUTES).map(([name, def]) => [name, def.path]));
    expect(paths).toMatchObject({
      home: '/',
      restaurantList: '/restaurant_list',
      restaurantDetail: '/restaurant_detail',
      search: '/search',
      login: '/login',
      register: '/register',
      settlement: '/settlemt/:rid',
      mine: '/mine',
      orderDetail: '/order_detail/:orderId',
      paySuccess: '/paySucc/:orderId',
      article: '/article/:id',
      rating: '/rating/:orderId',
      forgetpwd: '/forgetpwd',
    });
  });

  it('has exactly the three tab pages home, orders and mine', () => {
    const tabs = (Object.keys(ROUTES) as RouteName[]).filter((r) => ROUTES[r].tab);
    expect(tabs.sort()).toEqual(['home', 'mine', 'orders']);
    tabs.forEach((r) => expect(ROUTES[r].page).toMatch(/^screens\/main\//));
  });

  it('gives every route a unique page and path', () => {
    const defs = Object.values(ROUTES);
    expect(new Set(defs.map((d) => d.page)).size).toBe(defs.length);
    expect(new Set(defs.map((d) => d.path)).size).toBe(defs.length);
  });

  it('lists only known routes as built', () => {
    BUILT_ROUTES.forEach((r) => expect(ROUTES).toHaveProperty(r));
  });
});

describe('mini program packages (derived from the route table)', () => {
  it('puts every built route in exactly one package, the tab pages in the main one', () => {
    const { pages, subPackages } = miniProgramPackages();
    const all = [...pages, ...subPackages.flatMap((p) => p.pages.map((page) => `${p.root}/${page}`))];
    expect([...all].sort()).toEqual(BUILT_ROUTES.map((r) => ROUTES[r].page).sort());
    expect(pages[0]).toBe(ROUTES.home.page);
    for (const route of Object.values(ROUTES).filter((r) => r.tab)) expect(pages).toContain(route.page);
  });

  it('keeps the not-found page last, in the last package', () => {
    const { subPackages } = miniProgramPackages();
    const last = subPackages[subPackages.length - 1]!;
    expect(`${last.root}/${last.pages[last.pages.length - 1]}`).toBe(ROUTES.notFound.page);
  });

  it('makes a package for a new screen folder without any list to update', () => {
    const nf = 'screens/misc/not-found/index';
    const result = packagesOf(
      [
        'screens/main/home/index',
        'screens/misc/article/index',
        nf,
        'screens/promo/landing/index',
        'screens/promo/deal/index',
        'screens/order/rating/index',
      ],
      nf,
    );
    expect(result).toEqual({
      pages: ['screens/main/home/index'],
      subPackages: [
        { root: 'screens/promo', pages: ['landing/index', 'deal/index'] },
        { root: 'screens/order', pages: ['rating/index'] },
        { root: 'screens/misc', pages: ['article/index', 'not-found/index'] },
      ],
    });
  });

  it('includes a reserved route as soon as it is built', () => {
    const built = miniProgramPackages([...BUILT_ROUTES, 'rating']);
    expect(built.subPackages.find((p) => p.root === 'screens/order')?.pages).toContain('rating/index');
  });
});

describe('parentOf / routeOfPath (where a back arrow leads with nothing to go back to, issue 15 §3)', () => {
  it("an order's screens lead to the orders tab, the account's to mine, the others home", () => {
    expect((['orderDetail', 'rating', 'paySuccess'] as RouteName[]).map(parentOf)).toEqual([
      'orders',
      'orders',
      'orders',
    ]);
    expect((['wallet', 'vouchers', 'addresses', 'addressEdit', 'myRatings'] as RouteName[]).map(parentOf)).toEqual(
      Array(5).fill('mine'),
    );
    expect(
      (['restaurantDetail', 'search', 'restaurantList', 'article', 'login', 'settlement'] as RouteName[]).map(parentOf),
    ).toEqual(Array(6).fill('home'));
  });

  it('every parent is a tab page', () => {
    for (const route of Object.keys(ROUTES) as RouteName[]) {
      expect(ROUTES[parentOf(route)].tab).toBe(true);
    }
  });

  it('reads the screen from its H5 path', () => {
    expect(routeOfPath('/order_detail/88')).toBe('orderDetail');
    expect(routeOfPath('/paySucc/88/')).toBe('paySuccess');
    expect(routeOfPath('/')).toBe('home');
    expect(routeOfPath('/mine')).toBe('mine');
    expect(routeOfPath('/order_detail')).toBeUndefined();
    expect(routeOfPath('/elsewhere')).toBeUndefined();
  });
});
