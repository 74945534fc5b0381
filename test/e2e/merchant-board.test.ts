/**
 * The restaurant console's order board in a real Chromium (issue 18), in Chinese and in English, at 390 and 1280 px:
 * the demo restaurant's staff member opens /merchant/orders; a customer places an order through the API; the board
 * shows it live (the event stream, no reload, no 10 s poll) and rings (WebAudio, counted by a stand-in AudioContext
 * since a headless browser has no speaker) after a tap turned sound on; the title counts it; accepting it stops the
 * ringing; the order then moves along to delivered from the board.
 */
import type { Page } from 'playwright-core';
import type { MerchantOrder, MerchantRestaurants, MoveResult } from '../../types/api/merchant';
import type { Order } from '../../types/api/orders';
import { OrderStatus } from '../../types/order-status';
import { formatTime } from '../../src/utils/date';
import {
  DESKTOP,
  expectToast,
  newCustomer,
  NOODLES_SHOP,
  okApi,
  placeOrder,
  startLoggedIn,
  type Customer,
} from './support/orders';
import { memberSession, STAFF } from './support/console';
import { screenshot } from './support/screenshot';
import { exactly, fill, open, PACKS, plural, shown, textOf, useSite } from './support/site';

/** How far the test has moved the server's clock (a reminder needs the promised time to have passed). */
let offset = 0;
const site = useSite({ now: () => Date.now() + offset });

/**
 * A stand-in AudioContext (before the app loads): counts the tones started (window.__tones), and like a browser's
 * keeps the context suspended until resume() is called (the app calls it inside the first tap).
 */
async function countTones(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number; __hz: number[]; __resumed: number; AudioContext: unknown };
    w.__tones = 0;
    w.__hz = [];
    w.__resumed = 0;
    const param = () => ({ setValueAtTime() {}, exponentialRampToValueAtTime() {} });
    // An oscillator's pitch (the app sets it once per tone): an order and a reminder sound differently.
    const pitch = () => ({
      setValueAtTime(hz: number) {
        w.__hz.push(hz);
      },
    });
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
          frequency: pitch(),
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
const pitches = (page: Page) => page.evaluate(() => (window as unknown as { __hz: number[] }).__hz);
const waitForTones = (page: Page, than: number, timeout = 5_000) =>
  page.waitForFunction((n) => (window as unknown as { __tones: number }).__tones > n, than, { timeout });

/** The staff member moves an order through the API (as another member on their own phone would). */
const move = (member: Customer, path: string, body: Record<string, unknown>) =>
  okApi<MoveResult>(site, `merchant/${path}`, member.token, body);

