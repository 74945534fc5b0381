import { createApi } from '../../../src/services';
import { createHttp } from '../../../src/services/http';
import { fakePlatform } from '../support/fake-platform';

function api() {
  const platform = fakePlatform();
  const http = createHttp({
    platform,
    baseUrl: '',
    getToken: () => undefined,
    getLang: () => 'cn',
    onSessionInvalid: jest.fn(),
  });
  return { platform, api: createApi(http) };
}

describe('articles api', () => {
  it('lists articles and news with page and page size', async () => {
    const { platform, api: a } = api();
    await a.articles.list(2, 20);
    await a.articles.news(1);
    expect(platform.requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/api/szeat/article-list?page=2&page_size=20'],
      ['GET', '/api/szeat/whats-news-list?page=1'],
    ]);
    expect(platform.feedback.showBusy).not.toHaveBeenCalled();
  });

  it('gets one article by id, with the busy spinner', async () => {
    const { platform, api: a } = api();
    await a.articles.get(42);
    expect(platform.requests[0]!.url).toBe('/api/szeat/article?id=42');
    expect(platform.feedback.showBusy).toHaveBeenCalledTimes(1);
    expect(platform.feedback.hideBusy).toHaveBeenCalledTimes(1);
  });
});
