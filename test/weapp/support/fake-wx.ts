/**
 * A fake `wx` for the compiled mini program: in-memory storage, wx.request answered by a handler the test provides,
 * navigation checked against app.json as WeChat checks it, and the device, UI and lifecycle APIs Taro and the app
 * call, each answering as WeChat does (`<name>:ok`, success then complete, on a later turn). Every call is recorded.
 *
 * Taro turns the own enumerable functions of `wx` into its API (Object.keys), so an API missing here makes Taro warn
 * `小程序暂不支持 <name>` when the app calls it; the harness reports that warning as a problem.
 */
import path from 'node:path';
import { allPages, type AppJson } from '../dist';
import { parsePageUrl } from './data-tree';
import type { EventLoop } from './event-loop';

type Callbacks = { success?: (res: unknown) => void; fail?: (res: unknown) => void; complete?: (res: unknown) => void };
export type WxOptions = Callbacks & Record<string, unknown>;

export interface FakeRequest {
  url: string;
  method: string;
  header: Record<string, string>;
  data: unknown;
  /** The path after `/api/szeat/`, e.g. `article`; undefined for any other URL. */
  endpoint?: string;
  /** Query string of the URL, plus `data` for a GET as the real wx.request sends it. */
  query: Record<string, string>;
  /** The app asked for the answer in chunks (enableChunked): a handler may answer `chunks`. */
  chunked?: boolean;
  /** Aborted when the app aborts the request task. */
  signal?: AbortSignal;
}

export interface FakeResponse {
  statusCode?: number;
  data: unknown;
  header?: Record<string, string>;
  /**
   * For a chunked request: the body as it arrives (each piece reaches the task's onChunkReceived listeners as an
   * ArrayBuffer); success follows when it ends. While it streams the request does not hold the app unsettled.
   */
  chunks?: AsyncIterable<Uint8Array>;
}

/** Answers the app's wx.request calls; throw (or reject) to make the request fail at the transport level. */
export type RequestHandler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export interface ApiCall {
  api: string;
  args: unknown[];
}

export interface FakeWxContext {
  loop: EventLoop;
  app: AppJson;
  handler: RequestHandler;
  storage: Map<string, unknown>;
  calls: ApiCall[];
  requests: FakeRequest[];
  navigationFailures: string[];
  /** Route of the page on top, for relative navigation urls. */
  currentRoute(): string | undefined;
  launchOptions(): Record<string, unknown>;
  /**
   * wx.requestPayment: what WeChat's payment sheet does with the parameters (throw an Error whose message is the
   * errMsg, e.g. 'requestPayment:fail cancel', to fail), at once or in a promise (the sheet is open meanwhile, and
   * the payment server may notify ours before it closes). Default: paid.
   */
  requestPayment?(options: WxOptions): Record<string, unknown> | void | Promise<Record<string, unknown> | void>;
  /** wx.showModal: the customer's answer (default: confirm). */
  modalAnswer?(options: WxOptions): boolean;
  /** Whether a tap's handlers are running now: WeChat shows requestSubscribeMessage's question only then. */
  inTap?(): boolean;
  /** wx.requestSubscribeMessage: the answer per template id ('accept', 'reject', ...); default: all accepted. */
  subscribeAnswer?(options: WxOptions): Record<string, string> | void;
  /** wx.chooseMedia: the files the customer chose (tempFiles); throw to fail. Default: the customer cancels. */
  chooseMedia?(options: WxOptions): Record<string, unknown>;
  /**
   * wx.uploadFile: what the upload answers ({ statusCode, data }), reporting progress (0-100) as it goes; throw an
   * Error whose message is the errMsg to fail. Default: it fails (no uploads in the harness).
   */
  uploadFile?(
    options: WxOptions,
    progress: (percent: number) => void,
  ): Promise<{ statusCode: number; data: string }> | { statusCode: number; data: string };
}

