/**
 * The restaurant console's order board in the compiled mini program (dist/weapp, sub-package `merchant`), against the
 * real seeded server: the demo staff member's board follows the live event stream through a chunked wx.request
 * (enableChunked + onChunkReceived, the server's own Server-Sent Events forwarded as they arrive); an order placed
 * by a customer appears without a reload, the phone vibrates (vibrateLong, again while it waits) under a banner, the
 * title counts it; another member accepting it (their event) stops both.
 */
import type { AuthResult, UserInfo } from '../../types/api/accounts';
import type { CartIdResult } from '../../types/api/cart';
import type { Quote, SubmitOrderResult } from '../../types/api/checkout';
import type { BuildingList } from '../../types/api/places';
import type { MerchantRestaurants } from '../../types/api/merchant';
import type { Menu } from '../../types/api/stores';
import cn from '../../src/i18n/cn.json';
import { dataTexts, type PageHandle } from './harness';
import { useWeappHarness } from './support/use-harness';

const NOODLES_SHOP = 9;
const DONGMEN = 10;

async function call<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${w.api.url}/api/szeat/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Accept-Language': 'cn',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 1000) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return env.data;
}

let staffToken = '';

/** The demo restaurant's staff member, signed in when the app launches. */
const w = useWeappHarness({
  storage: async () => {
    const login = await call<AuthResult>('login', { email: 'staff@szeat.cn', password: 'szeat-staff-8' });
    staffToken = login.access_token;
    return { token: login.access_token, userInfo: login.user };
  },
});

let customerToken = '';

/** A new customer's pay-on-delivery order of restaurant 9 (straight to the restaurant); delivery or collection. */
async function placeOrder(mode: 'delivery' | 'collection' = 'delivery'): Promise<number> {
  if (!customerToken) customerToken = await registerCustomer();
  const token = customerToken;
  const user = await call<UserInfo>('me', undefined, token);
  const menu = await call<Menu>(`menulist?restaurant_id=${NOODLES_SHOP}`);
  const item = menu.categories.flatMap((c) => c.items).find((i) => i.id === 159)!;
  await call('delcart', { restaurant_id: NOODLES_SHOP, all: true }, token);
  await call<CartIdResult>(
    'addcart',
    {
      restaurant_id: NOODLES_SHOP,
      dish_id: item.id,
      quantity: 1,
      option_ids: item.option_groups.filter((g) => g.compulsory).map((g) => g.options.find((o) => !o.sold_out)!.id),
    },
    token,
  );
  const base: Record<string, unknown> = {
    restaurant_id: NOODLES_SHOP,
    mode,
    ...(mode === 'delivery' ? { address_id: user.default_address!.id } : {}),
    payment_method: 'cod',
  };
  let quote = await call<Quote>('confirmorder', base, token);
  const choice = mode === 'collection' ? { ...base, collection_time: quote.collection_times[0] } : base;
  if (mode === 'collection') quote = await call<Quote>('confirmorder', choice, token);
  const placed = await call<SubmitOrderResult>(
    'submitorder',
    { ...choice, idempotency_key: `weapp-board-${mode}-${Date.now()}`, expected_total_fen: quote.total_fen },
    token,
  );
  return placed.order_id;
}

async function registerCustomer(): Promise<string> {
  const dongmen = (await call<BuildingList>('buildinglist')).find((b) => b.id === DONGMEN)!;
  const reg = await call<AuthResult>('reg', {
    name: '看板顾客',
    phone: '13698765432',
    email: 'weapp.board@example.com',
    password: 'secret-123',
    confirm_password: 'secret-123',
    area_id: dongmen.area_id,
    building_id: dongmen.id,
    building_no: 'E',
    room_no: '707',
  });
  return reg.access_token;
}

const titles = () => w.h.callsTo('setNavigationBarTitle').map(([o]) => (o as { title?: string }).title);
const textOf = (page: PageHandle, cls: string) => page.byClass(cls).map((n) => dataTexts(n).join(''));

