/**
 * Pull-to-refresh and sharing in the compiled mini program (dist/weapp), against the real seeded server (issue 15,
 * section 5): home, the restaurant list, orders, wallet and vouchers have `enablePullDownRefresh` and answer WeChat's
 * onPullDownRefresh by asking their answers again, then wx.stopPullDownRefresh once they are in; a restaurant page
 * offers sharing (wx.showShareMenu with Moments) and answers onShareAppMessage / onShareTimeline with its name and
 * a path that opens it.
 */
import type { AuthResult } from '../../types/api/accounts';
import type { BuildingList } from '../../types/api/places';
import type { StoreInfo } from '../../types/api/stores';
import { readAppJson } from './dist';
import type { PageHandle } from './harness';
import { useWeappHarness } from './support/use-harness';
import fs from 'node:fs';
import path from 'node:path';
import { DIST } from './dist';

const DONGMEN = 10;
const NOODLES_SHOP = 9;

async function call<T>(url: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api/szeat/${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Accept-Language': 'cn',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 1000) throw new Error(`${p}: ${json.code} ${json.msg}`);
  return json.data;
}

/** A signed-in customer with an address chosen (Dongmen), so every one of these screens has something to show. */
const w = useWeappHarness({
  storage: async (api) => {
    const dongmen = (await call<BuildingList>(api.url, 'buildinglist')).find((b) => b.id === DONGMEN)!;
    const reg = await call<AuthResult>(api.url, 'reg', {
      name: '刷新顾客',
      phone: '13612340015',
      email: 'weapp.refresh@example.com',
      password: 'secret-123',
      confirm_password: 'secret-123',
      area_id: dongmen.area_id,
      building_id: dongmen.id,
      building_no: 'A',
      room_no: '101',
    });
    return {
      token: reg.access_token,
      location: {
        lat: dongmen.lat,
        lng: dongmen.lng,
        name: dongmen.name,
        address: dongmen.address,
        source: 'building',
        city_id: dongmen.city_id,
        building_id: dongmen.id,
      },
    };
  },
});

const count = (endpoint: string, since: number) =>
  w.h.requests.slice(since).filter((r) => r.endpoint === endpoint).length;

/** WeChat's part of a pull-down: onPullDownRefresh on the page; then what the page asked, and the stop calls. */
async function pull(page: PageHandle): Promise<{ since: number; stops: number }> {
  const since = w.h.requests.length;
  const stopsBefore = w.h.callsTo('stopPullDownRefresh').length;
  w.h.callHook(page.instance, 'onPullDownRefresh');
  await w.h.settle();
  return { since, stops: w.h.callsTo('stopPullDownRefresh').length - stopsBefore };
}

describe('pull-to-refresh in the mini program', () => {
  test('the five pages enable it in their page configuration, and only those', () => {
    const app = readAppJson();
    const pages = [
      ...app.pages,
      ...(app.subPackages ?? app.subpackages ?? []).flatMap((p) => p.pages.map((page) => `${p.root}/${page}`)),
    ];
    const enabled = pages.filter(
      (page) =>
        (JSON.parse(fs.readFileSync(path.join(DIST, `${page}.json`), 'utf8')) as { enablePullDownRefresh?: boolean })
          .enablePullDownRefresh === true,
    );
    expect(enabled.sort()).toEqual(
      [
        'screens/main/home/index',
        'screens/main/orders/index',
        'screens/discover/restaurant-list/index',
        'screens/account/wallet/index',
        'screens/account/vouchers/index',
      ].sort(),
    );
  });

  test('home: the nearby restaurants, the new ones and the news again, then the indicator stops', async () => {
    const home = await w.h.openPage('screens/main/home/index');
    const { since, stops } = await pull(home);
    expect(count('storelist', since)).toBe(1);
    expect(count('newstores', since)).toBe(1);
    expect(count('whats-news-list', since)).toBe(1);
    expect(stops).toBe(1);
  });

  test('the restaurant list: the restaurants, cuisines, promotions and ads again', async () => {
    const list = await w.h.openPage('screens/discover/restaurant-list/index');
    expect(list.byClass('store-card').length).toBeGreaterThan(0);
    const { since, stops } = await pull(list);
    for (const endpoint of ['storelist', 'cuisineslist', 'promolist', 'adslist']) {
      expect(`${endpoint}: ${count(endpoint, since)}`).toBe(`${endpoint}: 1`);
    }
    expect(stops).toBe(1);
    // What was shown stays shown: the list is there after the refresh.
    expect(list.byClass('store-card').length).toBeGreaterThan(0);
  });

  test('orders, wallet and vouchers: their list again', async () => {
    for (const [route, endpoint] of [
      ['screens/main/orders/index', 'orderlist'],
      ['screens/account/wallet/index', 'wallet'],
      ['screens/account/vouchers/index', 'usercouponslist'],
    ] as const) {
      const page = await w.h.openPage(route);
      const { since, stops } = await pull(page);
      expect(`${route}: ${count(endpoint, since)} ${stops}`).toBe(`${route}: 1 1`);
    }
  });
});

describe('sharing a restaurant page', () => {
  test('offers "send to a friend" and Moments, with the restaurant name and a path that opens it', async () => {
    const info = await call<StoreInfo>(w.api.url, `storeinfo?id=${NOODLES_SHOP}`);
    const menusBefore = w.h.callsTo('showShareMenu').length;
    const page = await w.h.openPage('screens/discover/restaurant-detail/index', { id: String(NOODLES_SHOP) });
    const shown = w.h.callsTo('showShareMenu').slice(menusBefore);
    expect(shown.map(([o]) => (o as { menus?: string[] }).menus)).toEqual([['shareAppMessage', 'shareTimeline']]);

    const friend = w.h.callHook(page.instance, 'onShareAppMessage', { from: 'menu' });
    expect(friend).toEqual({ title: info.name, path: `/screens/discover/restaurant-detail/index?id=${NOODLES_SHOP}` });
    const moments = w.h.callHook(page.instance, 'onShareTimeline');
    expect(moments).toEqual({ title: info.name, query: `id=${NOODLES_SHOP}` });

    // The shared path is a page of app.json and opens the same restaurant.
    const opened = await w.h.openPage((friend as { path: string }).path.slice(1));
    expect(opened.texts()).toEqual(expect.arrayContaining([info.name]));
  });
});
