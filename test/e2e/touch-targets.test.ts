/**
 * Issue 15, "every control has a 44x44 px target measured on what the finger hits": every interactive control of every
 * main screen a customer reaches, in both languages, at 320, 390 and 1280 px wide (a desktop has a mouse, but touch
 * screens too). Interactive: links, buttons, fields and anything with an interactive role or a keyboard tab stop, shown
 * on the screen (not the skip link or other content for screen readers only).
 *
 * The screens: home (logged out with its pop-up, and logged in), the top bar's user and language menus and its mini
 * program dialog, the footer's Contact Us dialog, the restaurant list, search with results, a restaurant page, its dish
 * dialog and cart, settlement, payment success, an order's page (delivery and collection, open and finished), the
 * orders tab, mine, wallet, vouchers, addresses, address edit, rating, my ratings, an article, and logged out login,
 * register and forgetpwd. One customer for the whole file (registrations per address are limited), with four orders.
 *
 * For each control: the rectangle that receives a tap, i.e. the element's box joined with its ::before when that is
 * an invisible hit area (src/app.scss), must be at least 44x44 CSS px; and the browser's own hit test
 * (elementFromPoint) at the centre and at the corners of the 44x44 square around the control's centre must land on
 * the control, so no neighbour, sticky bar or overlay takes the tap. A pop-up is measured on its own controls (the
 * page behind it is covered on purpose).
 */
import type { Browser, Page } from 'playwright-core';
import { runOrdersCli } from '../../server/src/orders-cli';
import type { Order } from '../../types/api/orders';
import { OrderStatus, type OrderStatusCode } from '../../types/order-status';
import { newContext } from './support/browser';
import {
  addToCart,
  creditWallet,
  DUMPLINGS,
  NOODLES,
  NOODLES_SHOP,
  newCustomer,
  okApi,
  placeOrder,
  startLoggedIn,
  type Customer,
  type Lang,
} from './support/orders';
import { screenshot } from './support/screenshot';
import { exactly, open, PACKS, shown, useSite } from './support/site';

// The seeded pop-ups stay on: the one shown on a first visit is measured too.
const site = useSite({ popups: true });

const MIN = 44;
const WIDTHS = [320, 390, 1280] as const;
const heightOf = (width: number) => (width >= 1024 ? 900 : 844);

interface Measured {
  name: string;
  width: number;
  height: number;
  /** The sample points whose hit test landed elsewhere, with what they hit. */
  missed: string[];
}

/** Everything a finger may be meant to tap. */
const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'textarea',
  'select',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="menuitem"]',
  '[role="menuitemradio"]',
  '[role="option"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * Runs in the page (serialised: no closures over the test): every shown control inside `scope` (the whole page when
 * null), scrolled into the middle of the view one after the other, its tap rectangle and the hit test around it.
 */
function measureControls({ selector, scope, min }: { selector: string; scope: string | null; min: number }) {
  const roots = scope
    ? [...document.querySelectorAll(scope)].filter((r) => r.getBoundingClientRect().width > 0)
    : [document.body];
  const describe = (e: Element | null) =>
    e ? `${e.tagName.toLowerCase()}.${String(e.className).trim().split(/\s+/).slice(0, 2).join('.')}` : 'nothing';
  const results: { name: string; width: number; height: number; missed: string[] }[] = [];
  const seen = new Set<Element>();
  for (const root of roots) {
    for (const el of root.querySelectorAll(selector)) {
      if (seen.has(el)) continue;
      seen.add(el);
      const first = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Not on the screen: display none, hidden, or a screen-reader-only box (the skip link until focused).
      if (first.width <= 2 || first.height <= 2 || style.visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"], .sr-only, .visually-hidden')) continue;
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 24);
      const cls = String(el.className).trim().split(/\s+/)[0] ?? '';
      const name = `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${text ? ` "${text}"` : ''}`;

      el.scrollIntoView({ block: 'center', inline: 'center' });
      const box = el.getBoundingClientRect();
      let left = box.left;
      let top = box.top;
      let right = box.right;
      let bottom = box.bottom;
      const before = getComputedStyle(el, '::before');
      if (before.content !== 'none' && before.content !== 'normal' && before.position === 'absolute') {
        // The hit areas are centred on the control (translate(-50%, -50%)); their used size is the computed one.
        const w = parseFloat(before.width);
        const h = parseFloat(before.height);
        const cx = (box.left + box.right) / 2;
        const cy = (box.top + box.bottom) / 2;
        left = Math.min(left, cx - w / 2);
        right = Math.max(right, cx + w / 2);
        top = Math.min(top, cy - h / 2);
        bottom = Math.max(bottom, cy + h / 2);
      }
      const cx = (left + right) / 2;
      const cy = (top + bottom) / 2;
      const r = min / 2 - 1;
      const missed: string[] = [];
      for (const [dx, dy] of [
        [0, 0],
        [-r, -r],
        [r, -r],
        [-r, r],
        [r, r],
      ] as const) {
        const hit = document.elementFromPoint(cx + dx, cy + dy);
        if (!hit || !el.contains(hit)) missed.push(`(${Math.round(dx)},${Math.round(dy)}) hit ${describe(hit)}`);
      }
      results.push({ name, width: right - left, height: bottom - top, missed });
    }
  }
  for (const el of document.querySelectorAll('.taro_page')) el.scrollTop = 0;
  window.scrollTo(0, 0);
  return results;
}

