import type {
  AuthResult,
  LoginBody,
  RegisterBody,
  ResetPwdSms,
  SaveNewPwdBody,
  UserInfo,
  WxOauthUrl,
  WxOauthUrlQuery,
  WxPublicLoginBody,
} from '../../types/api/accounts';
import type { Http } from './http';

/** Accounts: sign-up, the sign-ins (e-mail, mini program, official account), the current user, logout, password reset. */
export function accountsApi(http: Http) {
  return {
    reg: (body: RegisterBody) => http.post<AuthResult>('reg', body, { busy: true }),
    login: (body: LoginBody) => http.post<AuthResult>('login', body, { busy: true }),
    wxMiniLogin: (code: string) => http.post<AuthResult>('wxminilogin', { code }, { busy: true }),
    wxOauthUrl: (query: WxOauthUrlQuery) => http.get<WxOauthUrl>('wxoauthurl', query, { busy: true }),
    wxPublicLogin: (body: WxPublicLoginBody) => http.post<AuthResult>('wxpubliclogin', body, { busy: true }),
    me: () => http.get<UserInfo>('me'),
    /** Revokes a session's token: the one given (already dropped by the app) or the current one. */
    logout: (token?: string) => http.post<unknown>('logout', {}, token ? { token } : {}),
    resetPwdSms: (phone: string) => http.post<ResetPwdSms>('resetpwdsms', { phone }, { busy: true }),
    saveNewPwd: (body: SaveNewPwdBody) => http.post<unknown>('savenewpwd', body, { busy: true }),
  };
}

export type AccountsApi = ReturnType<typeof accountsApi>;
