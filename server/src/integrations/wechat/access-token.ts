import { WechatError } from './types';

export interface AccessTokenOptions {
  apiBase: string;
  appId: string;
  secret: string;
  timeoutMs: number;
  now: () => number;
}

/** Renew this long before WeChat says the token ends, so a call never goes out with a token about to lapse. */
const MARGIN_MS = 5 * 60 * 1000;

/**
 * The mini program's server access token (cgi-bin/stable_token), kept until shortly before it expires. The stable
 * token is used rather than cgi-bin/token because fetching a cgi-bin/token invalidates the previous one, which would
 * break a second server (or a restart) sharing the app id. Concurrent callers share one fetch.
 */
export function createAccessTokens(o: AccessTokenOptions) {
  let cached: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;
  /** After WeChat refused a token, the next fetch asks for a new one (the plain call would hand back the same). */
  let forceNext = false;

  async function fetchToken(forceRefresh: boolean): Promise<string> {
    const url = `${o.apiBase.replace(/\/$/, '')}/cgi-bin/stable_token`;
    let text: string;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credential',
          appid: o.appId,
          secret: o.secret,
          force_refresh: forceRefresh,
        }),
        signal: AbortSignal.timeout(o.timeoutMs),
      });
      text = await res.text();
      if (!res.ok) throw new WechatError('unavailable', `WeChat stable_token: HTTP ${res.status}`);
    } catch (e) {
      if (e instanceof WechatError) throw e;
      throw new WechatError('unavailable', `WeChat stable_token: ${(e as Error).message}`);
    }
    let body: { access_token?: string; expires_in?: number; errcode?: number; errmsg?: string };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new WechatError('unavailable', 'WeChat stable_token: not JSON');
    }
    if (body.errcode) {
      throw new WechatError(
        'unavailable',
        `WeChat stable_token: ${body.errcode} ${body.errmsg ?? ''}`.trim(),
        body.errcode,
      );
    }
    if (!body.access_token) throw new WechatError('unavailable', 'WeChat stable_token: no access_token in the answer');
    const lifeMs = (Number(body.expires_in) || 7200) * 1000;
    cached = { token: body.access_token, expiresAt: o.now() + Math.max(lifeMs - MARGIN_MS, lifeMs / 2) };
    return body.access_token;
  }

  return {
    /** A valid token, fetched only when none is kept or it is about to expire. */
    async get(): Promise<string> {
      if (cached && o.now() < cached.expiresAt) return cached.token;
      const force = forceNext;
      forceNext = false;
      pending ??= fetchToken(force).finally(() => {
        pending = undefined;
      });
      return pending;
    },
    /** WeChat refused `token` (revoked or expired early): forget it, so the next get() fetches a new one. */
    invalidate(token: string) {
      if (cached?.token !== token) return;
      cached = undefined;
      forceNext = true;
    },
  };
}