/** Measures the screen (or the pop-up matched by `scope`); answers the findings as "where: what". */
async function measure(page: Page, where: string, scope: string | null = null): Promise<string[]> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Opening animations and lazy parts settle first.
  await page.waitForTimeout(300);
  const controls: Measured[] = await page.evaluate(measureControls, { selector: INTERACTIVE, scope, min: MIN });
  // A pop-up may have one control (its close button); a screen has at least its top bar's.
  if (controls.length < (scope ? 1 : 3)) return [`${where}: only ${controls.length} controls (it did not show)`];
  counted.set(where, controls.length);
  return controls
    .filter((m) => m.width < MIN - 0.5 || m.height < MIN - 0.5 || m.missed.length > 0)
    .map(
      (m) =>
        `${where}: ${m.name} ${m.width.toFixed(1)}x${m.height.toFixed(1)}` +
        (m.width < MIN - 0.5 || m.height < MIN - 0.5 ? ' TOO SMALL' : '') +
        (m.missed.length > 0 ? ` MISSED ${m.missed.join('; ')}` : ''),
    );
}

const counted = new Map<string, number>();

/** Moves an order along its path with the operator tool (in this process, on the test server's database). */
async function advanceTo(customer: Customer, orderId: number, status: OrderStatusCode) {
  const quiet = { out: () => undefined, err: () => undefined };
  for (let step = 0; step < 10; step += 1) {
    const order = await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token);
    if (order.status === status) return;
    const code = await runOrdersCli(['advance', String(orderId)], quiet, { db: site.server.db });
    if (code !== 0) throw new Error(`advance ${orderId} answered ${code}`);
  }
  throw new Error(`order ${orderId} did not reach ${status}`);
}

interface Shared {
  customer: Customer;
  orders: {
    unpaid: number;
    deliveryOpen: number;
    deliveryDone: number;
    collectionOpen: number;
    collectionDone: number;
  };
  addressId: number;
}

let shared: Shared | undefined;

/**
 * One customer for both languages: four pay-on-delivery orders of noodles (delivery and collection, open and finished,
 * the finished collection rated), one WeChat Pay order not paid yet, money in the wallet, and the dumplings in the cart.
 */
async function setUp(): Promise<Shared> {
  if (shared) return shared;
  const customer = await newCustomer(site, 'cn');
  await creditWallet(site, customer.user.id, 50_000);
  const deliveryDone = await placeOrder(site, customer, 'cn', { tag: 'targets-d1' });
  await advanceTo(customer, deliveryDone, OrderStatus.Delivered);
  const collectionDone = await placeOrder(site, customer, 'cn', { mode: 'collection', tag: 'targets-c1' });
  await advanceTo(customer, collectionDone, OrderStatus.Completed);
  await okApi(site, 'saverating', customer.token, {
    order_id: collectionDone,
    food_rating: 5,
    other_rating: 4,
    comment: '面很筋道，汤很香',
  });
  const collectionOpen = await placeOrder(site, customer, 'cn', { mode: 'collection', tag: 'targets-c2' });
  const deliveryOpen = await placeOrder(site, customer, 'cn', { tag: 'targets-d2' });
  const unpaid = await placeOrder(site, customer, 'cn', { payment: 'wechat', tag: 'targets-w' });
  // placeOrder empties the cart first: the cart is filled last.
  await addToCart(site, customer, 'cn', NOODLES_SHOP, DUMPLINGS);
  shared = {
    customer,
    orders: { unpaid, deliveryOpen, deliveryDone, collectionOpen, collectionDone },
    addressId: customer.user.default_address!.id,
  };
  return shared;
}

