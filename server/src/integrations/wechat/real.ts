import { WechatError, type OauthScope, type Wechat } from './types';

export interface RealWechatOptions {
  apiBase: string;
  oauthBase: string;
  mpAppId: string;
  mpSecret: string;
  oaAppId: string;
  oaSecret: string;
  timeoutMs?: number;
}

/** errcodes that mean the customer's code is no good (wrong, used, expired), as opposed to our set-up or WeChat. */
const CODE_ERRORS = new Set([40029, 40163, 41008]);

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  openid?: string;
  unionid?: string;
  session_key?: string;
}

/** The real WeChat server API over HTTPS (base URL configurable so tests aim it at a local fake). */
export function createRealWechat(o: RealWechatOptions): Wechat {
  async function call(path: string, params: Record<string, string>): Promise<WechatAnswer> {
    const url = `${o.apiBase.replace(/\/$/, '')}${path}?${new URLSearchParams(params).toString()}`;
    let text: string;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(o.timeoutMs ?? 10000) });
      text = await res.text();
      if (!res.ok) throw new WechatError('unavailable', `WeChat ${path}: HTTP ${res.status}`);
    } catch (e) {
      if (e instanceof WechatError) throw e;
      throw new WechatError('unavailable', `WeChat ${path}: ${(e as Error).message}`);
    }
    let body: WechatAnswer;
    try {
      // WeChat answers JSON, sometimes labelled text/plain.
      body = JSON.parse(text) as WechatAnswer;
    } catch {
      throw new WechatError('unavailable', `WeChat ${path}: not JSON`);
    }
    if (body.errcode) {
      const kind = CODE_ERRORS.has(body.errcode) ? 'invalid_code' : 'unavailable';
      throw new WechatError(kind, `WeChat ${path}: ${body.errcode} ${body.errmsg ?? ''}`.trim(), body.errcode);
    }
    if (!body.openid) throw new WechatError('unavailable', `WeChat ${path}: no openid in the answer`);
    return body;
  }

  return {
    mode: 'real',
    miniProgramAppId: o.mpAppId,
    officialAccountAppId: o.oaAppId,
    async miniProgramCodeToSession(code) {
      const body = await call('/sns/jscode2session', {
        appid: o.mpAppId,
        secret: o.mpSecret,
        js_code: code,
        grant_type: 'authorization_code',
      });
      if (!body.session_key) throw new WechatError('unavailable', 'WeChat jscode2session: no session_key');
      return { openid: body.openid!, ...(body.unionid ? { unionid: body.unionid } : {}), sessionKey: body.session_key };
    },
    async officialAccountCodeToUser(code) {
      const body = await call('/sns/oauth2/access_token', {
        appid: o.oaAppId,
        secret: o.oaSecret,
        code,
        grant_type: 'authorization_code',
      });
      return { openid: body.openid!, ...(body.unionid ? { unionid: body.unionid } : {}) };
    },
    authorizeUrl({ redirectUri, state, scope }: { redirectUri: string; state: string; scope: OauthScope }) {
      // WeChat wants exactly these parameters in this order, and the #wechat_redirect fragment.
      const q = [
        `appid=${encodeURIComponent(o.oaAppId)}`,
        `redirect_uri=${encodeURIComponent(redirectUri)}`,
        'response_type=code',
        `scope=${scope}`,
        `state=${encodeURIComponent(state)}`,
      ].join('&');
      return `${o.oauthBase.replace(/\/$/, '')}/connect/oauth2/authorize?${q}#wechat_redirect`;
    },
  };
}
