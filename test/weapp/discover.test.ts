/**
 * The discover screens of the compiled mini program (dist/weapp) in the headless harness, with wx.request answered
 * by the REAL seeded server (started in process, requests forwarded over 127.0.0.1): home with its map and nearby
 * restaurants, restaurant_list, and restaurant_detail with its menu, choice layer and closed notice.
 */
import type { PagedData } from '../../types/api/common';
import type { Building } from '../../types/api/places';
import type { Menu, StoreInfo, StoreSummary } from '../../types/api/stores';
import cn from '../../src/i18n/cn.json';
import { type DataNode, dataTexts, hasClass, type PageHandle } from './harness';
import { vnodeText } from './wxml';
import { useWeappHarness } from './support/use-harness';

const w = useWeappHarness();
let dongmen: Building;

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${w.api.url}/api/szeat/${path}`, { headers: { 'Accept-Language': 'cn' } });
  const body = (await res.json()) as { code: number; data: T };
  if (body.code !== 1000) throw new Error(`${path}: ${body.code}`);
  return body.data;
}

beforeAll(async () => {
  dongmen = (await get<Building[]>('buildinglist?keyword=%E4%B8%9C%E9%97%A8%E6%AD%A5%E8%A1%8C%E8%A1%97'))[0]!;
});

const requestsTo = (endpoint: string, since = 0) => w.h.requests.slice(since).filter((r) => r.endpoint === endpoint);
const withText = (page: PageHandle, cls: string, text: string): DataNode => {
  const node = page.byClass(cls).find((n) => dataTexts(n).includes(text));
  if (!node) throw new Error(`no .${cls} showing "${text}" in ${page.route}`);
  return node;
};
const textOf = (page: PageHandle, cls: string) => page.byClass(cls).map((n) => dataTexts(n).join(''));

describe('discover in the mini program, against the seeded server', () => {
  test('home without an address: the prompt, the IP city for the map, and a tap on the map chooses the nearest address', async () => {
    const before = w.h.requests.length;
    const home = await w.h.openPage('screens/main/home/index');
    expect(home.texts()).toEqual(
      expect.arrayContaining([cn.home.title, cn.home.prompt, cn.location.use_mine, cn.home.news]),
    );
    expect(requestsTo('iplocation', before)).toHaveLength(1);
    const map = home.nodes((n) => hasClass(n, 'map-view'))[0];
    expect(map).toBeDefined();
    // Taro renders the native map with the IP city's centre (Shenzhen for a local address).
    expect(JSON.stringify(map)).toContain('22.5431');

    await home.dispatch('tap', map!, { latitude: dongmen.lat, longitude: dongmen.lng });
    const lookups = requestsTo('closestaddr', before);
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.query).toMatchObject({ lat: String(dongmen.lat), lng: String(dongmen.lng) });
    expect(textOf(home, 'home__address-name')).toEqual([dongmen.name]);
    // Its restaurants come next, as the server lists them.
    const nearby = await get<PagedData<StoreSummary>>(
      `storelist?lat=${dongmen.lat}&lng=${dongmen.lng}&page=1&page_size=6&sort=distance`,
    );
    expect(textOf(home, 'store-card__name')).toEqual(nearby.list.map((s) => s.name));
    expect(vnodeText(home.render())).toContain(nearby.list[0]!.name);
    expect(w.h.storage.get('location')).toMatchObject({ name: dongmen.name, source: 'map' });
  });

  test('"use my location" asks WeChat for GCJ-02 and names the position after its nearest address', async () => {
    const home = w.h.stack[w.h.stack.length - 1]!;
    const before = w.h.requests.length;
    await home.tap(home.byClass('home__locate')[0]!);
    expect(w.h.callsTo('getLocation').map(([o]) => (o as { type?: string }).type)).toEqual(['gcj02']);
    expect(requestsTo('closestaddr', before)).toHaveLength(1);
    expect(textOf(home, 'home__address-name')).toEqual([dongmen.name]);
    expect(w.h.storage.get('location')).toMatchObject({ source: 'device' });
  });

  test('a nearby restaurant opens restaurant_detail in the discover sub-package', async () => {
    const home = w.h.stack[w.h.stack.length - 1]!;
    const first = home.byClass('store-card')[0]!;
    await home.tap(first);
    const urls = w.h.callsTo('navigateTo').map(([o]) => String((o as { url?: string }).url));
    expect(urls.at(-1)).toMatch(/^\/screens\/discover\/restaurant-detail\/index\?id=\d+$/);
    expect(w.h.navigationFailures).toEqual([]);
  });

  test('restaurant_list: the restaurants delivering to the saved address, cuisines, promotions, ads and sorts', async () => {
    const before = w.h.requests.length;
    const list = await w.h.openPage('screens/discover/restaurant-list/index');
    const [call] = requestsTo('storelist', before);
    expect(call!.query).toMatchObject({ page: '1', page_size: '10', sort: 'distance' });
    const server = await get<PagedData<StoreSummary>>(
      `storelist?lat=${call!.query.lat}&lng=${call!.query.lng}&page=1&page_size=10&sort=distance`,
    );
    expect(textOf(list, 'store-card__name')).toEqual(server.list.map((s) => s.name));
    expect(requestsTo('cuisineslist', before)).toHaveLength(1);
    expect(requestsTo('promolist', before)).toHaveLength(1);
    expect(requestsTo('adslist', before)[0]!.query).toMatchObject({ slot: 'list_top' });
    expect(list.texts()).toEqual(expect.arrayContaining([cn.discover.all_cuisines, cn.discover.sort_rating]));
    // Its search bar ("Search For Restaurants, News...") sits at the top of the page in the mini program.
    expect(JSON.stringify(list.byClass('search-bar__input')[0])).toContain(cn.topbar.search_restaurants);

    // Best rated: asked again, sorted by the server.
    const sortBefore = w.h.requests.length;
    await list.tap(withText(list, 'restaurant-list__sort', cn.discover.sort_rating));
    expect(requestsTo('storelist', sortBefore)[0]!.query).toMatchObject({ sort: 'rating', page: '1' });
    expect(vnodeText(list.render())).toContain(server.list[0]!.name.slice(0, 2));
    await w.h.closePage();
  });

  test('restaurant_detail: header, menu by category, sold-out dishes, and the choice layer refusing a missing compulsory group', async () => {
    const before = w.h.requests.length;
    const page = await w.h.openPage('screens/discover/restaurant-detail/index', { id: '9' });
    const info = await get<StoreInfo>('storeinfo?id=9');
    const menu = await get<Menu>('menulist?restaurant_id=9');
    expect(requestsTo('storeinfo', before)[0]!.query).toMatchObject({ id: '9' });
    expect(textOf(page, 'store-header__name')).toEqual([info.name]);
    expect(textOf(page, 'menu__category-name')).toEqual(menu.categories.map((c) => c.name));
    const items = menu.categories.flatMap((c) => c.items);
    expect(page.byClass('menu-item--sold-out')).toHaveLength(items.filter((i) => i.sold_out).length);
    // The dish search sits at the top of the page in the mini program.
    expect(page.texts()).toContain(cn.topbar.search);

    const noodles = items.find((i) => i.id === 159)!;
    await page.tap(withText(page, 'menu-item', noodles.name));
    expect(textOf(page, 'menu-choice__title')).toEqual([noodles.name]);
    await page.tap(page.byClass('menu-choice__confirm')[0]!);
    const compulsory = noodles.option_groups.filter((g) => g.compulsory).map((g) => g.name);
    expect(textOf(page, 'menu-choice__notice')).toEqual([
      fill(cn.menu.required_notice, { groups: compulsory.join(cn.menu.list_separator) }),
    ]);
    expect(vnodeText(page.render())).toContain(compulsory[0]!);
    await w.h.closePage();
  });

  test('restaurant_detail of a closed restaurant shows when it resumes', async () => {
    const page = await w.h.openPage('screens/discover/restaurant-detail/index?id=15');
    const info = await get<StoreInfo>('storeinfo?id=15');
    expect(info.is_open).toBe(false);
    const status = textOf(page, 'store-header__status')[0]!;
    expect(status.startsWith(cn.store.closed_manual)).toBe(true);
    expect(status).toContain('2030年1月1日 10:00');
    expect(page.texts()).toContain(cn.store.closed_notice_title);
    await w.h.closePage();
  });
});
