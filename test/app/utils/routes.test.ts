import { BUILT_ROUTES, ROUTES, buildPath, matchPath, type RouteName } from '../../../src/routes';

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
    tabs.forEach((r) => expect(ROUTES[r].page).toMatch(/^pages\//));
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