describe('restaurant console in the mini program', () => {
  test('a new order arrives over the chunked stream, vibrates under a banner until another member accepts it', async () => {
    const page = await w.h.openPage('screens/merchant/orders/index');
    await w.h.loop.waitFor(() => page.byClass('merchant-board__title').length > 0, 'the board');
    // The stream: a chunked GET of the events endpoint with a one-time ticket.
    await w.h.loop.waitFor(
      () => w.h.callsTo('request').some(([o]) => (o as { enableChunked?: boolean }).enableChunked === true),
      'the chunked event stream',
    );
    const stream = w.h.callsTo('request').find(([o]) => (o as { enableChunked?: boolean }).enableChunked)![0] as {
      url: string;
    };
    expect(stream.url).toMatch(/\/api\/szeat\/events\?ticket=[\w-]{10,}$/);
    // No sound to turn on in the mini program, and no banner before an order waits.
    expect(page.byClass('merchant-banner--sound')).toHaveLength(0);
    expect(page.byClass('merchant-banner--alert')).toHaveLength(0);
    expect(w.h.callsTo('vibrateLong')).toHaveLength(0);
    // Let the stream open (its `ready` event) before the order is placed.
    await new Promise((r) => setTimeout(r, 500));

    const orderId = await placeOrder();
    await w.h.loop.waitFor(
      () =>
        page.byClass('merchant-card').some((n) => dataTexts(n).join('').length > 0) &&
        page.byClass('merchant-banner--alert').length > 0,
      'the new order and the banner',
      5_000,
    );
    await w.h.settle();
    expect(textOf(page, 'merchant-banner--alert')).toEqual([cn.merchant.alert.replace('{count}', '1')]);
    expect(w.h.callsTo('vibrateLong').length).toBeGreaterThanOrEqual(1);
    expect(titles().at(-1)).toBe(cn.merchant.title_waiting.replace('{count}', '1'));
    // It vibrates again while the order waits.
    const first = w.h.callsTo('vibrateLong').length;
    await w.h.loop.waitFor(() => w.h.callsTo('vibrateLong').length > first, 'a second vibration', 8_000);

    // Another member of the restaurant (the owner, on their own phone) accepts it: their move's event reaches this
    // board over the stream, the banner goes and the vibrating stops.
    const owner = await call<AuthResult>('login', { email: 'owner@szeat.cn', password: 'szeat-staff-8' });
    await call('merchant/accept', { order_id: orderId }, owner.access_token);
    await w.h.loop.waitFor(() => page.byClass('merchant-banner--alert').length === 0, 'the banner to go', 5_000);
    const after = w.h.callsTo('vibrateLong').length;
    await new Promise((r) => setTimeout(r, 6_000));
    expect(w.h.callsTo('vibrateLong')).toHaveLength(after);
    expect(titles().at(-1)).toBe(cn.merchant.title);
    const order = await call<{ status: number }>(`merchant/order?order_id=${orderId}`, undefined, staffToken);
    expect(order.status).toBe(10);

    // Taps reach the board's controls: the accepted order is under "accepted"; start preparing it from here.
    const tab = page.byClass('merchant-board__tab').find((n) => dataTexts(n).includes(cn.merchant.state_accepted))!;
    await page.tap(tab);
    await w.h.loop.waitFor(
      () => page.byClass('merchant-card__button--main').some((n) => dataTexts(n).includes(cn.merchant.advance_1)),
      'the accepted order with its next step',
    );
    const start = page
      .byClass('merchant-card__button--main')
      .find((n) => dataTexts(n).includes(cn.merchant.advance_1))!;
    await page.tap(start);
    const moved = await call<{ status: number }>(`merchant/order?order_id=${orderId}`, undefined, staffToken);
    expect(moved.status).toBe(1);
  }, 60_000);

  test('a collection order being prepared is marked ready with a tap; it moves under Ready with the code form', async () => {
    const orderId = await placeOrder('collection');
    const owner = await call<AuthResult>('login', { email: 'owner@szeat.cn', password: 'szeat-staff-8' });
    await call('merchant/accept', { order_id: orderId }, owner.access_token);
    await call('merchant/advance', { order_id: orderId, from: 10 }, owner.access_token);
    const page = await w.h.openPage('screens/merchant/orders/index');
    await w.h.loop.waitFor(() => page.byClass('merchant-board__title').length > 0, 'the board');
    const tabOf = (label: string) => page.byClass('merchant-board__tab').find((n) => dataTexts(n).includes(label))!;
    await page.tap(tabOf(cn.merchant.state_preparing));
    const button = () =>
      page.byClass('merchant-card__button--main').find((n) => dataTexts(n).includes(cn.merchant.mark_ready));
    await w.h.loop.waitFor(() => button() !== undefined, 'the ready button');
    // No code form before it is marked ready.
    expect(page.byClass('form-input--collect-code')).toHaveLength(0);
    await page.tap(button()!);
    let marked: number | null = null;
    for (let i = 0; i < 50 && marked === null; i++) {
      const o = await call<{ marked_ready_at: number | null }>(
        `merchant/order?order_id=${orderId}`,
        undefined,
        staffToken,
      );
      marked = o.marked_ready_at;
      if (marked === null) await new Promise((r) => setTimeout(r, 100));
    }
    expect(marked).not.toBeNull();
    await page.tap(tabOf(cn.merchant.state_ready));
    await w.h.loop.waitFor(
      () => page.byClass('merchant-card__ready').length > 0 && page.byClass('form-input--collect-code').length > 0,
      'the marked order with its code form under Ready',
      5_000,
    );
    expect(textOf(page, 'merchant-card__ready')[0]).toContain('起可取餐');
  }, 60_000);

  test('on the sold-out screen above the board a new order vibrates under a banner until accepted elsewhere; one stream', async () => {
    const chunked = () => w.h.callsTo('request').filter(([o]) => (o as { enableChunked?: boolean }).enableChunked);
    const board = await w.h.openPage('screens/merchant/orders/index');
    await w.h.loop.waitFor(() => board.byClass('merchant-board__title').length > 0, 'the board');
    await w.h.loop.waitFor(() => chunked().length > 0, 'the chunked event stream');
    const soldOut = await w.h.openPage('screens/merchant/soldout/index');
    await w.h.loop.waitFor(() => soldOut.byClass('console-nav').length > 0, 'the sold-out screen');
    await new Promise((r) => setTimeout(r, 500));
    // The board below hid, the sold-out screen showed: the console kept its one stream.
    const streams = chunked().length;
    const name = (await call<MerchantRestaurants>('merchant/restaurants', undefined, staffToken)).list.find(
      (r) => r.restaurant_id === NOODLES_SHOP,
    )!.name;
    const before = w.h.callsTo('vibrateLong').length;

    const orderId = await placeOrder();
    await w.h.loop.waitFor(() => soldOut.byClass('merchant-banner--alert').length > 0, 'the banner', 5_000);
    await w.h.settle();
    expect(textOf(soldOut, 'merchant-banner--alert')).toEqual([
      cn.merchant.alert_at.replace('{restaurant}', name).replace('{count}', '1'),
    ]);
    expect(w.h.callsTo('vibrateLong').length).toBeGreaterThan(before);
    expect(titles().at(-1)).toBe(`(1) ${cn.merchant_manage.soldout_title}`);
    expect(chunked()).toHaveLength(streams);

    const owner = await call<AuthResult>('login', { email: 'owner@szeat.cn', password: 'szeat-staff-8' });
    await call('merchant/accept', { order_id: orderId }, owner.access_token);
    await w.h.loop.waitFor(() => soldOut.byClass('merchant-banner--alert').length === 0, 'the banner to go', 5_000);
    const after = w.h.callsTo('vibrateLong').length;
    await new Promise((r) => setTimeout(r, 6_000));
    expect(w.h.callsTo('vibrateLong')).toHaveLength(after);
    expect(titles().at(-1)).toBe(cn.merchant_manage.soldout_title);
  }, 60_000);
});
