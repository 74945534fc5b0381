import { ACTIONS } from '../../../src/services/actions';
import {
  ActionNotFoundError,
  ApiError,
  HttpError,
  createHttp,
  fillPath,
  toQuery,
  type HttpDeps,
} from '../../../src/services/http';
import { TransportError, type RawRequest, type RawResponse } from '../../../src/platform/types';
import { RootStore } from '../../../src/stores/root-store';
import { deferred, fakePlatform } from '../support/fake-platform';

const ok = (data: unknown): RawResponse => ({ statusCode: 200, data: { code: 1000, msg: 'ok', data } });

function setup(
  overrides: Partial<HttpDeps> & { respond?: (req: RawRequest) => Promise<RawResponse> | RawResponse } = {},
) {
  const platform = fakePlatform({ respond: overrides.respond ?? (() => ok(null)) });
  let token: string | undefined = 'tok-1';
  const deps: HttpDeps = {
    platform,
    baseUrl: 'https://api.example.com',
    getToken: () => token,
    getLang: () => 'en',
    onSessionInvalid: jest.fn(),
    // The app's actions plus the path-placeholder patterns these tests use.
    actions: {
      GET: [...ACTIONS.GET, 'orders/{orderId}/lines', 'orders/{orderId}'],
      POST: [...ACTIONS.POST, 'carts/{rid}/items'],
    },
    ...overrides,
  };
  return {
    platform,
    deps,
    http: createHttp(deps),
    setToken: (t: string | undefined) => {
      token = t;
    },
  };
}

describe('URLs', () => {
  it('joins the base and /api/szeat/ with exactly one slash each', async () => {
    for (const baseUrl of ['https://api.example.com', 'https://api.example.com/']) {
      const { http, platform } = setup({ baseUrl });
      await http.get('me');
      await http.get('/storelist');
      expect(platform.requests.map((r) => r.url)).toEqual([
        'https://api.example.com/api/szeat/me',
        'https://api.example.com/api/szeat/storelist',
      ]);
    }
  });

  it('works with an empty base (same origin, H5)', async () => {
    const { http, platform } = setup({ baseUrl: '' });
    await http.get('me');
    expect(platform.requests[0]!.url).toBe('/api/szeat/me');
  });

  it('fills {name} placeholders and does not send them again', async () => {
    const { http, platform } = setup();
    await http.get('orders/{orderId}/lines', { orderId: 'A 1', page: 2 });
    await http.post('carts/{rid}/items', { rid: 5, dish: 3 });
    expect(platform.requests[0]!.url).toBe('https://api.example.com/api/szeat/orders/A%201/lines?page=2');
    expect(platform.requests[1]!.url).toBe('https://api.example.com/api/szeat/carts/5/items');
    expect(platform.requests[1]!.data).toEqual({ dish: 3 });
  });

  it('refuses a call with a missing placeholder, before sending anything', async () => {
    const { http, platform } = setup();
    await expect(http.get('orders/{orderId}', {})).rejects.toThrow(/orderId/);
    expect(platform.request).not.toHaveBeenCalled();
  });

  it('fillPath and toQuery on their own', () => {
    expect(fillPath('a/{x}/b/{y}', { x: 1, y: 'two', z: 3 })).toEqual({ path: 'a/1/b/two', rest: { z: 3 } });
    expect(toQuery({ a: 1, b: undefined, c: null, d: 'x y', e: false, f: [1, 2] })).toBe(
      `a=1&d=x%20y&e=false&f=${encodeURIComponent('[1,2]')}`,
    );
  });
});

describe('unsupported actions (spec §8)', () => {
  it('throws that the action was not found, before sending anything', async () => {
    const { http, platform } = setup();
    await expect(http.get('nosuchaction')).rejects.toThrow(new ActionNotFoundError('GET', 'nosuchaction'));
    await expect(http.get('nosuchaction')).rejects.toThrow('Action not found: GET nosuchaction');
    await expect(http.post('/nosuchaction', { a: 1 })).rejects.toBeInstanceOf(ActionNotFoundError);
    expect(() => http.url('nosuchaction')).toThrow(ActionNotFoundError);
    expect(platform.request).not.toHaveBeenCalled();
  });

  it('knows each action only with its method', async () => {
    const { http, platform } = setup();
    await expect(http.post('storelist')).rejects.toThrow('Action not found: POST storelist');
    await expect(http.get('login')).rejects.toThrow('Action not found: GET login');
    expect(platform.request).not.toHaveBeenCalled();
    await http.get('storelist');
    await http.post('login', {});
    expect(platform.requests.map((r) => r.method)).toEqual(['GET', 'POST']);
  });

  it("uses the app's action list when none is given", async () => {
    const platform = fakePlatform({ respond: () => ok(null) });
    const http = createHttp({
      platform,
      baseUrl: '',
      getToken: () => undefined,
      getLang: () => 'cn',
      onSessionInvalid: jest.fn(),
    });
    await expect(http.get('orders/{orderId}', { orderId: 1 })).rejects.toBeInstanceOf(ActionNotFoundError);
    await http.get('popuplist');
    expect(platform.requests.map((r) => r.url)).toEqual(['/api/szeat/popuplist']);
  });
});

