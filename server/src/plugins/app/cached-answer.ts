import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, COMPRESS_THRESHOLD, type Answer, type AnswerCache } from '../../cache/answer-cache';
import { API_CACHE_CONTROL, API_VARY, matchesTag } from './etag';

/** Route options of reads answered with sendAnswer: they compress once themselves and take no body. */
export const FROM_MEMORY = { compress: false, decompress: false } as const;

/**
 * Sends an answer from the answer cache (server/src/cache/answer-cache.ts) as it is: its bytes (compressed once, by
 * Accept-Encoding, above the compression threshold), its precomputed ETag, and `304 Not Modified` when the client
 * has it. The same headers as any API read (etag.ts); nothing is serialised or hashed per request.
 */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, cache: AnswerCache, answer: Answer) {
  const compressible = answer.body.length >= COMPRESS_THRESHOLD;
  reply.header('etag', answer.etag);
  reply.header('cache-control', API_CACHE_CONTROL);
  reply.header('vary', compressible ? `${API_VARY}, accept-encoding` : API_VARY);
  if (matchesTag(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  const encoding = compressible ? chooseEncoding(req.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(answer.body);
  reply.header('content-encoding', encoding);
  return reply.send(cache.encoded(answer, encoding));
}
