/**
 * Ordering in the compiled mini program (dist/weapp) in the headless harness, with wx.request answered by the REAL
 * seeded server: the cart of restaurant_detail filled through the choice layer, the settlement screen (sub-package
 * `order`) quoting it, an order paid through wx.requestPayment, payment success and order detail, which follows a
 * status change while it is open. Only `wx` is fake; requestPayment plays WeChat's part (the sheet says paid and
 * the provider notifies the server, here the sandbox's own notification).
 */
import type { CartData } from '../../types/api/cart';
import type { Quote } from '../../types/api/checkout';
import type { Order } from '../../types/api/orders';
import type { Menu, MenuItem } from '../../types/api/stores';
import { OrderStatus } from '../../types/order-status';
import { runOrdersCli } from '../../server/src/orders-cli';
import cn from '../../src/i18n/cn.json';
import { formatPrice } from '../../src/utils/price';
import { type DataNode, dataTexts, type PageHandle } from './harness';
import { useWeappCustomer } from './support/customer';
import { vnodeText } from './wxml';

const NOODLES_SHOP = 9;
const quiet = { out: () => undefined, err: (line: string) => console.error(line) };

/** A customer registered on the server (from the mini program), signed in when the app launches. */
const customer = useWeappCustomer({
  name: '小程序顾客',
  phone: '13612345678',
  email: 'weapp.orders@example.com',
  buildingNo: 'D',
  roomNo: '606',
});
const { w, get } = customer;

const textOf = (page: PageHandle, cls: string) => page.byClass(cls).map((n) => dataTexts(n).join(''));
const withText = (page: PageHandle, cls: string, text: string): DataNode => {
  const node = page.byClass(cls).find((n) => dataTexts(n).includes(text));
  if (!node) throw new Error(`no .${cls} showing "${text}" in ${page.route}`);
  return node;
};
const lastUrl = (api: string) => String((w.h.callsTo(api).at(-1)?.[0] as { url?: string } | undefined)?.url);
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'https://x').searchParams);

/**
 * WeChat's part of wx.requestPayment: the customer pays in the sheet and WeChat's payment server notifies ours; with
 * the sandbox provider that is its cashier's "pay" for the token its `package` carries. Then the sheet closes, ok.
 */
