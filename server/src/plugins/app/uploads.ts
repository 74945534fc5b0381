import fp from 'fastify-plugin';
import { KEY_PATTERN, UPLOADS_PATH, type PhotoStorage } from '../../integrations/storage';

/** What an uploaded picture may do when opened by itself: nothing (no script, no loads, its own origin sandboxed). */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/**
 * Customers' photos at /uploads/<key>, read from the storage adapter (local disk, or the bucket when it has no public
 * address of its own). Only our keys are served, always as `image/jpeg` (every upload is re-encoded to JPEG: never
 * HTML or SVG, whatever a file was called), with `nosniff` (set for every answer), a sandboxing CSP, and a year of
 * caching (keys are random and never reused).
 */
// Not encapsulated (fastify-plugin): a missing photo gets the app's not-found answer.
export const uploadsPlugin = fp<{ storage: PhotoStorage }>(async function uploads(app, { storage }) {
  app.get(`${UPLOADS_PATH}*`, { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!KEY_PATTERN.test(key)) return reply.callNotFound();
    const found = await storage.get(key);
    if (!found) return reply.callNotFound();
    return reply
      .header('content-type', 'image/jpeg')
      .header('content-length', found.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', UPLOAD_CSP)
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(found.body);
  });
});
