/**
 * The discover journeys in a real Chromium against the built site and the seeded server, in Chinese and in English:
 * choose an address -> nearby restaurants -> a restaurant -> a dish with a compulsory group (cannot confirm without
 * it) -> the maximum-selection notice; a dish searched from the top bar; a closed restaurant's resume time; the two
 * dialogs of spec §8; the map without tiles. Expected texts come from the language packs and the server's own answers.
 *
 * Seed facts relied on (server/src/seed): building 10 "Dongmen Pedestrian Street" (Luohu) is in range of
 * restaurant 9 "Dongmen Lanzhou Noodles", open around the clock; its dish 159 has two compulsory groups of one and
 * dish 165 an optional group of at most 2 of 4 sauces; restaurant 15 is closed by hand until 2030-01-01 10:00; building
 * 14 (Bao'an Airport T3) has no restaurant near it; building 15 (Silver Beach) is far outside restaurant 9's radius.
 */
import type { Page } from 'playwright-core';
import type { PagedData } from '../../types/api/common';
import type { Building } from '../../types/api/places';
import type { MultipleSearch } from '../../types/api/search';
import type { Menu, MenuItem, StoreInfo, StoreSummary } from '../../types/api/stores';
import { formatDate } from '../../src/utils/date';
import { formatPrice } from '../../src/utils/price';
import { DONGMEN, NOODLES_SHOP, type Lang } from './support/orders';
import { screenshot } from './support/screenshot';
import { apiData, exactly, fill, open, PACKS, shown, textOf, textsOf, useSite } from './support/site';

const site = useSite();

const CLOSED_SHOP = 15;
const AIRPORT = 14;
const SILVER_BEACH = 15;

