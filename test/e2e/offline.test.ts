/**
 * Repeat visits (issue 10): the production site's service worker keeps the shell and the last restaurant list and
 * menu, so a returning customer without network still sees them, with a notice that they are saved data; the cart,
 * orders, accounts and every POST always go to the network. The only e2e file that lets the worker register.
 *
 * The browser reaches the server through a small TCP relay that the test can cut, like a phone losing its network:
 * Playwright's offline mode (context.setOffline) also fails the page's requests before its worker can answer them.
 *
 * Seed facts relied on (server/src/db/seed): building 10 "Dongmen Pedestrian Street" is in range of restaurant 9.
 */
import net from 'node:net';
import type { Page } from 'playwright-core';
import type { Building } from '../../types/api/places';
import { apiData, cn, exactly, open, shown, textsOf, useSite } from './support/site';

const site = useSite({ serviceWorkers: true });

const SHOP = 9;
const DONGMEN = 10;

/** A relay to the server on its own port: `down` refuses every connection and drops the open ones. */
async function relay(target: URL) {
  let down = false;
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
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setDown(value: boolean) {
      down = value;
      if (down) for (const s of sockets) s.destroy();
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

test('offline repeat visit: the saved list and menu with the notice; POST and personal calls never from the cache', async () => {
  const { page, context } = site;
  const base = network.url;
  const dongmen = (await apiData<Building[]>(site.url, 'buildinglist', 'cn')).find((b) => b.id === DONGMEN)!;
  await context.addInitScript(
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

  // First visit: the worker registers after the page has loaded, precaches the site and takes control.
  await open(page, `${base}/restaurant_list`);
  await shown(page, '.store-card').first().waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(`${base}/sw.js`);

  // Online visits under the worker: fresh answers (no notice), which it keeps.
  await open(page, `${base}/restaurant_list`);
  const names = await textsOf(shown(page, '.store-card__name'));
  expect(names.length).toBeGreaterThan(0);
  await open(page, `${base}/restaurant_detail?id=${SHOP}`);
  const dishes = await textsOf(shown(page, '.menu-item__name'));
  expect(dishes.length).toBeGreaterThan(0);
  expect(await notice(page).count()).toBe(0);
  const reviews = `/api/szeat/storereview?restaurant_id=${SHOP}&page=1`;
  expect(await pageFetch(page, reviews, 'GET')).toMatchObject({ status: 200, saved: null });

  network.setDown(true);

  // The restaurant again, without network: the page, the restaurant and its menu come from the worker's cache.
  await page.reload();
  await shown(page, '.top-bar').waitFor();
  await notice(page).waitFor();
  expect(await textsOf(shown(page, '.menu-item__name'))).toEqual(dishes);

  // The list, opened afresh without network.
  await open(page, `${base}/restaurant_list`);
  await notice(page).waitFor();
  expect(await textsOf(shown(page, '.store-card__name'))).toEqual(names);

  // A POST is never answered from the cache, nor a call the worker does not keep (the reviews, asked online before).
  expect(await pageFetch(page, '/api/szeat/addcart', 'POST')).toHaveProperty('failed');
  expect(await pageFetch(page, reviews, 'GET')).toHaveProperty('failed');
  const kept = await page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) out.push(`${req.method} ${new URL(req.url).pathname}`);
    }
    return out;
  });
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
