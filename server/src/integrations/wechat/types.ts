/** The WeChat logins the server needs: one interface, a sandbox (default) and the real HTTPS client. */

export interface MiniProgramSession {
  openid: string;
  unionid?: string;
  /** Used to decrypt data the mini program sends (e.g. a phone number); never leaves the server. */
  sessionKey: string;
}

export interface OfficialAccountUser {
  openid: string;
  unionid?: string;
}

export type OauthScope = 'snsapi_base' | 'snsapi_userinfo';

/** What a mini program code opens: a page of the published mini program, with `scene` in its query. */
export interface MiniProgramCodeRequest {
  /** 1-32 visible characters; the page receives it URL-encoded as `scene` (e.g. `r=12` for restaurant 12). */
  scene: string;
  page: string;
}

/** A picture of a mini program code as WeChat made it. */
export interface MiniProgramCodeImage {
  contentType: string;
  body: Buffer;
}

/**
 * A one-time subscribe message (subscribeMessage.send) to a mini program user: the template they allowed, the page
 * it opens (with its query), the template's fields by key (`thing1`, `time2`, …) already within WeChat's limits,
 * and the language the message is shown in.
 */
export interface SubscribeMessage {
  openid: string;
  templateId: string;
  page: string;
  data: Record<string, string>;
  lang: 'zh_CN' | 'en_US';
}

export interface Wechat {
  /** 'sandbox' or 'real', for logs and the sandbox-only routes. */
  readonly mode: 'sandbox' | 'real';
  /** The appid identities are recorded under (so sandbox and real identities never mix). */
  readonly miniProgramAppId: string;
  readonly officialAccountAppId: string;
  /** Mini program `wx.login` code -> session (sns/jscode2session). */
  miniProgramCodeToSession(code: string): Promise<MiniProgramSession>;
  /** Official-account OAuth code -> openid/unionid (sns/oauth2/access_token). */
  officialAccountCodeToUser(code: string): Promise<OfficialAccountUser>;
  /** Where to send the browser to start the official-account OAuth (WeChat returns to redirectUri with code, state). */
  authorizeUrl(params: { redirectUri: string; state: string; scope: OauthScope }): string;
  /**
   * A mini program code (wxa/getwxacodeunlimit) that opens `page` with `scene`; null from the sandbox, which has no
   * published mini program to open (callers show a code of the H5 site instead).
   */
  miniProgramCode(request: MiniProgramCodeRequest): Promise<MiniProgramCodeImage | null>;
  /**
   * Sends a subscribe message (cgi-bin/message/subscribe/send); throws a WechatError with WeChat's errcode when it
   * is refused (43101: the user has no grant left at WeChat; 47003: a field out of its limits).
   */
  sendSubscribeMessage(message: SubscribeMessage): Promise<void>;
  /** Sandbox only: the subscribe messages "sent", oldest first (tests read them, as the SMS sandbox's outbox). */
  readonly subscribeOutbox?: SubscribeMessage[];
  /** Sandbox only: a signed code for WeChat person `person` (what its authorize page hands back; tests use it). */
  sandboxCode?(person: string): string;
}

/**
 * `invalid_code`: WeChat refused the code (wrong, used or expired: the customer should start again);
 * `unavailable`: WeChat could not be reached or answered an error that is ours or theirs, not the customer's.
 */
export class WechatError extends Error {
  constructor(
    public readonly kind: 'invalid_code' | 'unavailable',
    message: string,
    public readonly errcode?: number,
  ) {
    super(message);
    this.name = 'WechatError';
  }
}
