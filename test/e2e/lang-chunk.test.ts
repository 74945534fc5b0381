/**
 * Issue 10: English is not in the H5 first load. Chinese (the default) is bundled; English is a chunk of its own,
 * fetched when chosen, or before the first render when it was chosen on an earlier visit. A chunk that cannot be
 * fetched leaves the customer in Chinese, told so in Chinese.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT_DIR } from '../../server/src/config';
import parts from '../../src/i18n/parts.json';
import { chooseLanguage, cn, en, exactly, open, shown, textOf, useSite } from './support/site';

const site = useSite();
const DIST = path.join(ROOT_DIR, 'dist', 'h5');
const EN_CHUNK = /\/js\/lang-en\.[0-9a-f]+\.js$/;

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v)));

/**
 * Sentences only the English pack has: a few words at least, so no code or brand name matches by chance, and
 * nothing a build writes escaped (quotes, line breaks).
 */
const cnValues = new Set(leaves(cn as Tree));
const ENGLISH_ONLY = leaves(en as Tree).filter(
  (s) => !cnValues.has(s) && s.length >= 16 && / \w+ /.test(s) && !/['"\\\n]/.test(s),
);

/**
 * The English-only sentences of the main pack, the lang-en chunk: the namespaces of src/i18n/parts.json come with
 * the screens of their packages instead (config/i18n-parts.ts), never in the first load either.
 */
const SUB_ONLY = new Set(Object.values(parts.packages).flat());
const MAIN_ENGLISH = new Set(
  leaves(Object.fromEntries(Object.entries(en).filter(([ns]) => !SUB_ONLY.has(ns))) as Tree),
);
const ENGLISH_ONLY_MAIN = ENGLISH_ONLY.filter((s) => MAIN_ENGLISH.has(s));

/** Records the site's JS files the page asks for; the returned function lists them so far. */
function watchScripts(page: Page): () => string[] {
  const seen = new Set<string>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin === site.url && url.pathname.endsWith('.js')) seen.add(url.pathname);
  });
  return () => [...seen].sort();
}

/** The English-only sentences found in these built files. */
function englishIn(files: string[]): string[] {
  const text = files.map((f) => fs.readFileSync(path.join(DIST, f), 'utf8')).join('\n');
  return ENGLISH_ONLY.filter((s) => text.includes(s));
}

async function expectToast(page: Page, text: string) {
  await page
    .locator('.taro__toast p')
    .filter({ hasText: exactly(text) })
    .waitFor({ state: 'visible' });
}

test('there is English to look for', () => {
  expect(ENGLISH_ONLY.length).toBeGreaterThan(100);
  expect(ENGLISH_ONLY).toContain(en.topbar.lang_failed);
});

test('the first load of / has no English; choosing English fetches it, then shows it', async () => {
  const { page } = site;
  const requested = watchScripts(page);
  await open(page, '/');
  await page.waitForLoadState('networkidle');
  expect(await textOf(shown(page, '.home__prompt'))).toBe(cn.home.prompt);
  const first = requested();
  expect(first.length).toBeGreaterThan(0);
  expect(first.filter((f) => EN_CHUNK.test(f))).toEqual([]);
  expect(englishIn(first)).toEqual([]);

  await chooseLanguage(page, cn.topbar.lang_en);
  expect(await textOf(shown(page, '.home__prompt'))).toBe(en.home.prompt);
  expect(await textOf(shown(page, '.top-bar__login'))).toBe(en.topbar.login);
  // The English came from its own chunk, and the check above does find English in built files.
  const chunk = requested().filter((f) => EN_CHUNK.test(f));
  expect(chunk).toHaveLength(1);
  const inChunk = englishIn(chunk);
  expect(ENGLISH_ONLY_MAIN.length).toBeGreaterThan(50);
  expect(ENGLISH_ONLY_MAIN.filter((s) => !inChunk.includes(s))).toEqual([]);
  // None of the packages' own sentences (one that is part of a main sentence aside).
  const mainText = [...MAIN_ENGLISH].join('\n');
  expect(inChunk.filter((s) => !MAIN_ENGLISH.has(s) && !mainText.includes(s))).toEqual([]);
  // The service worker keeps it like the other route chunks, when first used (so English works offline afterwards),
  // and does not precache it for every visitor.
  const sw = fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  expect(sw).not.toContain(`url:"${chunk[0]!}"`);
  expect(chunkRoute(sw).test(chunk[0]!)).toBe(true);
});

