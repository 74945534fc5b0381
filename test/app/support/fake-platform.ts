import type {
  LatLng,
  Navigation,
  OpenUrlOutcome,
  PaymentOutcome,
  PaymentTicket,
  PickedFile,
  PickPhotosOptions,
  Platform,
  PlaceOnMap,
  RawRequest,
  RawResponse,
  UploadOptions,
  UploadResult,
  WechatLoginKind,
} from '../../../src/platform/types';
import { fakeAlerts, fakeEventStreams } from './fake-streams';
import { buildPath, ROUTES, type RouteName, type RouteParams } from '../../../src/routes';

/** An in-memory Storage whose calls are recorded. */
export function memoryStorage(initial: Record<string, unknown> = {}) {
  const data = new Map<string, unknown>(Object.entries(initial));
  const get = jest.fn((key: string): unknown => data.get(key));
  return {
    data,
    get: get as typeof get & (<T>(key: string) => T | undefined),
    set: jest.fn((key: string, value: unknown) => {
      data.set(key, value);
    }),
    remove: jest.fn((key: string) => {
      data.delete(key);
    }),
  };
}

export type FakeNavigation = { [K in keyof Navigation]: jest.Mock };

export interface FakePlatformOptions {
  isH5?: boolean;
  /** Whether platform.eventStreams can hold a stream (default true). */
  streams?: boolean;
  storage?: Record<string, unknown>;
  /** Answers platform.request; defaults to a 1000 envelope with null data. */
  respond?: (req: RawRequest) => Promise<RawResponse> | RawResponse;
  /** What navigation.params() returns. */
  params?: Record<string, string>;
  /** What feedback.confirm() answers (default yes). */
  confirm?: boolean;
  /** Which WeChat sign-in login.wechat() reports (default: mini-program off H5, none on H5). */
  wechat?: WechatLoginKind;
  /** What platform.payment.pay() answers, in turn (the last one repeats); default 'paid'. */
  payOutcomes?: Array<'paid' | 'cancelled' | 'left' | Error>;
  /** What location.current() gives (GCJ-02) or rejects with; default: it never answers. */
  position?: LatLng | Error;
  /** What openUrl() answers (default 'opened'). */
  openUrl?: OpenUrlOutcome;
  /** What webViewAllowed() answers (default false). */
  webViewAllowed?: boolean;
  /** Whether copyText() succeeds (default yes). */
  copies?: boolean;
  /** What media.pickPhotos() answers, in turn (the last one repeats); default none chosen. */
  picks?: PickedFile[][];
  /** Answers platform.upload (default: each file answers a 1000 envelope with photo id 1, 2, ...). */
  uploadWith?: (options: UploadOptions) => Promise<UploadResult[]>;
  /** Subscribe messages: supported (default: off H5, as the mini program) and what the customer answers (all accept). */
  subscribeAnswer?: string;
  /** What media.preview() answers (default: like the mini program, true off H5, false on H5). */
  nativePreview?: boolean;
}

