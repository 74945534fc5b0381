/**
 * The message catalogues by package in the compiled mini program (issue 15): the main package carries only the
 * namespaces no sub-package list of src/i18n/parts.json names; each sub-package carries its own list's (through
 * src/i18n/parts/<package>.ts); and every message key the compiled code of a package names is in what that package
 * has at hand (the main pack plus its part), so no screen shows a raw key.
 */
import fs from 'node:fs';
import path from 'node:path';
import cn from '../../src/i18n/cn.json';
import parts from '../../src/i18n/parts.json';
import { allPages, assertBuilt, DIST, listFiles, normalizeRoot, readAppJson, subPackagesOf } from './dist';

const NAMESPACES = Object.keys(cn);
const PACKAGES = parts.packages as Record<string, string[]>;
const SUB_ONLY = new Set(Object.values(PACKAGES).flat());

let scripts: Record<string, string>;

beforeAll(() => {
  assertBuilt();
  const roots = subPackagesOf(readAppJson()).map((p) => normalizeRoot(p.root));
  scripts = {};
  for (const file of listFiles().filter((f) => f.endsWith('.js'))) {
    const root = roots.find((r) => file.startsWith(`${r}/`));
    const pkg = root ? root.split('/').pop()! : 'main';
    scripts[pkg] = `${scripts[pkg] ?? ''}\n${fs.readFileSync(path.join(DIST, file), 'utf8')}`;
  }
});

/** Namespaces whose table (`checkout:{...first key...:`) is in the code. */
const definedIn = (code: string) =>
  NAMESPACES.filter((ns) => {
    const first = Object.keys(cn[ns as keyof typeof cn])[0]!;
    return new RegExp(`["']?${ns}["']?:\\{["']?${first}["']?:`).test(code);
  });

/** Namespaces the code names in a message key (`"checkout.title"`, `` `voucher.${state}` ``). */
const namedIn = (code: string) => NAMESPACES.filter((ns) => new RegExp(`["'\`]${ns}\\.[a-z_$]`).test(code));

describe('message catalogues by package', () => {
  test('the main package defines the main namespaces only', () => {
    const defined = definedIn(scripts.main!);
    expect(defined.filter((ns) => SUB_ONLY.has(ns))).toEqual([]);
    expect(defined).toEqual(expect.arrayContaining(['app', 'home', 'orders', 'mine']));
  });

  test.each(Object.keys(PACKAGES))("sub-package %s defines its part's namespaces", (pkg) => {
    expect(definedIn(scripts[pkg] ?? '').sort()).toEqual([...PACKAGES[pkg]!].sort());
  });

  test('every key a package names is in the main pack or in its part', () => {
    const missing: string[] = [];
    for (const [pkg, code] of Object.entries(scripts)) {
      const atHand = new Set([...NAMESPACES.filter((ns) => !SUB_ONLY.has(ns)), ...(PACKAGES[pkg] ?? [])]);
      for (const ns of namedIn(code)) if (!atHand.has(ns)) missing.push(`${pkg}: ${ns}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('every screen of a package with a part loads it', () => {
  // A page can be opened first (a shared link, a relaunch): its own module must add the part before it renders.
  test('screens/<package>/*/index.tsx imports src/i18n/parts/<package>', () => {
    const pages = allPages(readAppJson()).filter((page) => page.split('/')[1]! in PACKAGES);
    expect(pages.length).toBeGreaterThan(10);
    const missing = pages.filter((page) => {
      const pkg = page.split('/')[1]!;
      const source = fs.readFileSync(path.join(__dirname, '..', '..', 'src', `${page}.tsx`), 'utf8');
      return !source.includes(`i18n/parts/${pkg}'`);
    });
    expect(missing).toEqual([]);
  });
});
