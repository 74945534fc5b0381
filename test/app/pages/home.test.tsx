import HomePage from '../../../src/screens/main/home';
import { HttpError } from '../../../src/services/http';
import type { ArticleSummary } from '../../../types/api/articles';
import type { PagedData } from '../../../types/api/common';
import { deferred } from '../support/fake-platform';
import { fakeApi, paged, renderPage, summary } from '../support/page';
import { actAsync, click, getByText, queryAllByText, queryByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

describe('home page', () => {
  it('shows the address prompt and loads the news: loading first, then every title', async () => {
    const api = fakeApi();
    const answer = deferred<PagedData<ArticleSummary>>();
    api.articles.news.mockReturnValue(answer.promise);
    const { container } = await renderPage(HomePage, { api, storage: { _lang: 'en' } });

    expect(getByText(container, 'Select an address to get nearby restaurants')).toBeTruthy();
    expect(getByText(container, "What's new")).toBeTruthy();
    expect(getByText(container, 'Loading…')).toBeTruthy();
    expect(api.articles.news).toHaveBeenCalledWith(1, 5);

    await actAsync(() =>
      answer.resolve(paged([summary(1, 'New restaurants in Futian'), summary(2, 'Dragon Boat Festival hours')])),
    );
    expect(queryByText(container, 'Loading…')).toBeNull();
    const titles = Array.from(container.querySelectorAll('.home__news-title')).map((el) => el.textContent);
    expect(titles).toEqual(['New restaurants in Futian', 'Dragon Boat Festival hours']);
    expect(getByText(container, 'New restaurants in Futian in short')).toBeTruthy();
    expect(queryAllByText(container, '2025-05-20')).toHaveLength(2);
    expect(queryByText(container, 'No news yet')).toBeNull();
  });

  it('opens an article when a news item is tapped', async () => {
    const api = fakeApi();
    api.articles.news.mockResolvedValue(paged([summary(7, 'Try our new dumplings')]));
    const { container, platform } = await renderPage(HomePage, { api, storage: { _lang: 'en' } });
    await waitFor(() => getByText(container, 'Try our new dumplings'));
    await click(container.querySelector<HTMLElement>('.home__news-item')!);
    expect(platform.navigation.go).toHaveBeenCalledWith('article', { id: 7 });
  });

  it('shows the empty message for an empty list', async () => {
    const api = fakeApi();
    api.articles.news.mockResolvedValue(paged([]));
    const { container } = await renderPage(HomePage, { api });
    await waitFor(() => getByText(container, '暂时没有资讯'));
    expect(container.querySelectorAll('.home__news-item')).toHaveLength(0);
  });

  it('offers a retry when the news fail to load', async () => {
    const api = fakeApi();
    api.articles.news
      .mockRejectedValueOnce(new HttpError('timeout', 'request:fail timeout'))
      .mockResolvedValueOnce(paged([summary(3, 'Back online')]));
    const { container } = await renderPage(HomePage, { api, storage: { _lang: 'en' } });
    await waitFor(() => getByText(container, 'The request timed out. Please try again later.'));
    await click(getByText(container, 'Try again'));
    await waitFor(() => getByText(container, 'Back online'));
    expect(api.articles.news).toHaveBeenCalledTimes(2);
  });

  it('sets the title when shown', async () => {
    const api = fakeApi();
    api.articles.news.mockResolvedValue(paged([]));
    const { platform } = await renderPage(HomePage, { api, storage: { _lang: 'en' } });
    expect(platform.setTitle).toHaveBeenCalledWith('szeat');
  });

  it('has a read-only search bar on H5 that goes to /search', async () => {
    const api = fakeApi();
    api.articles.news.mockResolvedValue(paged([]));
    const { container, platform } = await renderPage(HomePage, { api, storage: { _lang: 'en' } });
    const bar = container.querySelector<HTMLElement>('.top-bar .search-bar--readonly')!;
    expect(bar).not.toBeNull();
    expect(bar.querySelector('input, taro-input-core')).toBeNull();
    expect(getByText(bar, 'Search For Restaurants, News...')).toBeTruthy();
    await click(bar);
    expect(platform.navigation.go).toHaveBeenCalledWith('search');
  });

  it('has no top bar or footer in the mini program; its read-only search bar sits at the top of the page', async () => {
    const api = fakeApi();
    api.articles.news.mockResolvedValue(paged([summary(1, 'Hello Shenzhen')]));
    const { container, platform } = await renderPage(HomePage, { api, isH5: false, storage: { _lang: 'en' } });
    await waitFor(() => getByText(container, 'Hello Shenzhen'));
    expect(container.querySelector('.top-bar')).toBeNull();
    expect(container.querySelector('.site-footer')).toBeNull();
    const bar = container.querySelector<HTMLElement>('.page__search .search-bar--readonly')!;
    expect(bar).not.toBeNull();
    await click(bar);
    expect(platform.navigation.go).toHaveBeenCalledWith('search');
    expect(queryByText(container, 'Log In')).toBeNull();
  });
});