const ASYNC_OK_APIS = [
  ['setNavigationBarTitle', 'setNavigationBarColor', 'showNavigationBarLoading', 'hideNavigationBarLoading'],
  ['showToast', 'hideToast', 'showLoading', 'hideLoading', 'pageScrollTo', 'startPullDownRefresh'],
  ['stopPullDownRefresh', 'setTabBarBadge', 'removeTabBarBadge', 'showTabBarRedDot', 'hideTabBarRedDot'],
  ['showTabBar', 'hideTabBar', 'setTabBarItem', 'setTabBarStyle', 'setBackgroundColor', 'setBackgroundTextStyle'],
  ['hideKeyboard', 'vibrateShort', 'vibrateLong', 'setClipboardData', 'makePhoneCall', 'previewImage'],
  ['showShareMenu', 'hideShareMenu', 'hideHomeButton', 'checkSession', 'navigateBack'],
].flat();

const LISTENER_APIS = [
  ['onAppShow', 'offAppShow', 'onAppHide', 'offAppHide', 'onError', 'offError', 'onUnhandledRejection'],
  ['offUnhandledRejection', 'onPageNotFound', 'offPageNotFound', 'onNetworkStatusChange', 'offNetworkStatusChange'],
  ['onWindowResize', 'offWindowResize', 'onThemeChange', 'offThemeChange', 'onMemoryWarning'],
].flat();

const noop = () => undefined;
const clone = (v: unknown) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

export const SYSTEM_INFO = {
  brand: 'devtools',
  model: 'iPhone 12/13 (Pro)',
  pixelRatio: 3,
  screenWidth: 390,
  screenHeight: 844,
  windowWidth: 390,
  windowHeight: 750,
  statusBarHeight: 47,
  language: 'zh_CN',
  version: '8.0.5',
  system: 'iOS 10.0.1',
  platform: 'devtools',
  fontSizeSetting: 16,
  SDKVersion: '3.4.0',
  benchmarkLevel: 1,
  theme: 'light',
  enableDebug: false,
  deviceOrientation: 'portrait',
  safeArea: { left: 0, right: 390, top: 47, bottom: 810, width: 390, height: 763 },
  host: { env: 'WeChat' },
};

export function eventChannel(): Record<string, unknown> {
  return { emit: noop, on: noop, once: noop, off: noop };
}

/** wx.createSelectorQuery(): every node measures as an empty box at the origin. */
export function selectorQuery(loop: EventLoop): Record<string, unknown> {
  const results: unknown[] = [];
  const query: Record<string, unknown> = {};
  const answer = (result: unknown) => () => {
    results.push(result);
    return query;
  };
  const nodesRef = {
    boundingClientRect: answer({ id: '', dataset: {}, left: 0, right: 0, top: 0, bottom: 0, width: 0, height: 0 }),
    scrollOffset: answer({ scrollLeft: 0, scrollTop: 0, scrollWidth: 0, scrollHeight: 0 }),
    fields: answer({}),
    node: answer({ node: null }),
    context: answer({ context: null }),
  };
  Object.assign(query, {
    in: () => query,
    select: () => nodesRef,
    selectAll: () => nodesRef,
    selectViewport: () => nodesRef,
    exec: (cb?: (res: unknown[]) => void) => cb && loop.later('SelectorQuery.exec callback', () => cb(results)),
  });
  return query;
}

