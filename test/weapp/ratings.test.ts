/**
 * Rating in the compiled mini program (dist/weapp) in the headless harness, against the REAL seeded server: a
 * delivered order (the operator tool moved it) opened on rating/{orderId} (sub-package `order`), stars and a delivery
 * time tapped, a photo added through wx.chooseMedia and sent through wx.uploadFile (faked at the `wx` boundary only:
 * the customer's choice, and WeChat's transfer of the file to the server's real uploadphoto), its progress bar shown
 * then hidden, the rating saved ("Rating Success"), and the review's photo on the restaurant page shown full size
 * with wx.previewImage.
 */
import sharp from 'sharp';
import type { CartIdResult } from '../../types/api/cart';
import type { Quote, SubmitOrderResult } from '../../types/api/checkout';
import type { Order } from '../../types/api/orders';
import type { Menu, StoreReviews } from '../../types/api/stores';
import type { MyRatings } from '../../types/api/ratings';
import { OrderStatus } from '../../types/order-status';
import { runOrdersCli } from '../../server/src/orders-cli';
import cn from '../../src/i18n/cn.json';
import { dataNodes, dataTexts, hasClass, type PageHandle } from './harness';
import { WEAPP_REFERER } from './support/api-server';
import { useWeappCustomer } from './support/customer';

const NOODLES_SHOP = 9;
const quiet = { out: () => undefined, err: (line: string) => console.error(line) };

/** A customer registered on the server (from the mini program), signed in when the app launches. */
const customer = useWeappCustomer({
  name: '评价顾客',
  phone: '13612340016',
  email: 'weapp.ratings@example.com',
  buildingNo: 'E',
  roomNo: '1601',
});
const { w, get } = customer;

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
    address_id: customer.user.default_address!.id,
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
    expect(await runOrdersCli(['advance', String(placed.order_id)], quiet, { db: w.api.server.db })).toBe(0);
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
    w.h.chooseMediaBehaviour = (o) => {
      chosen.push(o);
      return {
        type: 'image',
        tempFiles: [{ tempFilePath: 'http://tmp/noodles.jpg', size: photo.length, fileType: 'image' }],
      };
    };
    const sent: Array<Record<string, unknown>> = [];
    w.h.uploadBehaviour = async (o, progress) => {
      sent.push(o);
      // WeChat reads the temporary file and posts it, multipart, with the form data and headers asked for.
      const form = new FormData();
      for (const [k, v] of Object.entries((o.formData ?? {}) as Record<string, string>)) form.append(k, v);
      form.append(String(o.name), new Blob([photo], { type: 'image/jpeg' }), 'noodles.jpg');
      progress(40);
      const res = await fetch(`${w.api.url}${new URL(String(o.url)).pathname}`, {
        method: 'POST',
        headers: { ...((o.header ?? {}) as Record<string, string>), Referer: WEAPP_REFERER },
        body: form,
      });
      progress(100);
      return { statusCode: res.status, data: await res.text() };
    };

    const page = await w.h.openPage('screens/order/rating/index', { orderId: String(order.id) });
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
    expect((sent[0]!.header as Record<string, string>).Authorization).toBe(`Bearer ${customer.token}`);
    expect(textOf(page, 'rating__label')).toContain(cn.rating.photos.replace('{count}', '1').replace('{max}', '6'));
    // The bar is still there right after success, and gone a second later.
    expect(page.byClass('rating-photo__progress')).toHaveLength(1);
    await w.h.loop.waitFor(() => page.byClass('rating-photo__progress').length === 0, 'the progress bar hidden', 3000);

    await page.tap(page.byClass('rating__submit')[0]!);
    expect(w.h.callsTo('showToast').map(([o]) => (o as { title?: string }).title)).toContain(cn.rating.success);
    const mine = await get<MyRatings>('ratingslist?page=1');
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({
      order_id: order.id,
      food_rating: 4,
      other_rating: 5,
      delivery_time: 'within40',
    });
    expect(mine.list[0]!.photos).toHaveLength(1);
    expect(w.h.navigationFailures).toEqual([]);

    // The restaurant's reviews: the photo's thumbnail opens full size with wx.previewImage.
    const reviews = await get<StoreReviews>(`storereview?restaurant_id=${NOODLES_SHOP}&page=1`);
    const review = reviews.list.find((r) => r.photos.length > 0)!;
    const shop = await w.h.openPage('screens/discover/restaurant-detail/index', { id: String(NOODLES_SHOP) });
    await shop.tap(shop.byClass('restaurant__tab--reviews')[0]!);
    await w.h.loop.waitFor(() => shop.byClass('review__photo').length > 0, 'the review photos', 5000);
    await shop.tap(shop.byClass('review__photo')[0]!);
    const preview = w.h.callsTo('previewImage').at(-1)?.[0] as { urls: string[]; current: string };
    expect(preview.urls.map((u) => new URL(u).pathname)).toEqual(
      review.photos.map((u) => new URL(u, 'http://x').pathname),
    );
    expect(new URL(preview.current).pathname).toBe(new URL(review.photos[0]!, 'http://x').pathname);
  });
  test('orders tab: "rate" inside an order card opens the rating only (the card under it does not open the order)', async () => {
    const order = await deliveredOrder();
    const page = await w.h.openPage('screens/main/orders/index');
    const card = page.byClass('order-card').find((n) => dataTexts(n).includes(cn.order.rate))!;
    const navigations = async (tap: () => Promise<void>) => {
      const before = w.h.calls.length;
      await tap();
      return w.h.calls
        .slice(before)
        .filter((c) => c.api === 'navigateTo')
        .map((c) => (c.args[0] as { url: string }).url);
    };
    // WeChat bubbles the tap from the button to the card, whose eh runs the button's handler (Taro queues it there).
    expect(
      await navigations(() => page.tap([...dataNodes(card)].find((n) => hasClass(n, 'order-card__rate'))!)),
    ).toEqual([`/screens/order/rating/index?orderId=${order.id}`]);
    expect(await navigations(() => page.tap(card))).toEqual([`/screens/order/detail/index?orderId=${order.id}`]);
  });
});
