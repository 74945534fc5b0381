/**
 * The restaurant console's order board in a real Chromium (issue 18), in Chinese and in English, at 390 and 1280 px:
 * the demo restaurant's staff member opens /merchant/orders; a customer places an order through the API; the board
 * shows it live (the event stream, no reload, no 10 s poll) and rings (WebAudio, counted by a stand-in AudioContext
 * since a headless browser has no speaker) after a tap turned sound on; the title counts it; accepting it stops the
 * ringing; the order then moves along to delivered from the board.
 */
import type { Page } from 'playwright-core';
import type { AuthResult } from '../../types/api/accounts';
import type { CartIdResult } from '../../types/api/cart';
import type { Quote, SubmitOrderResult } from '../../types/api/checkout';
import type { Order } from '../../types/api/orders';
import { OrderStatus } from '../../types/order-status';
import {
  callApi,
  menuItem,
  newCustomer,
  NOODLES,
  NOODLES_SHOP,
  okApi,
  startLoggedIn,
  type Customer,
  type Lang,
} from './support/orders';
import { screenshot } from './support/screenshot';
import { cn, en, exactly, open, shown, textOf, useSite } from './support/site';

const site = useSite();
const PACKS = { cn, en };
const DESKTOP = { width: 1280, height: 900 };
const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
const plural = (template: string, count: number) => {
  const [one, other] = template.split('|');
  return fill(count === 1 || other === undefined ? one! : other, { count });
};

/** The demo restaurant's staff member (README), as a session the page starts with. */
async function staff(lang: Lang): Promise<Customer> {
  const res = await callApi<AuthResult>(
    site,
    'login',
    undefined,
    { email: 'staff@szeat.cn', password: 'szeat-staff-8' },
    lang,
  );
  if (res.code !== 1000) throw new Error(`staff login answered ${res.code} ${res.msg}`);
  return { token: res.data.access_token, user: res.data.user, email: 'staff@szeat.cn', password: 'szeat-staff-8' };
}

/** A pay-on-delivery order of noodles placed through the API: it goes straight to the restaurant (status 6). */
async function placeOrder(customer: Customer, lang: Lang): Promise<number> {
  const noodles = await menuItem(site, lang, NOODLES_SHOP, NOODLES);
  const optionIds = noodles.option_groups
    .filter((g) => g.compulsory)
    .map((g) => g.options.find((o) => !o.sold_out)!.id);
  await okApi<CartIdResult>(site, 'addcart', customer.token, {
    restaurant_id: NOODLES_SHOP,
    dish_id: NOODLES,
    quantity: 1,
    option_ids: optionIds,
  });
  const choice = {
    restaurant_id: NOODLES_SHOP,
    mode: 'delivery' as const,
    address_id: customer.user.default_address!.id,
    payment_method: 'cod' as const,
  };
  const quote = await okApi<Quote>(site, 'confirmorder', customer.token, choice, lang);
  const placed = await okApi<SubmitOrderResult>(site, 'submitorder', customer.token, {
    ...choice,
    idempotency_key: `e2e-board-${lang}-${Date.now()}`,
    expected_total_fen: quote.total_fen,
  });
  return placed.order_id;
}

/**
 * A stand-in AudioContext (before the app loads): counts the tones started (window.__tones), and like a browser's
 * keeps the context suspended until resume() is called (the app calls it inside the first tap).
 */
async function countTones(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number; __resumed: number; AudioContext: unknown };
    w.__tones = 0;
    w.__resumed = 0;
    const param = () => ({ setValueAtTime() {}, exponentialRampToValueAtTime() {} });
    w.AudioContext = class {
      state = 'suspended';
      currentTime = 0;
      destination = {};
      async resume() {
        w.__resumed += 1;
        this.state = 'running';
      }
      createOscillator() {
        return {
          type: '',
          frequency: param(),
          connect() {},
          start() {
            w.__tones += 1;
          },
          stop() {},
        };
      }
      createGain() {
        return { gain: param(), connect() {} };
      }
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number }).__tones);

