/**
 * Ordering end to end in a real Chromium on a phone viewport, in Chinese and in English, against the built site and
 * the real server (issue 9): dishes with options -> cart -> settlement -> the sandbox cashier page -> payment success
 * -> order detail -> the operator tool advances the order -> the open page shows the new status; a collection order
 * paid from the balance shows its collection code; pay on delivery; a price changed behind the customer's back is
 * listed in the settlement's changes before paying. Expected texts come from the language packs and the server's
 * own answers.
 */
import type { Page } from 'playwright-core';
import { formatWhen } from '../../src/utils/date';
import { formatPrice } from '../../src/utils/price';
import type { AuthResult, UserInfo } from '../../types/api/accounts';
import type { CartData } from '../../types/api/cart';
import type { Quote } from '../../types/api/checkout';
import type { Order } from '../../types/api/orders';
import type { Wallet } from '../../types/api/wallet';
import { OrderStatus } from '../../types/order-status';
import {
  addDish,
  answerModal,
  expectToast,
  callApi,
  creditWallet,
  DUMPLINGS,
  eventually,
  menuItem,
  newCustomer,
  NOODLES,
  NOODLES_SHOP,
  okApi,
  operatorAdvance,
  setDishPrice,
  startLoggedIn,
  type Chosen,
  type Customer,
  type Lang,
} from './support/orders';
import { screenshot } from './support/screenshot';
import { exactly, fill, open, PACKS, shown, textOf, textsOf, useSite } from './support/site';

const site = useSite();

/** The detail page asks again every 4 s: a change shows within 5 s; the margin is for a loaded machine. */
const STATUS_SHOWN_WITHIN_MS = 5_000;
const SLACK_MS = 3_000;

/** On the restaurant page logged in: two dishes with options in the cart, then checkout. */
async function fillCartAndCheckOut(page: Page, lang: Lang): Promise<Chosen[]> {
  const t = PACKS[lang];
  await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
  const noodles = await menuItem(site, lang, NOODLES_SHOP, NOODLES);
  const dumplings = await menuItem(site, lang, NOODLES_SHOP, DUMPLINGS);
  const chosen = [await addDish(page, noodles, t.menu.added), await addDish(page, dumplings, t.menu.added, 2)];
  expect(await textOf(shown(page, '.cart-panel__count'))).toBe('2');
  await shown(page, '.cart-panel__checkout').click();
  await page.waitForURL((u) => u.pathname === `/settlemt/${NOODLES_SHOP}`);
  await shown(page, '.settlement__total').waitFor();
  return chosen;
}

/** The settlement's lines are the dishes with the options chosen. */
async function expectLines(page: Page, lang: Lang, chosen: Chosen[]) {
  const t = PACKS[lang];
  expect(await textsOf(shown(page, '.settlement__line-name'))).toEqual(chosen.map((c) => c.item.name));
  expect(await textsOf(shown(page, '.settlement__line-options'))).toEqual(
    chosen.map((c) => c.optionNames.join(t.menu.list_separator)),
  );
}

/** Chooses a payment method and waits for the quote made with it; answers the server's own quote. */
async function choosePayment(page: Page, customer: Customer, lang: Lang, method: string, body: object) {
  const quoted = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/szeat/confirmorder') &&
      (r.request().postDataJSON() as { payment_method?: string } | null)?.payment_method === method,
  );
  await shown(page, `.settlement__method--${method}`).click();
  await shown(page, `.settlement__method--${method}.settlement__method--on`).waitFor();
  // The page's own choices (it applies the best voucher the quote names), asked again of the server.
  const sent = ((await quoted).request().postDataJSON() ?? {}) as { voucher_id?: number };
  const quote = await okApi<Quote>(
    site,
    'confirmorder',
    customer.token,
    {
      restaurant_id: NOODLES_SHOP,
      payment_method: method,
      ...body,
      ...(sent.voucher_id ? { voucher_id: sent.voucher_id } : {}),
    },
    lang,
  );
  await eventually(async () =>
    expect(await textOf(shown(page, '.settlement__total'))).toBe(formatPrice(quote.total_fen)),
  );
  return quote;
}

/** Taps "place order" once the quote for the current choices is in (the button is off while it is on its way). */
async function placeOrder(page: Page) {
  await shown(page, '.settlement__submit:not(.settlement__submit--off)').click();
}

const orderIdOf = (page: Page, prefix: string) => Number(new URL(page.url()).pathname.slice(prefix.length));

