/**
 * The order pages and the forms on a wide screen (issue 15 §3), measured in the browser. Desktop (1280 x 900): the
 * order page in two columns side by side (where the order is: status, actions, collection, timeline; what it is:
 * lines, amounts, details) across the header's content width, for delivery and collection orders, open, cancelled
 * and refunded; the payment's result a centred confirmation; login, register, password reset, an address and a rating
 * a card of the form width centred in the header's content width (no field 1,200 px long). Tablet (768 and 900 wide):
 * dishes two to a row on the restaurant page, nothing wider than the window.
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO_MERCHANTS } from '../../server/src/seed/accounts';
import type { AuthResult } from '../../types/api/accounts';
import type { Order } from '../../types/api/orders';
import { OrderStatus } from '../../types/order-status';
import {
  callApi,
  creditWallet,
  DESKTOP,
  newCustomer,
  NOODLES_SHOP,
  okApi,
  PHONE,
  placeOrder,
  startLoggedIn,
  type Customer,
  type Lang,
} from './support/orders';
import { deliveredOrder } from './support/ratings';
import { screenshot } from './support/screenshot';
import { open, shown, useSite } from './support/site';

const site = useSite();

const TABLETS = [
  { width: 768, height: 1024 },
  { width: 900, height: 1200 },
];
/** The form width of src/styles/wide.scss ($wide-form), CSS px. */
const FORM_WIDTH = 560;
/** The widest a card of the order page may be on a desktop: no line of text or lone button across 1,200 px. */
const CARD_MAX = 760;

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
};

/** The header's content box: the top bar's centred row less its padding (where the logo starts and the flag ends). */
async function headerContent(page: Page): Promise<{ left: number; right: number }> {
  return shown(page, '.top-bar__inner')
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return { left: r.left + parseFloat(s.paddingLeft), right: r.right - parseFloat(s.paddingRight) };
    });
}

/** Screenshots of the page as it is at a phone's, a tablet's and a desktop's width (E2E_SCREENSHOTS). */
async function shots(page: Page, name: string) {
  for (const v of [PHONE, TABLETS[0]!, DESKTOP]) {
    await page.setViewportSize(v);
    await screenshot(page, `wide-pages/${name}-${v.width}`);
  }
  await page.setViewportSize(DESKTOP);
}

/** The customer's order as the server has it now. */
const orderOf = (customer: Customer, lang: Lang, id: number) =>
  okApi<Order>(site, `orderinfo?id=${id}`, customer.token, undefined, lang);

/** The restaurant's staff reject the order (the console's "sold out"). */
async function reject(lang: Lang, orderId: number) {
  const staff = DEMO_MERCHANTS.find((m) => m.role === 'staff')!;
  const login = await callApi<AuthResult>(site, 'login', undefined, {
    email: staff.email,
    password: 'szeat-staff-8',
    code: '',
  });
  await okApi(site, 'merchant/reject', login.data!.access_token, { order_id: orderId, reason: 'sold_out' }, lang);
}

/**
 * The order page at 1280: the status card and the timeline in one column, the lines and the details in a second one
 * beside it, both starting at the same height; the page spans the header's content width; no card is wider than
 * CARD_MAX.
 */
async function expectOrderColumns(page: Page, label: string) {
  await shown(page, '.order-detail__info').waitFor();
  const header = await headerContent(page);
  const detail = await box(shown(page, '.order-detail'));
  expect([label, Math.round(detail.x), Math.round(detail.x + detail.width)]).toEqual([
    label,
    Math.round(header.left),
    Math.round(header.right),
  ]);
  const head = await box(shown(page, '.order-detail__head'));
  const steps = await box(shown(page, '.order-detail__steps'));
  const items = await box(shown(page, '.order-detail__items'));
  const info = await box(shown(page, '.order-detail__info'));
  // Status and timeline in the left column, lines and details in the right one, side by side.
  expect([label, Math.round(head.x), Math.round(steps.x)]).toEqual([
    label,
    Math.round(header.left),
    Math.round(header.left),
  ]);
  expect([label, Math.round(items.x + items.width), Math.round(info.x + info.width)]).toEqual([
    label,
    Math.round(header.right),
    Math.round(header.right),
  ]);
  expect([label, items.x >= head.x + head.width]).toEqual([label, true]);
  expect([label, Math.round(items.y)]).toEqual([label, Math.round(head.y)]);
  const widths = await shown(page, '.order-detail__card').evaluateAll((els) =>
    els.map((e) => Math.round(e.getBoundingClientRect().width)),
  );
  expect([label, Math.max(...widths) <= CARD_MAX]).toEqual([label, true]);
}

/** A form (or the payment's result) on a wide screen: the form width, centred in the header's content width. */
async function expectFormCard(page: Page, selector: string, label: string) {
  const card = shown(page, selector).first();
  await card.waitFor();
  const b = await box(card);
  const header = await headerContent(page);
  expect([label, Math.round(b.width)]).toEqual([label, FORM_WIDTH]);
  expect([label, Math.abs(b.x + b.width / 2 - (header.left + header.right) / 2) <= 1]).toEqual([label, true]);
  // Every field inside the card, none the content width.
  const fields = await card
    .locator('.form-field__control, .rating__comment')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect).filter((r) => r.width > 0));
  for (const f of fields) expect([label, f.left >= b.x - 0.5 && f.right <= b.x + b.width + 0.5]).toEqual([label, true]);
}

