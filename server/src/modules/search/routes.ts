import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorEnvelope } from '../../../../types/api/common';
import { MultipleSearch, MultipleSearchQuery } from '../../../../types/api/search';
import { ok } from '../../plugins/envelope';
import type { RouteDeps } from '../container';

const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope };

export const searchRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const service = services.search;

  app.get(
    '/multiplesearch',
    {
      schema: {
        tags: ['search'],
        summary: 'One keyword across restaurant names, dish names and news, in both languages; paged',
        querystring: MultipleSearchQuery,
        response: { 200: Envelope(MultipleSearch), ...errors },
      },
    },
    async (req) => {
      const q = req.query;
      return ok(req, await service.search(q.keyword, q.type, q.page, q.page_size, req.lang));
    },
  );
};