async function payInSheet(o: Record<string, unknown>): Promise<Record<string, unknown>> {
  const t = /^sandbox_token=(.+)$/.exec(String(o.package))?.[1];
  if (!t) throw new Error('requestPayment:fail no sandbox payment in package');
  const res = await fetch(`${w.api.url}/api/szeat/payments/sandbox/cashier/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ t }),
  });
  if (!res.ok) throw new Error(`requestPayment:fail ${res.status}`);
  return { errMsg: 'requestPayment:ok' };
}

/** Taps the dish, one orderable option of each compulsory group (and `extra` of the first optional one), confirm. */
async function addDish(page: PageHandle, item: MenuItem, extra = 0): Promise<string[]> {
  await page.tap(withText(page, 'menu-item', item.name));
  const names: string[] = [];
  for (const g of item.option_groups) {
    const count = g.compulsory ? Math.max(1, g.min_select) : extra;
    if (!g.compulsory) extra = 0;
    for (const o of g.options.filter((x) => !x.sold_out).slice(0, count)) {
      await page.tap(withText(page, 'menu-choice__option', o.name));
      names.push(o.name);
    }
  }
  await page.tap(page.byClass('menu-choice__confirm')[0]!);
  expect(page.byClass('menu-choice')).toHaveLength(0);
  return names;
}

describe('ordering in the mini program, against the seeded server', () => {
  let orderId = 0;

  test('restaurant_detail: dishes with options go into the server cart, which the cart panel shows', async () => {
    const page = await w.h.openPage('screens/discover/restaurant-detail/index', { id: String(NOODLES_SHOP) });
    const menu = await get<Menu>(`menulist?restaurant_id=${NOODLES_SHOP}`);
    const items = menu.categories.flatMap((c) => c.items);
    await addDish(
      page,
      items.find((i) => i.id === 159)!,
    );
    await addDish(
      page,
      items.find((i) => i.id === 165)!,
      2,
    );
    const cart = await get<CartData>(`cartlist?restaurant_id=${NOODLES_SHOP}`);
    expect(cart.list).toHaveLength(2);
    expect(textOf(page, 'cart-panel__count')).toEqual([String(cart.total_num)]);
    expect(textOf(page, 'cart-panel__total')).toEqual([formatPrice(cart.total_price_fen)]);
    expect(w.h.callsTo('showToast').map(([o]) => (o as { title?: string }).title)).toContain(cn.menu.added);

    // The lines, with steppers: one more of the first is edited on the server and the cart reloads.
    await page.tap(page.byClass('cart-panel__summary')[0]!);
    expect(textOf(page, 'cart-line__name')).toEqual(cart.list.map((l) => l.name));
    await page.tap(page.byClass('cart-line__plus')[0]!);
    const edited = await get<CartData>(`cartlist?restaurant_id=${NOODLES_SHOP}`);
    expect(edited.list[0]!.quantity).toBe(2);
    expect(textOf(page, 'cart-panel__count')).toEqual([String(edited.total_num)]);
    await page.tap(page.byClass('cart-line__minus')[0]!);

    await page.tap(page.byClass('cart-panel__checkout')[0]!);
    expect(lastUrl('navigateTo')).toBe(`/screens/order/settlement/index?rid=${NOODLES_SHOP}`);
    expect(w.h.navigationFailures).toEqual([]);
  });

  test('settlement renders the server quote; WeChat Pay through wx.requestPayment; payment success', async () => {
    const page = await w.h.openPage(`screens/order/settlement/index?rid=${NOODLES_SHOP}`);
    const address = customer.user.default_address!;
    const choices = { restaurant_id: NOODLES_SHOP, mode: 'delivery', address_id: address.id };
    // The page applies the best voucher the quote names (the customer may change it).
    const first = await get<Quote>('confirmorder', choices);
    const quote = first.best_voucher_id
      ? await get<Quote>('confirmorder', { ...choices, voucher_id: first.best_voucher_id })
      : first;
    expect(textOf(page, 'settlement__line-name')).toEqual(quote.lines.map((l) => l.name));
    expect(textOf(page, 'settlement__total')).toEqual([formatPrice(quote.total_fen)]);
    expect(textOf(page, 'settlement__method-name')).toEqual(quote.payment_methods.map((m) => cn.payment_method[m]));
    expect(textOf(page, 'settlement__address-who')).toEqual([`${address.name} ${address.phone}`]);
    expect(vnodeText(page.render())).toContain(quote.lines[0]!.name);

    // The specification's validation message first: no payment method yet.
    await page.tap(page.byClass('settlement__submit')[0]!);
    expect(w.h.callsTo('showToast').at(-1)?.[0]).toMatchObject({ title: cn.checkout.need_payment });

    await page.tap(page.byClass('settlement__method--wechat')[0]!);
    const payments: Array<Record<string, unknown>> = [];
    w.h.paymentBehaviour = async (o) => {
      payments.push(o);
      return payInSheet(o);
    };
    await page.tap(page.byClass('settlement__submit')[0]!);
    // The address confirmation prompt, then WeChat's payment sheet with the server's parameters.
    expect(String((w.h.callsTo('showModal').at(-1)?.[0] as { content?: string }).content)).toContain(address.name);
    expect(payments).toHaveLength(1);
    // WeChat's subscribe question was asked inside the tap (the fake refuses it anywhere else), for the three
    // templates: order accepted, ready, delivered.
    const asked = w.h.callsTo('requestSubscribeMessage').map(([o]) => (o as { tmplIds: string[] }).tmplIds);
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(asked.at(-1)).toHaveLength(3);
    // The customer allowed them (asked outside a tap, WeChat fails the call and nothing is reported).
    await w.h.loop.waitFor(
      () => w.h.requests.some((r) => r.endpoint === 'subscribe/grant'),
      'the subscribe answer reported to the server',
    );
    expect(Object.keys(payments[0]!)).toEqual(
      expect.arrayContaining(['timeStamp', 'nonceStr', 'package', 'signType', 'paySign']),
    );
    const url = lastUrl('reLaunch');
    expect(url).toMatch(/^\/screens\/order\/pay-success\/index\?orderId=\d+$/);
    orderId = Number(queryOf(url).orderId);

    const success = await w.h.openPage(url.slice(1));
    await w.h.loop.waitFor(() => success.byClass('pay-success__title').length > 0, 'payment success');
    const order = await get<Order>(`orderinfo?id=${orderId}`);
    expect(order.payment_method).toBe('wechat');
    expect(order.paid).toBe(true);
    expect(order.status).toBe(OrderStatus.AwaitingMerchant);
    expect(textOf(success, 'pay-success__title')).toEqual([cn.pay.success]);
    expect(order.total_fen).toBe(quote.total_fen);
    expect(textOf(success, 'pay-success__amount')).toEqual([
      cn.pay.amount.replace('{price}', formatPrice(order.total_fen)),
    ]);
  });

  test('order detail renders every field and follows a status change while open', async () => {
    const page = await w.h.openPage(`screens/order/detail/index?orderId=${orderId}`);
    const order = await get<Order>(`orderinfo?id=${orderId}`);
    expect(textOf(page, 'order-status')).toEqual([order.status_text]);
    expect(textOf(page, 'order-detail__line-name')).toEqual(order.lines.map((l) => l.name));
    expect(textOf(page, 'order-step__label')).toEqual(order.steps.map((s) => s.label));
    expect(textOf(page, 'order-detail__total')).toEqual([formatPrice(order.total_fen)]);
    // A delivery order: the note about disputes speaks of delivery.
    expect(textOf(page, 'order-detail__disclaimer')).toEqual([cn.order_after.disclaimer_delivery]);
    expect(vnodeText(page.render())).toContain(order.order_no);

    // The restaurant accepts it (the operator tool, on the server's database); the open page shows it within 5 s.
    expect(await runOrdersCli(['advance', String(orderId)], quiet, { db: w.api.server.db })).toBe(0);
    const next = await get<Order>(`orderinfo?id=${orderId}`);
    expect(next.status).toBe(OrderStatus.ConfirmedByRestaurant);
    const moved = Date.now();
    await w.h.loop.waitFor(
      () => textOf(page, 'order-status')[0] === next.status_text,
      'the new status on the open page',
      8_000,
    );
    const took = Date.now() - moved;
    console.log(`mini program order detail: the new status showed ${took} ms after the operator tool moved it`);
    expect(took).toBeLessThanOrEqual(8_000);
    expect(page.byClass('order-step--done')).toHaveLength(next.steps.filter((s) => s.done).length);
    await w.h.closePage();
  });

  test('closing the payment sheet asks "Are you sure you want to cancel the payment?"; no offers it again', async () => {
    const menu = await get<Menu>(`menulist?restaurant_id=${NOODLES_SHOP}`);
    const plain = menu.categories
      .flatMap((c) => c.items)
      .find((i) => !i.sold_out && i.option_groups.every((g) => !g.compulsory) && i.price_fen >= 1500)!;
    await get('addcart', { restaurant_id: NOODLES_SHOP, dish_id: plain.id, quantity: 1 });
    const page = await w.h.openPage(`screens/order/settlement/index?rid=${NOODLES_SHOP}`);
    expect(textOf(page, 'settlement__line-name')).toEqual([plain.name]);
    await page.tap(page.byClass('settlement__method--wechat')[0]!);

    let sheets = 0;
    w.h.paymentBehaviour = (o) => {
      sheets += 1;
      // The first time the customer closes WeChat's sheet.
      if (sheets === 1) throw new Error('requestPayment:fail cancel');
      return payInSheet(o);
    };
    const questions: string[] = [];
    w.h.modalBehaviour = (o) => {
      if (o.content === cn.pay.cancel_confirm) {
        questions.push(String(o.content));
        expect(o).toMatchObject({ confirmText: cn.pay.cancel_yes, cancelText: cn.pay.cancel_no });
        return false;
      }
      return true;
    };
    await page.tap(page.byClass('settlement__submit')[0]!);
    expect(questions).toEqual([cn.pay.cancel_confirm]);
    expect(sheets).toBe(2);
    const url = lastUrl('reLaunch');
    expect(url).toMatch(/^\/screens\/order\/pay-success\/index\?orderId=\d+$/);
    expect((await get<Order>(`orderinfo?id=${queryOf(url).orderId}`)).paid).toBe(true);
    w.h.modalBehaviour = undefined;
    w.h.paymentBehaviour = undefined;
  });

  test("an unpaid order's pay-now tap asks for the subscribe messages inside the tap, then pays", async () => {
    const menu = await get<Menu>(`menulist?restaurant_id=${NOODLES_SHOP}`);
    const plain = menu.categories
      .flatMap((c) => c.items)
      .find((i) => !i.sold_out && i.option_groups.every((g) => !g.compulsory) && i.price_fen >= 1500)!;
    await get('addcart', { restaurant_id: NOODLES_SHOP, dish_id: plain.id, quantity: 1 });
    const choice = {
      restaurant_id: NOODLES_SHOP,
      mode: 'delivery',
      payment_method: 'wechat',
      address_id: customer.user.default_address!.id,
    };
    const quote = await get<Quote>('confirmorder', choice);
    const placed = await get<{ order_id: number }>('submitorder', {
      ...choice,
      idempotency_key: `weapp-pay-now-${Date.now()}`,
      expected_total_fen: quote.total_fen,
    });
    expect((await get<Order>(`orderinfo?id=${placed.order_id}`)).paid).toBe(false);

    const page = await w.h.openPage(`screens/order/detail/index?orderId=${placed.order_id}`);
    const asks = w.h.callsTo('requestSubscribeMessage').length;
    const grants = () => w.h.requests.filter((r) => r.endpoint === 'subscribe/grant').length;
    const granted = grants();
    // Opening the page asks nothing (WeChat would refuse outside a tap).
    expect(w.h.callsTo('requestSubscribeMessage')).toHaveLength(asks);
    const inTapWhenAsked: boolean[] = [];
    w.h.subscribeBehaviour = (o) => {
      inTapWhenAsked.push(w.h.inTap);
      return Object.fromEntries(((o.tmplIds as string[] | undefined) ?? []).map((id) => [id, 'accept']));
    };
    w.h.paymentBehaviour = payInSheet;
    await page.tap(page.byClass('order-detail__pay')[0]!);
    const asked = w.h.callsTo('requestSubscribeMessage').slice(asks);
    expect(asked).toHaveLength(1);
    expect((asked[0]![0] as { tmplIds: string[] }).tmplIds).toHaveLength(3);
    // WeChat showed the question (the fake answers only inside a tap) and the answer reached the server.
    expect(inTapWhenAsked).toEqual([true]);
    await w.h.loop.waitFor(() => grants() > granted, 'the subscribe answer reported to the server');
    await w.h.loop.waitFor(() => w.h.callsTo('requestPayment').length > 0, 'the payment sheet');
    await w.h.settle();
    expect((await get<Order>(`orderinfo?id=${placed.order_id}`)).paid).toBe(true);
    w.h.subscribeBehaviour = undefined;
    w.h.paymentBehaviour = undefined;
    await w.h.closePage();
  });
});
