import { buildPath, ROUTES, type RouteName, type RouteParams } from '../routes';

/** What a mini program page answers to useShareAppMessage: the title shown and the page the friend opens. */
export interface SharedPage {
  title: string;
  path: string;
}

/** What it answers to useShareTimeline (Moments open the same page with `query`). */
export interface SharedTimeline {
  title: string;
  query: string;
}

/** The share payload that opens `route` with `params` (`/screens/discover/restaurant-detail/index?id=12`). */
export function sharedPage(route: RouteName, params: RouteParams, title: string): SharedPage {
  return { title, path: buildPath(`/${ROUTES[route].page}`, params) };
}

export function sharedTimeline(params: RouteParams, title: string): SharedTimeline {
  return { title, query: buildPath('', params).replace(/^\?/, '') };
}
