/**
 * Runs the compiled mini program (dist/weapp) headless: the real app.js, its chunks and each page's code, against a
 * fake `wx` whose wx.request is answered by a fake of our API. One launch, then pages opened in turn as a user would.
 */
import type { Article, ArticleSummary } from '../../types/api/articles';
import type { PagedData } from '../../types/api/common';
import { ErrorCode } from '../../types/errors';
import cn from '../../src/i18n/cn.json';
import { type FakeRequest, type FakeResponse, type PageHandle, WeappHarness } from './harness';
import { vnodes, vnodeText } from './wxml';
import { useWeappHarness } from './support/use-harness';

/** defineConstants SZEAT_API_BASE of config/index.ts: TARO_APP_API_BASE at build time, else the local server. */
const API_BASE = process.env.TARO_APP_API_BASE ?? 'http://127.0.0.1:3000';

const NEWS: ArticleSummary[] = [
  {
    id: 42,
    title: '周末新店上线：鲜虾云吞面',
    summary: '惠州银滩新开三家餐厅',
    cover: '',
    published_at: Date.UTC(2026, 10, 1),
  },
  {
    id: 7,
    title: 'Harness news: late-night delivery',
    summary: 'Open until 2 am',
    cover: '',
    published_at: Date.UTC(2026, 9, 20),
  },
];
const ARTICLES: Record<number, Article> = {
  42: { ...NEWS[0]!, body: '第一段：云吞面每天现包。\n\n第二段：配送范围覆盖银滩全区。' },
};

const ok = <T>(data: T): FakeResponse => ({ statusCode: 200, data: { code: ErrorCode.Ok, msg: '', data } });
const fail = (status: number, code: number, msg: string): FakeResponse => ({
  statusCode: status,
  data: { code, msg, data: null },
});

function paged<T>(items: T[], query: Record<string, string>): PagedData<T> {
  const page = Number(query.page ?? 1);
  const size = Number(query.page_size ?? 10);
  const list = items.slice((page - 1) * size, page * size);
  return { list, total: items.length, page, page_size: size, has_more: page * size < items.length };
}

/** Our API as far as these pages use it, with the server's envelope. */
function fakeApi(req: FakeRequest): FakeResponse {
  switch (req.endpoint) {
    case 'whats-news-list':
    case 'article-list':
      return ok(paged(NEWS, req.query));
    // Home also asks for its pop-ups and the newest restaurants: none here.
    case 'popuplist':
      return ok([]);
    case 'newstores':
      return ok(paged([], req.query));
    case 'article': {
      const article = ARTICLES[Number(req.query.id)];
      return article ? ok(article) : fail(404, ErrorCode.NotFound, '文章不存在');
    }
    default:
      return fail(404, ErrorCode.NotFound, `no fake for ${req.method} ${req.url}`);
  }
}

// After each test, everything a page did wrong shows up: thrown errors, App onError reports, console.error.
const w = useWeappHarness({ handler: fakeApi, settleTimeoutMs: 5000 });

const requestsTo = (endpoint: string) => w.h.requests.filter((r) => r.endpoint === endpoint);