export function createFakeWx(ctx: FakeWxContext): Record<string, unknown> {
  const { loop } = ctx;
  const wx: Record<string, unknown> = {};
  const sync = (name: string, impl: (...args: never[]) => unknown) => {
    wx[name] = (...args: unknown[]) => {
      ctx.calls.push({ api: name, args });
      return (impl as (...a: unknown[]) => unknown)(...args);
    };
  };
  /** An asynchronous API: success (or fail, when result throws) then complete, on a later turn. */
  const async = (name: string, result: (opts: WxOptions) => Record<string, unknown> = () => ({})) => {
    wx[name] = (opts: WxOptions = {}) => {
      ctx.calls.push({ api: name, args: [opts] });
      let ok = true;
      let res: Record<string, unknown>;
      try {
        res = { errMsg: `${name}:ok`, ...result(opts) };
      } catch (err) {
        ok = false;
        res = { errMsg: err instanceof Error ? err.message : `${name}:fail` };
      }
      loop.later(`wx.${name} callback`, () => {
        if (ok) opts.success?.(res);
        else opts.fail?.(res);
        opts.complete?.(res);
      });
    };
  };

  // storage: in memory; values round-trip through JSON as on the phone; a missing key reads as ''
  const { storage } = ctx;
  sync('getStorageSync', (key: string) => (storage.has(key) ? clone(storage.get(key)) : ''));
  sync('setStorageSync', (key: string, value: unknown) => void storage.set(key, clone(value)));
  sync('removeStorageSync', (key: string) => void storage.delete(key));
  sync('clearStorageSync', () => storage.clear());
  sync('getStorageInfoSync', () => ({ keys: [...storage.keys()], currentSize: 0, limitSize: 10240 }));
  async('getStorage', (o) => {
    if (!storage.has(String(o.key))) throw new Error('getStorage:fail data not found');
    return { data: clone(storage.get(String(o.key))) };
  });
  async('setStorage', (o) => {
    storage.set(String(o.key), clone(o.data));
    return {};
  });
  async('removeStorage', (o) => {
    storage.delete(String(o.key));
    return {};
  });
  async('clearStorage', () => {
    storage.clear();
    return {};
  });

  // device, app and launch information
  const { brand, model, system, platform, benchmarkLevel, SDKVersion, language, version, theme } = SYSTEM_INFO;
  const { pixelRatio, screenWidth, screenHeight, windowWidth, windowHeight, statusBarHeight, safeArea } = SYSTEM_INFO;
  sync('getSystemInfoSync', () => clone(SYSTEM_INFO));
  async('getSystemInfo', () => clone(SYSTEM_INFO));
  sync('getWindowInfo', () => ({
    pixelRatio,
    screenWidth,
    screenHeight,
    windowWidth,
    windowHeight,
    statusBarHeight,
    safeArea,
  }));
  sync('getDeviceInfo', () => ({ brand, model, system, platform, benchmarkLevel }));
  sync('getAppBaseInfo', () => ({ SDKVersion, language, version, theme, enableDebug: false }));
  sync('getMenuButtonBoundingClientRect', () => ({
    width: 87,
    height: 32,
    top: 51,
    right: 380,
    bottom: 83,
    left: 293,
  }));
  sync('getLaunchOptionsSync', () => ctx.launchOptions());
  sync('getEnterOptionsSync', () => ctx.launchOptions());
  sync('getAccountInfoSync', () => ({ miniProgram: { appId: 'touristappid', envVersion: 'develop', version: '' } }));
  sync('canIUse', () => true);
  sync('nextTick', (fn: () => void) => void Promise.resolve().then(() => loop.guard('wx.nextTick callback', fn)));
  sync('createSelectorQuery', () => selectorQuery(loop));
  sync('createIntersectionObserver', () => ({
    relativeTo: noop,
    relativeToViewport: noop,
    observe: noop,
    disconnect: noop,
  }));
  sync('getUpdateManager', () => ({
    onCheckForUpdate: noop,
    onUpdateReady: noop,
    onUpdateFailed: noop,
    applyUpdate: noop,
  }));
  sync('getRealtimeLogManager', () => ({ info: noop, warn: noop, error: noop, setFilterMsg: noop }));
  sync('reportAnalytics', noop);
  for (const name of LISTENER_APIS) sync(name, noop);

  // interface and the rest
  for (const name of ASYNC_OK_APIS) async(name);
  async('showModal', (o) => {
    // WeChat refuses a button label wider than 4 Chinese characters (the dialog never shows).
    const wide = (x: unknown) => typeof x === 'string' && x.replace(/[\u0391-\uFFE5]/g, 'aa').length > 8;
    if (wide(o.confirmText) || wide(o.cancelText)) {
      throw new Error('showModal:fail confirmText length should not larger then 4 Chinese characters');
    }
    const yes = ctx.modalAnswer ? ctx.modalAnswer(o) : true;
    return { confirm: yes, cancel: !yes, content: '' };
  });
  // The sheet stays open while its behaviour runs (counted as work in flight, like a request), then calls back.
  // WeChat asks the customer only inside a tap handler; elsewhere the call fails with this errMsg.
  async('requestSubscribeMessage', (opts) => {
    if (!ctx.inTap?.()) throw new Error('requestSubscribeMessage:fail can only be invoked by user TAP gesture.');
    const ids = (opts.tmplIds as string[] | undefined) ?? [];
    return ctx.subscribeAnswer?.(opts) ?? Object.fromEntries(ids.map((id) => [id, 'accept']));
  });
  wx.requestPayment = (opts: WxOptions = {}) => {
    ctx.calls.push({ api: 'requestPayment', args: [opts] });
    ctx.loop.pendingRequests++;
    void (async () => ctx.requestPayment?.(opts))()
      .then(
        (result) => ({ ok: true, res: { errMsg: 'requestPayment:ok', ...(result ?? {}) } }),
        (err: unknown) => ({
          ok: false,
          res: { errMsg: err instanceof Error ? err.message : 'requestPayment:fail' } as Record<string, unknown>,
        }),
      )
      .then(({ ok, res }) => {
        ctx.loop.pendingRequests--;
        ctx.loop.later('wx.requestPayment callback', () => {
          if (ok) opts.success?.(res);
          else opts.fail?.(res);
          opts.complete?.(res);
        });
      });
  };
  async('showActionSheet', () => ({ tapIndex: 0 }));
  async('getNetworkType', () => ({ networkType: 'wifi' }));
  async('login', () => ({ code: 'harness-login-code' }));
  async('getSetting', () => ({ authSetting: {} }));
  async('getClipboardData', () => ({ data: '' }));
  // The phone stands in Dongmen, Shenzhen (GCJ-02, which the app asks for).
  async('getLocation', () => ({
    latitude: 22.5485,
    longitude: 114.1235,
    speed: -1,
    accuracy: 30,
    altitude: 0,
    verticalAccuracy: 0,
    horizontalAccuracy: 30,
  }));

  // navigation: refused where WeChat refuses it, else recorded for the test to follow (openPage the url)
  for (const name of ['navigateTo', 'redirectTo', 'switchTab', 'reLaunch']) {
    async(name, (o) => {
      const problem = checkNavigation(ctx, name, String(o.url ?? ''));
      if (problem) {
        ctx.navigationFailures.push(problem);
        throw new Error(problem);
      }
      return name === 'navigateTo' ? { eventChannel: eventChannel() } : {};
    });
  }

  wx.request = (opts: WxOptions = {}) => {
    ctx.calls.push({ api: 'request', args: [opts] });
    return fakeRequest(ctx, opts);
  };
  async('chooseMedia', (o) => {
    if (!ctx.chooseMedia) throw new Error('chooseMedia:fail cancel');
    return ctx.chooseMedia(o);
  });
  // The upload task: in flight (like a request) while the behaviour runs; progress events, then the callback.
  wx.uploadFile = (opts: WxOptions = {}) => {
    ctx.calls.push({ api: 'uploadFile', args: [opts] });
    const listeners: Array<(p: Record<string, unknown>) => void> = [];
    const progress = (percent: number) =>
      loop.later('wx.uploadFile progress', () =>
        listeners.forEach((cb) => cb({ progress: percent, totalBytesSent: percent, totalBytesExpectedToSend: 100 })),
      );
    ctx.loop.pendingRequests++;
    void (async () => {
      if (!ctx.uploadFile) throw new Error('uploadFile:fail not available in the harness');
      return ctx.uploadFile(opts, progress);
    })()
      .then(
        (result) => ({ ok: true, res: { errMsg: 'uploadFile:ok', ...result } as Record<string, unknown> }),
        (err: unknown) => ({
          ok: false,
          res: { errMsg: err instanceof Error ? err.message : 'uploadFile:fail' } as Record<string, unknown>,
        }),
      )
      .then(({ ok, res }) => {
        ctx.loop.pendingRequests--;
        loop.later('wx.uploadFile callback', () => {
          if (ok) opts.success?.(res);
          else opts.fail?.(res);
          opts.complete?.(res);
        });
      });
    return {
      abort: noop,
      onProgressUpdate: (cb: (p: Record<string, unknown>) => void) => void listeners.push(cb),
      offProgressUpdate: noop,
    };
  };
  wx.env = { USER_DATA_PATH: 'wxfile://usr' };
  return wx;
}

