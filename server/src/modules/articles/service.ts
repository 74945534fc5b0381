import type { Article, ArticleSummary } from '../../../../types/api/articles';
import type { PagedData } from '../../../../types/api/common';
import type { Lang } from '../../../../types/lang';
import type { ArticlesTable } from '../../db/schema';
import { notFound } from '../../errors';
import { localized } from '../../i18n/localized';
import type { ArticleKind, ArticlesRepository } from './repository';
import { pictureUrl } from '../../cache/picture-urls';

type Row = Omit<ArticlesTable, 'id'> & { id: number };

function summary(row: Row, lang: Lang): ArticleSummary {
  return {
    id: row.id,
    title: localized(row, 'title', lang),
    summary: localized(row, 'summary', lang),
    cover: pictureUrl(row.cover),
    published_at: Number(row.published_at),
  };
}

export function createArticlesService(repo: ArticlesRepository) {
  async function list(
    kind: ArticleKind,
    page: number,
    pageSize: number,
    lang: Lang,
  ): Promise<PagedData<ArticleSummary>> {
    const { rows, total } = await repo.page(kind, (page - 1) * pageSize, pageSize);
    return {
      list: rows.map((r) => summary(r, lang)),
      total,
      page,
      page_size: pageSize,
      has_more: page * pageSize < total,
    };
  }

  return {
    articles: (page: number, pageSize: number, lang: Lang) => list('article', page, pageSize, lang),
    news: (page: number, pageSize: number, lang: Lang) => list('news', page, pageSize, lang),
    async article(id: number, lang: Lang): Promise<Article> {
      const row = await repo.byId(id);
      if (!row) throw notFound('article.not_found', { id });
      return { ...summary(row, lang), body: localized(row, 'body', lang) };
    },
  };
}
