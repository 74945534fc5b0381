/**
 * Rating in the compiled mini program (dist/weapp) in the headless harness, against the REAL seeded server: a
 * delivered order (the operator tool moved it) opened on rating/{orderId} (sub-package `order`), stars and a delivery
 * time tapped, a photo added through wx.chooseMedia and sent through wx.uploadFile (faked at the `wx` boundary only:
 * the customer's choice, and WeChat's transfer of the file to the server's real uploadphoto), its progress bar shown
 * then hidden, the rating saved ("Rating Success"), and the review's photo on the restaurant page shown full size
 * with wx.previewImage.
 */
import sharp from 'sharp';
import type { AuthResult, UserInfo } from '../../types/api/accounts';
import type { CartIdResult } from '../../types/api/cart';
import type { Quote, SubmitOrderResult } from '../../types/api/checkout';
import type { Order } from '../../types/api/orders';
import type { BuildingList } from '../../types/api/places';
import type { Menu, StoreReviews } from '../../types/api/stores';
import type { MyRatings } from '../../types/api/ratings';
import { OrderStatus } from '../../types/order-status';
import { runOrdersCli } from '../../server/src/orders-cli';
import cn from '../../src/i18n/cn.json';
import { assertBuilt } from './dist';
import { dataTexts, type PageHandle, WeappHarness } from './harness';
import { startApiServer, type ApiServer, WEAPP_REFERER } from './support/api-server';

const NOODLES_SHOP = 9;
const DONGMEN = 10;
const quiet = { out: () => undefined, err: (line: string) => console.error(line) };

let api: ApiServer;
let h: WeappHarness;
let token: string;
let user: UserInfo;