describe.each(['cn', 'en'] as const)('on a desktop (1280 x 900) in %s', (lang) => {
  test('the order page: where it is beside what it is, for every kind and state of order; the payment result centred', async () => {
    const customer = await newCustomer(site, lang);
    await creditWallet(site, customer.user.id, 100_000);
    const delivery = await placeOrder(site, customer, lang, { tag: 'wide-cod' });
    const collection = await placeOrder(site, customer, lang, {
      mode: 'collection',
      payment: 'balance',
      tag: 'wide-c',
    });
    const unpaid = await placeOrder(site, customer, lang, { payment: 'wechat', tag: 'wide-unpaid' });
    const refunded = await placeOrder(site, customer, lang, { payment: 'wechat', tag: 'wide-refund' });
    const page = await startLoggedIn(site, lang, customer);
    await page.setViewportSize(DESKTOP);

    // Paid online at the cashier page: the result, then the restaurant rejects it and the money goes back.
    await open(page, `/order_detail/${refunded}`);
    await shown(page, '.order-detail__pay').click();
    await page.waitForURL((u) => u.pathname.includes('cashier'));
    await page.locator('[data-testid=pay]').click();
    await page.waitForURL((u) => u.pathname === `/paySucc/${refunded}`);
    await shown(page, '.pay-success__order-no').waitFor();
    await expectFormCard(page, '.pay-success__card', `paid ${refunded}`);
    await shots(page, `pay-success-wechat-${lang}`);

    for (const [id, name] of [
      [delivery, 'cod'],
      [collection, 'collection'],
    ] as const) {
      await open(page, `/paySucc/${id}`);
      await shown(page, '.pay-success__order-no').waitFor();
      await expectFormCard(page, '.pay-success__card', `pay-success ${name}`);
      if (name === 'collection') await shown(page, '.pay-success__restaurant').waitFor();
      await shots(page, `pay-success-${name}-${lang}`);
    }

    await reject(lang, refunded);
    expect((await orderOf(customer, lang, refunded)).status).toBe(OrderStatus.Refunded);
    const cancelled = await placeOrder(site, customer, lang, { payment: 'wechat', tag: 'wide-cancel' });
    await okApi(site, 'cancelorder', customer.token, { order_id: cancelled }, lang);
    expect((await orderOf(customer, lang, cancelled)).status).toBe(OrderStatus.Cancelled);

    for (const [id, name] of [
      [delivery, 'delivery-open'],
      [collection, 'collection-open'],
      [unpaid, 'unpaid'],
      [cancelled, 'cancelled'],
      [refunded, 'refunded'],
    ] as const) {
      await open(page, `/order_detail/${id}`);
      await expectOrderColumns(page, name);
      if (name === 'collection-open') await shown(page, '.order-detail__code').waitFor();
      if (name === 'unpaid') await shown(page, '.order-detail__pay').waitFor();
      await shots(page, `order-${name}-${lang}`);
    }
  });

  test('login, register, password reset, an address and a rating: a card of the form width in the middle', async () => {
    const customer = await newCustomer(site, lang);
    const order = await deliveredOrder(site, customer, lang);
    const page = await startLoggedIn(site, lang, customer);
    await page.setViewportSize(DESKTOP);
    await open(page, '/address_edit');
    await expectFormCard(page, '.form-card', 'address');
    await shots(page, `address-edit-${lang}`);
    await open(page, `/rating/${order.id}`);
    await shown(page, '.rating__field--food').waitFor();
    await expectFormCard(page, '.rating', 'rating');
    await shots(page, `rating-${lang}`);

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.removeItem('token'));
    for (const path of ['/login', '/register', '/forgetpwd']) {
      await open(page, path);
      await expectFormCard(page, '.form-card', path);
      await shots(page, `${path.slice(1)}-${lang}`);
    }
  });
});

describe.each(TABLETS)('on a tablet ($width px wide)', (viewport) => {
  test.each(['cn', 'en'] as const)(
    'the restaurant page has two dishes to a row, within the window (%s)',
    async (lang) => {
      const page = await startLoggedIn(site, lang, undefined);
      await page.setViewportSize(viewport);
      await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
      await shown(page, '.menu-item__name').first().waitFor();
      const cards = await shown(page, '.menu-item').evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect),
      );
      const [a, b] = cards as [DOMRect, DOMRect];
      expect(Math.round(a.top)).toBe(Math.round(b.top));
      expect(a.right).toBeLessThanOrEqual(b.left);
      const header = await headerContent(page);
      expect(Math.round(a.left)).toBe(Math.round(header.left));
      expect(Math.round(b.right)).toBe(Math.round(header.right));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `wide-pages/restaurant-${viewport.width}-${lang}`);
    },
  );
});
