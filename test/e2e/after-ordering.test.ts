/**
 * After ordering, in a real Chromium against the built site and the real server, in Chinese and in English (issue 15
 * §2): an unpaid order cancelled from its page (asked first; the cancelled step with its reason; no "updates itself"),
 * then "order again" refills the cart and goes to checkout with the same dishes; a collection order's payment success
 * and order pages show the order number, the ready time as "today", where to collect and the restaurant's phone.
 * With E2E_SCREENSHOTS=<dir> the pages are saved at 390x844 and 1280x900.
 */
import type { Quote } from '../../types/api/checkout';
import type { Order } from '../../types/api/orders';
import {
  answerModal,
  DESKTOP,
  newCustomer,
  NOODLES_SHOP,
  okApi,
  PHONE,
  placeOrder,
  startLoggedIn,
} from './support/orders';
import { screenshot } from './support/screenshot';
import { open, PACKS, shown, textOf, useSite } from './support/site';

const site = useSite();

describe.each(['cn', 'en'] as const)('after ordering (%s)', (lang) => {
  const t = PACKS[lang];

  test('cancel an unpaid order, then order it again: the same dishes in checkout', async () => {
    const customer = await newCustomer(site, lang);
    const orderId = await placeOrder(site, customer, lang, { payment: 'wechat', quantity: 2, tag: 'after' });
    const page = await startLoggedIn(site, lang, customer);
    await open(page, `/order_detail/${orderId}`);
    expect(await textOf(shown(page, '.order-detail__live'))).toBe(t.order.live);
    await shown(page, '.order-detail__cancel').click();
    expect(await answerModal(page, true)).toBe(t.order_after.cancel_confirm);
    await page.locator('.order-step--ended').first().waitFor();
    expect(await textOf(shown(page, '.order-detail__reason'))).toBe(t.order_after.reason_customer);
    expect(await textOf(shown(page, '.order-detail__live'))).toBe(t.order_after.ended);
    expect(await page.locator('.order-detail__cancel').count()).toBe(0);
    const order = await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang);
    expect(order).toMatchObject({ status: 4, end_reason: 'customer' });
    expect(await textOf(shown(page, '.order-detail__disclaimer'))).toBe(t.order_after.disclaimer_delivery);
    await screenshot(page, `after-ordering/${lang}-390-cancelled`);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, `after-ordering/${lang}-1280-cancelled`);
    await page.setViewportSize(PHONE);

    // Order again: nothing changed, straight to checkout with the order's dishes.
    await shown(page, '.order-detail__again').click();
    await page.waitForURL((u) => u.pathname === `/settlemt/${NOODLES_SHOP}`);
    await shown(page, '.settlement__line').waitFor();
    const quote = await okApi<Quote>(
      site,
      'confirmorder',
      customer.token,
      { restaurant_id: NOODLES_SHOP, mode: 'delivery', address_id: customer.user.default_address!.id },
      lang,
    );
    expect(quote.lines.map((l) => [l.dish_id, l.quantity])).toEqual(order.lines.map((l) => [l.dish_id, l.quantity]));
  });

  test('a collection order: order number, ready "today", where to collect, map and phone', async () => {
    const customer = await newCustomer(site, lang);
    const orderId = await placeOrder(site, customer, lang, { mode: 'collection', quantity: 2, tag: 'after' });
    const page = await startLoggedIn(site, lang, customer);
    await open(page, `/paySucc/${orderId}`);
    const order = await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang);
    expect(await textOf(shown(page, '.pay-success__order-no'))).toContain(order.order_no);
    expect(await textOf(shown(page, '.pay-success__estimate'))).toMatch(
      lang === 'cn' ? /^取餐时间 (今天|明天) \d\d:\d\d$/ : /^Ready to collect (today|tomorrow) \d\d:\d\d$/,
    );
    expect(await textOf(shown(page, '.restaurant-contact__address'))).toBe(order.restaurant_address);
    expect(await textOf(shown(page, '.pay-success__note'))).toBe(t.order_after.pay_at_counter_note);
    await screenshot(page, `after-ordering/${lang}-390-pay-success-collection`);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, `after-ordering/${lang}-1280-pay-success-collection`);

    await open(page, `/order_detail/${orderId}`);
    await shown(page, '.restaurant-contact__call').waitFor();
    expect(await textOf(shown(page, '.order-detail__row--payment-method .order-detail__value'))).toBe(
      t.order_after.pay_at_counter,
    );
    expect(await page.locator('.order-detail__row--delivery-fee').count()).toBe(0);
    await screenshot(page, `after-ordering/${lang}-1280-detail-collection`);
    await page.setViewportSize(PHONE);
    await screenshot(page, `after-ordering/${lang}-390-detail-collection`);
  });
});
