import { Type, type Static } from '@sinclair/typebox';
import { LANGS } from '../lang';
import { Address } from './addresses';
import { MemberRole } from './merchant';

/**
 * Accounts: registration, e-mail and WeChat logins, the current user, logout, password reset by SMS.
 *
 * Sessions: every login answers `access_token`, an opaque bearer token (send `Authorization: Bearer <token>`).
 * It ends after SESSION_IDLE_DAYS without use, SESSION_MAX_DAYS after login (`expires_at`), on logout, and on a
 * password reset; any call that needs a session then answers code 1002 (HTTP 401).
 *
 * Input strings default to '' so a missing field gets the same specific, translated message as an empty one:
 * code 1003 with `data.field` naming the first failing field (see FieldErrorEnvelope in ./common).
 */

const Text = (description: string) => Type.String({ default: '', maxLength: 1000, description });
const AreaRef = (description: string) => Type.Integer({ minimum: 0, maximum: 2147483647, default: 0, description });

export const UserLanguage = Type.Union(LANGS.map((l) => Type.Literal(l)));

/**
 * A restaurant the account works for (issue 18): its id, its name in the request's language and the account's role
 * there (`owner`: everything; `staff`: orders and sold out). The restaurant console's calls (merchant/…) say more.
 */
export const Membership = Type.Object({
  restaurant_id: Type.Integer(),
  name: Type.String(),
  role: MemberRole,
});
export type Membership = Static<typeof Membership>;

/** GET me: what the app shows of the signed-in customer. */
export const UserInfo = Type.Object({
  id: Type.Integer(),
  /** The name given at registration ('' for an account made by a WeChat login). */
  name: Type.String(),
  /** What the app shows; the name unless set otherwise (WeChat-only accounts get a generated one). */
  nickname: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  /** Wallet balance in fen (integer). */
  wallet_balance_fen: Type.Integer(),
  language: UserLanguage,
  default_address: Type.Union([Address, Type.Null()]),
  /** False for an account made by a WeChat login that has no e-mail password yet. */
  has_password: Type.Boolean(),
  /** Which WeChat logins are linked: mp = mini program, oa = official account (H5 inside WeChat). */
  wechat: Type.Object({ mp: Type.Boolean(), oa: Type.Boolean() }),
  /**
   * The restaurants the account is a member of, by restaurant id (empty for a customer only): read afresh on every
   * call, so a membership added or removed shows on the next `me`. The app offers the restaurant console from it.
   */
  memberships: Type.Array(Membership),
});
export type UserInfo = Static<typeof UserInfo>;

/** The answer of reg, login, wxminilogin and wxpubliclogin. */
export const AuthResult = Type.Object({
  access_token: Type.String(),
  /** Absolute end of the session (epoch ms); it ends earlier after SESSION_IDLE_DAYS without use. */
  expires_at: Type.Integer(),
  user: UserInfo,
  /** This call created the account (always true for reg; true for a first WeChat login). */
  is_new: Type.Boolean(),
  /** This call linked a WeChat identity to the account. */
  wechat_linked: Type.Boolean(),
});
export type AuthResult = Static<typeof AuthResult>;

/**
 * POST reg. Rules, checked in this order, each with its own message: name 1-32 characters; phone 11 digits starting
 * with 1; e-mail in the specification's format; password 8-128 characters; confirm_password equal; an area and a
 * building of that area; room number 1-32 characters, building number up to 32. Duplicate e-mail or phone: 1005.
 * The address becomes the account's first (default) address, with the name and phone as recipient.
 * Sent with the session of an account made by a WeChat login (no password yet), it completes that account instead
 * of creating another one.
 */
export const RegisterBody = Type.Object({
  name: Text('user name, 1-32 characters'),
  phone: Text('11-digit mobile number starting with 1'),
  email: Text('e-mail address'),
  password: Text('8-128 characters'),
  confirm_password: Text('the same password again'),
  area_id: AreaRef('area (arealist)'),
  building_id: AreaRef('building of that area (buildinglist)'),
  building_no: Text('building / block number, may be empty'),
  room_no: Text('room number'),
});
export type RegisterBody = Static<typeof RegisterBody>;

