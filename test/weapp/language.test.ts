/**
 * English in the compiled mini program (dist/weapp). Unlike H5 (a chunk fetched on demand, issue 10), English stays
 * in the main package (src/i18n/packs.weapp.ts: Taro 4.2.1 has no sub-package require.async), so a saved English
 * choice shows English from the first render, offline too, and nothing is fetched for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import cn from '../../src/i18n/cn.json';
import en from '../../src/i18n/en.json';
import { DIST, listFiles, normalizeRoot, readAppJson, subPackagesOf } from './dist';
import { dataTexts } from './harness';
import { useWeappHarness } from './support/use-harness';

const w = useWeappHarness({ storage: { _lang: 'en' } });

test('English is in the main package: no chunk of its own, no sub-package', () => {
  const roots = subPackagesOf(readAppJson()).map((p) => normalizeRoot(p.root));
  const js = listFiles().filter((f) => f.endsWith('.js'));
  const withEnglish = js.filter((f) => fs.readFileSync(path.join(DIST, f), 'utf8').includes(en.home.prompt));
  expect(withEnglish).toHaveLength(1);
  expect(roots.some((r) => withEnglish[0]!.startsWith(`${r}/`))).toBe(false);
  expect(js.filter((f) => /lang-en/.test(f))).toEqual([]);
});

test('a saved English choice: home is in English from its first render, and asks the API in English', async () => {
  const home = await w.h.openPage('screens/main/home/index');
  const first = home.byClass('home__prompt').map((n) => dataTexts(n).join(''));
  expect(first).toEqual([en.home.prompt]);
  await w.h.settle();
  expect(home.byClass('home__title').map((n) => dataTexts(n).join(''))).toEqual([en.home.title]);
  expect(JSON.stringify(home.byClass('home__prompt').map(dataTexts))).not.toContain(cn.home.prompt);
  expect(w.h.requests.length).toBeGreaterThan(0);
  for (const r of w.h.requests) expect(r.header['Accept-Language']).toBe('en');
});
