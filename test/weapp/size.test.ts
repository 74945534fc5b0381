/**
 * Package budgets of the mini program (DESIGN.md §6): WeChat refuses to upload a main package over 2 MB and any
 * sub-package over 2 MB. The main package's budget is issue 10's guard: 450,122 B when set, with MobX and
 * mobx-react-lite (their production builds, about 43 KB; the product's stores are MobX), against 289,665 B for a
 * Taro 4.2.1 hello world built with the same settings (bench/hello), plus about 1.5%; raise it only on purpose. Also
 * what keeps it there (engine targets, stores only sub-packages use), and the app.json that Taro generated: pages,
 * sub-packages and the tab bar with its icons.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  allPages,
  assertBuilt,
  DIST,
  listFiles,
  normalizeRoot,
  packageSizes,
  readAppJson,
  subPackagesOf,
  type AppJson,
} from './dist';

// Lowered from 464 KB (raised there when the message catalogue grew): the messages only sub-package screens use are
// in their packages now (src/i18n/parts.json, config/i18n-parts.ts), main package 473,795 -> 452,299 B measured;
// 448 KB is that plus about 1.4%. Raised to 452 KB on purpose: the same day's subscribe messages (SubscribeStore, asked
// in the place-order and pay taps) and the console entry on Mine brought the main package to 458,809 B, 57 B over
// 448 KB; 452 KB is that plus about 0.9%.
const MAIN_BUDGET = 452 * 1024;
const SUB_BUDGET = 2 * 1024 * 1024;
const TABS = ['screens/main/home/index', 'screens/main/orders/index', 'screens/main/mine/index'];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let app: AppJson;

/** The .js files of the main package (outside every sub-package root). */
const mainScripts = () =>
  listFiles().filter(
    (f) => f.endsWith('.js') && !subPackagesOf(app).some((p) => f.startsWith(`${normalizeRoot(p.root)}/`)),
  );

beforeAll(() => {
  assertBuilt();
  app = readAppJson();
});

describe('package sizes', () => {
  test('main package under its budget (452 KB), every sub-package under 2 MB', () => {
    const sizes = packageSizes();
    const rows = [
      ['main package', sizes.main, MAIN_BUDGET] as const,
      ...sizes.subPackages.map((p) => [`sub-package ${p.root}/`, p.bytes, SUB_BUDGET] as const),
      ['total', sizes.total, undefined] as const,
    ];
    console.log(
      [
        'weapp package sizes',
        ...rows.map(
          ([name, bytes, budget]) =>
            `  ${name.padEnd(28)} ${String(bytes).padStart(9)} B ${kb(bytes).padStart(10)}${budget ? `  (budget ${kb(budget)})` : ''}`,
        ),
      ].join('\n'),
    );
    expect(sizes.main).toBeGreaterThan(0);
    expect(sizes.main).toBeLessThan(MAIN_BUDGET);
    for (const p of sizes.subPackages)
      expect({ root: p.root, underBudget: p.bytes < SUB_BUDGET }).toEqual({ root: p.root, underBudget: true });
  });
});

