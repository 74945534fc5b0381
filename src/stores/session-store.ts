import { makeAutoObservable } from 'mobx';
import type { Storage } from '../platform/types';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'userInfo';

/** What the app shows of the user; the `me` call fills it (its fields come with the accounts issue). */
export interface UserInfo {
  id?: number;
  name?: string;
  nickname?: string;
  phone?: string;
  email?: string;
  [key: string]: unknown;
}

/** Token and user info, restored at start (spec §4): logged in when a token is in storage. */
export class SessionStore {
  token: string | undefined;
  userInfo: UserInfo | undefined;

  constructor(private readonly storage: Storage) {
    this.token = storage.get<string>(TOKEN_KEY) || undefined;
    this.userInfo = this.token ? storage.get<UserInfo>(USER_KEY) : undefined;
    makeAutoObservable<SessionStore, 'storage'>(this, { storage: false });
  }

  get isLoggedIn(): boolean {
    return !!this.token;
  }

  get displayName(): string {
    return this.userInfo?.nickname || this.userInfo?.name || this.userInfo?.email || '';
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

  /** Removes user info and token (spec §4). */
  logout() {
    this.token = undefined;
    this.userInfo = undefined;
    this.storage.remove(TOKEN_KEY);
    this.storage.remove(USER_KEY);
  }
}
