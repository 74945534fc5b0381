import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** The built H5 site: the hashes of its index.html's inline scripts are allowed (looked up again when it changes). */
  siteDir: string;
  /** The H5 map's tile URL template (TARO_APP_MAP_TILE_URL): its host may serve images. */
  tileUrl: string;
  /** https:// public origin: browsers are told to stay on https (HSTS, upgrade-insecure-requests). */
  https: boolean;
}

/**
 * The CSP host source of a tile URL template: `https://{s}.tile.example.org/{z}/{x}/{y}.png` ->
 * `https://*.tile.example.org` (a label with a placeholder, and all before it, becomes the wildcard). '' when it is
 * not an http(s) URL.
 */
export function tileSource(template: string): string {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return '';
  const labels = m[2]!.toLowerCase().split('.');
  const last = labels.map((l) => l.includes('{')).lastIndexOf(true);
  const host = last < 0 ? labels.join('.') : ['*', ...labels.slice(last + 1)].join('.');
  if (!/^[a-z0-9*.:[\]-]+$/.test(host) || host === '*' || /^\*\.[^.]*$/.test(host)) return '';
  return `${m[1]!.toLowerCase()}://${host}`;
}

/** 'sha256-…' sources of the inline scripts of the site's index.html (Taro writes one that sets the root font size). */
function inlineScriptHashes(indexFile: string) {
  let checkedAt = 0;
  let mtime = -1;
  let hashes: string[] = [];
  return (): string[] => {
    const now = Date.now();
    if (now - checkedAt < 1000) return hashes;
    checkedAt = now;
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(indexFile);
    } catch {
      stat = undefined;
    }
    if (!stat) return (hashes = []);
    if (stat.mtimeMs === mtime) return hashes;
    mtime = stat.mtimeMs;
    const html = fs.readFileSync(indexFile, 'utf8');
    hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
      .map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`)
      .filter((h, i, all) => all.indexOf(h) === i);
    return hashes;
  };
}

/** What an SVG picture may do when opened by itself: show itself and nothing else (no script, no loads). */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/**
 * Security headers on every answer (site, API, pictures) with @fastify/helmet: a Content-Security-Policy the H5 site
 * works under (own scripts plus the index page's inline script by hash, inline styles for React and Leaflet, images
 * from the site, data: URLs and the map's tile host), `frame-ancestors 'none'` and `X-Frame-Options: DENY` (no page
 * can be framed, the login page included), `X-Content-Type-Options: nosniff`, `Referrer-Policy:
 * strict-origin-when-cross-origin` (tile servers such as OpenStreetMap's ask for the site's origin), and HSTS when
 * the public origin is https. An SVG answer gets SVG_CSP instead. Pages with their own policy (the sandbox cashier,
 * the API docs) set it on their routes.
 */
// Not encapsulated (fastify-plugin): the headers go on every answer of the app.
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(async function securityHeaders(app, options) {
  const hashes = inlineScriptHashes(path.join(options.siteDir, 'index.html'));
  const tiles = tileSource(options.tileUrl);
  /** The inline-script sources the headers below were worked out for. */
  let scriptHashes = '';
  await app.register(helmet, {
    // Applied by the hook below, not by @fastify/helmet on each request (see there).
    global: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", () => scriptHashes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The H5 site's service worker (/sw.js, issue 10: repeat visits); no other workers.
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 15552000, includeSubDomains: false } : false,
    // Pictures and codes may be shown by the mini program and other pages; nothing here is secret to embed.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
  // @fastify/helmet builds helmet from its options on every request (parsing the whole policy: about a tenth of an
  // API read's time, measured). The headers depend only on those options and the index page's inline-script hashes,
  // so helmet sets them once per hashes value (reply.helmet(), on the request that finds them changed), and every
  // other request gets a copy of what it set.
  let headers: Array<[string, string | number | string[]]> = [];
  let headersFor: string | undefined;
  app.addHook('onRequest', (_req, reply, done) => {
    const current = hashes().join(' ');
    if (current !== headersFor) {
      const before = new Set(reply.raw.getHeaderNames());
      scriptHashes = current;
      void reply.helmet();
      headers = reply.raw
        .getHeaderNames()
        .filter((name) => !before.has(name))
        .map((name) => [name, reply.raw.getHeader(name)!]);
      headersFor = current;
    } else {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    }
    done();
  });
  // A picture served as SVG (seed pictures, uploads, configured codes) runs nothing and loads nothing.
  app.addHook('onSend', (_req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('image/svg+xml')) {
      reply.header('content-security-policy', SVG_CSP);
    }
    done(null, payload);
  });
});
