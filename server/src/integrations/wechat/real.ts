import { createAccessTokens } from './access-token';
import {
  WechatError,
  type MiniProgramCodeImage,
  type MiniProgramCodeRequest,
  type OauthScope,
  type SubscribeMessage,
  type Wechat,
} from './types';

export interface RealWechatOptions {
  apiBase: string;
  oauthBase: string;
  mpAppId: string;
  mpSecret: string;
  oaAppId: string;
  oaSecret: string;
  /** Which version of the mini program its codes open (release, trial, develop). */
  envVersion?: 'release' | 'trial' | 'develop';
  timeoutMs?: number;
  /** The clock for the access token's expiry; tests move it. */
  now?: () => number;
}

/** errcodes that mean the customer's code is no good (wrong, used, expired), as opposed to our set-up or WeChat. */
const CODE_ERRORS = new Set([40029, 40163, 41008]);
/** errcodes that mean the access token is no longer good (expired early, revoked, or not ours). */
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  openid?: string;
  unionid?: string;
  session_key?: string;
}

/** The real WeChat server API over HTTPS (base URL configurable so tests aim it at a local fake). */
export function createRealWechat(o: RealWechatOptions): Wechat {
  const timeoutMs = o.timeoutMs ?? 10000;
  const tokens = createAccessTokens({
    apiBase: o.apiBase,
    appId: o.mpAppId,
    secret: o.mpSecret,
    timeoutMs,
    now: o.now ?? Date.now,
  });
  async function call(path: string, params: Record<string, string>): Promise<WechatAnswer> {
    const url = `${o.apiBase.replace(/\/$/, '')}${path}?${new URLSearchParams(params).toString()}`;
    let text: string;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
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

  /** One getwxacodeunlimit call: the picture, or the errcode WeChat answered instead (as JSON). */
  async function wxacode(
    token: string,
    r: MiniProgramCodeRequest,
  ): Promise<{ image: MiniProgramCodeImage } | { errcode: number; errmsg: string }> {
    const url = `${o.apiBase.replace(/\/$/, '')}/wxa/getwxacodeunlimit?access_token=${encodeURIComponent(token)}`;
    const envVersion = o.envVersion ?? 'release';
    let res: Response;
    let body: Buffer;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          scene: r.scene,
          page: r.page,
          // WeChat checks that the page exists only in a released version; trial and develop codes must skip it.
          check_path: envVersion === 'release',
          env_version: envVersion,
          width: 430,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = Buffer.from(await res.arrayBuffer());
    } catch (e) {
      throw new WechatError('unavailable', `WeChat getwxacodeunlimit: ${(e as Error).message}`);
    }
    if (!res.ok) throw new WechatError('unavailable', `WeChat getwxacodeunlimit: HTTP ${res.status}`);
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType.startsWith('image/')) return { image: { contentType, body } };
    // Errors come back as JSON (labelled application/json or text/plain) instead of a picture.
    let answer: WechatAnswer;
    try {
      answer = JSON.parse(body.toString('utf8')) as WechatAnswer;
    } catch {
      throw new WechatError('unavailable', `WeChat getwxacodeunlimit: neither a picture nor JSON (${contentType})`);
    }
    return { errcode: answer.errcode ?? -1, errmsg: answer.errmsg ?? '' };
  }

  /** One subscribe/send call: WeChat's errcode (0 when sent). */
  async function subscribeSend(token: string, m: SubscribeMessage): Promise<{ errcode: number; errmsg: string }> {
    const url = `${o.apiBase.replace(/\/$/, '')}/cgi-bin/message/subscribe/send?access_token=${encodeURIComponent(token)}`;
    const state = { release: 'formal', trial: 'trial', develop: 'developer' }[o.envVersion ?? 'release'];
    let text: string;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          touser: m.openid,
          template_id: m.templateId,
          page: m.page,
          data: Object.fromEntries(Object.entries(m.data).map(([k, value]) => [k, { value }])),
          miniprogram_state: state,
          lang: m.lang,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
      if (!res.ok) throw new WechatError('unavailable', `WeChat subscribe/send: HTTP ${res.status}`);
    } catch (e) {
      if (e instanceof WechatError) throw e;
      throw new WechatError('unavailable', `WeChat subscribe/send: ${(e as Error).message}`);
    }
    try {
      const body = JSON.parse(text) as WechatAnswer;
      return { errcode: body.errcode ?? 0, errmsg: body.errmsg ?? '' };
    } catch {
      throw new WechatError('unavailable', 'WeChat subscribe/send: not JSON');
    }
  }

  return {
    mode: 'real',
    async sendSubscribeMessage(message) {
      let token = await tokens.get();
      let result = await subscribeSend(token, message);
      if (TOKEN_ERRORS.has(result.errcode)) {
        tokens.invalidate(token);
        token = await tokens.get();
        result = await subscribeSend(token, message);
      }
      if (result.errcode !== 0) {
        throw new WechatError(
          'unavailable',
          `WeChat subscribe/send: ${result.errcode} ${result.errmsg}`.trim(),
          result.errcode,
        );
      }
    },
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
    async miniProgramCode(request) {
      let token = await tokens.get();
      let result = await wxacode(token, request);
      if ('errcode' in result && TOKEN_ERRORS.has(result.errcode)) {
        // The token was revoked or expired before its time: fetch a new one and try once more.
        tokens.invalidate(token);
        token = await tokens.get();
        result = await wxacode(token, request);
      }
      if ('image' in result) return result.image;
      throw new WechatError(
        'unavailable',
        `WeChat getwxacodeunlimit: ${result.errcode} ${result.errmsg}`.trim(),
        result.errcode,
      );
    },
  };
}
