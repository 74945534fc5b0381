import ArticlePage from '../../../src/screens/misc/article';
import { ApiError, HttpError } from '../../../src/services/http';
import type { Article } from '../../../types/api/articles';
import { deferred } from '../support/fake-platform';
import { fakeApi, renderPage } from '../support/page';
import { actAsync, click, getByText, queryByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const about: Article = {
  id: 42,
  title: 'How szeat started',
  summary: 'About szeat',
  cover: '',
  published_at: Date.UTC(2025, 0, 31, 17, 0), // 2025-02-01 01:00 in China
  body: 'We deliver food.\n\nIn four cities.',
};

describe('article page', () => {
  it('shows the loading state first, then the title, date and body paragraphs', async () => {
    const api = fakeApi();
    const answer = deferred<Article>();
    api.articles.get.mockReturnValue(answer.promise);
    const { container, platform } = await renderPage(ArticlePage, {
      api,
      params: { id: '42' },
      storage: { _lang: 'en' },
    });

    expect(getByText(container, 'Loading…')).toBeTruthy();
    expect(queryByText(container, 'How szeat started')).toBeNull();
    expect(api.articles.get).toHaveBeenCalledWith(42);
    expect(platform.navigation.params).toHaveBeenCalledWith('article');

    await actAsync(() => answer.resolve(about));
    expect(queryByText(container, 'Loading…')).toBeNull();
    expect(getByText(container, 'How szeat started').className).toContain('article__title');
    expect(getByText(container, 'Published 2025-02-01')).toBeTruthy();
    expect(getByText(container, 'We deliver food.')).toBeTruthy();
    expect(getByText(container, 'In four cities.')).toBeTruthy();
    expect(platform.setTitle).toHaveBeenLastCalledWith('How szeat started');
  });

  it('shows the Chinese wording and date when the language is cn', async () => {
    const api = fakeApi();
    api.articles.get.mockResolvedValue({ ...about, title: 'szeat 的故事' });
    const { container } = await renderPage(ArticlePage, { api, params: { id: '42' } });
    await waitFor(() => getByText(container, 'szeat 的故事'));
    expect(getByText(container, '发布于 2025年2月1日')).toBeTruthy();
  });

  it('shows the not-found message for an ApiError 1004, with a way home', async () => {
    const api = fakeApi();
    api.articles.get.mockRejectedValue(new ApiError(1004, 'Article not found'));
    const { container, platform } = await renderPage(ArticlePage, {
      api,
      params: { id: '999' },
      storage: { _lang: 'en' },
    });
    await waitFor(() => getByText(container, 'This article does not exist or was removed'));
    expect(queryByText(container, 'Try again')).toBeNull();
    await click(getByText(container, 'Back to home'));
    expect(platform.navigation.replace).toHaveBeenCalledWith('home');
  });

  it('shows not-found without calling the api for an id that is not a number', async () => {
    const api = fakeApi();
    const { container } = await renderPage(ArticlePage, { api, params: { id: 'abc' }, storage: { _lang: 'en' } });
    await waitFor(() => getByText(container, 'This article does not exist or was removed'));
    expect(api.articles.get).not.toHaveBeenCalled();
  });

  it('shows a server message for other ApiErrors, with retry', async () => {
    const api = fakeApi();
    api.articles.get.mockRejectedValue(new ApiError(1500, 'Server busy'));
    const { container } = await renderPage(ArticlePage, { api, params: { id: '42' }, storage: { _lang: 'en' } });
    await waitFor(() => getByText(container, 'Server busy'));
    expect(getByText(container, 'Try again')).toBeTruthy();
  });

  it('offers a retry after a network error, and shows the article when it then loads', async () => {
    const api = fakeApi();
    api.articles.get.mockRejectedValueOnce(new HttpError('network', 'request:fail')).mockResolvedValueOnce(about);
    const { container } = await renderPage(ArticlePage, { api, params: { id: '42' }, storage: { _lang: 'en' } });
    await waitFor(() => getByText(container, 'Network error. Check your connection and try again.'));
    expect(queryByText(container, 'This article does not exist or was removed')).toBeNull();

    await click(getByText(container, 'Try again'));
    await waitFor(() => getByText(container, 'How szeat started'));
    expect(api.articles.get).toHaveBeenCalledTimes(2);
    expect(queryByText(container, 'Network error. Check your connection and try again.')).toBeNull();
  });

  it('has the top bar and footer on H5 but not in the mini program', async () => {
    const api = fakeApi();
    api.articles.get.mockResolvedValue(about);
    const h5 = await renderPage(ArticlePage, { api, params: { id: '42' } });
    expect(h5.container.querySelector('.top-bar')).not.toBeNull();
    expect(h5.container.querySelector('.site-footer')).not.toBeNull();
    // The article page has no search bar (spec §2: only home, search, restaurant_list and restaurant_detail).
    expect(h5.container.querySelector('.search-bar')).toBeNull();
    await h5.unmount();

    const weapp = await renderPage(ArticlePage, { api, params: { id: '42' }, isH5: false });
    await waitFor(() => getByText(weapp.container, 'How szeat started'));
    expect(weapp.container.querySelector('.top-bar')).toBeNull();
    expect(weapp.container.querySelector('.site-footer')).toBeNull();
  });
});
