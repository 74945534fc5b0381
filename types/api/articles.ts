import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from './common';

export const ArticleSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String(),
  published_at: Type.Integer({ description: 'epoch milliseconds' }),
});
export type ArticleSummary = Static<typeof ArticleSummary>;

export const Article = Type.Composite([ArticleSummary, Type.Object({ body: Type.String() })]);
export type Article = Static<typeof Article>;

export const ArticleListQuery = PageQuery;
export type ArticleListQuery = Static<typeof ArticleListQuery>;

export const ArticleQuery = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type ArticleQuery = Static<typeof ArticleQuery>;
