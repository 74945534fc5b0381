import { ErrorCode } from '../../types/errors';
import type { Lang } from '../../types/lang';
import type { HttpMethod, PickedFile, Platform, UploadOptions } from '../platform/types';
import { TransportError, UploadError } from '../platform/types';
import { ACTIONS, type ActionTable } from './actions';

export const API_PREFIX = '/api/szeat/';

/** A call the server answered with a code other than 1000; `msg` is already in the customer's language. */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The call never got an envelope: a non-2xx status without one, or a network, timeout or cancel failure. */
export class HttpError extends Error {
  constructor(
    public readonly kind: 'status' | 'network' | 'timeout' | 'cancel',
    message: string,
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A call to an action the app does not know (spec §8: "an unsupported action throws an error that the action was
 * not found"). A programming error, thrown before anything is sent; never shown to the customer as a server answer.
 */
export class ActionNotFoundError extends Error {
  constructor(
    public readonly method: HttpMethod,
    public readonly action: string,
  ) {
    super(`Action not found: ${method} ${action}`);
    this.name = 'ActionNotFoundError';
  }
}

export interface HttpDeps {
  platform: Pick<Platform, 'request' | 'feedback'> & Partial<Pick<Platform, 'upload'>>;
  /** API host, e.g. '' on the H5 site (same origin) or 'https://api.example.com' in the mini program. */
  baseUrl: string;
  getToken(): string | undefined;
  getLang(): Lang;
  /** Called once when a call answers 1002 while a session is held. */
  onSessionInvalid(): void;
  /**
   * Called for every answered GET with its action: `saved` when the H5 service worker answered with its saved copy
   * (offline or a slow network), so the screen can say it shows saved data.
   */
  onAnswer?(action: string, saved: boolean): void;
  /** The actions calls may use, by method; the app's own list (services/actions.ts) unless a test gives another. */
  actions?: ActionTable;
}

export interface CallOptions {
  /** Show the busy spinner while the call runs. */
  busy?: boolean;
  timeout?: number;
  /** Send this token instead of the session's (logout revokes the token the session has just dropped). */
  token?: string;
}

export type Params = Record<string, string | number | boolean | null | undefined | unknown[] | object>;

/** Replaces `{name}` in the path with params.name (removed from what is sent). */
export function fillPath(path: string, params: Params): { path: string; rest: Params } {
  const rest: Params = { ...params };
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

export function toQuery(params: Params): string {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`,
    )
    .join('&');
}

export type Http = ReturnType<typeof createHttp>;

/** The only caller of platform.request (DESIGN.md §3). */
export function createHttp(deps: HttpDeps) {
  let busyCount = 0;

  const endpointUrl = (path: string) => `${deps.baseUrl.replace(/\/$/, '')}${API_PREFIX}${path.replace(/^\//, '')}`;
  const actions = deps.actions ?? ACTIONS;

  /** Throws ActionNotFoundError unless endpoint (its `{name}` pattern, before filling) is a known action. */
  function assertAction(method: HttpMethod, endpoint: string) {
    const action = endpoint.replace(/^\//, '').split('?')[0]!;
    const known: readonly string[] = method === 'GET' ? actions.GET : method === 'POST' ? actions.POST : [];
    if (!known.includes(action)) throw new ActionNotFoundError(method, action);
  }

  /** The full GET address of an endpoint with its parameters on the query string. */
  function urlOf(endpoint: string, params: Params = {}): string {
    assertAction('GET', endpoint);
    const { path, rest } = fillPath(endpoint, params);
    const url = endpointUrl(path);
    const query = toQuery(rest);
    return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
  }

  async function call<T>(
    method: HttpMethod,
    endpoint: string,
    params: Params = {},
    options: CallOptions = {},
  ): Promise<T> {
    assertAction(method, endpoint);
    const { path, rest } = fillPath(endpoint, params);
    const url = method === 'GET' ? urlOf(endpoint, params) : endpointUrl(path);
    const header: Record<string, string> = { 'Accept-Language': deps.getLang() };
    if (method === 'POST') header['Content-Type'] = 'application/json';
    const token = options.token ?? deps.getToken();
    if (token) header.Authorization = `Bearer ${token}`;

    if (options.busy && busyCount++ === 0) deps.platform.feedback.showBusy();
    try {
      let res;
      try {
        res = await deps.platform.request({
          url,
          method,
          header,
          ...(method === 'POST' ? { data: rest } : {}),
          ...(options.timeout ? { timeout: options.timeout } : {}),
        });
      } catch (err) {
        if (err instanceof TransportError) throw new HttpError(err.kind, err.message);
        throw new HttpError('network', (err as Error)?.message ?? String(err));
      }
      if (method === 'GET') deps.onAnswer?.(endpoint.replace(/^\//, '').split('?')[0]!, res.saved === true);
      const body = res.data as { code?: unknown; msg?: unknown; data?: unknown } | null;
      const hasEnvelope = !!body && typeof body === 'object' && typeof body.code === 'number';
      if (!hasEnvelope) throw new HttpError('status', `HTTP ${res.statusCode}`, res.statusCode);
      // Several calls can fail with 1002 together: only the first, while its token is still the current one, logs out.
      if (body.code === ErrorCode.SessionInvalid && token && deps.getToken() === token) deps.onSessionInvalid();
      if (body.code !== ErrorCode.Ok)
        throw new ApiError(body.code as number, String(body.msg ?? ''), body.data ?? null);
      return body.data as T;
    } finally {
      if (options.busy && --busyCount === 0) deps.platform.feedback.hideBusy();
    }
  }

  /** What an answer's body says: its data on 1000, else an ApiError (1002 logs out as for any call). */
  function envelopeOf(body: unknown, token: string | undefined): { code: number; msg: string; data: unknown } | null {
    const b = body as { code?: unknown; msg?: unknown; data?: unknown } | null;
    if (!b || typeof b !== 'object' || typeof b.code !== 'number') return null;
    if (b.code === ErrorCode.SessionInvalid && token && deps.getToken() === token) deps.onSessionInvalid();
    return { code: b.code, msg: String(b.msg ?? ''), data: b.data ?? null };
  }

  /**
   * Sends one file through platform.upload (multipart, spec §7) with the session and language headers. Resolves
   * undefined when the file failed the format or size check (its callback was called, nothing was sent). A non-2xx
   * answer with the API's envelope rejects with an ApiError carrying its message; without one, with an HttpError.
   */
  async function upload<T>(
    endpoint: string,
    file: PickedFile,
    options: Omit<UploadOptions, 'url' | 'files' | 'headers' | 'multiple'>,
  ): Promise<T | undefined> {
    assertAction('POST', endpoint);
    if (!deps.platform.upload) throw new Error('This platform cannot upload');
    const header: Record<string, string> = { 'Accept-Language': deps.getLang() };
    const token = deps.getToken();
    if (token) header.Authorization = `Bearer ${token}`;
    let results;
    try {
      results = await deps.platform.upload({ ...options, url: endpointUrl(endpoint), files: [file], headers: header });
    } catch (err) {
      if (err instanceof UploadError) {
        const env = envelopeOf(err.data, token);
        if (env && env.code !== ErrorCode.Ok) throw new ApiError(env.code, env.msg, env.data);
        if (err.statusCode !== undefined) throw new HttpError('status', err.message, err.statusCode);
      }
      throw new HttpError('network', (err as Error)?.message ?? String(err));
    }
    const first = results[0];
    if (!first) return undefined;
    const env = envelopeOf(first.data, token);
    if (!env) throw new HttpError('status', `HTTP ${first.statusCode}`, first.statusCode);
    if (env.code !== ErrorCode.Ok) throw new ApiError(env.code, env.msg, env.data);
    return env.data as T;
  }

  return {
    upload,
    /** For what the platform loads itself (a picture's src), not through request: no headers, no envelope. */
    url: urlOf,
    get: <T>(endpoint: string, params?: Params, options?: CallOptions) => call<T>('GET', endpoint, params, options),
    post: <T>(endpoint: string, params?: Params, options?: CallOptions) => call<T>('POST', endpoint, params, options),
  };
}
