/**
 * The built mini program (dist/weapp): where it is, its app.json, and its package sizes. The tests read a build made
 * before jest starts (test/run-all.mjs rebuilds it when stale); they never build it themselves.
 */
import fs from 'node:fs';
import path from 'node:path';

/** SZEAT_WEAPP_DIST points the checks at another build (e.g. one made with a production API base). */
export const DIST = path.resolve(process.env.SZEAT_WEAPP_DIST ?? path.join(__dirname, '..', '..', 'dist', 'weapp'));

export interface SubPackage {
  root: string;
  name?: string;
  pages: string[];
  independent?: boolean;
}

export interface TabBarItem {
  pagePath: string;
  text: string;
  iconPath?: string;
  selectedIconPath?: string;
}

export interface AppJson {
  pages: string[];
  subPackages?: SubPackage[];
  subpackages?: SubPackage[];
  tabBar?: { list: TabBarItem[]; [key: string]: unknown };
  [key: string]: unknown;
}

const shown = (p: string) => (path.relative(process.cwd(), p).startsWith('..') ? p : path.relative(process.cwd(), p));

/** Throws a message that says what to do when the build is missing, instead of a confusing ENOENT later on. */
export function assertBuilt(): void {
  if (!fs.existsSync(path.join(DIST, 'app.json'))) {
    throw new Error(
      `${shown(DIST)}/app.json is missing: build the mini program first ` +
        '(`npx taro build --type weapp`, or `node test/run-all.mjs`, which builds it when stale).',
    );
  }
}

export function readAppJson(dir = DIST): AppJson {
  return JSON.parse(fs.readFileSync(path.join(dir, 'app.json'), 'utf8')) as AppJson;
}

/** WeChat accepts both spellings; a build could only ever use one, but read both. */
export function subPackagesOf(app: AppJson): SubPackage[] {
  return [...(app.subPackages ?? []), ...(app.subpackages ?? [])];
}

/** Every page route of the app, main package first: `screens/main/home/index`, `screens/misc/article/index`, ... */
export function allPages(app: AppJson): string[] {
  const sub = subPackagesOf(app).flatMap((p) => p.pages.map((page) => `${normalizeRoot(p.root)}/${page}`));
  return [...app.pages, ...sub];
}

export function normalizeRoot(root: string): string {
  return root.replace(/^\/+|\/+$/g, '');
}

/** Files under dir, relative with forward slashes, sorted. */
export function listFiles(dir = DIST): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

export interface PackageSizes {
  /** Bytes of everything outside the sub-package roots (what WeChat calls the main package). */
  main: number;
  /** Bytes per sub-package root, in app.json order. */
  subPackages: { root: string; bytes: number }[];
  total: number;
}

export function packageSizes(dir = DIST): PackageSizes {
  const roots = subPackagesOf(readAppJson(dir)).map((p) => normalizeRoot(p.root));
  const sub = new Map(roots.map((r) => [r, 0]));
  let main = 0;
  for (const file of listFiles(dir)) {
    const bytes = fs.statSync(path.join(dir, file)).size;
    const root = roots.find((r) => file.startsWith(`${r}/`));
    if (root === undefined) main += bytes;
    else sub.set(root, (sub.get(root) ?? 0) + bytes);
  }
  const subPackages = roots.map((root) => ({ root, bytes: sub.get(root) ?? 0 }));
  return { main, subPackages, total: main + subPackages.reduce((n, p) => n + p.bytes, 0) };
}
