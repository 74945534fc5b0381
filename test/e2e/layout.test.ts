/**
 * Getting around on H5 (issue 15 §3), measured in the browser: on a phone (390 x 844) the tab bar of the tab pages, the
 * back arrow of inner screens and a restaurant list whose first restaurant is in the first screen; on a desktop
 * (1280 x 900) restaurant cards in columns, the cart beside the menu staying in view, and the content of checkout and
 * the order list as wide as the header's (the order page and the forms: wide-pages.test.ts).
 */
import type { Locator, Page } from 'playwright-core';
import {
  addToCart,
  DUMPLINGS,
  newCustomer,
  NOODLES,
  startLoggedIn,
  type Lang,
  NOODLES_SHOP,
  PHONE,
  DESKTOP,
} from './support/orders';
import { screenshot } from './support/screenshot';
import { cn, en, open, PACKS, shown, textsOf, useSite } from './support/site';

const site = useSite();

async function start(lang: Lang, viewport: { width: number; height: number }, loggedIn = false): Promise<Page> {
  const page = await startLoggedIn(site, lang, loggedIn ? await newCustomer(site, lang) : undefined);
  await page.setViewportSize(viewport);
  return page;
}

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

/**
 * A restaurant page's facts (minimum order, delivery fee, preparation, distance with a saved address) as rows: how
 * many in each row, and whether those in a row are one width.
 */
async function factRows(page: Page): Promise<{ counts: number[]; even: boolean }> {
  await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
  const facts = shown(page, '.store-header__fact');
  await facts.nth(3).waitFor();
  const boxes = await facts.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  const rows = new Map<number, DOMRect[]>();
  for (const b of boxes) rows.set(Math.round(b.top), [...(rows.get(Math.round(b.top)) ?? []), b]);
  const counts = [...rows.values()].map((r) => r.length);
  const even = [...rows.values()].every((r) => r.every((b) => Math.abs(b.width - r[0]!.width) < 1));
  return { counts, even };
}

/** Settlement for a customer registered for the test (with an address in range) with two dishes in the cart. */
async function settlement(lang: Lang, viewport: { width: number; height: number }): Promise<Page> {
  const customer = await newCustomer(site, lang);
  for (const id of [NOODLES, DUMPLINGS]) await addToCart(site, customer, lang, NOODLES_SHOP, id);
  const page = await startLoggedIn(site, lang, customer);
  await page.setViewportSize(viewport);
  await open(page, `/settlemt/${NOODLES_SHOP}`);
  await shown(page, '.settlement__total').waitFor();
  await shown(page, '.settlement__address-chosen').waitFor();
  return page;
}

