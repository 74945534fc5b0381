import Taro from '@tarojs/taro';
import { parentOf, routeOfPath } from '../route-parents';
import { buildPath, matchPath, ROUTES, type RouteName, type RouteParams } from '../routes';
import { depthBelow, queryParams } from './navigation';
import type { Navigation } from './types';

/** H5: the specification's paths, dynamic segments included (`/article/42`), in history mode. */
export const h5Navigation: Navigation = {
  async go(route: RouteName, params?: RouteParams) {
    await Taro.navigateTo({ url: buildPath(ROUTES[route].path, params) });
  },
  async replace(route: RouteName, params?: RouteParams) {
    await Taro.reLaunch({ url: buildPath(ROUTES[route].path, params) });
  },
  async redirect(route: RouteName, params?: RouteParams) {
    await Taro.redirectTo({ url: buildPath(ROUTES[route].path, params) });
  },
  async backTo(route: RouteName, params?: RouteParams) {
    const delta = depthBelow(route, (p) => p.route ?? p.path);
    if (delta > 0) await Taro.navigateBack({ delta });
    else await Taro.redirectTo({ url: buildPath(ROUTES[route].path, params) });
  },
  async setParams(route: RouteName, params?: RouteParams) {
    const url = buildPath(ROUTES[route].path, params);
    if (url === `${window.location.pathname}${window.location.search}`) return;
    await Taro.redirectTo({ url });
  },
  /**
   * Back to the earlier screen of Taro's page stack; without one, to this screen's parent (route-parents.ts parentOf: an
   * order's screen -> the orders tab). The stack decides, not the browser history: a screen that took the place of the
   * stack's only page (redirectTo), a reLaunched or a reloaded one is alone in the stack while history.state.idx is
   * above 0, and navigateBack there is history.go(1 - 1), which reloads the same page (@tarojs/router 4.2.1 api.js). A screen opened directly has an idx of 0 and a one-page stack;
   * history.length cannot tell either (it counts the blank page a new tab starts on and other sites).
   */
  async back() {
    if (Taro.getCurrentPages().length > 1) {
      await Taro.navigateBack();
      return;
    }
    const here = routeOfPath(window.location.pathname);
    await Taro.reLaunch({ url: ROUTES[here ? parentOf(here) : 'home'].path });
  },
  params(route: RouteName) {
    const fromPath = matchPath(ROUTES[route].path, window.location.pathname) ?? {};
    return { ...queryParams(), ...fromPath };
  },
};
