/**
 * Every screen folder of the app (a folder under src/ with an index.config.ts, Taro's page config) is the page of a
 * route in src/route-table.json, and that route is built: the mini program's packages are derived from the built
 * routes (src/routes.ts miniProgramPackages -> src/app.config.ts), so a screen cannot be left out of the build
 * silently. test/weapp/routes.test.ts checks the built app.json itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import table from '../../src/route-table.json';

const SRC = path.resolve(__dirname, '..', '..', 'src');

function screenFolders(dir = SRC, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) screenFolders(full, out);
    else if (entry.name === 'index.config.ts') out.push(path.relative(SRC, dir).split(path.sep).join('/'));
  }
  return out.sort();
}

const routes: Record<string, { page: string }> = table.routes;
const pageOf = (name: string) => routes[name]!.page;
const builtPages = table.built.map(pageOf);

test('the scan finds the screens (a guard)', () => {
  expect(screenFolders()).toEqual(
    expect.arrayContaining(['screens/main/home', 'screens/account/login', 'screens/misc/not-found']),
  );
});

test('every screen folder is the page of a route', () => {
  const pages = Object.values(routes).map((r) => r.page);
  expect(screenFolders().filter((dir) => !pages.includes(`${dir}/index`))).toEqual([]);
});

test('every screen folder is built (in route-table.json "built")', () => {
  expect(screenFolders().filter((dir) => !builtPages.includes(`${dir}/index`))).toEqual([]);
});

test('every built route has its screen folder', () => {
  const folders = screenFolders();
  expect(builtPages.filter((page) => !folders.includes(page.replace(/\/index$/, '')))).toEqual([]);
});

test('built routes are routes of the table, once each', () => {
  expect(table.built.filter((name) => !(name in routes))).toEqual([]);
  expect(new Set(table.built).size).toBe(table.built.length);
});
