import type { Generated } from 'kysely';

/**
 * Customers, their sessions, WeChat identities and addresses, plus the short-lived security records (rate-limit
 * events, SMS codes, OAuth states). Times are epoch milliseconds; money is fen.
 */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  nickname: string;
  /** Lower-cased; null for an account made by a WeChat login. Unique. */
  email: string | null;
  /** 11 digits; null for an account made by a WeChat login. Unique. */
  phone: string | null;
  /** argon2id; null until the account has an e-mail password (WeChat-only). */
  password_hash: string | null;
  language: 'cn' | 'en';
  /** Changed only with a wallet_ledger row (modules/wallet/repository.ts). */
  wallet_balance_fen: Generated<number>;
  /** How many addresses the user has: the cap is one conditional UPDATE on it (modules/addresses/repository.ts). */
  address_count: Generated<number>;
  /** One of the user's addresses; kept by the addresses module (no foreign key: the two tables point at each other). */
  default_address_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  /** sha256 of the bearer token, base64url; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  platform: 'h5' | 'weapp';
  created_at: number;
  last_used_at: number;
  /** Absolute end; the idle limit is checked against last_used_at. */
  expires_at: number;
  revoked_at: number | null;
}

/**
 * One row per limited key (a failed-login e-mail, a client's SMS sends...): `n` events counted in the window that
 * began at `window_start`; a reservation is one conditional upsert (auth/rate-limit.ts).
 */
export interface RateCountersTable {
  key: string;
  window_start: number;
  n: number;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  purpose: 'reset_password';
  code_hash: string;
  created_at: number;
  expires_at: number;
  /** Set when used, superseded by a newer code, or burned by too many wrong guesses. */
  used_at: number | null;
  attempts: Generated<number>;
}

export interface OauthStatesTable {
  id: Generated<number>;
  /** sha256 of the state handed to the browser, base64url. */
  state_hash: string;
  /** The session's user when the state was issued (linking), null for a sign-in. */
  user_id: number | null;
  redirect_uri: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface WechatIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  /** mp: mini program; oa: official account (H5 inside WeChat). */
  app: 'mp' | 'oa';
  appid: string;
  openid: string;
  unionid: string | null;
  created_at: number;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  phone: string;
  area_id: number;
  building_id: number;
  building_no: string;
  room_no: string;
  lat: number;
  lng: number;
  created_at: number;
  updated_at: number;
}

export interface AccountsTables {
  users: UsersTable;
  sessions: SessionsTable;
  rate_counters: RateCountersTable;
  sms_codes: SmsCodesTable;
  oauth_states: OauthStatesTable;
  wechat_identities: WechatIdentitiesTable;
  addresses: AddressesTable;
}
