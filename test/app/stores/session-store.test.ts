import { autorun } from 'mobx';
import type { WechatLoginKind } from '../../../src/platform/types';
import { ApiError, HttpError, type AccountsApi } from '../../../src/services';
import { OAUTH_STATE_KEY, OauthStateError, SessionStore, TOKEN_KEY, USER_KEY } from '../../../src/stores/session-store';
import type {
  AuthResult,
  LoginBody,
  RegisterBody,
  UserInfo as ApiUserInfo,
  WxOauthUrlQuery,
  WxPublicLoginBody,
} from '../../../types/api/accounts';
import { memoryStorage } from '../support/fake-platform';

describe('SessionStore', () => {
  it('uses the storage keys token and userInfo', () => {
    expect(TOKEN_KEY).toBe('token');
    expect(USER_KEY).toBe('userInfo');
  });

  it('starts logged in when a token is in storage, with the stored user info', () => {
    const session = new SessionStore(
      memoryStorage({ token: 'abc', userInfo: { name: 'Li Lei', email: 'li@example.com' } }),
    );
    expect(session.isLoggedIn).toBe(true);
    expect(session.token).toBe('abc');
    expect(session.userInfo).toEqual({ name: 'Li Lei', email: 'li@example.com' });
  });

  it('starts logged out without a token, even with leftover user info', () => {
    const session = new SessionStore(memoryStorage({ userInfo: { name: 'Li Lei' } }));
    expect(session.isLoggedIn).toBe(false);
    expect(session.token).toBeUndefined();
    expect(session.userInfo).toBeUndefined();
  });

  it('treats an empty stored token as none', () => {
    expect(new SessionStore(memoryStorage({ token: '' })).isLoggedIn).toBe(false);
  });

  it('setToken logs in and persists the token', () => {
    const storage = memoryStorage();
    const session = new SessionStore(storage);
    session.setToken('t-1');
    expect(session.isLoggedIn).toBe(true);
    expect(storage.data.get('token')).toBe('t-1');
    // A fresh start reads it back.
    expect(new SessionStore(storage).token).toBe('t-1');
  });

  it('setUserInfo persists the user info', () => {
    const storage = memoryStorage({ token: 't' });
    const session = new SessionStore(storage);
    session.setUserInfo({ name: 'Han Meimei', phone: '13800138000' });
    expect(storage.data.get('userInfo')).toEqual({ name: 'Han Meimei', phone: '13800138000' });
    expect(new SessionStore(storage).userInfo).toEqual({ name: 'Han Meimei', phone: '13800138000' });
  });

  it('logout removes token and user info and flips isLoggedIn', () => {
    const storage = memoryStorage({ token: 't', userInfo: { name: 'Li' } });
    const session = new SessionStore(storage);
    const seen: boolean[] = [];
    const stop = autorun(() => seen.push(session.isLoggedIn));
    void session.logout();
    stop();
    expect(seen).toEqual([true, false]);
    expect(session.token).toBeUndefined();
    expect(session.userInfo).toBeUndefined();
    expect(storage.remove).toHaveBeenCalledWith('token');
    expect(storage.remove).toHaveBeenCalledWith('userInfo');
    expect(storage.data.size).toBe(0);
  });

  it('shows the nickname, else the name, else the e-mail', () => {
    const session = new SessionStore(memoryStorage({ token: 't' }));
    expect(session.displayName).toBe('');
    session.setUserInfo({ email: 'li@example.com' });
    expect(session.displayName).toBe('li@example.com');
    session.setUserInfo({ name: 'Li Lei', email: 'li@example.com' });
    expect(session.displayName).toBe('Li Lei');
    session.setUserInfo({ nickname: 'Lei', name: 'Li Lei' });
    expect(session.displayName).toBe('Lei');
  });
});

