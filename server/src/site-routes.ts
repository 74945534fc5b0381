/**
 * The H5 site's paths (spec §2). The server answers these with index.html (history mode); any other path gets
 * index.html too, with status 404, so the app shows its not-found page and crawlers see the 404.
 */
export const SITE_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/restaurant_list\/?$/,
  /^\/restaurant_detail\/?$/,
  /^\/search\/?$/,
  /^\/login\/?$/,
  /^\/register\/?$/,
  /^\/settlemt\/[^/]+\/?$/,
  /^\/mine\/?$/,
  /^\/orders\/?$/,
  /^\/order_detail\/[^/]+\/?$/,
  /^\/paySucc\/[^/]+\/?$/,
  /^\/article\/[^/]+\/?$/,
  /^\/rating\/[^/]+\/?$/,
  /^\/forgetpwd\/?$/,
  /^\/not-found\/?$/,
];

export const isSiteRoute = (pathname: string) => SITE_ROUTES.some((r) => r.test(pathname));
