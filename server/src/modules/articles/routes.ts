import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Article, ArticleListQuery, ArticleQuery, ArticleSummary } from '../../../../types/api/articles';
import { Envelope, ErrorEnvelope, Paged } from '../../../../types/api/common';
import type { RouteDeps } from '../container';
import { ok } from '../../plugins/app/envelope';

const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope };

export const articlesRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const service = services.articles;

  app.get(
    '/article-list',
    {
      schema: {
        tags: ['articles'],
        summary: 'Articles, newest first, paged',
        querystring: ArticleListQuery,
        response: { 200: Envelope(Paged(ArticleSummary)), ...errors },
      },
    },
    async (req) => ok(req, await service.articles(req.query.page, req.query.page_size, req.lang)),
  );

  app.get(
    '/whats-news-list',
    {
      schema: {
        tags: ['articles'],
        summary: "What's new: news items, newest first, paged",
        querystring: ArticleListQuery,
        response: { 200: Envelope(Paged(ArticleSummary)), ...errors },
      },
    },
    async (req) => ok(req, await service.news(req.query.page, req.query.page_size, req.lang)),
  );

  app.get(
    '/article',
    {
      schema: {
        tags: ['articles'],
        summary: 'One article or news item in the request language',
        querystring: ArticleQuery,
        response: { 200: Envelope(Article), ...errors },
      },
    },
    async (req) => ok(req, await service.article(req.query.id, req.lang)),
  );
};
