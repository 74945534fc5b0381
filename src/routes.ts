/**
 * The app's screens (route-table.json): the mini program page path and the H5 path of the specification's route
 * table (spec §2). config/index.ts builds the H5 router's custom routes from the same JSON, and the server's
 * history fallback reads it too.
 */
import table from './route-table.json';

export interface RouteDef {
  page: string;
  path: string;
  tab?: boolean;
}

export type RouteName = keyof (typeof table)['routes'];

export const ROUTES: Record<RouteName, RouteDef> = table.routes;

/**
 * Screens built so far, in the order of app.config.ts. The others keep their paths reserved: on H5 they show the
 * not-found page until their issue lands.
 */
export const BUILT_ROUTES = table.built as RouteName[];

/** Every screen's page lives at `screens/<package>/<screen>/index`; this folder holds them all. */
export const SCREENS_ROOT = 'screens';

/** The mini program's main package (`screens/main/...`): the tab pages (a tab page cannot live in a sub-package). */
export const MAIN_PACKAGE = 'main';

export interface MiniProgramPackages {
  /** Main package pages, `screens/main/home/index`, ... */
  pages: string[];
  /**
   * One sub-package per other package folder of a page (`screens/account/login/index` -> root `screens/account`,
   * page `login/index`).
   */
  subPackages: { root: string; pages: string[] }[];
}

/**
 * The mini program's packages, derived from the route table, so a screen in a new package folder
 * (`screens/merchant/...`) is in the build as soon as its route is built: no list of roots to keep in step. The
 * not-found page stays last (its H5 route catches every path no other page matched), so its package goes last and it
 * goes last in it.
 */
export function miniProgramPackages(routes: readonly RouteName[] = BUILT_ROUTES): MiniProgramPackages {
  return packagesOf(
    routes.map((r) => ROUTES[r].page),
    ROUTES.notFound.page,
  );
}

/** The package folder of a page path: `screens/account/login/index` -> `screens/account`. */
export function packageRootOf(page: string): string {
  const [root, pkg] = page.split('/');
  if (root !== SCREENS_ROOT || !pkg) throw new Error(`A page lives at ${SCREENS_ROOT}/<package>/<screen>: ${page}`);
  return `${root}/${pkg}`;
}

/** miniProgramPackages for page paths (`screens/<package>/.../index`), the not-found page given. */
export function packagesOf(all: readonly string[], notFound: string): MiniProgramPackages {
  const ordered = [...all.filter((p) => p !== notFound), ...(all.includes(notFound) ? [notFound] : [])];
  const main = `${SCREENS_ROOT}/${MAIN_PACKAGE}`;
  const roots = [...new Set(ordered.map(packageRootOf))].filter((root) => root !== main);
  const notFoundRoot = packageRootOf(notFound);
  if (roots.includes(notFoundRoot)) roots.push(...roots.splice(roots.indexOf(notFoundRoot), 1));
  return {
    pages: ordered.filter((p) => packageRootOf(p) === main),
    subPackages: roots.map((root) => ({
      root,
      pages: ordered.filter((p) => packageRootOf(p) === root).map((p) => p.slice(root.length + 1)),
    })),
  };
}

export type RouteParams = Record<string, string | number | undefined>;

/** Fills `:name` segments from params; the rest of params go on the query string. */
export function buildPath(pattern: string, params: RouteParams = {}): string {
  const rest: RouteParams = { ...params };
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === '') throw new Error(`Missing route parameter ${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
  const query = Object.entries(rest)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** Reads `:name` segments of pattern out of pathname, or undefined when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const names: string[] = [];
  const source = pattern.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const m = new RegExp(`^${source}/?$`).exec(pathname);
  if (!m) return undefined;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
}
