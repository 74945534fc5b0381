/**
 * Repeat visits (issue 10): the production site's service worker keeps the shell and the last restaurant list and
 * menu, so a returning customer without network still sees them, with a notice that they are saved data; the cart,
 * orders, accounts and every POST always go to the network. The only e2e file that lets the worker register.
 *
 * The worker precaches only the shell (index.html, the entry and shared chunks); a screen's own chunk is kept when a
 * page under its control (or the first visit, once the worker controls it) has used it.
 *
 * The browser reaches the server through a small TCP relay that the test can cut, like a phone losing its network,
 * or slow down past the worker's 4 s timeout, like a weak one: Playwright's offline mode (context.setOffline) also
 * fails the page's requests before its worker can answer them.
 *
 * Seed facts relied on (server/src/seed): building 10 "Dongmen Pedestrian Street" is in range of restaurant 9.
 */
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { fromRoot } from '../../server/src/config';
import type { Building } from '../../types/api/places';
import type { StoreInfo } from '../../types/api/stores';
import { eventually } from './support/orders';
import { SITE_DIR } from './support/server';
import { apiData, cn, exactly, open, shown, textsOf, useSite } from './support/site';

const site = useSite({ serviceWorkers: true });

const SHOP = 9;
const DONGMEN = 10;

/** The worker's network timeout for page loads and saved answers (config/index.ts API_TIMEOUT_S). */
const TIMEOUT_MS = 4_000;
/** The weak network: every answer arrives this late, well past the timeout. */
const SLOW_MS = 20_000;

/**
 * A relay to the server on its own port: `down` refuses every connection and drops the open ones; `delay` holds
 * every piece of the server's answers that long before passing it on (in order).
 */
async function relay(target: URL) {
  let down = false;
  let delay = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    let queue = Promise.resolve();
    upstream.on('data', (piece: Buffer) => {
      const wait = delay;
      queue = queue
        .then(() => (wait > 0 ? new Promise<void>((r) => setTimeout(r, wait)) : undefined))
        .then(() => {
          if (!client.destroyed) client.write(piece);
        });
    });
    upstream.on('end', () => void queue.then(() => client.end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setDown(value: boolean) {
      down = value;
      if (down) for (const s of sockets) s.destroy();
    },
    setDelay(ms: number) {
      delay = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let network: Awaited<ReturnType<typeof relay>>;
beforeAll(async () => {
  network = await relay(new URL(site.url));
});
afterAll(async () => {
  network.setDown(true);
  await network.close();
});
afterEach(() => {
  network.setDown(false);
  network.setDelay(0);
});

const notice = (page: Page) => shown(page, '.saved-notice').filter({ hasText: exactly(cn.app.saved_data) });

/** What the page's own fetch gets for a call while the worker controls it: the answer, or the network's failure. */
async function pageFetch(page: Page, path: string, method: 'GET' | 'POST') {
  return page.evaluate(
    async ([p, m]) => {
      try {
        const res = await fetch(p, {
          method: m,
          headers: { 'Content-Type': 'application/json', 'Accept-Language': 'cn' },
          ...(m === 'POST' ? { body: JSON.stringify({ restaurant_id: 9, item_id: 1, quantity: 1 }) } : {}),
        });
        return { status: res.status, saved: res.headers.get('x-szeat-saved'), code: (await res.json()).code };
      } catch (err) {
        return { failed: String(err) };
      }
    },
    [path, method] as const,
  );
}

/** The shell's files as the build wrote them: index.html, the scripts and styles it loads, the shared chunk. */
function shellFiles(): string[] {
  const dir = fromRoot(SITE_DIR);
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const loaded = [...html.matchAll(/(?:src|href)="(\/(?:js|css)\/[^"]+)"/g)].map((m) => m[1]!);
  const shared = ['js', 'css'].flatMap((sub) =>
    readdirSync(path.join(dir, sub))
      .filter((f) => /^shared\.[0-9a-f]{8}\.(js|css)$/.test(f))
      .map((f) => `/${sub}/${f}`),
  );
  return ['/index.html', ...loaded, ...shared].sort();
}

/** What the worker's caches hold, by cache: `METHOD /path`. */
async function cached(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((req) => `${req.method} ${new URL(req.url).pathname}`).sort();
    }
    return out;
  });
}

/** The route chunks the current document loaded (not the shell's). */
async function routeChunks(page: Page, shell: string[]): Promise<string[]> {
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
  );
  return [...new Set(loaded.filter((p) => /^\/(js|css)\/[\w-]+\.[0-9a-f]{8}\.(js|css)$/.test(p)))]
    .filter((p) => !shell.includes(p))
    .sort();
}