interface Screen {
  name: string;
  /** Opens the screen (or the pop-up) and answers the scope to measure (null: the whole page). */
  open(page: Page): Promise<string | null>;
  /** Closes a pop-up after it was measured. */
  close?(page: Page): Promise<void>;
}

/** Opens a path and waits for what shows the screen has its data. */
const at = (name: string, path: string, ready: string): Screen => ({
  name,
  async open(page) {
    await open(page, path);
    await shown(page, ready).first().waitFor();
    return null;
  },
});

/**
 * Home, with the pop-up of the visit closed if one comes (one a visit: the first is measured as a pop-up, logged out;
 * the next visit shows the next one).
 */
const home = (name: string): Screen => ({
  name,
  async open(page) {
    const popups = page.waitForResponse((r) => r.url().includes('/popuplist'), { timeout: 10_000 });
    await open(page, '/');
    await shown(page, '.home').waitFor();
    await popups.catch(() => undefined);
    await page.waitForTimeout(500);
    while ((await shown(page, '.home-popup__close').count()) > 0) {
      await shown(page, '.home-popup__close').first().click();
      await page.waitForTimeout(300);
    }
    return null;
  },
});

/** A pop-up opened by a tap on `trigger` on the current screen, measured inside `scope`, closed by `closer`. */
const popUp = (name: string, trigger: string, scope: string, closer: (page: Page) => Promise<void>): Screen => ({
  name,
  async open(page) {
    await shown(page, trigger).first().click();
    await shown(page, scope).first().waitFor();
    return scope;
  },
  async close(page) {
    await closer(page);
    await shown(page, scope).first().waitFor({ state: 'hidden' });
  },
});

const tap = (selector: string) => async (page: Page) => shown(page, selector).first().click();

function loggedInScreens(s: Shared, lang: Lang): Screen[] {
  const { orders } = s;
  return [
    home('home'),
    popUp('user menu', '.top-bar__user .dropdown__trigger', '.dropdown__menu', (page) => page.keyboard.press('Escape')),
    popUp('language menu', '.top-bar__lang .dropdown__trigger', '.dropdown__menu', (page) =>
      page.keyboard.press('Escape'),
    ),
    popUp('mini program dialog', '.top-bar__mini-program', '.qr-dialog__box', tap('.qr-dialog__close')),
    popUp('contact us dialog', '.footer-contact', '.qr-dialog__box', tap('.qr-dialog__close')),
    at('restaurant list', '/restaurant_list', '.store-card__name'),
    at('search', `/search?keyword=${encodeURIComponent(lang === 'cn' ? '面' : 'noodle')}`, '.search__hit'),
    {
      name: 'restaurant',
      async open(page) {
        await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
        await shown(page, '.menu-item').first().waitFor();
        // The menu is drawn in slices: wait for all of it.
        await page.waitForFunction(() => document.querySelectorAll('.menu-item').length > 10);
        await shown(page, '.cart-panel__total').waitFor();
        return null;
      },
    },
    {
      name: 'dish dialog',
      async open(page) {
        await shown(page, `#menu-item-${NOODLES}`).click();
        await shown(page, '.menu-choice__panel').waitFor();
        return '.menu-choice__panel';
      },
      async close(page) {
        await shown(page, '.menu-choice__close').click();
        await shown(page, '.menu-choice').waitFor({ state: 'detached' });
      },
    },
    popUp('cart', '.cart-panel__summary', '.cart-panel__sheet', tap('.cart-panel__mask')),
    {
      name: 'settlement',
      async open(page) {
        await open(page, `/settlemt/${NOODLES_SHOP}`);
        await shown(page, '.settlement__total').waitFor();
        await shown(page, '.settlement__address-chosen').waitFor();
        return null;
      },
    },
    at('pay success', `/paySucc/${orders.deliveryOpen}`, '.pay-success__title'),
    at('order unpaid', `/order_detail/${orders.unpaid}`, '.order-detail__pay'),
    at('order delivery open', `/order_detail/${orders.deliveryOpen}`, '.order-timeline'),
    at('order delivery finished', `/order_detail/${orders.deliveryDone}`, '.order-timeline'),
    at('order collection open', `/order_detail/${orders.collectionOpen}`, '.order-timeline'),
    at('order collection finished', `/order_detail/${orders.collectionDone}`, '.order-timeline'),
    at('orders tab', '/orders', '.order-card'),
    at('mine', '/mine', '.mine__name'),
    at('wallet', '/wallet', '.ledger-line'),
    at('vouchers', '/vouchers', '.vouchers'),
    at('addresses', '/address', '.address-item'),
    at('address edit', `/address_edit?id=${s.addressId}`, '.address-edit__save'),
    at('rating', `/rating/${orders.deliveryDone}`, '.rating__submit'),
    at('my ratings', '/my_ratings', '.my-rating'),
    at('article', '/article/42', '.article__title'),
  ];
}

