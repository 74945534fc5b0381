/**
 * The console's management screens in the compiled mini program (sub-package `merchant`), against the real seeded
 * server, as the demo restaurant's owner: sold out lists the dishes and marks one sold out and back (the server's
 * menu follows), busy mode starts for 15 minutes and says until when, and the order board links to them.
 */
import type { AuthResult, UserInfo } from '../../types/api/accounts';
import type { MerchantRestaurants } from '../../types/api/merchant';
import type { Menu } from '../../types/api/stores';
import cn from '../../src/i18n/cn.json';
import { formatWhen } from '../../src/utils/date';
import { dataNodes, dataTexts, hasClass, type DataNode, type PageHandle } from './harness';
import { useWeappHarness } from './support/use-harness';

const SHOP = 9;
const DISH = 159;
const m = cn.merchant_manage;
let token: string;

async function call<T>(path: string, body?: unknown, auth = token): Promise<T> {
  const res = await fetch(`${w.api.url}/api/szeat/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Accept-Language': 'cn',
      ...(auth ? { Authorization: `Bearer ${auth}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 1000) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

/** The owner of restaurant 9, signed in when the app launches. */
const w = useWeappHarness({
  storage: async () => {
    token = (await call<AuthResult>('login', { email: 'owner@szeat.cn', password: 'szeat-staff-8', code: '' }, ''))
      .access_token;
    return { token, userInfo: await call<UserInfo>('me') };
  },
});

const withText = (page: PageHandle, cls: string, text: string): DataNode => {
  const node = page.byClass(cls).find((n) => dataTexts(n).includes(text));
  if (!node) throw new Error(`no .${cls} showing "${text}" in ${page.route}: ${page.texts().join(' | ')}`);
  return node;
};
const dish = async () =>
  (await call<Menu>(`menulist?restaurant_id=${SHOP}`)).categories.flatMap((c) => c.items).find((i) => i.id === DISH)!;

describe('console management in the mini program', () => {
  test('the order board links to the owner screens', async () => {
    const page = await w.h.openPage('screens/merchant/orders/index');
    const links = page.byClass('console-nav__link').map((n) => dataTexts(n).join(''));
    expect(links).toEqual([m.nav_orders, m.nav_soldout, m.nav_busy, m.nav_today, m.nav_members]);
    await page.tap(withText(page, 'console-nav__link', m.nav_soldout));
    expect(String((w.h.callsTo('navigateTo').at(-1)?.[0] as { url?: string }).url)).toBe(
      '/screens/merchant/soldout/index',
    );
    expect(w.h.navigationFailures).toEqual([]);
  });

  test('from one console screen to another: the board stays below (redirectTo), and the board is gone back to', async () => {
    const relaunches = w.h.callsTo('reLaunch').length;
    await w.h.openPage('screens/merchant/orders/index');
    const soldOut = await w.h.openPage('screens/merchant/soldout/index');
    await soldOut.tap(withText(soldOut, 'console-nav__link', m.nav_busy));
    expect(String((w.h.callsTo('redirectTo').at(-1)?.[0] as { url?: string }).url)).toBe(
      '/screens/merchant/busy/index',
    );
    await soldOut.tap(withText(soldOut, 'console-nav__link', m.nav_orders));
    expect(w.h.callsTo('navigateBack').at(-1)?.[0]).toMatchObject({ delta: 1 });
    // Nothing started a new page stack.
    expect(w.h.callsTo('reLaunch')).toHaveLength(relaunches);
    expect(w.h.navigationFailures).toEqual([]);
  });

  test('sold out: a dish marked sold out and back, and the menu customers read follows', async () => {
    const before = await dish();
    expect(before.sold_out).toBe(false);
    const page = await w.h.openPage('screens/merchant/soldout/index');
    // The dish's own row (its name alone; option rows read "group · option").
    const row = () => page.byClass('console-row').find((n) => dataTexts(n).includes(before.name))!;
    const button = () => [...dataNodes(row())].find((n) => hasClass(n, 'console-button'))!;
    expect(dataTexts(row())).toContain(m.on_sale);
    expect(dataTexts(button())).toEqual([m.set_sold_out]);
    await page.tap(button());
    expect((await dish()).sold_out).toBe(true);
    expect(dataTexts(row())).toContain(m.sold_out);
    expect(dataTexts(button())).toEqual([m.set_on_sale]);
    await page.tap(button());
    expect((await dish()).sold_out).toBe(false);
    expect(dataTexts(row())).toContain(m.on_sale);
  });

  test('busy mode for 15 minutes says until when; ended again', async () => {
    const page = await w.h.openPage('screens/merchant/busy/index');
    expect(page.texts()).toContain(m.busy_off_now);
    await page.tap(withText(page, 'console-button', m.busy_minutes.replace('{minutes}', '15')));
    const { list } = await call<MerchantRestaurants>('merchant/restaurants');
    const until = list.find((r) => r.restaurant_id === SHOP)!.busy_until!;
    expect(until).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(page.texts()).toContain(m.busy_now.replace('{time}', formatWhen(until, 'cn')));
    await page.tap(withText(page, 'console-button', m.busy_end));
    expect(page.texts()).toContain(m.busy_off_now);
  });
});