/** Taro's H5 storage keeps values as {"data": value}. */
async function startIn(lang: Lang, location?: Building) {
  await site.context.addInitScript(
    ([l, loc]) => {
      localStorage.setItem('_lang', JSON.stringify({ data: l }));
      if (loc) localStorage.setItem('location', JSON.stringify({ data: loc }));
    },
    [
      lang,
      location
        ? {
            lat: location.lat,
            lng: location.lng,
            name: location.name,
            address: location.address,
            source: 'building',
            building_id: location.id,
            city_id: location.city_id,
            area_id: location.area_id,
          }
        : null,
    ] as const,
  );
  // No map tiles in the tests (and none needed): the map must work without them.
  await site.context.route(/^https?:\/\/[a-z.]*tile\.openstreetmap\.org\//, (route) => route.abort());
}

const building = async (id: number, lang: Lang) =>
  (await apiData<Building[]>(site.url, 'buildinglist', lang)).find((b) => b.id === id)!;

async function dish(lang: Lang, restaurantId: number, itemId: number): Promise<MenuItem> {
  const menu = await apiData<Menu>(site.url, `menulist?restaurant_id=${restaurantId}`, lang);
  return menu.categories.flatMap((c) => c.items).find((i) => i.id === itemId)!;
}

const layer = (page: Page) => shown(page, '.menu-choice');
const option = (page: Page, name: string) =>
  shown(page, '.menu-choice__option').filter({
    has: page.locator('.menu-choice__option-name', { hasText: exactly(name) }),
  });

for (const lang of ['cn', 'en'] as const) {
  const t = PACKS[lang];

  describe(`discover (${lang})`, () => {
    test('choose an address, its nearby restaurants, a restaurant, a dish: compulsory groups, the maximum notice, the price; back keeps home', async () => {
      const { page } = site;
      await startIn(lang);
      const dongmen = await building(DONGMEN, lang);
      await open(page, '/');
      expect(await textOf(shown(page, '.home__prompt'))).toBe(t.home.prompt);

      // Search the building by name and choose it.
      await shown(page, '.home__choose').click();
      await shown(page, 'input.address-picker__input').fill(dongmen.name);
      await shown(page, '.address-picker__building').filter({ hasText: dongmen.name }).first().click();
      expect(await textOf(shown(page, '.home__address-name'))).toBe(dongmen.name);
      expect(await textOf(shown(page, '.home__address-label'))).toBe(t.location.deliver_to);

      // The nearby list is the server's, nearest first.
      const nearby = await apiData<PagedData<StoreSummary>>(
        site.url,
        `storelist?lat=${dongmen.lat}&lng=${dongmen.lng}&page=1&page_size=6&sort=distance`,
        lang,
      );
      expect(nearby.list.map((s) => s.id)).toContain(NOODLES_SHOP);
      expect(await textsOf(shown(page, '.store-card__name'))).toEqual(nearby.list.map((s) => s.name));
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('location') ?? 'null')?.data?.building_id)).toBe(
        DONGMEN,
      );
      await screenshot(page, `discover-home-${lang}`);

      // Open the restaurant; its page has the dish search in the top bar.
      const shop = nearby.list.find((s) => s.id === NOODLES_SHOP)!;
      const storelistCalls = () => site.apiRequests.filter((r) => r.path.endsWith('/storelist')).length;
      const listedBefore = storelistCalls();
      await shown(page, '.store-card').filter({ hasText: shop.name }).click();
      await page.waitForURL(/\/restaurant_detail\?id=9$/);
      expect(await textOf(shown(page, '.store-header__name'))).toBe(shop.name);
      expect(await shown(page, '.top-bar input.search-bar__input').getAttribute('placeholder')).toBe(
        t.topbar.search_dish,
      );
      // In range: no dialog.
      expect(await shown(page, '.restaurant__range-dialog').count()).toBe(0);

      // A dish with compulsory groups cannot be confirmed without them.
      const noodles = await dish(lang, NOODLES_SHOP, 159);
      const compulsory = noodles.option_groups.filter((g) => g.compulsory);
      expect(compulsory.length).toBeGreaterThan(0);
      await shown(page, '.menu-item')
        .filter({ has: page.locator('.menu-item__name', { hasText: exactly(noodles.name) }) })
        .click();
      await layer(page).waitFor();
      expect(await textOf(shown(page, '.menu-choice__title'))).toBe(noodles.name);
      await shown(page, '.menu-choice__confirm').click();
      expect(await textOf(shown(page, '.menu-choice__notice'))).toBe(
        fill(t.menu.required_notice, { groups: compulsory.map((g) => g.name).join(t.menu.list_separator) }),
      );
      expect(await shown(page, '.menu-choice__group--missing').count()).toBe(compulsory.length);
      await screenshot(page, `discover-layer-required-${lang}`);

      // The price follows the choices: the dearest option of each compulsory group.
      let expected = noodles.price_fen;
      const chosenNames: string[] = [];
      for (const g of compulsory) {
        const o = [...g.options].filter((x) => !x.sold_out).sort((a, b) => b.price_delta_fen - a.price_delta_fen)[0]!;
        await option(page, o.name).click();
        expected += o.price_delta_fen;
        chosenNames.push(o.name);
      }
      expect(await textOf(shown(page, '.menu-choice__price'))).toBe(formatPrice(expected));
      expect(await shown(page, '.menu-choice__group--missing').count()).toBe(0);
      // A sold-out option is disabled (the seed sells this dish's cheese out: the check never passes without one).
      const soldOut = noodles.option_groups.flatMap((g) => g.options).find((o) => o.sold_out);
      expect(soldOut).toBeDefined();
      expect(await option(page, soldOut!.name).getAttribute('aria-disabled')).toBe('true');
      // aria-disabled: a real click would wait for it to be enabled; a forced one shows nothing happens.
      await option(page, soldOut!.name).click({ force: true });
      expect(await option(page, soldOut!.name).getAttribute('aria-checked')).toBe('false');
      await shown(page, '.menu-choice__close').click();
      await layer(page).waitFor({ state: 'detached' });

      // Past the maximum of a group: the notice, and the option stays unchosen.
      const dumplings = await dish(lang, NOODLES_SHOP, 165);
      const sauces = dumplings.option_groups.find(
        (g) => g.max_select > 1 && g.options.filter((o) => !o.sold_out).length > g.max_select,
      )!;
      await shown(page, '.menu-item')
        .filter({ has: page.locator('.menu-item__name', { hasText: exactly(dumplings.name) }) })
        .click();
      await layer(page).waitFor();
      const available = sauces.options.filter((o) => !o.sold_out);
      for (const o of available.slice(0, sauces.max_select)) await option(page, o.name).click();
      expect(await shown(page, '.menu-choice__notice').count()).toBe(0);
      const extra = available[sauces.max_select]!;
      await option(page, extra.name).click();
      expect(await textOf(shown(page, '.menu-choice__notice'))).toBe(
        fill(t.menu.max_notice, { group: sauces.name, max: sauces.max_select }),
      );
      expect(await option(page, extra.name).getAttribute('aria-checked')).toBe('false');
      await screenshot(page, `discover-layer-max-${lang}`);
      await shown(page, '.menu-choice__close').click();

      // Back to home: the same address and list, kept alive (no new storelist call).
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await textOf(shown(page, '.home__address-name'))).toBe(dongmen.name);
      expect(await textsOf(shown(page, '.store-card__name'))).toEqual(nearby.list.map((s) => s.name));
      expect(storelistCalls()).toBe(listedBefore);
    });

    test('confirming a dish logged out goes to log in and back (spec §6: login?isBack)', async () => {
      const { page } = site;
      await startIn(lang, await building(DONGMEN, lang));
      const menu = await apiData<Menu>(site.url, `menulist?restaurant_id=${NOODLES_SHOP}`, lang);
      const plain = menu.categories
        .flatMap((c) => c.items)
        .find((i) => !i.sold_out && i.option_groups.every((g) => !g.compulsory))!;
      await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
      await shown(page, '.menu-item')
        .filter({ has: page.locator('.menu-item__name', { hasText: exactly(plain.name) }) })
        .click();
      await shown(page, '.menu-choice__confirm').click();
      await page.waitForURL(/\/login\?isBack=1$/);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login?isBack=1');
      // The login screen goes back here after signing in (its own tests cover that).
      await shown(page, '.login__card, .form-card').first().waitFor();
      expect(await shown(page, '.login__card, .form-card').first().isVisible()).toBe(true);
    });

    test('search a dish from the top bar and open it', async () => {
      const { page } = site;
      await startIn(lang, await building(DONGMEN, lang));
      const noodles = await dish(lang, NOODLES_SHOP, 159);
      await open(page, '/');
      // Home's search bar is read-only and leads to /search.
      await shown(page, '.top-bar .search-bar--readonly').click();
      await page.waitForURL(/\/search$/);
      expect(await textOf(shown(page, '.search .state-view--empty'))).toBe(t.search.prompt);
      const input = shown(page, '.top-bar input.search-bar__input');
      expect(await input.getAttribute('placeholder')).toBe(t.topbar.search_restaurants);
      await input.fill(noodles.name);
      await input.press('Enter');

      const results = await apiData<MultipleSearch>(
        site.url,
        `multiplesearch?keyword=${encodeURIComponent(noodles.name)}&page=1&page_size=10`,
        lang,
      );
      expect(await textOf(shown(page, '.search__heading'))).toBe(fill(t.search.results_for, { keyword: noodles.name }));
      expect(await textsOf(shown(page, '.search__title'))).toEqual(results.list.map((h) => h.title));
      // The address follows the keyword (issue 15: it stayed /search), so a reload shows the same search.
      await page.waitForURL((url) => url.searchParams.get('keyword') === noodles.name);
      expect(new URL(page.url()).pathname).toBe('/search');
      await page.reload();
      expect(await textOf(shown(page, '.search__heading'))).toBe(fill(t.search.results_for, { keyword: noodles.name }));
      expect(await shown(page, '.top-bar input.search-bar__input').inputValue()).toBe(noodles.name);
      expect(await textsOf(shown(page, '.search__title'))).toEqual(results.list.map((h) => h.title));
      const hit = shown(page, '.search__hit--dish')
        .filter({ has: page.locator('.search__title', { hasText: exactly(noodles.name) }) })
        .first();
      await screenshot(page, `discover-search-${lang}`);
      await hit.click();
      await page.waitForURL(/\/restaurant_detail\?id=9&item=159$/);
      // The dish opens on its restaurant's page.
      await layer(page).waitFor();
      expect(await textOf(shown(page, '.menu-choice__title'))).toBe(noodles.name);
      expect(await shown(page, '#menu-item-159').getAttribute('class')).toContain('menu-item--highlight');
    });

    test('a closed restaurant shows when it opens again', async () => {
      const { page } = site;
      await startIn(lang);
      const info = await apiData<StoreInfo>(site.url, `storeinfo?id=${CLOSED_SHOP}`, lang);
      expect(info.is_open).toBe(false);
      expect(info.closed_reason).toBe('manual');
      await open(page, `/restaurant_detail?id=${CLOSED_SHOP}`);
      const resume = fill(t.store.resumes_on, { date: formatDate(info.resumes_at!, lang, true) });
      expect(await textOf(shown(page, '.store-header__status'))).toBe(`${t.store.closed_manual} · ${resume}`);
      expect(await textOf(shown(page, '.store-header__closed-title'))).toBe(t.store.closed_notice_title);
      // 2030-01-01 10:00 China time.
      expect(resume).toContain(lang === 'cn' ? '2030年1月1日 10:00' : '2030-01-01 10:00');
      // Minimum order and delivery fee.
      expect(await textOf(shown(page, '.store-header__min-order .store-header__fact-value'))).toMatch(/^¥\d/);
      expect(await textOf(shown(page, '.store-header__delivery-fee .store-header__fact-value'))).toMatch(/^¥\d/);
      await screenshot(page, `discover-closed-${lang}`);
    });

    test('dialogs: no restaurants near the current area; address outside the delivery radius (Home Page / View Menu)', async () => {
      const { page } = site;
      const airport = await building(AIRPORT, lang);
      await startIn(lang);
      await open(page, '/');
      await page.evaluate((loc) => localStorage.setItem('location', JSON.stringify({ data: loc })), {
        lat: airport.lat,
        lng: airport.lng,
        name: airport.name,
        address: airport.address,
        source: 'building',
      });
      await page.reload();
      const none = shown(page, '.home__none-dialog.at-modal--active');
      await none.waitFor();
      expect(await textOf(none.locator('.notice-dialog__title'))).toBe(t.discover.none_title);
      expect(await textOf(none.locator('.notice-dialog__message'))).toBe(t.discover.none_message);
      await none.locator('.notice-dialog__button--ok').click();
      await page.locator('.home__none-dialog.at-modal--active').waitFor({ state: 'detached' });

      // Silver Beach is far from restaurant 9.
      const beach = await building(SILVER_BEACH, lang);
      await page.evaluate((loc) => localStorage.setItem('location', JSON.stringify({ data: loc })), {
        lat: beach.lat,
        lng: beach.lng,
        name: beach.name,
        address: beach.address,
        source: 'building',
      });
      await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
      const info = await apiData<StoreInfo>(
        site.url,
        `storeinfo?id=${NOODLES_SHOP}&lat=${beach.lat}&lng=${beach.lng}`,
        lang,
      );
      expect(info.in_delivery_range).toBe(false);
      const range = shown(page, '.restaurant__range-dialog.at-modal--active');
      await range.waitFor();
      expect(await textOf(range.locator('.notice-dialog__title'))).toBe(t.store.out_of_range_title);
      expect(await textOf(range.locator('.notice-dialog__message'))).toBe(
        fill(t.store.out_of_range, { address: beach.name, name: info.name }),
      );
      expect(await textsOf(range.locator('.notice-dialog__button'))).toEqual([t.store.go_home, t.store.view_menu]);
      await screenshot(page, `discover-range-${lang}`);
      // View Menu: the menu stays.
      await range.locator('.notice-dialog__button--menu').click();
      await page.locator('.restaurant__range-dialog.at-modal--active').waitFor({ state: 'detached' });
      await shown(page, '.menu-item').first().waitFor();
      // Home Page: back to home to choose another address.
      await page.reload();
      await shown(page, '.restaurant__range-dialog.at-modal--active .notice-dialog__button--home').click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await textOf(shown(page, '.home__address-name'))).toBe(beach.name);
    });

    test('the map works without tiles: a tap chooses the nearest address', async () => {
      const { page } = site;
      await startIn(lang);
      await open(page, '/');
      const map = shown(page, '.home__map');
      // Leaflet loads only when the map opens (issue 10): the closed box has its final size and a button.
      const closed = (await map.boundingBox())!;
      const opener = map.locator('.map-view__open');
      expect(await textOf(opener)).toBe(t.location.open_map);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('.leaflet-pane').count()).toBe(0);
      await opener.click();
      await map.locator('.leaflet-pane').first().waitFor({ state: 'attached' });
      expect((await map.boundingBox())!.height).toBe(closed.height);
      await map.scrollIntoViewIfNeeded();
      const box = (await map.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await shown(page, '.home__address-name').waitFor();
      expect(site.apiRequests.some((r) => r.path.endsWith('/closestaddr'))).toBe(true);
      expect((await textOf(shown(page, '.home__address-name'))).length).toBeGreaterThan(0);
      // The chosen point shows as a pin.
      await map.locator('.map-view__pin').waitFor();
    });
  });
}