for (const lang of ['cn', 'en'] as const) {
  const t = PACKS[lang];

  describe(`ordering (${lang})`, () => {
    test('dishes with options -> settlement -> sandbox cashier -> payment success -> detail; the operator tool advances it and the open page follows', async () => {
      const customer = await newCustomer(site, lang);
      const page = await startLoggedIn(site, lang, customer);
      const chosen = await fillCartAndCheckOut(page, lang);
      await expectLines(page, lang, chosen);

      // The default address (the one registered) is chosen; no change since the cart was filled.
      const address = customer.user.default_address!;
      expect(await textOf(shown(page, '.settlement__address-who'))).toBe(`${address.name} ${address.phone}`);
      expect(await shown(page, '.settlement__changes').count()).toBe(0);
      const quote = await choosePayment(page, customer, lang, 'wechat', { mode: 'delivery', address_id: address.id });
      expect(quote.payment_methods).toEqual(['wechat', 'alipay', 'cod', 'balance']);
      expect(await textsOf(shown(page, '.settlement__method-name'))).toEqual(
        quote.payment_methods.map((m) => t.payment_method[m]),
      );
      expect(await textOf(shown(page, '.settlement__amount--goods .settlement__row-value'))).toBe(
        formatPrice(quote.goods_fen),
      );
      await shown(page, '.settlement__cutlery').click();
      await shown(page, '.settlement__comment input').fill(lang === 'cn' ? '不要香菜' : 'No coriander');
      await screenshot(page, `orders-settlement-${lang}`);

      // The address confirmation prompt, then the sandbox cashier page.
      await placeOrder(page);
      expect(await answerModal(page, true)).toContain(address.name);
      await page.waitForURL((u) => u.pathname.includes('cashier'));
      await page.locator('[data-testid=amount]').waitFor();
      expect((await page.locator('[data-testid=amount]').innerText()).trim()).toBe(formatPrice(quote.total_fen));
      await screenshot(page, `orders-cashier-${lang}`);

      // Cancel first: the question of spec §8, then back in the app, not paid, with the way to pay again.
      const asked = new Promise<string>((resolve) =>
        page.once('dialog', (dialog) => {
          resolve(dialog.message());
          void dialog.accept();
        }),
      );
      await page.locator('[data-testid=cancel]').click();
      expect(await asked).toBe(t.pay.cancel_confirm);
      await page.waitForURL((u) => u.pathname.startsWith('/paySucc/') && u.searchParams.get('cancelled') === '1');
      expect(await textOf(shown(page, '.pay-success__title'))).toBe(t.pay.unpaid);
      await shown(page, '.pay-success__pay').click();
      await page.waitForURL((u) => u.pathname.includes('cashier'));
      await page.locator('[data-testid=pay]').click();

      await page.waitForURL((u) => u.pathname.startsWith('/paySucc/'));
      const orderId = orderIdOf(page, '/paySucc/');
      expect(await textOf(shown(page, '.pay-success__title'))).toBe(t.pay.success);
      expect(await textOf(shown(page, '.pay-success__amount'))).toBe(
        fill(t.pay.amount, { price: formatPrice(quote.total_fen) }),
      );
      await screenshot(page, `orders-pay-success-${lang}`);

      await shown(page, '.pay-success__view').click();
      await page.waitForURL((u) => u.pathname === `/order_detail/${orderId}`);
      const order = await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang);
      expect(order.status).toBe(OrderStatus.AwaitingMerchant);
      expect(order.paid).toBe(true);
      expect(order.cutlery).toBe(true);
      expect(await textOf(shown(page, '.order-status'))).toBe(order.status_text);
      expect(await textOf(shown(page, '.order-detail__row--id .order-detail__value'))).toBe(order.order_no);
      expect(await textOf(shown(page, '.order-detail__total'))).toBe(formatPrice(quote.total_fen));
      expect(await textOf(shown(page, '.order-detail__row--address .order-detail__value'))).toBe(order.address);
      expect(await textsOf(shown(page, '.order-detail__line-name'))).toEqual(chosen.map((c) => c.item.name));
      expect(await textsOf(shown(page, '.order-step__label'))).toEqual(order.steps.map((s) => s.label));
      expect(await textOf(shown(page, '.order-detail__disclaimer'))).toBe(t.order_after.disclaimer_delivery);
      await screenshot(page, `orders-detail-${lang}`);

      // The operator moves it on from the terminal; the open page shows it within 5 s.
      await operatorAdvance(site, orderId);
      const moved = Date.now();
      const next = await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang);
      expect(next.status).toBe(OrderStatus.ConfirmedByRestaurant);
      await shown(page, '.order-status')
        .filter({ hasText: exactly(next.status_text) })
        .waitFor({ timeout: STATUS_SHOWN_WITHIN_MS + SLACK_MS });
      const shownAfter = Date.now() - moved;
      console.log(
        `order ${orderId} (${lang}): the new status showed ${shownAfter} ms after the operator tool moved it`,
      );
      expect(shownAfter).toBeLessThanOrEqual(STATUS_SHOWN_WITHIN_MS + SLACK_MS);
      expect(await shown(page, '.order-step--done').count()).toBe(next.steps.filter((s) => s.done).length);
      await screenshot(page, `orders-detail-advanced-${lang}`);

      // The orders tab lists it with the new status.
      await open(page, '/orders');
      const card = shown(page, '.order-card').first();
      expect(await textOf(card.locator('.order-status'))).toBe(next.status_text);
      expect(await textOf(card.locator('.order-card__total'))).toBe(formatPrice(quote.total_fen));
    });

    test('a collection order paid from the balance shows its collection code; the wallet shows the debit', async () => {
      const customer = await newCustomer(site, lang);
      await creditWallet(site, customer.user.id, 20000);
      const page = await startLoggedIn(site, lang, customer);
      const chosen = await fillCartAndCheckOut(page, lang);
      await shown(page, '.settlement__mode--collection').click();
      await shown(page, '.settlement__time').waitFor();

      // The earliest time the restaurant offers is chosen (issue 15); the next validation is the payment method.
      const quoteWithout = await okApi<Quote>(
        site,
        'confirmorder',
        customer.token,
        { restaurant_id: NOODLES_SHOP, mode: 'collection' },
        lang,
      );
      const [earliest, later] = quoteWithout.collection_times;
      await eventually(async () =>
        expect(await textOf(shown(page, '.settlement__time .settlement__row-value'))).toBe(
          `${formatWhen(earliest!, lang)} ›`,
        ),
      );
      await screenshot(page, `orders-settlement-collection-${lang}`);
      await placeOrder(page);
      await eventually(async () =>
        expect(await textOf(page.locator('.taro__toast p >> visible=true'))).toBe(t.checkout.need_payment),
      );
      // It can be changed: the next one from the sheet is what is shown and what is ordered.
      await shown(page, '.settlement__time').click();
      const secondTime = shown(page, '.settlement__time-sheet .option-sheet__option').nth(1);
      expect((await secondTime.innerText()).trim()).toBe(formatWhen(later!, lang));
      await secondTime.click();
      expect(await textOf(shown(page, '.settlement__time .settlement__row-value'))).toBe(
        `${formatWhen(later!, lang)} ›`,
      );
      const quote = await choosePayment(page, customer, lang, 'balance', {
        mode: 'collection',
        collection_time: later,
      });
      expect(quote.delivery_fee_fen).toBe(0);
      expect(await textOf(shown(page, '.settlement__method--balance .settlement__method-note'))).toBe(
        fill(t.payment_method.balance_left, { price: formatPrice(20000) }),
      );
      await expectLines(page, lang, chosen);
      await placeOrder(page);

      // Balance: no cashier, straight to the result.
      await page.waitForURL((u) => u.pathname.startsWith('/paySucc/'));
      const orderId = orderIdOf(page, '/paySucc/');
      expect(await textOf(shown(page, '.pay-success__title'))).toBe(t.pay.success);
      expect(await textOf(shown(page, '.pay-success__note'))).toBe(t.pay.balance_note);
      await shown(page, '.pay-success__view').click();
      await page.waitForURL((u) => u.pathname === `/order_detail/${orderId}`);
      const order = await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang);
      expect(order.mode).toBe('collection');
      expect(order.collection_time).toBe(later);
      expect(order.collection_code).toMatch(/^\d{6}$/);
      expect(await textOf(shown(page, '.order-detail__code-value'))).toBe(order.collection_code);
      expect(await textOf(shown(page, '.order-detail__code-label'))).toBe(t.order.collection_code);
      expect(await textOf(shown(page, '.order-detail__row--payment-method .order-detail__value'))).toBe(
        t.payment_method.balance,
      );
      await screenshot(page, `orders-detail-collection-${lang}`);

      const wallet = await okApi<Wallet>(site, 'wallet', customer.token, undefined, lang);
      expect(wallet.balance_fen).toBe(20000 - quote.total_fen);
      await open(page, '/wallet');
      expect(await textOf(shown(page, '.wallet__balance'))).toBe(formatPrice(wallet.balance_fen));
      expect(await textOf(shown(page, '.ledger-line__reason'))).toBe(wallet.list[0]!.reason_text);
      expect(await textOf(shown(page, '.ledger-line__amount'))).toBe(formatPrice(-quote.total_fen));
    });

    test('pay on delivery with the welcome voucher: no payment step, the order goes to the restaurant', async () => {
      const customer = await newCustomer(site, lang);
      const page = await startLoggedIn(site, lang, customer);
      await fillCartAndCheckOut(page, lang);
      const address = customer.user.default_address!;

      // The edit-address screen from the settlement, and back: the address shows its new room.
      await shown(page, '.settlement__edit-address').click();
      await page.waitForURL((u) => u.pathname === '/address_edit');
      const room = shown(page, 'input.form-input--room-no');
      await room.waitFor();
      await room.fill('2808');
      await shown(page, '.address-edit__save').click();
      await page.waitForURL((u) => u.pathname === `/settlemt/${NOODLES_SHOP}`);
      await eventually(async () => expect(await textOf(shown(page, '.settlement__address-line'))).toContain('2808'));

      const plain = await choosePayment(page, customer, lang, 'cod', { mode: 'delivery', address_id: address.id });

      // The best voucher the quote names (a new customer's welcome one) is applied at once; the picker can change it.
      const welcome = plain.vouchers[0]!;
      expect(plain.vouchers).toHaveLength(1);
      expect(plain.voucher_id).toBe(welcome.id);
      expect(await textOf(shown(page, '.settlement__voucher .settlement__row-value'))).toContain(
        formatPrice(plain.discount_fen),
      );
      const quote = await okApi<Quote>(
        site,
        'confirmorder',
        customer.token,
        {
          restaurant_id: NOODLES_SHOP,
          mode: 'delivery',
          address_id: address.id,
          payment_method: 'cod',
          voucher_id: welcome.id,
        },
        lang,
      );
      expect(quote.discount_fen).toBe(Math.min(welcome.discount_fen, quote.goods_fen));
      expect(await textOf(shown(page, '.settlement__amount--discount .settlement__row-value'))).toBe(
        `-${formatPrice(quote.discount_fen)}`,
      );
      expect(await textOf(shown(page, '.settlement__total'))).toBe(formatPrice(quote.total_fen));
      await placeOrder(page);
      await answerModal(page, true);
      await page.waitForURL((u) => u.pathname.startsWith('/paySucc/'));
      const orderId = orderIdOf(page, '/paySucc/');
      expect(await textOf(shown(page, '.pay-success__title'))).toBe(t.pay.placed);
      expect(await textOf(shown(page, '.pay-success__note'))).toBe(t.pay.cod_note);
      const order = await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang);
      expect(order.status).toBe(OrderStatus.AwaitingMerchant);
      expect(order.payment_method).toBe('cod');
      expect(order.total_fen).toBe(quote.total_fen);
      expect(order.voucher_id).toBe(welcome.id);
      expect(order.address).toContain('2808');
      // The cart was emptied by the order.
      const cart = await okApi<CartData>(site, `cartlist?restaurant_id=${NOODLES_SHOP}`, customer.token);
      expect(cart.list).toEqual([]);
    });

    test('a price changed after the cart was filled is listed before paying, and the order takes the new total', async () => {
      const customer = await newCustomer(site, lang);
      const page = await startLoggedIn(site, lang, customer);
      await fillCartAndCheckOut(page, lang);
      const address = customer.user.default_address!;
      const before = await choosePayment(page, customer, lang, 'cod', { mode: 'delivery', address_id: address.id });
      expect(await shown(page, '.settlement__changes').count()).toBe(0);

      // The restaurant raises the noodles by ¥3 while the customer is on the settlement screen.
      const noodles = await menuItem(site, lang, NOODLES_SHOP, NOODLES);
      await setDishPrice(site, NOODLES, noodles.price_fen + 300);
      try {
        // Placing the order now is refused: the total the customer saw is not today's.
        await placeOrder(page);
        await answerModal(page, true);
        const after = await okApi<Quote>(
          site,
          'confirmorder',
          customer.token,
          {
            restaurant_id: NOODLES_SHOP,
            mode: 'delivery',
            address_id: address.id,
            payment_method: 'cod',
            ...(before.voucher_id ? { voucher_id: before.voucher_id } : {}),
          },
          lang,
        );
        expect(after.total_fen).toBe(before.total_fen + 300);
        const change = after.problems.find((p) => p.code === 'price_changed')!;
        expect(change.blocking).toBe(false);
        const changes = shown(page, '.settlement__changes');
        await changes.waitFor();
        expect(await textOf(changes.locator('.settlement__changes-title'))).toBe(t.checkout.changes_title);
        expect(await textOf(shown(page, '.settlement__change--price_changed'))).toBe(change.message);
        expect(change.message).toContain(noodles.name);
        await eventually(async () =>
          expect(await textOf(shown(page, '.settlement__total'))).toBe(formatPrice(after.total_fen)),
        );
        expect(
          (await callApi<CartData>(site, `cartlist?restaurant_id=${NOODLES_SHOP}`, customer.token)).data.list,
        ).toHaveLength(2);
        await screenshot(page, `orders-settlement-changed-${lang}`);

        // Seen: placing it again takes the new total.
        await placeOrder(page);
        await answerModal(page, true);
        await page.waitForURL((u) => u.pathname.startsWith('/paySucc/'));
        const order = await okApi<Order>(
          site,
          `orderinfo?id=${orderIdOf(page, '/paySucc/')}`,
          customer.token,
          undefined,
          lang,
        );
        expect(order.total_fen).toBe(after.total_fen);
      } finally {
        await setDishPrice(site, NOODLES, noodles.price_fen);
      }
    });

    test('the session ends before a dish is added (1002): log in, come back, and the dish goes in', async () => {
      const login = await okApi<AuthResult>(site, 'login', '', { email: DEMO.email, password: DEMO.password }, lang);
      const user = await okApi<UserInfo>(site, 'me', login.access_token, undefined, lang);
      const page = await startLoggedIn(site, lang, { token: login.access_token, user, ...DEMO });
      await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
      await shown(page, '.menu-item').first().waitFor();
      const count = Number(await textOf(shown(page, '.cart-panel__count')));
      // The session is revoked elsewhere (logged out on another device).
      await okApi(site, 'logout', login.access_token, {}, lang);
      const noodles = await menuItem(site, lang, NOODLES_SHOP, NOODLES);
      await shown(page, '.menu-item')
        .filter({ has: page.locator('.menu-item__name', { hasText: exactly(noodles.name) }) })
        .click();
      for (const g of noodles.option_groups.filter((x) => x.compulsory)) {
        await shown(page, '.menu-choice__option')
          .filter({
            has: page.locator('.menu-choice__option-name', {
              hasText: exactly(g.options.find((o) => !o.sold_out)!.name),
            }),
          })
          .first()
          .click();
      }
      await shown(page, '.menu-choice__confirm').click();
      await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('isBack') === '1');
      expect(site.apiRequests.filter((r) => r.path.endsWith('/addcart'))).toHaveLength(1);

      await shown(page, 'input.form-input--email').fill(DEMO.email);
      await shown(page, 'input.form-input--password').fill(DEMO.password);
      await shown(page, '.login__submit').click();
      await page.waitForURL(
        (u) => u.pathname === '/restaurant_detail' && u.searchParams.get('id') === String(NOODLES_SHOP),
      );
      // Back with the choice still open, as it was: confirming it now adds the dish.
      expect(await textOf(shown(page, '.menu-choice__title'))).toBe(noodles.name);
      await shown(page, '.menu-choice__confirm').click();
      await expectToast(page, t.menu.added);
      await eventually(async () => expect(Number(await textOf(shown(page, '.cart-panel__count')))).toBe(count + 1));
      expect(site.apiRequests.filter((r) => r.path.endsWith('/addcart'))).toHaveLength(2);
      // Leave the demo customer's cart as it was.
      const token = JSON.parse((await page.evaluate(() => localStorage.getItem('token')))!).data as string;
      await okApi(site, 'delcart', token, { restaurant_id: NOODLES_SHOP, all: true }, lang);
    });
  });
}

/** The seeded demo customer (README). */
const DEMO = { email: 'demo@szeat.cn', password: 'szeat-demo-8' };
