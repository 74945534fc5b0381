/**
 * The built mini program has a page for every route of the app that is built (src/route-table.json), in the
 * packages src/routes.ts derives from the table: a screen in a new folder cannot be left out of the weapp build.
 */
import table from '../../src/route-table.json';
import { miniProgramPackages } from '../../src/routes';
import { allPages, assertBuilt, readAppJson, subPackagesOf, normalizeRoot } from './dist';

beforeAll(() => assertBuilt());

const routes: Record<string, { page: string }> = table.routes;

test('every built route has a page in dist/weapp/app.json', () => {
  const pages = allPages(readAppJson());
  const missing = table.built.filter((name) => !pages.includes(routes[name]!.page));
  expect(missing).toEqual([]);
});

test('app.json has no page that is not a built route', () => {
  const built = table.built.map((name) => routes[name]!.page);
  expect(allPages(readAppJson()).filter((page) => !built.includes(page))).toEqual([]);
});

test("app.json's packages are the ones derived from the route table", () => {
  const app = readAppJson();
  const derived = miniProgramPackages();
  expect(app.pages).toEqual(derived.pages);
  expect(subPackagesOf(app).map((p) => ({ root: normalizeRoot(p.root), pages: p.pages }))).toEqual(derived.subPackages);
});
