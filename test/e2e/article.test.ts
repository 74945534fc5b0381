/** /article/{id} (spec §2): deep links, reloads, both languages, the footer link, news items, a missing article. */
import type { Article } from '../../types/api/articles';
import { ABOUT_ARTICLE_ID } from '../../types/constants';
import { screenshot } from './support/screenshot';
import { apiData, chooseLanguage, cn, en, open, shown, textOf, textsOf, useSite } from './support/site';

const site = useSite();

const paragraphs = (body: string) => body.split(/\n{2,}/).map((p) => p.trim());
const pathname = () => new URL(site.page.url()).pathname;

test('/article/42 as a deep link shows the title and body, keeps them on reload, and in English', async () => {
  const { page } = site;
  const response = await open(page, `/article/${ABOUT_ARTICLE_ID}`);
  expect(response.status()).toBe(200);

  const article = await apiData<Article>(site.url, `article?id=${ABOUT_ARTICLE_ID}`, 'cn');
  expect(article.title).toBe('我们做什么');
  expect(await textOf(shown(page, '.article__title'))).toBe('我们做什么');
  expect(await textsOf(shown(page, '.article__para'))).toEqual(paragraphs(article.body));
  expect(await textOf(shown(page, '.article__date'))).toMatch(/^发布于 \d{4}年\d{1,2}月\d{1,2}日$/);
  expect(await page.title()).toBe('我们做什么');
  // The top bar and footer frame the article; the search bar is not part of this screen.
  await shown(page, '.site-footer').waitFor();
  expect(await page.locator('.top-bar__search, .search-bar').count()).toBe(0);
  await screenshot(page, 'article-cn');

  await page.reload();
  await shown(page, '.top-bar').waitFor();
  expect(new URL(page.url()).pathname).toBe(`/article/${ABOUT_ARTICLE_ID}`);
  expect(await textOf(shown(page, '.article__title'))).toBe('我们做什么');
  expect(await textsOf(shown(page, '.article__para'))).toEqual(paragraphs(article.body));

  await chooseLanguage(page, cn.topbar.lang_en);
  const english = await apiData<Article>(site.url, `article?id=${ABOUT_ARTICLE_ID}`, 'en');
  expect(new URL(page.url()).pathname).toBe(`/article/${ABOUT_ARTICLE_ID}`);
  expect(await textOf(shown(page, '.article__title'))).toBe('What Do We Do');
  expect(await textsOf(shown(page, '.article__para'))).toEqual(paragraphs(english.body));
  expect(await textOf(shown(page, '.article__date'))).toMatch(/^Published /);
  expect(await page.title()).toBe('What Do We Do');
  const articleCalls = site.apiRequests.filter((r) => r.path.endsWith('/article'));
  expect(articleCalls.at(-1)?.acceptLanguage).toBe('en');
  await screenshot(page, 'article-en');
});

test('the footer\'s "What Do We Do" link on home opens /article/42', async () => {
  const { page } = site;
  await open(page, '/');
  const link = shown(page, '.site-footer .footer-what-we-do');
  expect(await textOf(link)).toBe(cn.footer.what_we_do);
  await link.click();
  await page.waitForURL(`**/article/${ABOUT_ARTICLE_ID}`);
  expect(await textOf(shown(page, '.article__title'))).toBe('我们做什么');
  expect(pathname()).toBe(`/article/${ABOUT_ARTICLE_ID}`);
});

test('a news item on home opens its article', async () => {
  const { page } = site;
  await open(page, '/');
  const item = shown(page, '.home__news-item').nth(1);
  const title = await textOf(item.locator('.home__news-title'));
  await item.click();
  await page.waitForURL(/\/article\/\d+$/);
  expect(await textOf(shown(page, '.article__title'))).toBe(title);
  const id = Number(/\/article\/(\d+)$/.exec(pathname())![1]);
  const article = await apiData<Article>(site.url, `article?id=${id}`, 'cn');
  expect(article.title).toBe(title);
  expect(await textsOf(shown(page, '.article__para'))).toEqual(paragraphs(article.body));

  // Back returns to home with its news still listed.
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/');
  expect(await textOf(shown(page, '.home__prompt'))).toBe(cn.home.prompt);
  expect(await shown(page, '.home__news-item').count()).toBeGreaterThan(0);
});

test('/article/99999 shows the article-not-found message inside the site, not a blank page', async () => {
  const { page } = site;
  await open(page, '/article/99999');
  expect(await textOf(shown(page, '.article__missing .state-view__message'))).toBe(cn.article.not_found);
  await shown(page, '.site-footer').waitFor();
  expect(await shown(page, '.article__title').count()).toBe(0);

  // Its "back to home" link works.
  const home = shown(page, '.article__home');
  expect(await textOf(home)).toBe(cn.app.back_home);
  await home.click();
  await page.waitForURL((url) => url.pathname === '/');
  expect(await textOf(shown(page, '.home__prompt'))).toBe(cn.home.prompt);
});

test('a malformed article id shows the same message (in English too)', async () => {
  const { page } = site;
  await open(page, '/');
  await chooseLanguage(page, cn.topbar.lang_en);
  await open(page, '/article/abc');
  expect(await textOf(shown(page, '.article__missing .state-view__message'))).toBe(en.article.not_found);
});
