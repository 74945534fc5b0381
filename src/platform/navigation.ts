import Taro from '@tarojs/taro';
import { buildPath, matchPath, ROUTES, type RouteName, type RouteParams } from '../routes';
import type { Navigation } from './types';

const queryParams = (): Record<string, string> => {
  const params = Taro.getCurrentInstance().router?.params ?? {};
  return Object.fromEntries(Object.entries(params).filter(([k]) => !k.startsWith('$taro')).map(([k, v]) => [k, String(v)]));
};

/** Mini program: page paths with parameters; tab pages need switchTab (which takes no parameters). */
export const weappNavigation: Navigation = {
  async go(route, params) {
    const def = ROUTES[route];
    const url = buildPath(`/${def.page}`, params);
    if (def.tab) await Taro.switchTab({ url: `/${def.page}` });
    else await Taro.navigateTo({ url });
  },
  async replace(route, params) {
    const def = ROUTES[route];
    await Taro.reLaunch({ url: buildPath(`/${def.page}`, params) });
  },
  async back() {
    if (Taro.getCurrentPages().length > 1) await Taro.navigateBack();
    else await Taro.reLaunch({ url: `/${ROUTES.home.page}` });
  },
  params: () => queryParams(),
};

/** H5: the specification's paths, dynamic segments included (`/article/42`), in history mode. */
export const h5Navigation: Navigation = {
  async go(route: RouteName, params?: RouteParams) {
    await Taro.navigateTo({ url: buildPath(ROUTES[route].path, params) });
  },
  async replace(route: RouteName, params?: RouteParams) {
    await Taro.reLaunch({ url: buildPath(ROUTES[route].path, params) });
  },
  async back() {
    if (window.history.length > 1) await Taro.navigateBack();
    else await Taro.reLaunch({ url: '/' });
  },
  params(route: RouteName) {
    const fromPath = matchPath(ROUTES[route].path, window.location.pathname) ?? {};
    return { ...queryParams(), ...fromPath };
  },
};