/**
 * The URL pattern of the service worker's route that keeps JS/CSS chunks (cache `szeat-chunks`, config/index.ts): the
 * last `(/regex/, new Handler` of the built sw.js before that cache name.
 */
function chunkRoute(sw: string): RegExp {
  const before = sw.slice(0, sw.indexOf('"szeat-chunks"'));
  const routes = [...before.matchAll(/\(\/((?:\\.|[^/\\\n])+)\/([a-z]*),new /g)];
  const last = routes[routes.length - 1];
  if (!last) throw new Error('No szeat-chunks route in sw.js');
  return new RegExp(last[1]!, last[2]);
}

test('when the English chunk cannot be fetched the page stays in Chinese and says so', async () => {
  const { page } = site;
  await page.route(EN_CHUNK, (route) => route.abort('internetdisconnected'));
  await open(page, '/');
  expect(await textOf(shown(page, '.home__prompt'))).toBe(cn.home.prompt);
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });

  await shown(page, '.top-bar__lang .dropdown__trigger').click();
  await shown(page, '.top-bar__lang .dropdown__item')
    .filter({ hasText: exactly(cn.topbar.lang_en) })
    .click();
  await expectToast(page, cn.topbar.lang_failed);

  // No reload, nothing stored, still Chinese, and the switcher works again.
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('_lang'))).toBeNull();
  expect(await textOf(shown(page, '.home__prompt'))).toBe(cn.home.prompt);
  expect(await shown(page, '.top-bar__lang .dropdown__trigger').getAttribute('aria-label')).toBe(
    cn.topbar.language_current.replace('{name}', cn.topbar.lang_cn),
  );

  // Back online: the same choice now works.
  await page.unroute(EN_CHUNK);
  await chooseLanguage(page, cn.topbar.lang_en);
  expect(await textOf(shown(page, '.home__prompt'))).toBe(en.home.prompt);
});

/** Records, from the first byte of the page, whether Chinese text of the top bar or home ever appeared. */
function watchForChinese(page: Page) {
  return page.addInitScript(
    ({ words }) => {
      const w = window as unknown as { __sawChinese?: string[] };
      w.__sawChinese = [];
      new MutationObserver(() => {
        const text = document.body?.innerText ?? '';
        for (const word of words)
          if (text.includes(word) && !w.__sawChinese!.includes(word)) w.__sawChinese!.push(word);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    },
    { words: [cn.topbar.login, cn.topbar.signup, cn.home.prompt] },
  );
}
const sawChinese = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sawChinese?: string[] }).__sawChinese ?? []);

test('a saved English choice shows English from the first paint, never Chinese first', async () => {
  const { page } = site;
  await page.addInitScript(() => localStorage.setItem('_lang', JSON.stringify({ data: 'en' })));
  await watchForChinese(page);
  const requested = watchScripts(page);
  await open(page, '/');
  expect(await textOf(shown(page, '.home__prompt'))).toBe(en.home.prompt);
  expect(await textOf(shown(page, '.top-bar__login'))).toBe(en.topbar.login);
  expect(await sawChinese(page)).toEqual([]);
  expect(requested().filter((f) => EN_CHUNK.test(f))).toHaveLength(1);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
});

test('a saved English choice whose chunk cannot be fetched opens in Chinese and says so', async () => {
  const { page } = site;
  await page.addInitScript(() => localStorage.setItem('_lang', JSON.stringify({ data: 'en' })));
  await page.route(EN_CHUNK, (route) => route.abort('internetdisconnected'));
  await open(page, '/');
  expect(await textOf(shown(page, '.home__prompt'))).toBe(cn.home.prompt);
  await expectToast(page, cn.topbar.lang_failed);
  // The choice is kept for the next visit.
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('_lang'))) ?? 'null')).toEqual({ data: 'en' });
});

test("a sub-package screen brings its own messages (src/i18n/parts.json), in the visitor's language", async () => {
  const { page } = site;
  await open(page, '/');
  await chooseLanguage(page, cn.topbar.lang_en);
  await open(page, '/login');
  // `auth` is not in the main pack (neither Chinese nor English): the login screen's chunk carries it.
  expect(SUB_ONLY.has('auth')).toBe(true);
  await shown(page, '.login').first().waitFor();
  const text = await page.locator('body').innerText();
  expect(text).toContain(en.auth.forgot);
  expect(text).not.toContain('auth.');
});