describe('the compiled mini program in a headless harness', () => {
  test('app.js launches: App() registered, onLaunch and onShow run', () => {
    expect(w.h.appConfig).toBeDefined();
    expect(typeof w.h.appConfig?.onLaunch).toBe('function');
    expect(w.h.problems()).toEqual([]);
  });

  let home: PageHandle;

  test('home requests the news and shows the titles the API returned', async () => {
    home = await w.h.openPage('screens/main/home/index');
    const [news] = requestsTo('whats-news-list');
    expect(news).toBeDefined();
    expect(news!.method).toBe('GET');
    expect(news!.url.startsWith(`${API_BASE}/api/szeat/whats-news-list?`)).toBe(true);
    expect(news!.query).toMatchObject({ page: '1' });
    expect(news!.header['Accept-Language']).toBe('cn');

    expect(home.texts()).toEqual(expect.arrayContaining([cn.home.title, cn.home.news, NEWS[0]!.title, NEWS[1]!.title]));
    expect(home.byClass('home__news-item')).toHaveLength(NEWS.length);
    expect(w.h.callsTo('setNavigationBarTitle').length).toBeGreaterThan(0);
  });

  test("WeChat's template engine renders home's data tree to the news titles", () => {
    const tree = home.render();
    expect(vnodeText(tree)).toContain(NEWS[0]!.title);
    const items = [...vnodes(tree)].filter((n) =>
      String(n.attr?.class ?? '')
        .split(' ')
        .includes('home__news-item'),
    );
    expect(items).toHaveLength(NEWS.length);
    // The tap below goes through `eh`, so the template must bind it on the news item.
    expect(items[0]!.attr?.bindtap).toBe('eh');
  });

  test('tapping a news item navigates to the article page with its id', async () => {
    const item = home.byClass('home__news-item')[0]!;
    await home.tap(item);
    const navigations = w.h.callsTo('navigateTo').map(([opts]) => String((opts as { url?: string }).url));
    expect(navigations).toEqual([`/screens/misc/article/index?id=${NEWS[0]!.id}`]);
  });

  test('the article page requests its article and shows the title and the body', async () => {
    const before = w.h.requests.length;
    const article = await w.h.openPage('screens/misc/article/index', { id: '42' });
    const requests = w.h.requests.slice(before).filter((r) => r.endpoint === 'article');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(`${API_BASE}/api/szeat/article?id=42`);

    const texts = article.texts();
    expect(texts).toContain(ARTICLES[42]!.title);
    for (const paragraph of ARTICLES[42]!.body.split('\n\n')) expect(texts).toContain(paragraph);
    expect(vnodeText(article.render())).toContain(ARTICLES[42]!.title);
    // The title bar follows the article; the spinner (a busy call) came and went.
    const titles = w.h.callsTo('setNavigationBarTitle').map(([opts]) => (opts as { title?: string }).title);
    expect(titles).toContain(ARTICLES[42]!.title);
    expect(w.h.callsTo('showLoading').length).toBe(w.h.callsTo('hideLoading').length);
    expect(w.h.callsTo('showLoading').length).toBeGreaterThan(0);
    await w.h.closePage();
  });

  test('an unknown article shows the not-found message instead of failing', async () => {
    const page = await w.h.openPage('screens/misc/article/index?id=999');
    expect(page.texts()).toContain(cn.article.not_found);
    await w.h.closePage();
  });

  test.each([
    ['screens/main/orders/index', cn.orders.login_prompt],
    ['screens/main/mine/index', cn.mine.login_prompt],
    ['screens/misc/not-found/index', cn.not_found.title],
  ])('%s loads and renders', async (route, text) => {
    const page = await w.h.openPage(route);
    expect(page.setDataCount).toBeGreaterThan(0);
    expect(page.texts()).toContain(text);
    expect(vnodeText(page.render())).toContain(text);
    await w.h.closePage();
  });

  test("not-found's back-home link relaunches the home tab", async () => {
    const page = await w.h.openPage('screens/misc/not-found/index');
    const link = page.byClass('not-found__home')[0];
    expect(link).toBeDefined();
    await page.tap(link!);
    const relaunches = w.h.callsTo('reLaunch').map(([opts]) => String((opts as { url?: string }).url));
    expect(relaunches).toEqual(['/screens/main/home/index']);
    expect(w.h.navigationFailures).toEqual([]);
    await w.h.closePage();
  });
});

describe('the harness notices a crash', () => {
  test('a page that throws while rendering is reported through App onError', async () => {
    // A news list without `list` makes the home page throw during render, as a bad deploy of the API could.
    const broken = new WeappHarness({
      handler: (req) => (req.endpoint === 'whats-news-list' ? ok({ total: 1 }) : fakeApi(req)),
    });
    try {
      await broken.launch();
      await broken.openPage('screens/main/home/index');
      expect(broken.errors.some((e) => e.startsWith('App onError'))).toBe(true);
    } finally {
      broken.dispose();
    }
  });
});