/**
 * The first visit (the list; the worker registers after the page has loaded, precaches the shell and takes control)
 * and the online visits under the worker (the list and restaurant 9, fresh answers without the notice, which it
 * keeps). Answers the names of the list and the dishes as shown online.
 */
/**
 * The dish names of the restaurant page once its whole menu is drawn: the menu comes in slices (a few dishes first,
 * then a few per task), so the names are read when their count has held for half a second.
 */
async function menuNames(page: Page): Promise<string[]> {
  const names = shown(page, '.menu-item__name');
  await names.first().waitFor();
  let count = -1;
  for (let same = 0; same < 5;) {
    await page.waitForTimeout(100);
    const now = await names.count();
    same = now === count ? same + 1 : 0;
    count = now;
  }
  return textsOf(names);
}

async function visitOnline(page: Page, base: string) {
  const dongmen = (await apiData<Building[]>(site.url, 'buildinglist', 'cn')).find((b) => b.id === DONGMEN)!;
  await site.context.addInitScript(
    (loc) => {
      localStorage.setItem('_lang', JSON.stringify({ data: 'cn' }));
      localStorage.setItem('location', JSON.stringify({ data: loc }));
    },
    {
      lat: dongmen.lat,
      lng: dongmen.lng,
      name: dongmen.name,
      address: dongmen.address,
      source: 'building',
      building_id: dongmen.id,
      city_id: dongmen.city_id,
      area_id: dongmen.area_id,
    },
  );

  // First visit: the worker registers after the page has loaded, precaches the shell and takes control.
  await open(page, `${base}/restaurant_list`);
  await shown(page, '.store-card').first().waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(`${base}/sw.js`);

  // The precache is the shell, nothing of the screens; the list's own chunks, loaded before the worker was there,
  // are kept once it controls the page.
  const shell = shellFiles();
  const listChunks = await routeChunks(page, shell);
  expect(listChunks.length).toBeGreaterThan(0);
  await eventually(async () => {
    const all = await cached(page);
    const precache = Object.entries(all).find(([name]) => name.includes('precache'))?.[1] ?? [];
    expect({ precache, chunks: all['szeat-chunks'] ?? [] }).toEqual({
      precache: shell.map((f) => `GET ${f}`),
      chunks: listChunks.map((f) => `GET ${f}`),
    });
  });

  // Online visits under the worker: fresh answers (no notice), which it keeps.
  await open(page, `${base}/restaurant_list`);
  const names = await textsOf(shown(page, '.store-card__name'));
  expect(names.length).toBeGreaterThan(0);
  await open(page, `${base}/restaurant_detail?id=${SHOP}`);
  const dishes = await menuNames(page);
  expect(dishes.length).toBeGreaterThan(0);
  expect(await notice(page).count()).toBe(0);
  // The restaurant's chunks are kept as it used them.
  const shopChunks = await routeChunks(page, shell);
  expect(shopChunks.length).toBeGreaterThan(0);
  await eventually(async () =>
    expect((await cached(page))['szeat-chunks'] ?? []).toEqual(
      expect.arrayContaining(shopChunks.map((f) => `GET ${f}`)),
    ),
  );
  return { names, dishes };
}

