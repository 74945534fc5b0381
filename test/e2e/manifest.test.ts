/**
 * Issue 15 §5: the H5 site is an installable web app. The built site serves a web app manifest (linked from
 * index.html) with 192 and 512 px PNG icons and a maskable one, and Chromium, once the site's service worker
 * controls the page, reports no installability error for it (DevTools protocol: Page.getInstallabilityErrors).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chooseBrowser } from './support/browser';
import { open, useSite } from './support/site';

// The service worker is part of what makes the site installable.
const site = useSite({ serviceWorkers: true });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}
interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

/** Width and height of a PNG from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('index.html links a web app manifest whose icons are served as the PNGs it says', async () => {
  const html = await (await fetch(`${site.url}/`)).text();
  expect(html).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
  expect(html).toMatch(/<meta name="theme-color" content="#cf2c2f"/);
  const res = await fetch(`${site.url}/manifest.webmanifest`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as Manifest;
  expect(manifest).toMatchObject({ short_name: 'szeat', start_url: '/', scope: '/', display: 'standalone' });
  expect(manifest.name).toBeTruthy();
  const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort();
  expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const got = await fetch(new URL(icon.src, site.url));
    expect(`${icon.src} ${got.status} ${got.headers.get('content-type')}`).toBe(`${icon.src} 200 image/png`);
    const { width, height } = pngSize(Buffer.from(await got.arrayBuffer()));
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
});

test('Chromium finds the site installable once its service worker runs', async () => {
  // A browser context of its own made by newContext is off the record, and newer Chromium (156.0.8078.108, CI) answers
  // "in-incognito" for any page in one; a persistent profile in a temporary folder is what a person's browser is.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-manifest-'));
  const choice = chooseBrowser();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: choice.executablePath,
    args: choice.args,
    headless: true,
    serviceWorkers: 'allow',
    baseURL: site.url,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await open(page, '/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Installability asks for a page the worker controls: load it again under the worker.
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.url).toBe(`${site.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
