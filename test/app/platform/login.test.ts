import { h5Login, weappLogin } from '../../../src/platform/login';
import { platform as h5 } from '../../../src/platform/index.h5';
import { platform as weapp } from '../../../src/platform/index.weapp';
import { fakeTaro, resetFakeTaro } from '../support/fake-taro';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/fake-taro').fakeTaroModule);

beforeEach(() => {
  resetFakeTaro();
});

function withUserAgent(ua: string, fn: () => void) {
  const spy = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ua);
  try {
    fn();
  } finally {
    spy.mockRestore();
  }
}

describe('platform login', () => {
  it('each platform has its own', () => {
    expect(h5.login).toBe(h5Login);
    expect(weapp.login).toBe(weappLogin);
  });

  it('mini program: WeChat sign-in by wx.login code', async () => {
    expect(weappLogin.wechat()).toBe('mini-program');
    await expect(weappLogin.code()).resolves.toBe('taro-login-code');
    expect(fakeTaro.login).toHaveBeenCalledTimes(1);
  });

  it('mini program: a wx.login without a code rejects', async () => {
    fakeTaro.login.mockResolvedValueOnce({ errMsg: 'login:fail auth deny' });
    await expect(weappLogin.code()).rejects.toThrow('login:fail auth deny');
    expect(() => weappLogin.leaveTo('https://x')).toThrow();
  });

  it("H5: WeChat sign-in only inside WeChat's browser (MicroMessenger in the user agent)", () => {
    withUserAgent(
      'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI',
      () => {
        expect(h5Login.wechat()).toBe('official-account');
      },
    );
    withUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36', () => {
      expect(h5Login.wechat()).toBe('none');
    });
  });

  it('H5: no wx.login; return URLs are absolute on this origin', async () => {
    await expect(h5Login.code()).rejects.toThrow();
    expect(h5Login.returnUrl('/login?isBack=1')).toBe(`${window.location.origin}/login?isBack=1`);
  });
});
