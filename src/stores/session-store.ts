import { makeAutoObservable } from 'mobx';
import type {
  AuthResult,
  Membership,
  RegisterBody,
  SaveNewPwdBody,
  UserInfo as ApiUserInfo,
} from '../../types/api/accounts';
import type { Login, Storage } from '../platform/types';
import type { AccountsApi } from '../services';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'userInfo';
/** The one-time `state` of an official-account login under way (kept across WeChat's redirect). */
export const OAUTH_STATE_KEY = '_wx_oauth_state';

/** What the app shows of the user: the `me` call's answer (older stored copies may lack fields). */
export type UserInfo = Partial<ApiUserInfo>;

/** The official-account login came back with a state this app did not send (a forged or stale redirect). */
export class OauthStateError extends Error {
  constructor() {
    super('WeChat login: the state does not match the one sent');
    this.name = 'OauthStateError';
  }
}

export interface SessionDeps {
  /** The accounts API; a getter, because the RootStore builds the API after the session (the client reads its token). */
  accounts?: () => AccountsApi;
  /** The platform's sign-in part (wx.login codes, the OAuth redirect). */
  login?: Login;
}

/**
 * Token and user info, restored at start (spec §4): logged in when a token is in storage. The sign-in flows set them;
 * logout, a failed official-account login and code 1002 (through clear()) remove them.
 */
export class SessionStore {
  token: string | undefined;
  userInfo: UserInfo | undefined;

  constructor(
    private readonly storage: Storage,
    private readonly deps: SessionDeps = {},
  ) {
    this.token = storage.get<string>(TOKEN_KEY) || undefined;
    this.userInfo = this.token ? storage.get<UserInfo>(USER_KEY) : undefined;
    makeAutoObservable<SessionStore, 'storage' | 'deps'>(this, { storage: false, deps: false });
  }

  get isLoggedIn(): boolean {
    return !!this.token;
  }

  /** The restaurants the account works for, as the last `me` or login said (none for a customer). */
  get memberships(): Membership[] {
    return this.userInfo?.memberships ?? [];
  }

  get displayName(): string {
    return this.userInfo?.nickname || this.userInfo?.name || this.userInfo?.email || '';
  }

  /** Which WeChat sign-in this platform offers here. */
  get wechatLogin() {
    return this.deps.login?.wechat() ?? 'none';
  }

  private get accounts(): AccountsApi {
    const accounts = this.deps.accounts?.();
    if (!accounts) throw new Error('SessionStore: no accounts API');
    return accounts;
  }

  /** After a successful login or public-account login. */
  setToken(token: string) {
    this.token = token;
    this.storage.set(TOKEN_KEY, token);
  }

  setUserInfo(info: UserInfo) {
    this.userInfo = info;
    this.storage.set(USER_KEY, info);
  }

  /** Removes user info and token (spec §4), here only: what code 1002 and a failed WeChat login do. */
  clear() {
    this.token = undefined;
    this.userInfo = undefined;
    this.storage.remove(TOKEN_KEY);
    this.storage.remove(USER_KEY);
  }

  /**
   * Log Out: forgets the session at once, then asks the server to revoke its token. The customer is logged out here
   * whether or not that call gets through.
   */
  async logout(): Promise<void> {
    const token = this.token;
    this.clear();
    if (!token || !this.deps.accounts) return;
    try {
      await this.accounts.logout(token);
    } catch (err) {
      console.warn('logout: the server did not revoke the token', err);
    }
  }

  /** Reloads the user info with `me`; a call answering 1002 logs out through the http client. */
  async refresh(): Promise<void> {
    const token = this.token;
    if (!token) return;
    const me = await this.accounts.me();
    // A logout or another login while the call ran wins.
    if (this.token === token) this.setUserInfo(me);
  }

  /** E-mail and password. In the mini program the call also carries a wx.login code, linking that WeChat user. */
  async login(email: string, password: string): Promise<void> {
    let code = '';
    if (this.wechatLogin === 'mini-program') code = await this.deps.login!.code().catch(() => '');
    await this.signedIn(await this.accounts.login({ email: email.trim(), password, code }));
  }

  async register(body: RegisterBody): Promise<void> {
    await this.signedIn(await this.accounts.reg(body));
  }

  /** Mini program: sign in as the WeChat user (an account is made on first use). */
  async loginWithWechat(): Promise<void> {
    const code = await this.deps.login!.code();
    await this.signedIn(await this.accounts.wxMiniLogin(code));
  }

  /**
   * H5 inside WeChat: asks the server where to send the browser, keeps the state, and leaves for WeChat, which comes
   * back to returnPath with `code` and `state` (see finishWechatOauth).
   */
  async startWechatOauth(returnPath: string): Promise<void> {
    const login = this.deps.login!;
    const { url, state } = await this.accounts.wxOauthUrl({
      redirect: login.returnUrl(returnPath),
      scope: 'snsapi_base',
    });
    this.storage.set(OAUTH_STATE_KEY, state);
    login.leaveTo(url);
  }

  /** The second half of the official-account login. A failure clears token and login state (spec §8). */
  async finishWechatOauth(code: string, state: string): Promise<void> {
    const expected = this.storage.get<string>(OAUTH_STATE_KEY);
    this.storage.remove(OAUTH_STATE_KEY);
    try {
      if (!expected || expected !== state) throw new OauthStateError();
      await this.signedIn(await this.accounts.wxPublicLogin({ code, state }));
    } catch (err) {
      this.clear();
      throw err;
    }
  }

  /** Forgotten password: sends a reset code to `phone`; answers how many seconds until another may be sent. */
  async sendResetCode(phone: string): Promise<number> {
    return (await this.accounts.resetPwdSms(phone)).resend_after;
  }

  /** Sets a new password with the code. The server ends every session of the account, so this one is cleared. */
  async resetPassword(body: SaveNewPwdBody): Promise<void> {
    await this.accounts.saveNewPwd(body);
    this.clear();
  }

  /** Keeps the token and the user, then reads `me` (the specification's source of user info). */
  private async signedIn(result: AuthResult): Promise<void> {
    this.setToken(result.access_token);
    this.setUserInfo(result.user);
    try {
      await this.refresh();
    } catch (err) {
      // The login answer already carried the user; a failed `me` only leaves that copy in place.
      console.warn('me failed after sign-in', err);
    }
  }
}
