import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorEnvelope } from '../../../../types/api/common';
import { MultipleSearch, MultipleSearchQuery } from '../../../../types/api/search';
import { FROM_MEMORY, sendAnswer } from '../../plugins/app/cached-answer';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';

const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope };

export const searchRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const service = services.search;
  const { answers } = services;

  app.get(
    '/multiplesearch',
    {
      ...FROM_MEMORY,
      schema: {
        tags: ['search'],
        summary: 'One keyword across restaurant names, dish names and news, in both languages; paged',
        querystring: MultipleSearchQuery,
        response: { 200: Envelope(MultipleSearch), ...errors },
      },
    },
    // From the answer cache (not user-specific, nothing clock-dependent): per keyword as typed (trimmed; the answer
    // echoes it), type, page, size and language. A keyword the service refuses builds nothing to keep.
    async (req, reply) => {
      const q = req.query;
      const key = `multiplesearch|${req.lang}|${q.type ?? ''}|${q.page}|${q.page_size}|${q.keyword.trim()}`;
      const answer = await answers.get(key, async () => ({
        body: reply.serialize(ok(req, await service.search(q.keyword, q.type, q.page, q.page_size, req.lang))),
      }));
      return sendAnswer(req, reply, answers, answer);
    },
  );
};
