import type { Article, ArticleSummary } from '../../types/api/articles';
import type { PagedData } from '../../types/api/common';
import type { Http } from './http';

export function articlesApi(http: Http) {
  return {
    list: (page: number, pageSize?: number) =>
      http.get<PagedData<ArticleSummary>>('article-list', { page, page_size: pageSize }),
    news: (page: number, pageSize?: number) =>
      http.get<PagedData<ArticleSummary>>('whats-news-list', { page, page_size: pageSize }),
    get: (id: number) => http.get<Article>('article', { id }, { busy: true }),
  };
}
