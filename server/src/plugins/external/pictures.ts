import fp from 'fastify-plugin';
import { PICTURES_PREFIX, sitePictures } from '../../cache/picture-urls';
import { matchesTag } from '../app/etag';

/** A picture named by its content hash: its bytes never change, so it is cached for a year and never asked again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Any other picture URL (a plain path, an earlier drawing's hash): asked again each time, 304 while unchanged. */
export const REVALIDATE = 'no-cache';

/**
 * The seed's pictures (server/public/img, made by seed/pictures/write.ts) at /img/, same origin as the site. Answers
 * hand out their hashed URLs (cache/picture-urls.ts), served as immutable; a plain path, as stored in rows and in
 * clients' caches before hashes, and the hash of an earlier drawing still answer, with the current picture and no
 * lasting cache, so a redrawn picture is never shown stale.
 */
// Not encapsulated (fastify-plugin): a missing picture gets the app's not-found answer.
export const picturesPlugin = fp(async function pictures(app) {
  const pictures = sitePictures();
  app.get(`${PICTURES_PREFIX}*`, { schema: { hide: true } }, async (req, reply) => {
    const found = pictures.find((req.params as { '*': string })['*']);
    if (!found) return reply.callNotFound();
    const etag = `"${found.picture.hash}"`;
    reply.header('cache-control', found.exact ? IMMUTABLE : REVALIDATE).header('etag', etag);
    if (matchesTag(req.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(found.picture.type).send(found.picture.body);
  });
});
