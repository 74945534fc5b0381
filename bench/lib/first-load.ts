import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumPath, compressedSizes } from './util';

export interface FirstLoad {
  route: string;
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

/**
 * The JS and CSS a phone downloads to show `route`: the page is opened in headless Chromium (phone viewport) and
 * every script and stylesheet it requests from the site until the network is idle is counted, with the sizes the
 * built files have raw, gzip-compressed and brotli-compressed (as a server sending precompressed files would).
 */
export async function firstLoad(origin: string, distDir: string, routes: string[]): Promise<FirstLoad[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const out: FirstLoad[] = [];
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      out.push(await measureRoute(await context.newPage(), origin, distDir, route));
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** Opens `route` in `page` and sums the built JS and CSS files the site sent for it. */
export async function measureRoute(page: Page, origin: string, distDir: string, route: string): Promise<FirstLoad> {
  const assets = new Set<string>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin === origin && /\.(js|css)$/.test(url.pathname)) assets.add(url.pathname);
  });
  await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
  const files = [...assets].sort();
  const sizes = files.map((f) => compressedSizes(path.join(distDir, f)));
  return {
    route,
    files,
    raw: sizes.reduce((n, s) => n + s.raw, 0),
    gzip: sizes.reduce((n, s) => n + s.gzip, 0),
    brotli: sizes.reduce((n, s) => n + s.brotli, 0),
  };
}