/**
 * POST login. Wrong e-mail or password answer one message (1001) that does not say which. Failures are limited
 * per e-mail and per client address (1007). `code` (optional): a mini program `wx.login` code; when given, that
 * WeChat identity is linked to the account if it is free (never fails the login; see `wechat_linked`).
 */
export const LoginBody = Type.Object({
  email: Text('e-mail address'),
  password: Text('password'),
  code: Type.String({ default: '', maxLength: 256, description: 'optional mini program login code' }),
});
export type LoginBody = Static<typeof LoginBody>;

/**
 * POST wxminilogin { code }: the mini program's `wx.login` code. Signs in the WeChat user (creating an account on
 * first use). With a session, links this WeChat identity to the signed-in account instead (1005 when it belongs to
 * another account that cannot be merged).
 */
export const WxMiniLoginBody = Type.Object({
  code: Type.String({ default: '', maxLength: 256 }),
});
export type WxMiniLoginBody = Static<typeof WxMiniLoginBody>;

/**
 * GET wxoauthurl?redirect=: starts the official-account login on H5 inside WeChat. `redirect` is the page WeChat
 * returns to (absolute on this site's origin, or a path); the answer's `url` is where to send the browser and
 * `state` the one-time value (valid 10 minutes) that must come back with the code. Keep `state` (e.g. in session
 * storage) and check it against the returned one before calling wxpubliclogin.
 */
export const WxOauthUrlQuery = Type.Object({
  redirect: Type.String({ minLength: 1, maxLength: 2000 }),
  scope: Type.Union([Type.Literal('snsapi_base'), Type.Literal('snsapi_userinfo')], { default: 'snsapi_base' }),
});
export type WxOauthUrlQuery = Static<typeof WxOauthUrlQuery>;

export const WxOauthUrl = Type.Object({
  url: Type.String(),
  state: Type.String(),
  expires_at: Type.Integer({ description: 'epoch milliseconds' }),
});
export type WxOauthUrl = Static<typeof WxOauthUrl>;

/**
 * POST wxpubliclogin { code, state }: the code and state WeChat put on the redirect. The state must be one this
 * server issued, unused, unexpired, and issued to the same session (or to no session): otherwise 1006. Signs in
 * (or, with a session, links) like wxminilogin.
 */
export const WxPublicLoginBody = Type.Object({
  code: Type.String({ default: '', maxLength: 256 }),
  state: Type.String({ default: '', maxLength: 256 }),
});
export type WxPublicLoginBody = Static<typeof WxPublicLoginBody>;

/**
 * POST resetpwdsms { phone }: sends a 6-digit code by SMS when the phone belongs to an account. The answer is the
 * same whether or not it does. One send per phone per 60 s, 5 per phone per hour, and a limit per client (1007).
 */
export const ResetPwdSmsBody = Type.Object({ phone: Text('11-digit mobile number starting with 1') });
export type ResetPwdSmsBody = Static<typeof ResetPwdSmsBody>;

export const ResetPwdSms = Type.Object({
  /** Seconds before another code may be asked for this phone. */
  resend_after: Type.Integer(),
  /** Seconds the code stays valid. */
  expires_in: Type.Integer(),
});
export type ResetPwdSms = Static<typeof ResetPwdSms>;

/**
 * POST savenewpwd: sets a new password with the SMS code (single use; 5 wrong tries burn it; wrong, used and
 * expired codes answer one message). On success every session of the account ends: log in again.
 */
export const SaveNewPwdBody = Type.Object({
  phone: Text('11-digit mobile number starting with 1'),
  code: Text('the 6-digit SMS code'),
  password: Text('8-128 characters'),
  confirm_password: Text('the same password again'),
});
export type SaveNewPwdBody = Static<typeof SaveNewPwdBody>;