describe('compiled for the JS engines WeChat runs on', () => {
  // babel.config.js: iOS 12 / Chrome 66 in the mini program build instead of the H5 list (IE-era ES5), so async
  // functions, classes and spread ship as they are, with no regenerator runtime or class helpers (issue 10).

  test('the main package keeps async functions and classes native', () => {
    const common = fs.readFileSync(path.join(DIST, 'common.js'), 'utf8');
    expect(common).toMatch(/\basync\s*(function\b|\(|[\w$]+\s*\()/);
    expect(common).toMatch(/\bclass\s+[\w$]+(\s+extends\b[^{]*)?\s*\{/);
  });

  test('no regenerator runtime in the main package', () => {
    const offenders = mainScripts().filter((f) =>
      /regeneratorRuntime|_regenerator|Generator is already running/.test(fs.readFileSync(path.join(DIST, f), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});

describe('styles for the engines WeChat runs on', () => {
  test('no -ms- prefixes in any .wxss (autoprefixer for config/weapp-targets.json)', () => {
    const prefixed = listFiles()
      .filter((f) => f.endsWith('.wxss'))
      .filter((f) => /-ms-/.test(fs.readFileSync(path.join(DIST, f), 'utf8')));
    expect(prefixed).toEqual([]);
  });
});

describe('what only sub-package screens use stays out of the main package', () => {
  const scriptsUnder = (root: string) => listFiles().filter((f) => f.endsWith('.js') && f.startsWith(`${root}/`));
  const carrying = (files: string[], marker: string) =>
    files.filter((f) => fs.readFileSync(path.join(DIST, f), 'utf8').includes(marker));

  test('the cart store (stores/cart.ts) is in the discover and order sub-packages only', () => {
    // A getter of CartStore: property names survive minification.
    const marker = 'belowMinimumFen';
    expect(carrying(mainScripts(), marker)).toEqual([]);
    expect(carrying(scriptsUnder('screens/discover'), marker).length).toBeGreaterThan(0);
    expect(carrying(scriptsUnder('screens/order'), marker).length).toBeGreaterThan(0);
  });

  test('the checkout store (stores/checkout.ts) is in the order sub-package only', () => {
    const marker = 'quoteBody';
    expect(carrying(mainScripts(), marker)).toEqual([]);
    expect(carrying(scriptsUnder('screens/order'), marker).length).toBeGreaterThan(0);
  });

  test('the address book store (stores/address-book.ts) is in the account sub-package only', () => {
    const marker = 'addressBook';
    expect(carrying(mainScripts(), marker)).toEqual([]);
    expect(carrying(scriptsUnder('screens/account'), marker).length).toBeGreaterThan(0);
  });
});

describe('what the tab pages do not use stays out of the main package', () => {
  const mainFiles = (ext: string) =>
    listFiles().filter(
      (f) => f.endsWith(ext) && !subPackagesOf(app).some((p) => f.startsWith(`${normalizeRoot(p.root)}/`)),
    );
  const carrying = (files: string[], marker: RegExp) =>
    files.filter((f) => marker.test(fs.readFileSync(path.join(DIST, f), 'utf8')));

  test("the promotion and ad strips (discover screens) are not in it; home's pop-ups only open links", () => {
    expect(carrying(mainFiles('.js'), /promo-strip__badge|ad-strip__ad/)).toEqual([]);
    expect(carrying(mainFiles('.wxss'), /\.promo-strip\{|\.ad-strip\{/)).toEqual([]);
  });

  test("no H5 site frame or Leaflet styles in the main package's .wxss (H5's own .scss files)", () => {
    expect(carrying(mainFiles('.wxss'), /\.site[{,\s]|\.site__main|leaflet|\.map-view--closed/)).toEqual([]);
  });
});

describe('app.json', () => {
  test('lists the pages, each with its compiled files, and the sub-packages', () => {
    expect(app.pages.length).toBeGreaterThan(0);
    expect(app.pages).toEqual(expect.arrayContaining(TABS));
    expect(allPages(app)).toEqual(
      expect.arrayContaining(['screens/misc/article/index', 'screens/misc/not-found/index']),
    );
    for (const page of allPages(app)) {
      for (const ext of ['js', 'json', 'wxml']) {
        expect(`${page}.${ext}: ${fs.existsSync(path.join(DIST, `${page}.${ext}`))}`).toBe(`${page}.${ext}: true`);
      }
    }
    const roots = subPackagesOf(app).map((p) => p.root);
    expect(roots.length).toBeGreaterThan(0);
    for (const page of app.pages) expect(roots.some((r) => page.startsWith(`${r}/`))).toBe(false);
  });

  test('has the tab bar home, orders, mine, with icons that exist', () => {
    const list = app.tabBar?.list ?? [];
    expect(list.map((item) => item.pagePath)).toEqual(TABS);
    for (const item of list) {
      expect(app.pages).toContain(item.pagePath);
      expect(item.text).not.toBe('');
      for (const icon of [item.iconPath, item.selectedIconPath]) {
        expect(icon).toMatch(/\.(png|jpe?g)$/);
        const file = path.join(DIST, icon!);
        expect(`${icon}: ${fs.existsSync(file)}`).toBe(`${icon}: true`);
        // WeChat's limit for a tab bar icon.
        expect(fs.statSync(file).size).toBeLessThanOrEqual(40 * 1024);
      }
    }
  });
});

describe("the map's marker pictures", () => {
  // WeChat's map draws `iconPath` from a package path, a network address or a temporary file, not a data: URI.
  test('are files of the package that the compiled map names, not data: URIs', () => {
    const js = listFiles()
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(DIST, f), 'utf8'))
      .join('\n');
    expect(js).not.toMatch(/data:image\/png;base64/);
    for (const icon of ['/assets/map/pin.png', '/assets/map/dot.png']) {
      expect(js).toContain(`"${icon}"`);
      expect(`${icon}: ${fs.existsSync(path.join(DIST, icon))}`).toBe(`${icon}: true`);
    }
  });
});