async function call<T>(path: string, body?: unknown, auth = token): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(`${api.url}/api/szeat/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Accept-Language': 'cn',
      Referer: WEAPP_REFERER,
      ...(auth ? { Authorization: `Bearer ${auth}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

async function get<T>(path: string, body?: unknown): Promise<T> {
  const res = await call<T>(path, body);
  if (res.code !== 1000) throw new Error(`${path}: ${res.code} ${res.msg}`);
  return res.data;
}

beforeAll(async () => {
  assertBuilt();
  api = await startApiServer();
  const dongmen = (await get<BuildingList>('buildinglist')).find((b) => b.id === DONGMEN)!;
  const reg = await call<AuthResult>(
    'reg',
    {
      name: '评价顾客',
      phone: '13612340016',
      email: 'weapp.ratings@example.com',
      password: 'secret-123',
      confirm_password: 'secret-123',
      area_id: dongmen.area_id,
      building_id: dongmen.id,
      building_no: 'E',
      room_no: '1601',
    },
    '',
  );
  if (reg.code !== 1000) throw new Error(`reg: ${reg.code} ${reg.msg}`);
  token = reg.data.access_token;
  user = await get<UserInfo>('me');
  h = new WeappHarness({ handler: api.handler, settleTimeoutMs: 10_000, storage: { token, userInfo: user } });
  await h.launch();
}, 60_000);

afterAll(async () => {
  h?.dispose();
  await api?.close();
});

afterEach(() => {
  expect(h?.takeProblems() ?? []).toEqual([]);
});

const textOf = (page: PageHandle, cls: string) => page.byClass(cls).map((n) => dataTexts(n).join(''));

async function deliveredOrder(): Promise<Order> {
  const menu = await get<Menu>(`menulist?restaurant_id=${NOODLES_SHOP}`);
  const dish = menu.categories.flatMap((c) => c.items).find((i) => i.id === 159)!;
  await get<CartIdResult>('addcart', {
    restaurant_id: NOODLES_SHOP,
    dish_id: dish.id,
    quantity: 1,
    option_ids: dish.option_groups.filter((g) => g.compulsory).map((g) => g.options.find((o) => !o.sold_out)!.id),
  });
  const choice = {
    restaurant_id: NOODLES_SHOP,
    mode: 'delivery',
    address_id: user.default_address!.id,
    payment_method: 'cod',
  };
  const quote = await get<Quote>('confirmorder', choice);
  const placed = await get<SubmitOrderResult>('submitorder', {
    ...choice,
    idempotency_key: `weapp-rating-${Date.now()}`,
    expected_total_fen: quote.total_fen,
  });
  for (let i = 0; i < 10; i += 1) {
    const order = await get<Order>(`orderinfo?id=${placed.order_id}`);
    if (order.status === OrderStatus.Delivered) return order;
    expect(await runOrdersCli(['advance', String(placed.order_id)], quiet, { db: api.server.db })).toBe(0);
  }
  throw new Error('not delivered');
}

describe('rating in the mini program', () => {
  test('rating/{orderId}: stars, delivery time, a photo through chooseMedia and uploadFile; Rating Success', async () => {
    const order = await deliveredOrder();
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#e08a28' } })
      .jpeg()
      .toBuffer();
    const chosen: Array<Record<string, unknown>> = [];
    h.chooseMediaBehaviour = (o) => {
      chosen.push(o);
      return {
        type: 'image',
        tempFiles: [{ tempFilePath: 'http://tmp/noodles.jpg', size: photo.length, fileType: 'image' }],
      };
    };
    const sent: Array<Record<string, unknown>> = [];
    h.uploadBehaviour = async (o, progress) => {
      sent.push(o);
      // WeChat reads the temporary file and posts it, multipart, with the form data and headers asked for.
      const form = new FormData();
      for (const [k, v] of Object.entries((o.formData ?? {}) as Record<string, string>)) form.append(k, v);
      form.append(String(o.name), new Blob([photo], { type: 'image/jpeg' }), 'noodles.jpg');
      progress(40);
      const res = await fetch(`${api.url}${new URL(String(o.url)).pathname}`, {
        method: 'POST',
        headers: { ...((o.header ?? {}) as Record<string, string>), Referer: WEAPP_REFERER },
        body: form,
      });
      progress(100);
      return { statusCode: res.status, data: await res.text() };
    };

    const page = await h.openPage('screens/order/rating/index', { orderId: String(order.id) });
    expect(textOf(page, 'rating__title')).toEqual([cn.rating.title]);
    expect(textOf(page, 'rating__bucket')).toEqual([
      cn.store.delivery_within30,
      cn.store.delivery_within40,
      cn.store.delivery_within50,
      cn.store.delivery_within60,
      cn.store.delivery_over60,
    ]);
    expect(page.byClass('star-input')).toHaveLength(2);
    // Food: the fourth of the first five stars; service: the fifth of the second five.
    await page.tap(page.byClass('star-input__hit')[3]!);
    await page.tap(page.byClass('star-input__hit')[5 + 4]!);
    await page.tap(page.byClass('rating__bucket')[1]!);

    await page.tap(page.byClass('rating__add')[0]!);
    expect(chosen[0]).toMatchObject({
      count: 6,
      mediaType: ['image'],
      sourceType: ['album', 'camera'],
      sizeType: ['compressed'],
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ filePath: 'http://tmp/noodles.jpg', name: 'file' });
    expect((sent[0]!.header as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
    expect(textOf(page, 'rating__label')).toContain(cn.rating.photos.replace('{count}', '1').replace('{max}', '6'));
    // The bar is still there right after success, and gone a second later.
    expect(page.byClass('rating-photo__progress')).toHaveLength(1);
    await h.loop.waitFor(() => page.byClass('rating-photo__progress').length === 0, 'the progress bar hidden', 3000);

    await page.tap(page.byClass('rating__submit')[0]!);
    expect(h.callsTo('showToast').map(([o]) => (o as { title?: string }).title)).toContain(cn.rating.success);
    const mine = await get<MyRatings>('ratingslist?page=1');
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({
      order_id: order.id,
      food_rating: 4,
      other_rating: 5,
      delivery_time: 'within40',
    });
    expect(mine.list[0]!.photos).toHaveLength(1);
    expect(h.navigationFailures).toEqual([]);

    // The restaurant's reviews: the photo's thumbnail opens full size with wx.previewImage.
    const reviews = await get<StoreReviews>(`storereview?restaurant_id=${NOODLES_SHOP}&page=1`);
    const review = reviews.list.find((r) => r.photos.length > 0)!;
    const shop = await h.openPage('screens/discover/restaurant-detail/index', { id: String(NOODLES_SHOP) });
    await shop.tap(shop.byClass('restaurant__tab--reviews')[0]!);
    await h.loop.waitFor(() => shop.byClass('review__photo').length > 0, 'the review photos', 5000);
    await shop.tap(shop.byClass('review__photo')[0]!);
    const preview = h.callsTo('previewImage').at(-1)?.[0] as { urls: string[]; current: string };
    expect(preview.urls.map((u) => new URL(u).pathname)).toEqual(
      review.photos.map((u) => new URL(u, 'http://x').pathname),
    );
    expect(new URL(preview.current).pathname).toBe(new URL(review.photos[0]!, 'http://x').pathname);
  });
});
