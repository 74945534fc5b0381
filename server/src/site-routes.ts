import table from '../../src/route-table.json';

/**
 * The H5 site's paths, read from the app's own route table (src/route-table.json, the spec's route table plus our
 * screens). The server answers these with index.html (history mode); any other path gets index.html too, with
 * status 404, so the app shows its not-found page and crawlers see the 404. Reserved paths of screens not built yet
 * count as site paths: the app shows not-found there until they land.
 */
const toPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`);

export const SITE_ROUTES: RegExp[] = Object.values(table.routes as Record<string, { path: string }>).map((r) =>
  toPattern(r.path),
);

export const isSiteRoute = (pathname: string) => SITE_ROUTES.some((r) => r.test(pathname));
