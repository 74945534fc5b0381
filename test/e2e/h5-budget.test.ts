/**
 * The cheap, non-flaky guard of issue 10: the JS and CSS a phone downloads for `/` (gzip bytes of the built files the
 * page requested) stay under bench/budget.json. `npm run bench` measures the rest against baselines.
 */
import fs from 'node:fs';
import path from 'node:path';
import budget from '../../bench/budget.json';
import { measureRoute } from '../../bench/lib/first-load';
import { ROOT_DIR } from '../../server/src/config';
import { useSite } from './support/site';

const site = useSite();

test.each(Object.entries(budget.h5FirstLoadGzip))('first load of %s stays under its budget', async (route, limit) => {
  const measured = await measureRoute(site.page, site.url, path.join(ROOT_DIR, 'dist', 'h5'), route);
  console.log(
    `H5 first load ${route}: ${measured.files.length} files, ${measured.gzip} B gzip (budget ${limit} B), ${measured.brotli} B brotli`,
  );
  expect(measured.files.length).toBeGreaterThan(0);
  expect(measured.gzip).toBeLessThanOrEqual(limit);
});

// What the first page used to carry without drawing it (issue 10). Each pattern is a string only that code has.
const LEFT_OUT: Array<[what: string, pattern: RegExp]> = [
  // Taro's toast, modal and loading: loaded with the first message (src/platform/feedback.ts).
  ["Taro's modal", /taro-model__confirm/],
  // The weui icon font of Taro's component styles (config/strip-weui-font.js).
  ['the weui font', /@font-face\s*\{[^}]*font-family:\s*["']?weui/],
  // MobX's development build (config/index.ts: its production build on H5).
  ["MobX's development checks", /Since strict-mode is enabled/],
  // Taro's H5 request and its fetch polyfill (requests go through fetch-request.ts; a Taro.request in a module the H5
  // platform imports brought them back, about 15 KB gzip: the mini program's event stream is its own file).
  ["Taro's request polyfills", /_initBody\(/],
];

test('the first load of / leaves out what its screen does not use', async () => {
  const dist = path.join(ROOT_DIR, 'dist', 'h5');
  const measured = await measureRoute(site.page, site.url, dist, '/');
  const text = measured.files.map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n');
  const found = LEFT_OUT.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
  console.log(
    `first load of /: checked ${LEFT_OUT.map(([what]) => what).join(', ')}; found: ${found.join(', ') || 'none'}`,
  );
  expect(found).toEqual([]);
});

test.each(['/', '/restaurant_list', '/restaurant_detail?id=1'])(
  "index.html preloads the chunks of %s's screen with the app's own files (config/route-preload.ts)",
  async (route) => {
    const dist = path.join(ROOT_DIR, 'dist', 'h5');
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const initial = new Set([...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
    const measured = await measureRoute(site.page, site.url, dist, route);
    const preloaded = await site.page.$$eval('link[rel=preload]', (links) =>
      links.map((l) => new URL((l as HTMLLinkElement).href).pathname),
    );
    const screenFiles = measured.files.filter((f) => !initial.has(f));
    console.log(`${route}: preloaded ${preloaded.join(', ')}`);
    expect(screenFiles.length).toBeGreaterThan(0);
    expect(preloaded.sort()).toEqual(screenFiles);
  },
);
