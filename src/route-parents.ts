import { matchPath, ROUTES, type RouteName } from './routes';

/*
 * H5 only (src/platform/navigation-h5.ts): where a back arrow leads with nothing to go back to. Kept out of routes.ts,
 * which the mini program's main package carries (the mini program has WeChat's own navigation bar).
 */

/**
 * The screen a back arrow leads to when there is no earlier screen of the app to go back to: the screen was opened by
 * its URL, or in place of the one it was opened from (H5 redirectTo / reLaunch: "View order" on payment success).
 * An order's screens lead to the orders tab, the account's to mine, the rest to home. One table for every screen,
 * so no screen keeps its own copy.
 */
const PARENTS: Partial<Record<RouteName, RouteName>> = {
  orderDetail: 'orders',
  rating: 'orders',
  paySuccess: 'orders',
  wallet: 'mine',
  vouchers: 'mine',
  addresses: 'mine',
  addressEdit: 'mine',
  myRatings: 'mine',
  restaurantDetail: 'home',
  restaurantList: 'home',
  search: 'home',
  article: 'home',
};

/** The screen `route`'s back arrow leads to when there is nothing to go back to (PARENTS); home when none is named. */
export function parentOf(route: RouteName): RouteName {
  return PARENTS[route] ?? 'home';
}

/** The screen whose H5 path `pathname` is (`/order_detail/9` -> orderDetail), or undefined for no screen's path. */
export function routeOfPath(pathname: string): RouteName | undefined {
  return (Object.keys(ROUTES) as RouteName[]).find((route) => matchPath(ROUTES[route].path, pathname) !== undefined);
}