describe('SessionStore flows', () => {
  const user = (extra: Partial<ApiUserInfo> = {}): ApiUserInfo => ({
    id: 7,
    name: 'Li Lei',
    nickname: 'Li Lei',
    phone: '13800138000',
    email: 'li@example.com',
    wallet_balance_fen: 0,
    language: 'cn',
    default_address: null,
    has_password: true,
    wechat: { mp: false, oa: false },
    memberships: [],
    ...extra,
  });
  const auth = (token: string, extra: Partial<AuthResult> = {}): AuthResult => ({
    access_token: token,
    expires_at: Date.UTC(2030, 0, 1),
    user: user(),
    is_new: false,
    wechat_linked: false,
    ...extra,
  });

  function setup(options: { storage?: Record<string, unknown>; wechat?: WechatLoginKind } = {}) {
    const storage = memoryStorage(options.storage);
    const accounts = {
      reg: jest.fn(async (_body: RegisterBody) => auth('tok-reg', { is_new: true })),
      login: jest.fn(async (_body: LoginBody) => auth('tok-login')),
      wxMiniLogin: jest.fn(async (_code: string) => auth('tok-mini')),
      wxOauthUrl: jest.fn(async (_q: WxOauthUrlQuery) => ({
        url: 'https://open.weixin.qq.com/authorize?x',
        state: 'st-1',
        expires_at: 0,
      })),
      wxPublicLogin: jest.fn(async (_b: WxPublicLoginBody) => auth('tok-oa')),
      me: jest.fn(async () => user({ nickname: 'Lei from me' })),
      logout: jest.fn(async (_token?: string) => null as unknown),
      resetPwdSms: jest.fn(),
      saveNewPwd: jest.fn(),
    };
    const login = {
      wechat: jest.fn((): WechatLoginKind => options.wechat ?? 'none'),
      code: jest.fn(async () => 'wx-code-9'),
      returnUrl: jest.fn((path: string) => `https://szeat.test${path}`),
      leaveTo: jest.fn(),
    };
    const session = new SessionStore(storage, { accounts: () => accounts as unknown as AccountsApi, login });
    return { session, storage, accounts, login };
  }

  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it('login sends e-mail (trimmed), password and an empty code, keeps the token, then loads `me`', async () => {
    const { session, storage, accounts } = setup();
    await session.login(' li@example.com ', 'secret-123');
    expect(accounts.login).toHaveBeenCalledWith({ email: 'li@example.com', password: 'secret-123', code: '' });
    expect(session.isLoggedIn).toBe(true);
    expect(storage.data.get('token')).toBe('tok-login');
    expect(accounts.me).toHaveBeenCalledTimes(1);
    expect(session.displayName).toBe('Lei from me');
    expect(storage.data.get('userInfo')).toMatchObject({ nickname: 'Lei from me' });
  });

  it('login in the mini program sends a wx.login code (linking WeChat); a failed wx.login sends none', async () => {
    const { session, accounts, login } = setup({ wechat: 'mini-program' });
    await session.login('li@example.com', 'secret-123');
    expect(accounts.login).toHaveBeenLastCalledWith({
      email: 'li@example.com',
      password: 'secret-123',
      code: 'wx-code-9',
    });
    login.code.mockRejectedValueOnce(new Error('login:fail'));
    await session.login('li@example.com', 'secret-123');
    expect(accounts.login).toHaveBeenLastCalledWith({ email: 'li@example.com', password: 'secret-123', code: '' });
  });

  it('password reset: sends the code, then sets the password and clears this session (the server ended it)', async () => {
    const { session, accounts, storage } = setup({ storage: { token: 'tok', userInfo: { name: 'Li Lei' } } });
    accounts.resetPwdSms.mockResolvedValue({ resend_after: 60, expires_in: 600 });
    expect(await session.sendResetCode('13800138000')).toBe(60);
    expect(accounts.resetPwdSms).toHaveBeenCalledWith('13800138000');
    accounts.saveNewPwd.mockRejectedValueOnce(new ApiError(1001, 'Wrong code'));
    const body = { phone: '13800138000', code: '123456', password: 'new-pass-1', confirm_password: 'new-pass-1' };
    await expect(session.resetPassword(body)).rejects.toMatchObject({ code: 1001 });
    expect(session.isLoggedIn).toBe(true);
    accounts.saveNewPwd.mockResolvedValueOnce(null);
    await session.resetPassword(body);
    expect(accounts.saveNewPwd).toHaveBeenLastCalledWith(body);
    expect(session.isLoggedIn).toBe(false);
    expect(storage.data.has('token')).toBe(false);
  });

  it('a refused login leaves the customer logged out and rejects with the error', async () => {
    const { session, accounts, storage } = setup();
    accounts.login.mockRejectedValueOnce(new ApiError(1001, 'Wrong e-mail or password'));
    await expect(session.login('li@example.com', 'nope-nope')).rejects.toMatchObject({ code: 1001 });
    expect(session.isLoggedIn).toBe(false);
    expect(storage.data.has('token')).toBe(false);
    expect(accounts.me).not.toHaveBeenCalled();
  });

  it('keeps the user of the login answer when `me` fails', async () => {
    const { session, accounts } = setup();
    accounts.me.mockRejectedValueOnce(new HttpError('network', 'offline'));
    await session.login('li@example.com', 'secret-123');
    expect(session.isLoggedIn).toBe(true);
    expect(session.displayName).toBe('Li Lei');
  });

  it('register sends the form and signs in with the new account', async () => {
    const { session, accounts, storage } = setup();
    const body: RegisterBody = {
      name: 'Han Meimei',
      phone: '13900139000',
      email: 'han@example.com',
      password: 'secret-123',
      confirm_password: 'secret-123',
      area_id: 3,
      building_id: 12,
      building_no: 'A',
      room_no: '1203',
    };
    await session.register(body);
    expect(accounts.reg).toHaveBeenCalledWith(body);
    expect(storage.data.get('token')).toBe('tok-reg');
    expect(accounts.me).toHaveBeenCalledTimes(1);
    expect(session.userInfo).toMatchObject({ nickname: 'Lei from me' });
  });

  it('logout clears at once and revokes the token on the server', async () => {
    const { session, accounts, storage } = setup({ storage: { token: 'tok-old', userInfo: { name: 'Li' } } });
    const pending = session.logout();
    // Logged out before the server has answered.
    expect(session.isLoggedIn).toBe(false);
    expect(storage.data.size).toBe(0);
    await pending;
    expect(accounts.logout).toHaveBeenCalledWith('tok-old');
  });

  it('logout clears local state even when the revoke fails', async () => {
    const { session, accounts, storage } = setup({ storage: { token: 'tok-old', userInfo: { name: 'Li' } } });
    accounts.logout.mockRejectedValueOnce(new HttpError('network', 'offline'));
    await expect(session.logout()).resolves.toBeUndefined();
    expect(session.isLoggedIn).toBe(false);
    expect(session.userInfo).toBeUndefined();
    expect(storage.data.size).toBe(0);
    expect(warn).toHaveBeenCalled();
  });

  it('logout without a session calls nothing', async () => {
    const { session, accounts } = setup();
    await session.logout();
    expect(accounts.logout).not.toHaveBeenCalled();
  });

  it('refresh reloads `me`, and a logout while it ran wins', async () => {
    const { session, accounts } = setup({ storage: { token: 't', userInfo: { name: 'Old' } } });
    await session.refresh();
    expect(session.displayName).toBe('Lei from me');
    let answer!: (u: ApiUserInfo) => void;
    accounts.me.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const pending = session.refresh();
    session.clear();
    answer(user({ nickname: 'Too late' }));
    await pending;
    expect(session.userInfo).toBeUndefined();
  });

  it('memberships: what the last `me` said, none from a user info stored without them', async () => {
    const { session, accounts } = setup({ storage: { token: 't', userInfo: { name: 'Old' } } });
    expect(session.memberships).toEqual([]);
    const staff = { restaurant_id: 9, name: 'Night Skewers', role: 'staff' as const };
    accounts.me.mockResolvedValueOnce(user({ memberships: [staff] }));
    await session.refresh();
    expect(session.memberships).toEqual([staff]);
    accounts.me.mockResolvedValueOnce(user({ memberships: [] }));
    await session.refresh();
    expect(session.memberships).toEqual([]);
  });

  it('refresh does nothing logged out', async () => {
    const { session, accounts } = setup();
    await session.refresh();
    expect(accounts.me).not.toHaveBeenCalled();
  });

  it('mini program WeChat login exchanges a wx.login code', async () => {
    const { session, accounts } = setup({ wechat: 'mini-program' });
    expect(session.wechatLogin).toBe('mini-program');
    await session.loginWithWechat();
    expect(accounts.wxMiniLogin).toHaveBeenCalledWith('wx-code-9');
    expect(session.token).toBe('tok-mini');
  });

  it('official-account login: keeps the state, leaves for WeChat, and signs in when the same state comes back', async () => {
    const { session, accounts, login, storage } = setup({ wechat: 'official-account' });
    await session.startWechatOauth('/login?isBack=1');
    expect(accounts.wxOauthUrl).toHaveBeenCalledWith({
      redirect: 'https://szeat.test/login?isBack=1',
      scope: 'snsapi_base',
    });
    expect(storage.data.get(OAUTH_STATE_KEY)).toBe('st-1');
    expect(login.leaveTo).toHaveBeenCalledWith('https://open.weixin.qq.com/authorize?x');

    await session.finishWechatOauth('code-1', 'st-1');
    expect(accounts.wxPublicLogin).toHaveBeenCalledWith({ code: 'code-1', state: 'st-1' });
    expect(session.token).toBe('tok-oa');
    // The state is single use.
    expect(storage.data.has(OAUTH_STATE_KEY)).toBe(false);
  });

  it('a failed official-account login clears token and login state (spec §8)', async () => {
    const { session, accounts, storage } = setup({
      storage: { token: 'tok-before', userInfo: { name: 'Li' }, [OAUTH_STATE_KEY]: 'st-1' },
    });
    accounts.wxPublicLogin.mockRejectedValueOnce(new ApiError(1006, 'Login expired, try again'));
    await expect(session.finishWechatOauth('code-1', 'st-1')).rejects.toMatchObject({ code: 1006 });
    expect(session.isLoggedIn).toBe(false);
    expect(storage.data.has('token')).toBe(false);
    expect(storage.data.has('userInfo')).toBe(false);
    expect(storage.data.has(OAUTH_STATE_KEY)).toBe(false);
  });

  it('a returned state that is not the one sent is refused without asking the server, and clears the session', async () => {
    const { session, accounts } = setup({ storage: { token: 'tok-before', [OAUTH_STATE_KEY]: 'st-1' } });
    await expect(session.finishWechatOauth('code-1', 'forged')).rejects.toBeInstanceOf(OauthStateError);
    expect(accounts.wxPublicLogin).not.toHaveBeenCalled();
    expect(session.isLoggedIn).toBe(false);
    // No state kept at all (a reload of the returned URL) is refused the same way.
    await expect(session.finishWechatOauth('code-1', 'st-1')).rejects.toBeInstanceOf(OauthStateError);
  });
});
