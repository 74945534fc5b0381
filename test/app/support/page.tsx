import type { ComponentType } from 'react';
import type { Api } from '../../../src/services';
import { RootStore, StoreProvider } from '../../../src/stores';
import type { Article, ArticleSummary } from '../../../types/api/articles';
import type { PagedData } from '../../../types/api/common';
import { fakePlatform, type FakePlatformOptions } from './fake-platform';
import { render } from './render';

/** An Api whose calls are jest fakes (RootDeps.api); each test says what they answer. */
export function fakeApi() {
  return {
    articles: {
      list: jest.fn<Promise<PagedData<ArticleSummary>>, [number, number?]>(),
      news: jest.fn<Promise<PagedData<ArticleSummary>>, [number, number?]>(),
      get: jest.fn<Promise<Article>, [number]>(),
    },
  } satisfies Api;
}

export type FakeApi = ReturnType<typeof fakeApi>;

export const paged = <T,>(list: T[]): PagedData<T> => ({ list, total: list.length, page: 1, page_size: 10, has_more: false });

export function summary(id: number, title: string, extra: Partial<ArticleSummary> = {}): ArticleSummary {
  return { id, title, summary: `${title} in short`, cover: '', published_at: Date.UTC(2025, 4, 20, 4), ...extra };
}

/** Renders a page inside a StoreProvider with a RootStore on a fake platform and a fake api. */
export async function renderPage(Page: ComponentType, options: FakePlatformOptions & { api?: FakeApi } = {}) {
  const platform = fakePlatform(options);
  const api = options.api ?? fakeApi();
  const store = new RootStore({ platform, apiBase: '', api });
  const view = await render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  );
  return { ...view, platform, api, store };
}
