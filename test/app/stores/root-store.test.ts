import { RootStore } from '../../../src/stores/root-store';
import { SearchStore, SessionStore, UiStore } from '../../../src/stores';
import type { Api } from '../../../src/services';
import { cartOf } from '../../../src/stores/cart';
import { CartStore } from '../../../src/stores/cart-store';
import { loadPack } from '../../../src/i18n';
import { fakePlatform } from '../support/fake-platform';

// English is not bundled on H5 (test/app/i18n/lazy-language.test.tsx): here it is loaded first, as start-up does.
beforeAll(() => loadPack('en'));

describe('RootStore', () => {
  it('builds its stores on the platform storage', () => {
    const platform = fakePlatform({ storage: { token: 't', _lang: 'en' } });
    const store = new RootStore({ platform, apiBase: '' });
    expect(store.platform).toBe(platform);
    expect(store.session).toBeInstanceOf(SessionStore);
    expect(store.ui).toBeInstanceOf(UiStore);
    expect(store.search).toBeInstanceOf(SearchStore);
    expect(store.session.isLoggedIn).toBe(true);
    expect(store.ui.lang).toBe('en');
  });

  it('attaches a store on first use, once per app (the cart, whose code each mini program sub-package carries)', () => {
    const platform = fakePlatform();
    const store = new RootStore({ platform, apiBase: '' });
    const cart = cartOf(store);
    expect(cart).toBeInstanceOf(CartStore);
    expect(cartOf(store)).toBe(cart);
    // A second copy of stores/cart.ts (another sub-package's) finds the same store.
    const make = jest.fn(() => new CartStore({} as never));
    expect(store.attach('cart', make)).toBe(cart);
    expect(make).not.toHaveBeenCalled();
    expect(cartOf(new RootStore({ platform, apiBase: '' }))).not.toBe(cart);
  });

  it('wires api calls with the base, the session token and the language', async () => {
    const platform = fakePlatform({
      respond: () => ({ statusCode: 200, data: { code: 1000, msg: 'ok', data: { id: 42, title: 'What Do We Do' } } }),
    });
    const store = new RootStore({ platform, apiBase: 'https://api.example.com' });

    await expect(store.api.articles.get(42)).resolves.toMatchObject({ title: 'What Do We Do' });
    expect(platform.requests[0]!.url).toBe('https://api.example.com/api/szeat/article?id=42');
    expect(platform.requests[0]!.header).toEqual({ 'Accept-Language': 'cn' });

    store.session.setToken('tok-9');
    platform.storage.set('_lang', 'en');
    const en = new RootStore({ platform, apiBase: 'https://api.example.com' });
    await en.api.articles.news(1);
    expect(platform.requests[1]!.header).toEqual({ 'Accept-Language': 'en', Authorization: 'Bearer tok-9' });
  });

  it('follows the session as it changes (token read at each call)', async () => {
    const platform = fakePlatform();
    const store = new RootStore({ platform, apiBase: '' });
    await store.api.articles.news(1);
    store.session.setToken('fresh');
    await store.api.articles.news(1);
    store.session.clear();
    await store.api.articles.news(1);
    expect(platform.requests.map((r) => r.header.Authorization)).toEqual([undefined, 'Bearer fresh', undefined]);
  });

  it('Log Out revokes the dropped token on the server, and the next calls go without one', async () => {
    const platform = fakePlatform({ storage: { token: 'tok-1', userInfo: { name: 'Li' } } });
    const store = new RootStore({ platform, apiBase: '' });
    await store.session.logout();
    await store.api.articles.news(1);
    expect(platform.requests.map((r) => [r.method, r.url, r.header.Authorization])).toEqual([
      ['POST', '/api/szeat/logout', 'Bearer tok-1'],
      ['GET', '/api/szeat/whats-news-list?page=1', undefined],
    ]);
    expect(store.session.isLoggedIn).toBe(false);
  });

  it('a revoke answering 1002 (token already dead) changes nothing else', async () => {
    const platform = fakePlatform({
      storage: { token: 'tok-1' },
      respond: () => ({ statusCode: 401, data: { code: 1002, msg: 'Session expired', data: null } }),
    });
    const store = new RootStore({ platform, apiBase: '' });
    const clear = jest.spyOn(store.session, 'clear');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    await store.session.logout();
    expect(clear).toHaveBeenCalledTimes(1);
    expect(store.session.isLoggedIn).toBe(false);
    warn.mockRestore();
  });

  it('logs the session out when a call answers 1002', async () => {
    const platform = fakePlatform({
      storage: { token: 'expired', userInfo: { name: 'Li' } },
      respond: () => ({ statusCode: 401, data: { code: 1002, msg: 'Session expired', data: null } }),
    });
    const store = new RootStore({ platform, apiBase: '' });
    await expect(store.api.articles.news(1)).rejects.toMatchObject({ code: 1002 });
    expect(store.session.isLoggedIn).toBe(false);
    expect(platform.storage.data.has('token')).toBe(false);
    // Only the call itself: no logout call with the dead token.
    expect(platform.requests).toHaveLength(1);
  });

  it('uses an api handed in (tests) instead of building one', () => {
    const api = { articles: { list: jest.fn(), news: jest.fn(), get: jest.fn() } } as unknown as Api;
    const store = new RootStore({ platform: fakePlatform(), apiBase: '', api });
    expect(store.api).toBe(api);
  });
});
