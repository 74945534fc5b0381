import table from '../../src/route-table.json';

/**
 * The H5 site's paths, read from the app's own route table (src/route-table.json, the spec's route table plus our
 * screens). The server answers these with index.html (history mode); any other path gets index.html too, with
 * status 404, so the app shows its not-found page and crawlers see the 404. Only screens listed in the table's
 * "built" count: a reserved path of a screen not built yet shows not-found, so it answers 404 until its screen lands
 * (adding the screen to "built" is the one switch). The not-found page's own path is a 404 as well.
 */
const toPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`);

const routes = table.routes as Record<string, { path: string }>;

export const SITE_ROUTES: RegExp[] = (table.built as string[])
  .filter((name) => name !== 'notFound' && routes[name])
  .map((name) => toPattern(routes[name]!.path));

export const isSiteRoute = (pathname: string) => SITE_ROUTES.some((r) => r.test(pathname));