/** Logged out: home with the first visit's pop-up, and the account screens. */
function loggedOutScreens(lang: Lang): Screen[] {
  const t = PACKS[lang];
  return [
    {
      name: 'home pop-up',
      async open(page) {
        await open(page, '/');
        await shown(page, '.home-popup__close').first().waitFor();
        return '.home-popup .notice-dialog__box';
      },
      async close(page) {
        await shown(page, '.home-popup__close')
          .filter({ hasText: exactly(t.home.popup_close) })
          .first()
          .click();
      },
    },
    // The pop-up is shown once a visit: home and the account screens behind it.
    home('home logged out'),
    at('login', '/login', '.login__submit'),
    at('register', '/register', '.register__submit'),
    at('forgetpwd', '/forgetpwd', '.forgetpwd__submit'),
  ];
}

/**
 * Every screen at every width. A pop-up stays open while the window changes width (it is measured at the three
 * widths, then closed), so one that is shown once per visitor is measured at each width too.
 */
async function walk(page: Page, screens: Screen[], lang: Lang): Promise<string[]> {
  const found: string[] = [];
  for (const screen of screens) {
    const isPopUp = screen.close !== undefined;
    let scope: string | null = null;
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: heightOf(width) });
      // A screen is opened at each width; a pop-up once, on the screen opened last.
      if (!isPopUp || width === WIDTHS[0]) scope = await screen.open(page);
      const where = `${screen.name} @${width}`;
      found.push(...(await measure(page, where, scope)));
      if (width !== 320) await screenshot(page, `touch-${screen.name.replace(/ /g, '-')}-${width}-${lang}`);
    }
    if (screen.close) {
      await page.setViewportSize({ width: WIDTHS[0], height: heightOf(WIDTHS[0]) });
      await screen.close(page);
    }
  }
  return found;
}

test.each(['cn', 'en'] as const)(
  'every control on every main screen has a 44x44 px tap target at 320, 390 and 1280 px wide (%s)',
  async (lang) => {
    const s = await setUp();
    counted.clear();
    const found: string[] = [];

    // Logged out, in a context of its own (a first visit: home shows its pop-up).
    const out = await newContext(site.page.context().browser() as Browser, site.url);
    try {
      await out.addInitScript((l) => localStorage.setItem('_lang', JSON.stringify({ data: l })), lang);
      const page = await out.newPage();
      found.push(...(await walk(page, loggedOutScreens(lang), lang)));
    } finally {
      await out.close();
    }

    const page = await startLoggedIn(site, lang, s.customer);
    found.push(...(await walk(page, loggedInScreens(s, lang), lang)));

    console.log(
      `tap targets (${lang}): ${[...counted.values()].reduce((a, b) => a + b, 0)} controls on ${counted.size} ` +
        `screens x widths\n${found.map((f) => `  ${f}`).join('\n') || '  all at least 44x44 and not covered'}`,
    );
    expect(found).toEqual([]);
  },
  600_000,
);