describe.each(['cn', 'en'] as const)('restaurant console order board (%s)', (lang) => {
  const t = PACKS[lang];

  test('a new order arrives live and rings until accepted; then it moves along to delivered', async () => {
    const member = await memberSession(site, lang, STAFF);
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
    const orderId = await placeOrder(site, customer, lang, { tag: 'board' });
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

  test('on another console screen a new order rings with a banner to its board, and stops when anyone accepts it', async () => {
    const c = t.merchant_manage;
    const member = await memberSession(site, lang, STAFF);
    const customer = await newCustomer(site, lang);
    const { list } = await okApi<MerchantRestaurants>(site, 'merchant/restaurants', member.token, undefined, lang);
    const name = list.find((r) => r.restaurant_id === NOODLES_SHOP)!.name;
    const page = await startLoggedIn(site, lang, member);
    await countTones(page);
    await open(page, '/merchant/soldout');
    await shown(page, '.console-nav').waitFor();
    await shown(page, '.merchant-banner--sound').click();
    await shown(page, '.merchant-banner--sound').waitFor({ state: 'detached' });
    await page.waitForFunction((title) => document.title === title, c.soldout_title);

    // An order while the staff member is on the sold-out screen: it rings there, a banner names the restaurant.
    const banner = shown(page, '.merchant-banner--alert');
    let before = await tones(page);
    const first = await placeOrder(site, customer, lang, { tag: 'elsewhere' });
    await banner.waitFor({ timeout: 5_000 });
    expect(await textOf(banner)).toBe(plural(t.merchant.alert_at, 1, { restaurant: name }));
    await waitForTones(page, before);
    expect(await page.title()).toBe(`(1) ${c.soldout_title}`);
    await screenshot(page, `merchant-board/${lang}-390-soldout-ringing`);
    // Another member accepts it on their phone: the banner goes and nothing rings any more.
    await move(member, 'accept', { order_id: first });
    await banner.waitFor({ state: 'detached' });
    await page.waitForFunction((title) => document.title === title, c.soldout_title);
    const stopped = await tones(page);
    await page.waitForTimeout(6_000);
    expect(await tones(page)).toBe(stopped);

    // The next one: the banner's tap opens the board at the new order; accepting it there stops the ringing.
    before = await tones(page);
    const second = await placeOrder(site, customer, lang, { tag: 'elsewhere' });
    await banner.waitFor({ timeout: 5_000 });
    await waitForTones(page, before);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, `merchant-board/${lang}-1280-soldout-ringing`);
    await banner.click();
    await page.waitForURL(/\/merchant\/orders/);
    const card = shown(page, `.merchant-card[data-order="${second}"]`);
    await card.waitFor();
    expect(await textOf(shown(page, '.merchant-banner--alert'))).toBe(plural(t.merchant.alert, 1));
    await card.locator('.merchant-card__button--main').click();
    await card.waitFor({ state: 'detached' });
    await shown(page, '.merchant-banner--alert').waitFor({ state: 'detached' });
    const quiet = await tones(page);
    await page.waitForTimeout(6_000);
    expect(await tones(page)).toBe(quiet);
    expect(await page.title()).toBe(t.merchant.title);
  });

  test("a customer's reminder reaches the board with a sound of its own and shows on the card", async () => {
    const member = await memberSession(site, lang, STAFF);
    const customer = await newCustomer(site, lang);
    const orderId = await placeOrder(site, customer, lang, { tag: 'hurry' });
    await move(member, 'accept', { order_id: orderId, prep_minutes: 1 });
    // The promised time has passed: the customer may hurry the restaurant up.
    offset += 2 * 60_000;
    const page = await startLoggedIn(site, lang, member);
    await countTones(page);
    await open(page, '/merchant/orders');
    await shown(page, '.merchant-banner--sound').click();
    await shown(page, '.merchant-banner--sound').waitFor({ state: 'detached' });
    await shown(page, '.merchant-board__tab')
      .filter({ hasText: exactly(t.merchant.state_accepted) })
      .click();
    const card = shown(page, `.merchant-card[data-order="${orderId}"]`);
    await card.waitFor();
    expect(await card.locator('.merchant-card__hurry').count()).toBe(0);
    const heard = (await pitches(page)).length;

    await okApi<null>(site, 'hurryup', customer.token, { order_id: orderId }, lang);
    const note = card.locator('.merchant-card__hurry');
    await note.waitFor({ timeout: 5_000 });
    const hurried = await okApi<MerchantOrder>(
      site,
      `merchant/order?order_id=${orderId}`,
      member.token,
      undefined,
      lang,
    );
    expect(await textOf(note)).toBe(fill(t.merchant.hurry, { count: 1, time: formatTime(hurried.hurry_at!) }));
    expect(await card.getAttribute('class')).toContain('merchant-card--hurry');
    // Its own sound: three short lower tones, not the new-order alert's.
    await page.waitForFunction((n) => (window as unknown as { __hz: number[] }).__hz.length >= n + 3, heard);
    const reminder = (await pitches(page)).slice(heard);
    expect(reminder).toEqual([587, 587, 587]);
    await screenshot(page, `merchant-board/${lang}-390-hurry`);
  });

  test('a collection order is handed over only once the code is verified; a wrong code is refused clearly', async () => {
    const member = await memberSession(site, lang, STAFF);
    const customer = await newCustomer(site, lang);
    const orderId = await placeOrder(site, customer, lang, { mode: 'collection', tag: 'collect' });
    await move(member, 'accept', { order_id: orderId });
    await move(member, 'advance', { order_id: orderId, from: OrderStatus.ConfirmedByRestaurant });
    // Marked ready for collection: the card is under Ready with the code form.
    await move(member, 'ready', { order_id: orderId });
    const code = (await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang))
      .collection_code!;
    expect(code).toMatch(/^\d+$/);
    const wrong = code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));

    const page = await startLoggedIn(site, lang, member);
    await open(page, '/merchant/orders');
    await shown(page, '.merchant-board__tab')
      .filter({ hasText: exactly(t.merchant.state_ready) })
      .click();
    const card = shown(page, `.merchant-card[data-order="${orderId}"]`);
    await card.waitFor();
    expect(await textOf(card.locator('.merchant-card__collect-label'))).toBe(t.merchant.collect_label);
    const input = card.locator('input.form-input--collect-code');
    await input.fill(wrong);
    await card.locator('.merchant-card__button--main').filter({ hasText: t.merchant.collect_button }).click();
    await expectToast(page, lang === 'cn' ? '取餐码不正确' : 'Wrong collection code');
    await screenshot(page, `merchant-board/${lang}-390-code-wrong`);
    expect((await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang)).status).toBe(
      OrderStatus.BeingPrepared,
    );
    await card.waitFor();

    await input.fill(code);
    await card.locator('.merchant-card__button--main').filter({ hasText: t.merchant.collect_button }).click();
    await card.waitFor({ state: 'detached' });
    expect((await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang)).status).toBe(
      OrderStatus.Completed,
    );
  });
});