describe('parameters', () => {
  it('GET: parameters on the query string, undefined and null skipped, no body', async () => {
    const { http, platform } = setup();
    await http.get('cartlist', { restaurant_id: 12, keyword: 'rice & noodles', none: undefined, nil: null, zero: 0 });
    const req = platform.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.url).toBe(
      'https://api.example.com/api/szeat/cartlist?restaurant_id=12&keyword=rice%20%26%20noodles&zero=0',
    );
    expect(req.data).toBeUndefined();
    expect(req.header['Content-Type']).toBeUndefined();
  });

  it('GET without parameters: no "?"', async () => {
    const { http, platform } = setup();
    await http.get('promolist');
    expect(platform.requests[0]!.url).toBe('https://api.example.com/api/szeat/promolist');
  });

  it('POST: parameters in a JSON body, not on the query string', async () => {
    const { http, platform } = setup();
    await http.post('login', { email: 'a@b.com', password: 'secret12', code: '' });
    const req = platform.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://api.example.com/api/szeat/login');
    expect(req.data).toEqual({ email: 'a@b.com', password: 'secret12', code: '' });
    expect(req.header['Content-Type']).toBe('application/json');
  });
});

describe('headers', () => {
  it('sends Authorization: Bearer <token> only when a token exists', async () => {
    const { http, platform, setToken } = setup();
    await http.get('me');
    setToken(undefined);
    await http.get('promolist');
    setToken('');
    await http.get('promolist');
    expect(platform.requests[0]!.header.Authorization).toBe('Bearer tok-1');
    expect(platform.requests[1]!.header).not.toHaveProperty('Authorization');
    expect(platform.requests[2]!.header).not.toHaveProperty('Authorization');
  });

  it('sends Accept-Language from getLang, read at each call', async () => {
    let lang: 'cn' | 'en' = 'cn';
    const { http, platform } = setup({ getLang: () => lang });
    await http.get('me');
    lang = 'en';
    await http.post('login', {});
    expect(platform.requests.map((r) => r.header['Accept-Language'])).toEqual(['cn', 'en']);
  });

  it('passes no timeout by default, and one when a call asks', async () => {
    const { http, platform } = setup();
    await http.get('me');
    await http.get('me', {}, { timeout: 8000 });
    expect(platform.requests[0]).not.toHaveProperty('timeout');
    expect(platform.requests[1]!.timeout).toBe(8000);
  });
});

