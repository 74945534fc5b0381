import { autorun } from 'mobx';
import { SessionStore, TOKEN_KEY, USER_KEY } from '../../../src/stores/session-store';
import { memoryStorage } from '../support/fake-platform';

describe('SessionStore', () => {
  it('uses the storage keys token and userInfo', () => {
    expect(TOKEN_KEY).toBe('token');
    expect(USER_KEY).toBe('userInfo');
  });

  it('starts logged in when a token is in storage, with the stored user info', () => {
    const session = new SessionStore(memoryStorage({ token: 'abc', userInfo: { name: 'Li Lei', email: 'li@example.com' } }));
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
    session.logout();
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