describe.each(['cn', 'en'] as const)('restaurant console order board (%s)', (lang) => {
  const t = PACKS[lang];

  test('a new order arrives live and rings until accepted; then it moves along to delivered', async () => {
    const member = await staff(lang);
    const customer = await newCustomer(site, lang);
    const page = await startLoggedIn(site, lang, member);
    await countTones(page);
    const ticketsAsked = () => site.apiRequests.filter((r) => r.path.endsWith('/events/ticket')).length;
    await open(page, '/merchant/orders');
    await shown(page, '.merchant-board__title').waitFor();
    // Sound needs a tap first: the banner says so; tapping it turns sound on and the banner goes.
    expect(await textOf(shown(page, '.merchant-banner--sound'))).toBe(t.merchant.sound_enable);
    await screenshot(page, `merchant-board/${lang}-390-sound-off`);
    await shown(page, '.merchant-banner--sound').click();
    await shown(page, '.merchant-banner--sound').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { __resumed: number }).__resumed)).toBeGreaterThan(0);
    await page.waitForFunction(() => document.title !== '');
    expect(await page.title()).toBe(t.merchant.title);
    expect(ticketsAsked()).toBe(1);
    await screenshot(page, `merchant-board/${lang}-390-empty`);

    const before = await tones(page);
    const boardReads = () => site.apiRequests.filter((r) => r.path.endsWith('/merchant/orders')).length;
    const readsBefore = boardReads();
    const orderId = await placeOrder(customer, lang);
    const placedAt = Date.now();
    const card = shown(page, `.merchant-card[data-order="${orderId}"]`);
    await card.waitFor({ timeout: 5_000 });
    // Live: shown well before the 10 s poll would have read the board (one read, caused by the event).
    expect(Date.now() - placedAt).toBeLessThan(5_000);
    // Read because of the event (and maybe once more when the stream's replay overlaps), not by the 10 s poll.
    expect(boardReads()).toBeGreaterThanOrEqual(readsBefore + 1);
    expect(boardReads()).toBeLessThanOrEqual(readsBefore + 2);
    expect(await textOf(shown(page, '.merchant-banner--alert'))).toBe(plural(t.merchant.alert, 1));
    await page.waitForFunction((n) => (window as unknown as { __tones: number }).__tones > n, before);
    expect(await page.title()).toBe(fill(t.merchant.title_waiting, { count: 1 }));
    // It rings again while the order waits (every 5 s; two tones a ring).
    const firstRing = await tones(page);
    await page.waitForFunction((n) => (window as unknown as { __tones: number }).__tones > n, firstRing, {
      timeout: 8_000,
    });
    await screenshot(page, `merchant-board/${lang}-390-ringing`);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, `merchant-board/${lang}-1280-ringing`);

    // Accept with 30 minutes (a choice); the ringing stops, the banner and the title's count go.
    await card
      .locator('.merchant-card__chip')
      .filter({ hasText: fill(t.merchant.minutes, { minutes: 30 }) })
      .click();
    await card.locator('.merchant-card__button--main').click();
    await card.waitFor({ state: 'detached' });
    await shown(page, '.merchant-banner--alert').waitFor({ state: 'detached' });
    expect(await page.title()).toBe(t.merchant.title);
    const stopped = await tones(page);
    await page.waitForTimeout(6_000);
    expect(await tones(page)).toBe(stopped);
    const accepted = await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang);
    expect(accepted.status).toBe(OrderStatus.ConfirmedByRestaurant);

    // Move along from the board: preparing, ready, handed to the rider, delivered.
    const steps: Array<[string, string, number]> = [
      ['accepted', t.merchant.advance_1, OrderStatus.BeingPrepared],
      ['preparing', t.merchant.advance_7, OrderStatus.DriverAssigned],
      ['ready', t.merchant.advance_2, OrderStatus.DriverOnTheWay],
      ['delivering', t.merchant.advance_3, OrderStatus.Delivered],
    ];
    for (const [state, button, status] of steps) {
      await shown(page, '.merchant-board__tab')
        .filter({ hasText: exactly(t.merchant[`state_${state}` as 'state_new']) })
        .click();
      const moving = shown(page, `.merchant-card[data-order="${orderId}"]`);
      if (state === 'preparing') await screenshot(page, `merchant-board/${lang}-1280-preparing`);
      await moving.locator('.merchant-card__button--main').filter({ hasText: button }).click();
      await moving.waitFor({ state: 'detached' });
      const o = await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang);
      expect(o.status).toBe(status);
    }
    // No reconnection was needed: one ticket for the one stream.
    expect(ticketsAsked()).toBe(1);
  });
});