/** A Platform made of jest fakes; `requests` records every request the platform was asked to make. */
export function fakePlatform(options: FakePlatformOptions = {}) {
  const requests: RawRequest[] = [];
  let payCalls = 0;
  let pickCalls = 0;
  let uploadCount = 0;
  const storage = memoryStorage(options.storage);
  const navigation: FakeNavigation = {
    go: jest.fn(async () => {}),
    replace: jest.fn(async () => {}),
    redirect: jest.fn(async () => {}),
    backTo: jest.fn(async () => {}),
    setParams: jest.fn(async () => {}),
    back: jest.fn(async () => {}),
    params: jest.fn(() => ({ ...(options.params ?? {}) })),
  };
  const feedback = {
    toast: jest.fn(),
    showBusy: jest.fn(),
    hideBusy: jest.fn(),
    confirm: jest.fn(
      async (_message: string, _options?: { confirmText?: string; cancelText?: string }) => options.confirm ?? true,
    ),
  };
  const login = {
    wechat: jest.fn((): WechatLoginKind => options.wechat ?? (options.isH5 === false ? 'mini-program' : 'none')),
    code: jest.fn(async () => 'wx-code-1'),
    returnUrl: jest.fn((path: string) => `https://szeat.test${path}`),
    leaveTo: jest.fn(),
  };
  const platform = {
    name: options.isH5 === false ? 'weapp' : 'h5',
    isH5: options.isH5 !== false,
    storage,
    request: jest.fn(async (req: RawRequest): Promise<RawResponse> => {
      requests.push(req);
      if (options.respond) return options.respond(req);
      return { statusCode: 200, data: { code: 1000, msg: 'ok', data: null } };
    }),
    upload: jest.fn(async (o: UploadOptions): Promise<UploadResult[]> => {
      if (options.uploadWith) return options.uploadWith(o);
      o.onProgress?.(100);
      return o.files.map(() => ({
        statusCode: 200,
        data: { code: 1000, msg: 'ok', data: { id: ++uploadCount, url: `/uploads/p${uploadCount}.jpg` } },
      }));
    }),
    subscribe: {
      supported: options.isH5 === false,
      request: jest.fn(async (ids: readonly string[]) =>
        options.isH5 === false ? Object.fromEntries(ids.map((id) => [id, options.subscribeAnswer ?? 'accept'])) : {},
      ),
    },
    media: {
      pickPhotos: jest.fn(async (_o: PickPhotosOptions): Promise<PickedFile[]> => {
        const picks = options.picks ?? [[]];
        return picks[Math.min(pickCalls++, picks.length - 1)]!;
      }),
      cameraChoice: jest.fn(() => false),
      preview: jest.fn((_urls: string[], _current: string) => options.nativePreview ?? options.isH5 === false),
    },
    navigation,
    login,
    feedback,
    reload: jest.fn(),
    setTitle: jest.fn(),
    stopPullDownRefresh: jest.fn(),
    showShareMenu: jest.fn(),
    setTabLabels: jest.fn(),
    startOfflineCache: jest.fn(),
    location: {
      current: jest.fn(async (): Promise<LatLng> => {
        const p = options.position;
        if (p instanceof Error) throw p;
        return p ? { ...p } : new Promise<LatLng>(() => {});
      }),
    },
    // The mini program's map: positions pass through unchanged.
    map: { tileUrl: '', attribution: '', toMap: (p: LatLng) => ({ ...p }), fromMap: (p: LatLng) => ({ ...p }) },
    scrollTo: jest.fn(),
    openUrl: jest.fn(async (_url: string): Promise<OpenUrlOutcome> => options.openUrl ?? 'opened'),
    webViewAllowed: jest.fn((_url: string) => options.webViewAllowed ?? false),
    copyText: jest.fn(async (_text: string) => options.copies ?? true),
    siteUrl: jest.fn((route: RouteName, params?: RouteParams) =>
      options.isH5 === false ? '' : `https://szeat.test${buildPath(ROUTES[route].path, params)}`,
    ),
    eventStreams: fakeEventStreams(options.streams ?? true),
    alerts: fakeAlerts(options.isH5 !== false),
    contact: {
      call: jest.fn(async (phone: string) => phone !== ''),
      showOnMap: jest.fn(async (_place: PlaceOnMap) => true),
      mapUrl: jest.fn((place: PlaceOnMap) =>
        options.isH5 === false ? '' : `https://uri.amap.com/marker?position=${place.lng},${place.lat}`,
      ),
    },
    payment: {
      pay: jest.fn(async (_ticket: PaymentTicket): Promise<PaymentOutcome> => {
        const outcomes = options.payOutcomes ?? ['paid'];
        const next = outcomes[Math.min(payCalls++, outcomes.length - 1)]!;
        if (next instanceof Error) throw next;
        return next;
      }),
      returnUrl: jest.fn((path: string) => (options.isH5 === false ? undefined : path)),
    },
  } satisfies Platform;
  return Object.assign(platform, { requests });
}

export type FakePlatform = ReturnType<typeof fakePlatform>;

/** A promise whose settling the test controls. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