/** WeChat's own refusals: an unknown page, navigateTo a tab page, switchTab to a page that is not a tab. */
function checkNavigation(ctx: FakeWxContext, api: string, url: string): string | undefined {
  // A relative url is relative to the current page, as in WeChat.
  const absolute = url.startsWith('/') ? url : `/${path.posix.join(path.posix.dirname(ctx.currentRoute() ?? ''), url)}`;
  const { route } = parsePageUrl(absolute);
  if (!allPages(ctx.app).includes(route)) return `${api}:fail page "${route}" is not found`;
  const tabs = (ctx.app.tabBar?.list ?? []).map((t) => t.pagePath);
  if ((api === 'navigateTo' || api === 'redirectTo') && tabs.includes(route)) {
    return `${api}:fail can not ${api} a tabbar page`;
  }
  if (api === 'switchTab' && !tabs.includes(route)) return `${api}:fail can not switch to no-tabBar page`;
  return undefined;
}

function fakeRequest(ctx: FakeWxContext, opts: WxOptions): Record<string, unknown> {
  const url = String(opts.url ?? '');
  const method = String(opts.method ?? 'GET').toUpperCase();
  const header = { ...((opts.header ?? {}) as Record<string, string>) };
  let query: Record<string, string> = {};
  let endpoint: string | undefined;
  try {
    const u = new URL(url);
    query = Object.fromEntries(u.searchParams);
    endpoint = /\/api\/szeat\/(.+)$/.exec(u.pathname)?.[1];
  } catch {
    // not an absolute URL (WeChat would refuse it): the handler sees it as it came
  }
  if (method === 'GET' && opts.data && typeof opts.data === 'object') {
    for (const [k, v] of Object.entries(opts.data as Record<string, unknown>)) {
      if (v !== undefined) query[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
  }
  const controller = new AbortController();
  const chunked = opts.enableChunked === true;
  const req: FakeRequest = {
    url,
    method,
    header,
    data: opts.data,
    endpoint,
    query,
    chunked,
    signal: controller.signal,
  };
  ctx.requests.push(req);
  ctx.loop.pendingRequests++;
  let aborted = false;
  let pending = true;
  const settled = () => {
    if (pending) ctx.loop.pendingRequests--;
    pending = false;
  };
  const chunkListeners: Array<(res: { data: ArrayBuffer }) => void> = [];
  const finish = (ok: boolean, res: Record<string, unknown>) => {
    settled();
    if (aborted) return;
    ctx.loop.guard(`wx.request ${ok ? 'success' : 'fail'} callback for ${url}`, () => {
      if (ok) opts.success?.(res);
      else opts.fail?.(res);
      opts.complete?.(res);
    });
  };
  const stream = async (res: FakeResponse): Promise<FakeResponse> => {
    if (!chunked || !res.chunks) return res;
    // Streaming: the app is settled while it waits for the next piece.
    settled();
    try {
      for await (const piece of res.chunks) {
        if (aborted) break;
        const data = Uint8Array.from(piece).buffer;
        ctx.loop.later(`wx.request chunk for ${url}`, () => chunkListeners.forEach((cb) => cb({ data })));
      }
    } catch (err) {
      if (!aborted) throw err;
    }
    return { ...res, data: new ArrayBuffer(0) };
  };
  Promise.resolve()
    .then(() => ctx.handler(req))
    .then(stream)
    .then(
      (res) =>
        finish(true, {
          data: clone(res.data),
          statusCode: res.statusCode ?? 200,
          header: res.header ?? { 'Content-Type': 'application/json' },
          cookies: [],
          errMsg: 'request:ok',
        }),
      (err: unknown) => finish(false, { errMsg: `request:fail ${err instanceof Error ? err.message : String(err)}` }),
    );
  const abort = () => {
    aborted = true;
    controller.abort();
  };
  return {
    abort,
    onHeadersReceived: noop,
    offHeadersReceived: noop,
    onChunkReceived: (cb: (res: { data: ArrayBuffer }) => void) => void chunkListeners.push(cb),
    offChunkReceived: noop,
  };
}
