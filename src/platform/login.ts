import Taro from '@tarojs/taro';
import type { Login } from './types';

/** Mini program: WeChat sign-in with `wx.login` codes; the app never leaves for another page. */
export const weappLogin: Login = {
  wechat: () => 'mini-program',
  async code() {
    const res = await Taro.login();
    if (!res.code) throw new Error(res.errMsg || 'login: no code');
    return res.code;
  },
  returnUrl: (path) => path,
  leaveTo() {
    throw new Error('A mini program cannot leave for a web page');
  },
};

/** H5: WeChat sign-in exists only inside WeChat's own browser, as the official account's OAuth redirect. */
export const h5Login: Login = {
  wechat: () => (/MicroMessenger/i.test(window.navigator.userAgent) ? 'official-account' : 'none'),
  code: () => Promise.reject(new Error('wx.login is a mini program API')),
  returnUrl: (path) => new URL(path, window.location.origin).toString(),
  leaveTo(url) {
    // Replace, so that back from the page WeChat returns to goes where the customer was before signing in.
    window.location.replace(url);
  },
};