describe('answers', () => {
  it('unwraps the envelope: data on code 1000', async () => {
    const { http } = setup({ respond: () => ok({ list: [1, 2], total_num: 2 }) });
    await expect(http.get('cartlist', { restaurant_id: 1 })).resolves.toEqual({ list: [1, 2], total_num: 2 });
  });

  it('turns any other code into an ApiError with code, msg and data', async () => {
    const { http, deps } = setup({
      respond: () => ({ statusCode: 409, data: { code: 1005, msg: 'Sold out', data: { item: 3 } } }),
    });
    const err = await http.post('addcart', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 1005, message: 'Sold out', data: { item: 3 } });
    expect(deps.onSessionInvalid).not.toHaveBeenCalled();
  });

  it('an error envelope with status 200 is still an ApiError', async () => {
    const { http } = setup({ respond: () => ({ statusCode: 200, data: { code: 1001, msg: 'Closed', data: null } }) });
    await expect(http.get('storeinfo')).rejects.toMatchObject({ name: 'ApiError', code: 1001, message: 'Closed' });
  });

  it('a non-2xx answer without an envelope is an HttpError of kind status with the status', async () => {
    const { http } = setup({ respond: () => ({ statusCode: 502, data: '<html>Bad Gateway</html>' }) });
    const err = await http.get('me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ kind: 'status', status: 502 });
  });

  it.each([
    ['network', 'request:fail'],
    ['timeout', 'request:fail timeout'],
    ['cancel', 'request:fail abort'],
  ] as const)('a transport failure of kind %s is an HttpError of that kind', async (kind, msg) => {
    const { http } = setup({
      respond: () => {
        throw new TransportError(kind, msg);
      },
    });
    const err = await http.get('me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ kind, message: msg });
    expect((err as HttpError).status).toBeUndefined();
  });

  it('any other failure of the platform is a network HttpError', async () => {
    const { http } = setup({
      respond: () => {
        throw new Error('boom');
      },
    });
    await expect(http.get('me')).rejects.toMatchObject({ name: 'HttpError', kind: 'network' });
  });
});

describe('session invalid (1002)', () => {
  const invalid: RawResponse = { statusCode: 401, data: { code: 1002, msg: 'Please log in again', data: null } };

  it('calls onSessionInvalid once and raises an ApiError 1002', async () => {
    const { http, deps } = setup({ respond: () => invalid });
    await expect(http.get('me')).rejects.toMatchObject({ name: 'ApiError', code: 1002 });
    expect(deps.onSessionInvalid).toHaveBeenCalledTimes(1);
  });

  it('does not call it when no token was sent', async () => {
    const { http, deps, setToken } = setup({ respond: () => invalid });
    setToken(undefined);
    await expect(http.get('me')).rejects.toMatchObject({ code: 1002 });
    expect(deps.onSessionInvalid).not.toHaveBeenCalled();
  });

  it('logs out exactly once when two concurrent calls fail with 1002 (wired as in RootStore)', async () => {
    const answers = [deferred<RawResponse>(), deferred<RawResponse>()];
    let n = 0;
    const platform = fakePlatform({
      storage: { token: 'tok-1', userInfo: { name: 'Li' } },
      respond: () => answers[n++]!.promise,
    });
    const store = new RootStore({ platform, apiBase: '' });
    // 1002 forgets the session locally (clear); it does not call the server's logout with a dead token.
    const clear = jest.spyOn(store.session, 'clear');
    const logout = jest.spyOn(store.session, 'logout');
    expect(store.session.isLoggedIn).toBe(true);

    const first = store.api.articles.news(1).catch((e: unknown) => e);
    const second = store.api.articles.list(1).catch((e: unknown) => e);
    expect(platform.requests.map((r) => r.header.Authorization)).toEqual(['Bearer tok-1', 'Bearer tok-1']);
    answers[0]!.resolve(invalid);
    answers[1]!.resolve(invalid);
    expect(await first).toMatchObject({ code: 1002 });
    expect(await second).toMatchObject({ code: 1002 });

    expect(clear).toHaveBeenCalledTimes(1);
    expect(logout).not.toHaveBeenCalled();
    expect(platform.requests).toHaveLength(2);
    expect(store.session.isLoggedIn).toBe(false);
    expect(platform.storage.data.has('token')).toBe(false);
    expect(platform.storage.data.has('userInfo')).toBe(false);
  });

  it('does not log out a session started while a stale call was in flight', async () => {
    const answer = deferred<RawResponse>();
    const platform = fakePlatform({ storage: { token: 'old' }, respond: () => answer.promise });
    const store = new RootStore({ platform, apiBase: '' });
    const pending = store.api.articles.news(1).catch((e: unknown) => e);
    store.session.setToken('new');
    answer.resolve(invalid);
    await pending;
    expect(store.session.token).toBe('new');
  });
});

describe('busy spinner', () => {
  it('shows once and hides once for two overlapping busy calls', async () => {
    const answers = [deferred<RawResponse>(), deferred<RawResponse>()];
    let n = 0;
    const { http, platform } = setup({ respond: () => answers[n++]!.promise });
    const a = http.get('article', { id: 1 }, { busy: true });
    const b = http.get('article', { id: 2 }, { busy: true });
    expect(platform.feedback.showBusy).toHaveBeenCalledTimes(1);
    answers[0]!.resolve(ok(1));
    await a;
    expect(platform.feedback.hideBusy).not.toHaveBeenCalled();
    answers[1]!.resolve(ok(2));
    await b;
    expect(platform.feedback.showBusy).toHaveBeenCalledTimes(1);
    expect(platform.feedback.hideBusy).toHaveBeenCalledTimes(1);
  });

  it('hides it when the call fails, and shows it again for the next call', async () => {
    const { http, platform } = setup({
      respond: () => {
        throw new TransportError('network', 'request:fail');
      },
    });
    await expect(http.get('article', { id: 1 }, { busy: true })).rejects.toBeInstanceOf(HttpError);
    expect(platform.feedback.hideBusy).toHaveBeenCalledTimes(1);
    await expect(http.get('article', { id: 1 }, { busy: true })).rejects.toBeInstanceOf(HttpError);
    expect(platform.feedback.showBusy).toHaveBeenCalledTimes(2);
    expect(platform.feedback.hideBusy).toHaveBeenCalledTimes(2);
  });

  it('is not shown for calls that do not ask for it', async () => {
    const { http, platform } = setup();
    await http.get('me');
    expect(platform.feedback.showBusy).not.toHaveBeenCalled();
    expect(platform.feedback.hideBusy).not.toHaveBeenCalled();
  });
});

describe('saved answers', () => {
  it('tells onAnswer of every answered GET, by action, and whether the service worker gave its saved copy', async () => {
    const onAnswer = jest.fn();
    const { http } = setup({
      onAnswer,
      respond: (req) => ({ ...ok([]), ...(req.url.includes('menulist') ? { saved: true } : {}) }),
    });
    await http.get('menulist', { restaurant_id: 9 });
    await http.get('/storeinfo', { id: 9 });
    await http.post('addcart', { item_id: 1 });
    expect(onAnswer.mock.calls).toEqual([
      ['menulist', true],
      ['storeinfo', false],
    ]);
  });

  it('reaches the UI store through RootStore', async () => {
    const platform = fakePlatform({ respond: () => ({ ...ok({ categories: [] }), saved: true }) });
    const store = new RootStore({ platform, apiBase: '' });
    await store.api.restaurants.menu(9);
    expect(store.ui.showsSaved(['menulist'])).toBe(true);
  });
});