test('offline repeat visit: the saved list and menu with the notice; POST and personal calls never from the cache', async () => {
  const { page } = site;
  const base = network.url;
  const { names, dishes } = await visitOnline(page, base);
  const reviews = `/api/szeat/storereview?restaurant_id=${SHOP}&page=1`;
  expect(await pageFetch(page, reviews, 'GET')).toMatchObject({ status: 200, saved: null });

  network.setDown(true);

  // The restaurant again, without network: the page, the restaurant and its menu come from the worker's cache.
  await page.reload();
  await shown(page, '.top-bar').waitFor();
  await notice(page).waitFor();
  expect(await menuNames(page)).toEqual(dishes);

  // The list, opened afresh without network.
  await open(page, `${base}/restaurant_list`);
  await notice(page).waitFor();
  expect(await textsOf(shown(page, '.store-card__name'))).toEqual(names);

  // A POST is never answered from the cache, nor a call the worker does not keep (the reviews, asked online before).
  expect(await pageFetch(page, '/api/szeat/addcart', 'POST')).toHaveProperty('failed');
  expect(await pageFetch(page, reviews, 'GET')).toHaveProperty('failed');
  const kept = Object.values(await cached(page)).flat();
  const api = kept.filter((k) => k.includes('/api/'));
  expect(api.length).toBeGreaterThan(0);
  for (const k of api) {
    expect(k).toMatch(/^GET \/api\/szeat\/(storelist|storeinfo|menulist|cuisineslist|arealist|promolist|adslist)$/);
  }
  expect(kept).toContain('GET /index.html');

  // Back online: fresh answers, the notice goes, and a POST reaches the server (which refuses it: not logged in).
  network.setDown(false);
  await open(page, `${base}/restaurant_list`);
  await shown(page, '.store-card').first().waitFor();
  await notice(page).waitFor({ state: 'detached' });
  const post = await pageFetch(page, '/api/szeat/addcart', 'POST');
  expect(post).toMatchObject({ status: expect.any(Number), saved: null });
  expect(post).not.toHaveProperty('failed');
});

test('weak network: an answer later than 4 s gives way to the saved list and menu, with the notice', async () => {
  const { page } = site;
  const base = network.url;
  const { names, dishes } = await visitOnline(page, base);

  network.setDelay(SLOW_MS);

  // The list, opened afresh: the page (its index.html after the timeout, its chunks from the cache) and the saved
  // list, marked as saved, long before the network's late answers.
  const started = Date.now();
  await page.goto(`${base}/restaurant_list`, { waitUntil: 'commit', timeout: SLOW_MS });
  await notice(page).waitFor({ timeout: SLOW_MS });
  const shownAfter = Date.now() - started;
  expect(await textsOf(shown(page, '.store-card__name'))).toEqual(names);
  // The worker waited for the network first (the page load, then the list call, each given the 4 s), and no longer.
  expect(shownAfter).toBeGreaterThanOrEqual(2 * TIMEOUT_MS);
  expect(shownAfter).toBeLessThan(SLOW_MS);

  // The restaurant, tapped in the list (the app's own router, no page load): its saved info and menu after 4 s.
  const shop = await apiData<StoreInfo>(site.url, `storeinfo?id=${SHOP}`, 'cn');
  const before = Date.now();
  await shown(page, '.store-card')
    .filter({ has: page.locator('.store-card__name', { hasText: exactly(shop.name) }) })
    .click();
  await shown(page, '.menu-item__name').first().waitFor({ timeout: SLOW_MS });
  const menuAfter = Date.now() - before;
  expect(menuAfter).toBeGreaterThanOrEqual(TIMEOUT_MS);
  expect(menuAfter).toBeLessThan(SLOW_MS);
  expect(await menuNames(page)).toEqual(dishes);
  await notice(page).waitFor();
  process.stdout.write(
    `\nweak network (answers ${SLOW_MS} ms late, timeout ${TIMEOUT_MS} ms): saved list shown after ${shownAfter} ms (page load + list call), saved menu after ${menuAfter} ms\n`,
  );
}, 120_000);
