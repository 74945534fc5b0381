import type { RouteName, RouteParams } from '../routes';
import type { LatLng } from './coords';
import type { EventStreams } from './event-stream';
import type { Alerts } from './alerts';
import type { SubscribeMessages } from './subscribe';

export type PlatformName = 'weapp' | 'h5';
export type HttpMethod = 'GET' | 'POST';

export interface RawRequest {
  url: string;
  method: HttpMethod;
  data?: Record<string, unknown>;
  header: Record<string, string>;
  /** Milliseconds; none by default (spec §9). */
  timeout?: number;
  /** Aborts the request; it then fails with a TransportError of kind `cancel`. */
  signal?: AbortSignal;
}

export interface RawResponse {
  statusCode: number;
  data: unknown;
  /** H5: the service worker answered with its saved copy (offline or a slow network); never set in the mini program. */
  saved?: boolean;
}

/** Why a request failed below HTTP: the client maps these to one typed error. */
export type TransportFailure = 'network' | 'timeout' | 'cancel';

export class TransportError extends Error {
  constructor(
    public readonly kind: TransportFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface PickedFile {
  /** Mini program: the temporary file path; H5: an object URL of the file (for previews). */
  path: string;
  size: number;
  name?: string;
  /** H5: the file itself, sent by the upload. */
  blob?: Blob;
}

/** Where pictures come from: the camera, the album, or either (the platform asks). */
export type PhotoSource = 'camera' | 'album' | 'any';

export interface PickPhotosOptions {
  /** At most this many pictures (1 or more). */
  count: number;
  source?: PhotoSource;
}

/** Choosing pictures and showing them full size (mini program chooseMedia / previewImage; H5 a file input). */
export interface Media {
  /**
   * Mini program: `chooseMedia` (pictures only, compressed, camera and album or the one asked). H5: a file input
   * (`accept="image/*"`, `capture` when the camera is asked). Resolves [] when the customer cancels.
   */
  pickPhotos(options: PickPhotosOptions): Promise<PickedFile[]>;
  /** H5 on a phone: the camera can be asked for apart from the album (the mini program's sheet offers both). */
  cameraChoice(): boolean;
  /**
   * Shows pictures full size, starting at `current`: the mini program's `previewImage`, answered true. H5 answers
   * false: the screen shows its own dialog.
   */
  preview(urls: string[], current: string): boolean;
}

export interface UploadOptions {
  url: string;
  files: PickedFile[];
  /** Multipart field name of the file. */
  fieldName?: string;
  extraFields?: Record<string, string>;
  headers?: Record<string, string>;
  withCredentials?: boolean;
  /** When off, only the first file is uploaded (spec §5). */
  multiple?: boolean;
  /** Lower-case extensions without the dot; empty or missing allows any. */
  allowedExtensions?: string[];
  maxSizeKb?: number;
  onProgress?: (percent: number) => void;
  onFormatError?: (file: PickedFile) => void;
  onSizeError?: (file: PickedFile) => void;
}

export interface UploadResult {
  statusCode: number;
  data: unknown;
}

export class UploadError extends Error {
  constructor(
    message: string,
    public readonly statusCode?: number,
    /** What the server answered with the non-2xx status (the API's error envelope). */
    public readonly data?: unknown,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface Storage {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

export interface Navigation {
  go(route: RouteName, params?: RouteParams): Promise<void>;
  /** Replaces the current screen (spec: Log Out "replaces the route with /"). */
  replace(route: RouteName, params?: RouteParams): Promise<void>;
  /**
   * Takes the current screen's place and keeps the ones below it, so back returns where the user came from (mini
   * program redirectTo; H5 the history entry is replaced). replace() instead starts a new stack (reLaunch).
   */
  redirect(route: RouteName, params?: RouteParams): Promise<void>;
  /**
   * Goes back to `route` when it is below the current screen (as far back as it is, dropping what is between); else
   * takes the current screen's place with it (redirect). For a hub screen such as the console's order board, so it
   * is never stacked twice.
   */
  backTo(route: RouteName, params?: RouteParams): Promise<void>;
  back(): Promise<void>;
  /**
   * Puts new parameters in the address of the current screen (`route`), so a reload or a copied link shows the same
   * (the search's keyword). H5: the page is redirected to its own path with them, replacing the history entry; the
   * mini program has no address to keep: nothing.
   */
  setParams(route: RouteName, params?: RouteParams): Promise<void>;
  /** Route parameters of the current screen: query plus the H5 path's dynamic segments. */
  params(route: RouteName): Record<string, string>;
}

export interface Feedback {
  toast(message: string, kind?: 'success' | 'error' | 'none'): void;
  showBusy(message?: string): void;
  hideBusy(): void;
  /** A yes/no question (e.g. before deleting); resolves true when the user confirms. */
  confirm(
    message: string,
    options?: { confirmText?: string; cancelText?: string; showCancel?: boolean },
  ): Promise<boolean>;
}

/** Where WeChat sign-in is offered: the mini program (`wx.login` codes), the H5 site inside WeChat's browser (OAuth). */
export type WechatLoginKind = 'mini-program' | 'official-account' | 'none';

/** The platform side of signing in (DESIGN.md §3: weapp `login` code; H5 official-account OAuth inside WeChat). */
export interface Login {
  wechat(): WechatLoginKind;
  /** Mini program: a fresh `wx.login` code for the server to exchange. Rejects elsewhere. */
  code(): Promise<string>;
  /** H5: the absolute URL of a path of this site, for WeChat to send the browser back to. */
  returnUrl(path: string): string;
  /** H5: leaves the app for url (WeChat's authorize page), replacing the current history entry. */
  leaveTo(url: string): void;
}

export type { LatLng } from './coords';

/** Why the device's position could not be had (spec §8: not supported by this browser, or an error with a reason). */
/** The standard reasons a position cannot be had (the W3C codes; the mini program's errMsg is mapped onto them). */
export type GeolocationFailure = 'denied' | 'unavailable' | 'timeout' | 'unknown';

export class GeolocationError extends Error {
  constructor(
    public readonly kind: 'unsupported' | 'failed',
    /** The platform's own text (English whatever the customer's language): for logs, never shown. */
    public readonly reason: string,
    /** What the customer is told, in their language. */
    public readonly failure: GeolocationFailure = 'unknown',
  ) {
    super(kind === 'unsupported' ? 'geolocation unsupported' : `geolocation failed: ${reason}`);
    this.name = 'GeolocationError';
  }
}

/** The device's position (browser geolocation on H5, `getLocation` in the mini program). */
export interface Location {
  /** GCJ-02, the system of our API. Rejects with a GeolocationError. */
  current(): Promise<LatLng>;
}

/** What the map of this platform needs: its tiles (H5) and its coordinate system relative to our GCJ-02. */
export interface MapSupport {
  /** H5: tile URL template with {z} {x} {y} ({s} optional); empty for the mini program's native map. */
  tileUrl: string;
  attribution: string;
  /** GCJ-02 -> the system the map draws in, and back (for taps on the map). */
  toMap(p: LatLng): LatLng;
  fromMap(p: LatLng): LatLng;
}

/** What became of a link: shown (a screen, a web page or the web-view), copied for a browser, or not a web link. */
export type OpenUrlOutcome = 'opened' | 'copied' | 'refused';

/** Links to web pages (promotions and ads of type `url`) and sharing the site's own. */
export interface Links {
  /**
   * H5: a screen of this site through the router, any other http(s) page by navigating to it. Mini program: the
   * web-view page for an https host of its allowlist (TARO_APP_WEBVIEW_HOSTS), otherwise the link is copied (the
   * caller tells the customer). Anything but http(s) is refused.
   */
  openUrl(url: string): Promise<OpenUrlOutcome>;
  /** Whether the mini program's web-view page may show url; always false on H5 (it has no web-view page). */
  webViewAllowed(url: string): boolean;
  /** Puts text on the clipboard; false when the platform refused. */
  copyText(text: string): Promise<boolean>;
  /** H5: the absolute address of a screen of this site, to share; '' in the mini program (it has no address). */
  siteUrl(route: RouteName, params?: RouteParams): string;
}

/** What the server's `pay` answered: how this platform takes the money. */
export interface PaymentTicket {
  provider: string;
  /** H5: the page where the customer pays (the sandbox cashier, later a provider's). */
  cashier_url?: string;
  /** Mini program: the parameters of wx.requestPayment. */
  weapp?: Record<string, string>;
}

/** paid (the sheet said so; the server still decides), cancelled by the customer, or left for a cashier page. */
export type PaymentOutcome = 'paid' | 'cancelled' | 'left';

export class PaymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentError';
  }
}

/** Paying an order (DESIGN.md §3: weapp `requestPayment`; H5 a redirect to the cashier page and back). */
export interface Payment {
  pay(ticket: PaymentTicket): Promise<PaymentOutcome>;
  /** H5: the path of this site the cashier page comes back to; none in the mini program. */
  returnUrl(path: string): string | undefined;
}

/** A place to show on a map (GCJ-02, our API's system). */
export interface PlaceOnMap {
  lat: number;
  lng: number;
  name: string;
  address: string;
}

/** Calling and finding a restaurant (issue 15): the mini program's makePhoneCall and openLocation; tel: and a map page on H5. */
export interface Contact {
  /** Dials the number (after the platform's own confirmation); false when there is nothing to dial or it was closed. */
  call(phone: string): Promise<boolean>;
  /** Shows the place on a map: WeChat's map in the mini program, a map page in a new tab on H5. */
  showOnMap(place: PlaceOnMap): Promise<boolean>;
  /** H5: the address of that map page (for a link); '' in the mini program. */
  mapUrl(place: PlaceOnMap): string;
}

/** Everything that differs between the mini program and the H5 site (DESIGN.md §3). */
export interface Platform extends Links {
  name: PlatformName;
  /** True on the H5 site: it has the top bar and footer; the mini program has native navigation and a tab bar. */
  isH5: boolean;
  storage: Storage;
  request(req: RawRequest): Promise<RawResponse>;
  /**
   * Checks then uploads the files (mini program `uploadFile`, H5 XMLHttpRequest), with progress; resolves with one
   * result per uploaded file; a non-2xx answer or a failed transfer rejects with an UploadError.
   */
  upload(options: UploadOptions): Promise<UploadResult[]>;
  /** Mini program: asks to allow subscribe messages (inside a tap); H5: none. */
  subscribe: SubscribeMessages;
  media: Media;
  navigation: Navigation;
  feedback: Feedback;
  /** Reloads the app so every screen picks up a new language. */
  reload(): void;
  setTitle(title: string): void;
  /**
   * Ends the pull-down refresh indicator of the current page (pages with `enablePullDownRefresh`): WeChat's in the
   * mini program, Taro's pull-to-refresh element on H5.
   */
  stopPullDownRefresh(): void;
  /**
   * Mini program: offers "send to a friend" and "share to Moments" in the page's menu (the page answers with
   * useShareAppMessage / useShareTimeline). Nothing on H5, where the browser shares the address.
   */
  showShareMenu(): void;
  /** Mini program: the tab bar's labels in the current language (home, orders, mine). H5 has no tab bar. */
  setTabLabels(labels: string[]): void;
  login: Login;
  location: Location;
  map: MapSupport;
  payment: Payment;
  contact: Contact;
  /** Live event streams (issue 18): H5 EventSource, mini program chunked request; used by services/live-events. */
  eventStreams: EventStreams;
  /** The console's new-order and reminder alert: H5 WebAudio tones after a tap unlocks them; mini program vibration. */
  alerts: Alerts;
  /** Scrolls the current page so the first element matching selector is at the top. */
  scrollTo(selector: string): void;
  /**
   * H5 production site: registers the service worker that keeps the site and the last restaurant lists and menus
   * for repeat visits (src/platform/service-worker.ts). Nothing in the mini program.
   */
  startOfflineCache(): void;
}
