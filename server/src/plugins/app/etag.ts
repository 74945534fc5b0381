import fp from 'fastify-plugin';
import { weakEtag } from '../../cache/answer-cache';
import { API_PREFIX } from './envelope';

/** Cache-Control of API reads: browsers always ask again (answers stay fresh: open now, prices). */
export const API_CACHE_CONTROL = 'private, no-cache';
/** What an API read varies with: the language and the session (and the encoding, where it is compressed). */
export const API_VARY = 'accept-language, authorization';

/** Whether an If-None-Match header names `tag` (or is `*`). */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  for (const t of ifNoneMatch.split(',')) {
    const s = t.trim();
    if (s === tag || s === '*') return true;
  }
  return false;
}

/**
 * API reads answer an ETag (a hash of the answer) and `304 Not Modified` when the client already has it, so a
 * browser revalidating a menu or a restaurant gets a few bytes instead of the whole answer. `no-cache` makes
 * browsers always ask (answers stay fresh: open now, prices); `private` and Vary keep one customer's answers out of
 * shared caches and apart per language. Answers served from the answer cache (plugins/app/cached-answer.ts) come with
 * their ETag and 304 already decided; this hook hashes the others.
 */
// Not encapsulated (fastify-plugin): the hook applies to every route of the app. A named function: for an anonymous
// one fastify-plugin reads a stack trace (slow at start) to name the plugin.
export const etagPlugin = fp(async function etags(app) {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      !req.url.startsWith(API_PREFIX) ||
      reply.hasHeader('etag')
    ) {
      done(null, payload);
      return;
    }
    const tag = weakEtag(payload);
    reply.header('etag', tag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', API_CACHE_CONTROL);
    reply.header('vary', API_VARY);
    if (matchesTag(req.headers['if-none-match'], tag)) {
      reply.code(304);
      done(null, '');
      return;
    }
    done(null, payload);
  });
});