describe('on a phone (390 x 844)', () => {
  test('settlement is one column: where and when, the lines, how to pay, the amounts', async () => {
    const page = await settlement('cn', PHONE);
    const tops = [];
    for (const part of ['address', 'estimate', 'lines', 'payment', 'voucher', 'extras', 'amounts'])
      tops.push([part, Math.round((await box(shown(page, `.settlement__${part}`).first())).y)] as const);
    expect(tops.map(([part]) => part)).toEqual([...tops].sort((a, b) => a[1] - b[1]).map(([part]) => part));
    // One column: every part starts at the same left edge.
    const lefts = new Set<number>();
    for (const part of ['estimate', 'lines', 'payment', 'amounts'])
      lefts.add(Math.round((await box(shown(page, `.settlement__${part}`).first())).x));
    expect(lefts.size).toBe(1);
  });

  test.each(['cn', 'en'] as const)('the tab pages have the tab bar of the mini program (%s)', async (lang) => {
    const t = PACKS[lang];
    const page = await start(lang, PHONE);
    await open(page, '/');
    const bar = shown(page, '.tab-bar');
    await bar.waitFor();
    expect(await textsOf(bar.locator('.tab-bar__label'))).toEqual([t.tab.home, t.tab.orders, t.tab.mine]);
    const b = await box(bar);
    // At the bottom of the screen, across it.
    expect(Math.round(b.y + b.height)).toBe(PHONE.height);
    expect(Math.round(b.width)).toBe(PHONE.width);
    expect(await shown(page, '.tab-bar__item--on .tab-bar__label').innerText()).toBe(t.tab.home);
    // The icons are the mini program's own, loaded.
    const icons = shown(page, '.tab-bar__icon img');
    expect(await icons.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')))).toEqual([
      '/tab/home-on.png',
      '/tab/orders.png',
      '/tab/mine.png',
    ]);
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.tab-bar__icon img')].every(
        (i) => i.offsetParent === null || (i.complete && i.naturalWidth > 0),
      ),
    );
    // No back arrow on a tab page.
    expect(await shown(page, '.top-bar__back').count()).toBe(0);
    await screenshot(page, `layout-home-390-${lang}`);

    await shown(page, '.tab-bar__item--orders').click();
    await page.waitForURL('**/orders');
    await shown(page, '.tab-bar__item--orders.tab-bar__item--on').waitFor();
    await shown(page, '.tab-bar__item--mine').click();
    await page.waitForURL('**/mine');
    await shown(page, '.tab-bar__item--mine.tab-bar__item--on').waitFor();
    expect(await shown(page, '.top-bar__back').count()).toBe(0);
  });

  test('an inner screen has a back arrow and no tab bar; the arrow goes back, or home when opened by a link', async () => {
    const page = await start('cn', PHONE);
    await open(page, '/');
    await shown(page, '.home__view-all').click();
    await page.waitForURL('**/restaurant_list');
    const back = shown(page, '.top-bar__back');
    await back.waitFor();
    expect(await back.getAttribute('aria-label')).toBe(cn.topbar.back);
    const b = await box(back);
    expect(b.width).toBeGreaterThanOrEqual(44);
    expect(b.height).toBeGreaterThanOrEqual(44);
    expect(await shown(page, '.tab-bar').count()).toBe(0);
    // The top bar keeps one row for the arrow, the logo and the actions.
    const rowTops = await Promise.all(
      ['.top-bar__back', '.top-bar__logo', '.top-bar__login', '.top-bar__lang'].map(async (s) => {
        const r = await box(shown(page, s).first());
        return r.y + r.height / 2;
      }),
    );
    expect(Math.max(...rowTops) - Math.min(...rowTops)).toBeLessThan(8);
    await back.click();
    await page.waitForURL((url) => url.pathname === '/');
    await shown(page, '.tab-bar').waitFor();

    // Opened by a link: nothing of this site to go back to, so home.
    await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
    await shown(page, '.top-bar__back').click();
    await page.waitForURL((url) => url.pathname === '/');
    await shown(page, '.tab-bar').waitFor();
  });

  test("with no earlier screen in the app's page stack, the arrow leads to the screen's parent, never reloading it", async () => {
    const page = await start('cn', PHONE);
    // Opened by their URLs: an order's page leads to the orders tab, an account screen to mine.
    for (const [path, parent, tab] of [
      ['/order_detail/1', '/orders', 'orders'],
      ['/wallet', '/mine', 'mine'],
    ] as const) {
      await open(page, path);
      await shown(page, '.top-bar__back').click();
      await page.waitForURL((url) => url.pathname === parent);
      await shown(page, `.tab-bar__item--${tab}.tab-bar__item--on`).waitFor();
    }

    // Reloaded after browsing the site: the history has home below (idx 1) but Taro's stack only this screen, where
    // navigateBack was history.go(0) and reloaded the list. Now home, in the same document.
    await open(page, '/');
    await shown(page, '.home__view-all').click();
    await page.waitForURL('**/restaurant_list');
    await page.reload();
    await shown(page, '.top-bar__back').waitFor();
    await page.evaluate(() => {
      (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
    });
    await shown(page, '.top-bar__back').click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    await shown(page, '.tab-bar__item--home.tab-bar__item--on').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test.each(['cn', 'en'] as const)(
    'restaurant list: cuisines and sorts are one row each, and the first restaurant is in the first screen (%s)',
    async (lang) => {
      const page = await start(lang, PHONE);
      await open(page, '/restaurant_list');
      const first = shown(page, '.store-card').first();
      await first.waitFor();
      // The whole card, not only its top edge.
      const card = await box(first);
      expect(card.y + card.height).toBeLessThan(PHONE.height);
      for (const [row, item] of [
        ['.restaurant-list__chips', '.restaurant-list__chip'],
        ['.restaurant-list__sorts', '.restaurant-list__sort'],
        ['.restaurant-list .promo-strip', '.promo-strip__promo'],
      ] as const) {
        const tops = await shown(page, `${row} ${item}`).evaluateAll((els) =>
          els.map((e) => Math.round(e.getBoundingClientRect().top)),
        );
        expect(tops.length).toBeGreaterThan(1);
        expect(new Set(tops).size).toBe(1);
      }
      // The cuisines are more than a screen wide: the row scrolls sideways, not the page.
      const chips = shown(page, '.restaurant-list__chips');
      expect(await chips.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, `layout-list-390-${lang}`);
    },
  );

  test.each(['cn', 'en'] as const)(
    "a restaurant's four facts are two by two, not three and one left alone across the width (%s)",
    async (lang) => {
      const page = await start(lang, PHONE);
      expect(await factRows(page)).toEqual({ counts: [2, 2], even: true });
      await screenshot(page, `layout-restaurant-facts-390-${lang}`);
    },
  );

  test('the user menu has My orders', async () => {
    const page = await start('en', PHONE, true);
    await open(page, '/restaurant_list');
    await shown(page, '.top-bar__user .dropdown__trigger').click();
    await shown(page, '.top-bar__user .dropdown__item').filter({ hasText: en.topbar.my_orders }).click();
    await page.waitForURL('**/orders');
  });
});

describe('on a desktop (1280 x 900)', () => {
  test("a restaurant's four facts are in one row", async () => {
    const page = await start('en', DESKTOP);
    expect(await factRows(page)).toEqual({ counts: [4], even: true });
  });
  test.each(['cn', 'en'] as const)(
    'restaurant cards are in three columns on the list and home, with no tab bar or back arrow (%s)',
    async (lang) => {
      const page = await start(lang, DESKTOP);
      for (const path of ['/restaurant_list', '/']) {
        await open(page, path);
        const cards = shown(page, '.store-card');
        await cards.first().waitFor();
        const boxes = await cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
        expect(boxes.length).toBeGreaterThanOrEqual(3);
        const [a, b, c] = boxes as [DOMRect, DOMRect, DOMRect];
        expect(new Set([a.top, b.top, c.top].map(Math.round)).size).toBe(1);
        expect(a.right).toBeLessThanOrEqual(b.left);
        expect(b.right).toBeLessThanOrEqual(c.left);
        expect(await shown(page, '.tab-bar').count()).toBe(0);
        expect(await shown(page, '.top-bar__back').count()).toBe(0);
        if (path === '/') {
          // The address and the map side by side, not one under the other.
          const hero = await box(shown(page, '.home__hero'));
          const map = await box(shown(page, '.home__map-box'));
          expect(Math.round(map.y)).toBe(Math.round(hero.y));
          expect(map.x).toBeGreaterThanOrEqual(hero.x + hero.width);
        }
        await screenshot(page, `layout-${path === '/' ? 'home' : 'list'}-1280-${lang}`);
      }
    },
  );

  test.each(['cn', 'en'] as const)(
    'the restaurant page shows the menu beside the cart, which stays in view while the menu scrolls (%s)',
    async (lang) => {
      const page = await start(lang, DESKTOP);
      await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
      const cart = shown(page, '.cart-panel');
      const menu = shown(page, '.restaurant');
      await shown(page, '.menu-item__name').first().waitFor();
      const before = await box(cart);
      const menuBox = await box(menu);
      // Beside the menu, in the header's content width.
      expect(before.x).toBeGreaterThanOrEqual(menuBox.x + menuBox.width);
      const header = await headerContent(page);
      expect(Math.abs(menuBox.x - header.left)).toBeLessThanOrEqual(1);
      expect(Math.abs(before.x + before.width - header.right)).toBeLessThanOrEqual(1);
      await screenshot(page, `layout-restaurant-1280-${lang}`);

      // Scroll far down the menu: the cart is still within the window, under the top bar.
      await page.mouse.move(menuBox.x + 50, 400);
      await page.mouse.wheel(0, 3000);
      await page.waitForFunction(() => {
        const m = document.querySelector('.taro_page:not([style*="display: none"]) .restaurant');
        return !!m && m.getBoundingClientRect().top < -1500;
      });
      const after = await box(cart);
      const topBar = await box(shown(page, '.top-bar'));
      expect(after.y).toBeGreaterThanOrEqual(topBar.y + topBar.height);
      expect(after.y + after.height).toBeLessThanOrEqual(DESKTOP.height);
    },
  );

  test.each(['cn', 'en'] as const)(
    'settlement is two columns: the choices left, the lines, amounts and "Place order" right, in view (%s)',
    async (lang) => {
      const page = await settlement(lang, DESKTOP);
      const choices = await box(shown(page, '.settlement__choices'));
      const summary = await box(shown(page, '.settlement__summary'));
      const header = await headerContent(page);
      expect(Math.round(choices.x)).toBe(Math.round(header.left));
      expect(Math.round(summary.x + summary.width)).toBe(Math.round(header.right));
      expect(summary.x).toBeGreaterThanOrEqual(choices.x + choices.width);
      expect(Math.round(summary.y)).toBe(Math.round(choices.y));
      for (const part of ['lines', 'amounts', 'bar']) {
        const b = await box(shown(page, `.settlement__${part}`));
        expect([part, b.x >= summary.x && b.x + b.width <= summary.x + summary.width + 0.5]).toEqual([part, true]);
      }
      const submit = shown(page, '.settlement__submit');
      expect((await box(submit)).y + (await box(submit)).height).toBeLessThanOrEqual(DESKTOP.height);
      await screenshot(page, `layout-settlement-1280-${lang}`);

      // Scroll the choices: "Place order" stays in the window, under the top bar.
      await page.mouse.move(choices.x + 50, 500);
      await page.mouse.wheel(0, 400);
      await page.waitForFunction((top) => {
        const c = document.querySelector('.taro_page:not([style*="display: none"]) .settlement__choices');
        return !!c && c.getBoundingClientRect().top < top - 300;
      }, choices.y);
      const after = await box(submit);
      const topBar = await box(shown(page, '.top-bar'));
      expect(after.y).toBeGreaterThanOrEqual(topBar.y + topBar.height);
      expect(after.y + after.height).toBeLessThanOrEqual(DESKTOP.height);
    },
  );

  test.each(['cn', 'en'] as const)(
    'checkout, the order list, addresses and the wallet use the content width of the header (%s)',
    async (lang) => {
      const page = await start(lang, DESKTOP, true);
      for (const [path, selector] of [
        [`/settlemt/${NOODLES_SHOP}`, '.settlement'],
        ['/orders', '.orders'],
        ['/address', '.addresses'],
        ['/wallet', '.wallet'],
      ] as const) {
        await open(page, path);
        const el = shown(page, selector).first();
        await el.waitFor();
        const b = await box(el);
        const header = await headerContent(page);
        expect([path, Math.round(b.x), Math.round(b.x + b.width)]).toEqual([
          path,
          Math.round(header.left),
          Math.round(header.right),
        ]);
      }
    },
  );
});
