import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './envelope';

/**
 * API reads answer an ETag (a hash of the answer) and `304 Not Modified` when the client already has it, so a
 * browser revalidating a menu or a restaurant gets a few bytes instead of the whole answer. `no-cache` makes
 * browsers always ask (answers stay fresh: open now, prices); `private` and Vary keep one customer's answers out of
 * shared caches and apart per language.
 */
export function etags(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' || !req.url.startsWith(API_PREFIX)) return payload;
    const tag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', tag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
    reply.header('vary', 'accept-language, authorization');
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim() === tag || t.trim() === '*')) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
