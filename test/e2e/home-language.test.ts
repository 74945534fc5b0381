/**
 * Home in the default language, and the language switch of the top bar (spec §1 "Default is cn", §2 "Top bar",
 * §3 "Language preference": kept under _lang and sent with every request).
 */
import type { ArticleSummary } from '../../types/api/articles';
import type { PagedData } from '../../types/api/common';
import { screenshot } from './support/screenshot';
import { apiData, chooseLanguage, cn, en, open, shown, textOf, textsOf, useSite } from './support/site';

const site = useSite();

const flagSrc = () => shown(site.page, '.top-bar__flag img').getAttribute('src');
const storedLang = () => site.page.evaluate(() => window.localStorage.getItem('_lang'));

test('Chinese by default: home prompt, top bar and the seeded news', async () => {
  const { page } = site;
  const response = await open(page, '/');
  expect(response.status()).toBe(200);

  expect(await textOf(shown(page, '.home__prompt'))).toBe(cn.home.prompt);
  expect(await textOf(shown(page, '.home__title'))).toBe(cn.home.title);
  expect(await textOf(shown(page, '.top-bar__login'))).toBe(cn.topbar.login);
  expect(await textOf(shown(page, '.top-bar__signup'))).toBe(cn.topbar.signup);
  expect(await textOf(shown(page, '.top-bar__mini-program'))).toBe(cn.topbar.mini_program);
  expect(await shown(page, '.top-bar__flag').getAttribute('aria-label')).toBe(cn.topbar.language);
  // Nothing was chosen, so nothing is stored.
  expect(await storedLang()).toBeNull();

  // The news are the server's, in Chinese, newest first.
  const news = await apiData<PagedData<ArticleSummary>>(site.url, 'whats-news-list?page=1&page_size=5', 'cn');
  expect(news.list.length).toBeGreaterThan(0);
  expect(await textsOf(shown(page, '.home__news-title'))).toEqual(news.list.map((n) => n.title));
  expect(await textsOf(shown(page, '.home__news-summary'))).toEqual(news.list.map((n) => n.summary));

  const newsCalls = site.apiRequests.filter((r) => r.path.endsWith('/whats-news-list'));
  expect(newsCalls.length).toBeGreaterThan(0);
  for (const call of site.apiRequests) expect(call.acceptLanguage).toBe('cn');

  await screenshot(page, 'home-cn');
});

test('the flag dropdown switches to English, the choice survives a reload, and back to Chinese', async () => {
  const { page } = site;
  await open(page, '/');
  expect(await textOf(shown(page, '.home__prompt'))).toBe(cn.home.prompt);
  const cnFlag = await flagSrc();

  // The dropdown lists both languages, labelled in the current one.
  await shown(page, '.top-bar__lang .dropdown__trigger').click();
  expect(await textsOf(shown(page, '.top-bar__lang .dropdown__item'))).toEqual([cn.topbar.lang_en, cn.topbar.lang_cn]);
  // A tap outside (on the backdrop) closes it without choosing.
  await shown(page, '.top-bar__lang .dropdown__backdrop').click({ position: { x: 10, y: 400 } });
  await page.locator('.top-bar__lang .dropdown__item').first().waitFor({ state: 'detached' });
  expect(await textOf(shown(page, '.home__prompt'))).toBe(cn.home.prompt);

  site.apiRequests.length = 0;
  await chooseLanguage(page, cn.topbar.lang_en);

  expect(await textOf(shown(page, '.home__prompt'))).toBe(en.home.prompt);
  expect(await textOf(shown(page, '.home__title'))).toBe(en.home.title);
  expect(await textOf(shown(page, '.top-bar__login'))).toBe(en.topbar.login);
  expect(await textOf(shown(page, '.top-bar__signup'))).toBe(en.topbar.signup);
  expect(await textOf(shown(page, '.top-bar__mini-program'))).toBe(en.topbar.mini_program);
  expect(await textOf(shown(page, '.search-bar__placeholder'))).toBe(en.topbar.search_restaurants);
  expect(await flagSrc()).not.toBe(cnFlag);
  expect(JSON.parse((await storedLang()) ?? 'null')).toEqual({ data: 'en' });

  // The news come back in English, and every API call said so.
  const news = await apiData<PagedData<ArticleSummary>>(site.url, 'whats-news-list?page=1&page_size=5', 'en');
  expect(await textsOf(shown(page, '.home__news-title'))).toEqual(news.list.map((n) => n.title));
  expect(site.apiRequests.some((r) => r.path.endsWith('/whats-news-list'))).toBe(true);
  for (const call of site.apiRequests) expect(call.acceptLanguage).toBe('en');
  await screenshot(page, 'home-en');

  // A plain reload keeps English.
  site.apiRequests.length = 0;
  await page.reload();
  await shown(page, '.top-bar').waitFor();
  expect(await textOf(shown(page, '.home__prompt'))).toBe(en.home.prompt);
  expect(await textOf(shown(page, '.top-bar__login'))).toBe(en.topbar.login);
  await shown(page, '.home__news-title').first().waitFor();
  expect(site.apiRequests.length).toBeGreaterThan(0);
  for (const call of site.apiRequests) expect(call.acceptLanguage).toBe('en');

  // Back to Chinese: the item is labelled in English now.
  await shown(page, '.top-bar__lang .dropdown__trigger').click();
  expect(await textsOf(shown(page, '.top-bar__lang .dropdown__item'))).toEqual([en.topbar.lang_en, en.topbar.lang_cn]);
  await shown(page, '.top-bar__lang .dropdown__backdrop').click({ position: { x: 10, y: 400 } });
  await page.locator('.top-bar__lang .dropdown__item').first().waitFor({ state: 'detached' });
  site.apiRequests.length = 0;
  await chooseLanguage(page, en.topbar.lang_cn);
  expect(await textOf(shown(page, '.home__prompt'))).toBe(cn.home.prompt);
  expect(await textOf(shown(page, '.top-bar__login'))).toBe(cn.topbar.login);
  expect(await flagSrc()).toBe(cnFlag);
  expect(JSON.parse((await storedLang()) ?? 'null')).toEqual({ data: 'cn' });
  await shown(page, '.home__news-title').first().waitFor();
  expect(site.apiRequests.length).toBeGreaterThan(0);
  for (const call of site.apiRequests) expect(call.acceptLanguage).toBe('cn');
});
