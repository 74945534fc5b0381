import { fakeTaro, resetFakeTaro } from '../support/fake-taro';
import { weappNavigation } from '../../../src/platform/navigation';
import { h5Navigation } from '../../../src/platform/navigation-h5';
import { platform as h5 } from '../../../src/platform/index.h5';
import { platform as weapp } from '../../../src/platform/index.weapp';
import { platform as byBareName } from '../../../src/platform';
import { taroStorage } from '../../../src/platform/common';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/fake-taro').fakeTaroModule);

beforeEach(() => {
  resetFakeTaro();
});

describe('H5 platform', () => {
  it('is the H5 one, with the H5 navigation and the Taro storage', () => {
    expect(h5.name).toBe('h5');
    expect(h5.isH5).toBe(true);
    expect(h5.navigation).toBe(h5Navigation);
    expect(h5.storage).toBe(taroStorage);
  });

  it('is what the bare import gives the type checker and the tests', () => {
    expect(byBareName).toBe(h5);
  });

  it('sets the document title', () => {
    h5.setTitle('What Do We Do');
    expect(document.title).toBe('What Do We Do');
    expect(fakeTaro.setNavigationBarTitle).not.toHaveBeenCalled();
  });

  it('requests through fetch, not Taro.request (whose polyfills stay out of the site)', async () => {
    const fetchMock = jest.fn(async () => ({ status: 200, text: async () => '{"code":1000,"msg":"","data":1}' }));
    const saved = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      const res = await h5.request({ url: '/api/szeat/me', method: 'GET', header: {} });
      expect(res).toEqual({ statusCode: 200, data: { code: 1000, msg: '', data: 1 } });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fakeTaro.request).not.toHaveBeenCalled();
    } finally {
      globalThis.fetch = saved;
    }
  });
});

describe('weapp platform', () => {
  it('is the mini program one, with the weapp navigation', () => {
    expect(weapp.name).toBe('weapp');
    expect(weapp.isH5).toBe(false);
    expect(weapp.navigation).toBe(weappNavigation);
  });

  it('sets the navigation bar title', () => {
    weapp.setTitle('文章');
    expect(fakeTaro.setNavigationBarTitle).toHaveBeenCalledWith({ title: '文章' });
  });

  it('reloads by relaunching the current page with its parameters', () => {
    fakeTaro.getCurrentPages.mockReturnValue([
      { route: 'screens/main/home/index' },
      { route: 'screens/misc/article/index', options: { id: '42', q: 'a b' } },
    ]);
    weapp.reload();
    expect(fakeTaro.reLaunch).toHaveBeenCalledTimes(1);
    expect(fakeTaro.reLaunch).toHaveBeenCalledWith({ url: '/screens/misc/article/index?id=42&q=a%20b' });
  });

  it('reloads home when no page is open', () => {
    fakeTaro.getCurrentPages.mockReturnValue([]);
    weapp.reload();
    expect(fakeTaro.reLaunch).toHaveBeenCalledWith({ url: '/screens/main/home/index' });
  });

  it('labels the tab bar in the current language, ignoring a failure off a tab page', async () => {
    fakeTaro.setTabBarItem.mockImplementationOnce(() =>
      Promise.reject({ errMsg: 'setTabBarItem:fail not TabBar page' }),
    );
    weapp.setTabLabels(['Home', 'Orders', 'Me']);
    expect(fakeTaro.setTabBarItem.mock.calls.map((c) => c[0])).toEqual([
      { index: 0, text: 'Home' },
      { index: 1, text: 'Orders' },
      { index: 2, text: 'Me' },
    ]);
    await new Promise((r) => setTimeout(r, 0));
  });

  it('requests without a signal (wx.request has none)', async () => {
    await weapp.request({ url: 'https://api.test/api/szeat/me', method: 'GET', header: {} });
    expect(fakeTaro.request.mock.calls[0]![0]).not.toHaveProperty('signal');
  });
});
