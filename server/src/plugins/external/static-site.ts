import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { isSiteRoute } from '../../site-routes';
import { API_PREFIX, apiNotFound } from '../app/envelope';

export interface SiteOptions {
  siteDir: string;
}

/** Built H5 site at /, history fallback to index.html; API paths never fall through (uploads: app/uploads.ts). */
// Not encapsulated (fastify-plugin): its not-found handler is the app's.
export const staticSitePlugin = fp<SiteOptions>(async function staticSite(app, { siteDir }) {
  const indexFile = path.join(siteDir, 'index.html');
  const hasSite = fs.existsSync(indexFile);
  const sendIndex = (reply: FastifyReply, status: number) =>
    reply.status(status).header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
  if (hasSite) {
    // '/' is the home page, not a directory listing.
    app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply, 200));
    await app.register(fastifyStatic, {
      root: siteDir,
      prefix: '/',
      index: false,
      // Files are looked up per request, so a rebuilt site is served without a restart.
      wildcard: true,
      // The build writes .br and .gz copies (server/src/precompress.ts): sent by Accept-Encoding, never compressed
      // per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Bundles carry a content hash in their name; index.html must always be fetched fresh, and so must the
        // service worker, or browsers would keep an old one (and with it an old site) for as long as it is cached.
        // (filePath is the .br/.gz copy when one is sent.)
        const worker = /[\\/]sw\.js(\.br|\.gz)?$/.test(filePath);
        const hashed =
          !worker &&
          (/\.[0-9a-f]{8,}\.(js|css)(\.br|\.gz)?$/.test(filePath) || filePath.includes(`${path.sep}static${path.sep}`));
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ siteDir }, 'no built H5 site found; only the API is served (run npm run build:h5)');
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`) || !hasSite) return apiNotFound(req, reply);
    if (req.method !== 'GET' && req.method !== 'HEAD') return apiNotFound(req, reply);
    const status = isSiteRoute(pathname) ? 200 : 404;
    return reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .type('text/html')
      .send(fs.createReadStream(indexFile));
  });
});
