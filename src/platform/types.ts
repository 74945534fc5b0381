import type { RouteName, RouteParams } from '../routes';

export type PlatformName = 'weapp' | 'h5';
export type HttpMethod = 'GET' | 'POST';

export interface RawRequest {
  url: string;
  method: HttpMethod;
  data?: Record<string, unknown>;
  header: Record<string, string>;
  /** Milliseconds; none by default (spec §9). */
  timeout?: number;
}

export interface RawResponse {
  statusCode: number;
  data: unknown;
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
  path: string;
  size: number;
  name?: string;
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
  back(): Promise<void>;
  /** Route parameters of the current screen: query plus the H5 path's dynamic segments. */
  params(route: RouteName): Record<string, string>;
}

export interface Feedback {
  toast(message: string, kind?: 'success' | 'error' | 'none'): void;
  showBusy(message?: string): void;
  hideBusy(): void;
}

/** Everything that differs between the mini program and the H5 site (DESIGN.md §3). */
export interface Platform {
  name: PlatformName;
  /** True on the H5 site: it has the top bar and footer; the mini program has native navigation and a tab bar. */
  isH5: boolean;
  storage: Storage;
  request(req: RawRequest): Promise<RawResponse>;
  /** Checks then uploads the files; resolves with one result per uploaded file. */
  upload(options: UploadOptions): Promise<UploadResult[]>;
  navigation: Navigation;
  feedback: Feedback;
  /** Reloads the app so every screen picks up a new language. */
  reload(): void;
  setTitle(title: string): void;
  /** Mini program: the tab bar's labels in the current language (home, orders, mine). H5 has no tab bar. */
  setTabLabels(labels: string[]): void;
}
