import Taro from '@tarojs/taro';
import { BUILT_ROUTES, buildPath, ROUTES, type RouteName, type RouteParams } from '../routes';
import type { Navigation } from './types';

/** Taro hands query values over as they are in the URL (still percent-encoded, as buildPath made them). */
const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

export const queryParams = (): Record<string, string> => {
  const params = Taro.getCurrentInstance().router?.params ?? {};
  return Object.fromEntries(
    Object.entries(params)
      .filter(([k]) => !k.startsWith('$taro'))
      .map(([k, v]) => [k, decode(String(v))]),
  );
};

/**
 * A screen whose issue has not landed has no mini program page (WeChat refuses to open it): show the not-found
 * page instead, as the H5 router does for its path.
 */
const pageOf = (route: RouteName, params?: RouteParams) =>
  BUILT_ROUTES.includes(route) ? { def: ROUTES[route], params } : { def: ROUTES.notFound, params: undefined };

/**
 * How many screens back `route` is in the current page stack (the nearest one below the top), 0 when it is not below.
 * `where` reads a stack entry's route: the mini program's page path (`screens/merchant/orders/index`), Taro H5's
 * path (`/merchant/orders`, or the page path when the route table has none).
 */
export function depthBelow(
  route: RouteName,
  where: (page: { route?: string; path?: string }) => string | undefined,
): number {
  const def = ROUTES[route];
  const names = new Set([def.page, `/${def.page}`, def.path]);
  const pages = Taro.getCurrentPages() as Array<{ route?: string; path?: string }>;
  for (let i = pages.length - 2; i >= 0; i--) {
    const at = where(pages[i]!)?.replace(/\?.*/, '');
    if (at !== undefined && names.has(at)) return pages.length - 1 - i;
  }
  return 0;
}

/** Mini program: page paths with parameters; tab pages need switchTab (which takes no parameters). */
export const weappNavigation: Navigation = {
  async go(route, params) {
    const target = pageOf(route, params);
    try {
      if (target.def.tab) await Taro.switchTab({ url: `/${target.def.page}` });
      else await Taro.navigateTo({ url: buildPath(`/${target.def.page}`, target.params) });
    } catch (err) {
      // Callers fire and forget; a refused navigation (page stack full, tapped twice) must not become an unhandled rejection.
      console.error('navigation failed', route, err);
    }
  },
  async replace(route, params) {
    const target = pageOf(route, params);
    try {
      await Taro.reLaunch({ url: buildPath(`/${target.def.page}`, target.params) });
    } catch (err) {
      console.error('navigation failed', route, err);
    }
  },
  async redirect(route, params) {
    const target = pageOf(route, params);
    try {
      if (target.def.tab) await Taro.switchTab({ url: `/${target.def.page}` });
      else await Taro.redirectTo({ url: buildPath(`/${target.def.page}`, target.params) });
    } catch (err) {
      console.error('navigation failed', route, err);
    }
  },
  async backTo(route, params) {
    const delta = depthBelow(route, (p) => p.route);
    if (delta > 0) {
      try {
        await Taro.navigateBack({ delta });
      } catch (err) {
        console.error('navigation failed', route, err);
      }
    } else await weappNavigation.redirect(route, params);
  },
  async back() {
    if (Taro.getCurrentPages().length > 1) await Taro.navigateBack();
    else await Taro.reLaunch({ url: `/${ROUTES.home.page}` });
  },
  async setParams() {},
  params: () => queryParams(),
};
