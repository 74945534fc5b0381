/**
 * The keyboard alone (issue 10 "Access", WCAG 2.1.1, 2.1.2, 2.4.3, 4.1.2), in both languages at phone size: choose an
 * address on home, open a restaurant from the nearby list, open a dish's choice layer (a modal dialog that takes
 * focus, keeps it, closes with Escape and gives it back), choose its options and quantity, confirm. Also the header's
 * language menu and the restaurant list's sort and filter controls, by keyboard.
 *
 * Seed facts relied on (server/src/seed): building 10 "Dongmen Pedestrian Street" is in range of restaurant 9,
 * open around the clock; its dish 159 has two compulsory groups of one option; the demo customer demo@szeat.cn.
 */
import type { Locator, Page } from 'playwright-core';
import type { Building } from '../../types/api/places';
import type { Menu, MenuItem, StoreInfo } from '../../types/api/stores';
import { formatPrice } from '../../src/utils/price';
import { DONGMEN, NOODLES, NOODLES_SHOP, PHONE, type Lang } from './support/orders';
import { apiData, exactly, expectReload, open, PACKS, shown, textOf, useSite } from './support/site';

const site = useSite();

const DEMO = { email: 'demo@szeat.cn', password: 'szeat-demo-8' };

async function startIn(lang: Lang) {
  // Only on the first load: a language chosen later (the page reloads) must stay.
  await site.context.addInitScript((l) => {
    if (!localStorage.getItem('_lang')) localStorage.setItem('_lang', JSON.stringify({ data: l }));
  }, lang);
  await site.context.route(/^https?:\/\/[a-z.]*tile\.openstreetmap\.org\//, (route) => route.abort());
  await site.page.setViewportSize(PHONE);
}

async function logIn(page: Page) {
  await open(page, '/login');
  await shown(page, 'input.form-input--email').fill(DEMO.email);
  await shown(page, 'input.form-input--password').fill(DEMO.password);
  await shown(page, '.login__submit').click();
  await shown(page, '.top-bar__user').waitFor();
  // The login screen moves on by itself after a short pause.
  await page.waitForURL((u) => u.pathname !== '/login');
}

/** Whether the focused element is (or is inside) the first element `target` matches. */
async function hasFocus(target: Locator): Promise<boolean> {
  return target.first().evaluate((el) => {
    const active = document.activeElement;
    return !!active && (el === active || el.contains(active));
  });
}

/** Presses Tab until `target` has the focus (at most `max` times); fails with where the focus went. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await target.first().waitFor();
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await hasFocus(target)) return;
    seen.push(await page.evaluate(() => (document.activeElement?.className || document.activeElement?.tagName) ?? ''));
  }
  throw new Error(`Tab never reached the target; focus went: ${seen.join(' > ')}`);
}

const focusedClass = (page: Page) => page.evaluate(() => String(document.activeElement?.className ?? ''));

for (const lang of ['cn', 'en'] as const) {
  const t = PACKS[lang];

  describe(`keyboard only (${lang})`, () => {
    test('choose an address, open a restaurant, open a dish (a modal dialog), choose its options, confirm', async () => {
      const { page } = site;
      await startIn(lang);
      await logIn(page);
      const dongmen = (await apiData<Building[]>(site.url, 'buildinglist', lang)).find((b) => b.id === DONGMEN)!;
      const menu = await apiData<Menu>(site.url, `menulist?restaurant_id=${NOODLES_SHOP}`, lang);
      const noodles: MenuItem = menu.categories.flatMap((c) => c.items).find((i) => i.id === NOODLES)!;
      const compulsory = noodles.option_groups.filter((g) => g.compulsory);
      expect(compulsory.length).toBeGreaterThan(0);

      // Home: the address chooser, by Tab and Enter.
      await open(page, '/');
      await page.locator('body').focus();
      await tabTo(page, shown(page, '.home__choose'));
      expect(await shown(page, '.home__choose').getAttribute('role')).toBe('button');
      await page.keyboard.press('Enter');
      await tabTo(page, shown(page, 'input.address-picker__input'));
      await page.keyboard.type(dongmen.name);
      await page.keyboard.press('Enter');
      const row = shown(page, '.address-picker__building').filter({ hasText: dongmen.name }).first();
      await tabTo(page, row);
      await page.keyboard.press('Enter');
      expect(await textOf(shown(page, '.home__address-name'))).toBe(dongmen.name);

      // The nearby list: the restaurant's card is a button.
      const shop = await apiData<StoreInfo>(site.url, `storeinfo?id=${NOODLES_SHOP}`, lang);
      const card = shown(page, '.store-card').filter({
        has: page.locator('.store-card__name', { hasText: exactly(shop.name) }),
      });
      await tabTo(page, card);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/restaurant_detail\?id=9$/);

      // The dish opens its choice layer with Enter: a modal dialog named after the dish, holding the focus.
      const dish = shown(page, '#menu-item-159');
      await tabTo(page, dish, 120);
      await page.keyboard.press('Enter');
      const dialog = shown(page, '.menu-choice [role="dialog"]');
      await dialog.waitFor();
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      expect(await dialog.getAttribute('aria-label')).toBe(noodles.name);
      await page.waitForFunction(() => !!document.activeElement?.closest('[role="dialog"]'));

      // Tab and Shift+Tab never leave it.
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
        expect(await hasFocus(dialog)).toBe(true);
      }
      // Escape closes it and the focus is back on the dish.
      await page.keyboard.press('Escape');
      await shown(page, '.menu-choice').waitFor({ state: 'detached' });
      expect(await hasFocus(dish)).toBe(true);

      // Again, and this time choose: the dearest option of each compulsory group, with Space.
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      let expected = noodles.price_fen;
      for (const g of compulsory) {
        const o = [...g.options].filter((x) => !x.sold_out).sort((a, b) => b.price_delta_fen - a.price_delta_fen)[0]!;
        const chip = shown(page, '.menu-choice__option').filter({
          has: page.locator('.menu-choice__option-name', { hasText: exactly(o.name) }),
        });
        await tabTo(page, chip, 40);
        await page.keyboard.press('Space');
        expect(await chip.getAttribute('aria-checked')).toBe('true');
        expected += o.price_delta_fen;
      }
      // The quantity stepper: Enter on "+".
      await tabTo(page, shown(page, '.menu-choice__plus'), 40);
      expect(await shown(page, '.menu-choice__plus').getAttribute('aria-label')).toBe(t.menu.more);
      await page.keyboard.press('Enter');
      expect(await textOf(shown(page, '.menu-choice__count'))).toBe('2');
      expect(await textOf(shown(page, '.menu-choice__price'))).toBe(formatPrice(expected * 2));

      // Confirm: two more dishes in the cart (the demo customer's, kept by the server), the layer closes, the focus
      // goes back to the dish.
      const inCart = Number(await textOf(shown(page, '.cart-panel__count')));
      await tabTo(page, shown(page, '.menu-choice__confirm'), 10);
      await page.keyboard.press('Enter');
      await shown(page, '.menu-choice').waitFor({ state: 'detached' });
      await page.waitForFunction(
        (n) => document.querySelector('.cart-panel__count')?.textContent?.trim() === String(n),
        inCart + 2,
      );
      expect(await hasFocus(dish)).toBe(true);
    });

    test("dialogs by keyboard: the header's mini program code and the address book's delete confirmation", async () => {
      const { page } = site;
      await startIn(lang);
      await logIn(page);

      // The QR dialog: named by its title, takes the focus, Escape closes it and the focus is back on the opener.
      await page.locator('body').focus();
      const opener = shown(page, '.top-bar__mini-program');
      await tabTo(page, opener);
      await page.keyboard.press('Enter');
      const qr = shown(page, '.qr-dialog [role="dialog"]');
      await qr.waitFor();
      expect(await qr.getAttribute('aria-modal')).toBe('true');
      expect(await qr.getAttribute('aria-label')).toBe(t.topbar.mini_program);
      await page.waitForFunction(() => !!document.activeElement?.closest('.qr-dialog [role="dialog"]'));
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await hasFocus(qr)).toBe(true);
      }
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('.qr-dialog.at-modal--active'));
      expect(await hasFocus(opener)).toBe(true);

      // The delete confirmation (Taro's own modal, made a dialog): focus on the safe answer, Tab stays on its two
      // answers, Escape answers no and the focus goes back to the delete button; Enter on the other answer deletes.
      await open(page, '/address');
      const items = shown(page, '.address-item');
      await items.first().waitFor();
      const before = await items.count();
      const del = shown(page, '.address-item__delete').last();
      await page.locator('body').focus();
      await tabTo(page, del);
      await page.keyboard.press('Enter');
      const confirm = page.locator('.taro__modal [role="alertdialog"]');
      await confirm.waitFor();
      expect(await confirm.getAttribute('aria-modal')).toBe('true');
      expect(await confirm.getAttribute('aria-label')).toBe(t.address.delete_confirm);
      expect(await focusedClass(page)).toContain('taro-model__cancel');
      await page.keyboard.press('Tab');
      expect(await focusedClass(page)).toContain('taro-model__confirm');
      await page.keyboard.press('Tab');
      expect(await focusedClass(page)).toContain('taro-model__cancel');
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      expect(await hasFocus(del)).toBe(true);
      expect(await items.count()).toBe(before);
    });

    test('the language menu and the sort and filter controls work by keyboard', async () => {
      const { page } = site;
      await startIn(lang);
      const other = lang === 'cn' ? 'en' : 'cn';
      const dongmen = (await apiData<Building[]>(site.url, 'buildinglist', lang)).find((b) => b.id === DONGMEN)!;
      await site.context.addInitScript((loc) => localStorage.setItem('location', JSON.stringify({ data: loc })), {
        lat: dongmen.lat,
        lng: dongmen.lng,
        name: dongmen.name,
        address: dongmen.address,
        source: 'building',
        building_id: dongmen.id,
        city_id: dongmen.city_id,
        area_id: dongmen.area_id,
      });
      await open(page, '/restaurant_list');
      await shown(page, '.store-card').first().waitFor();
      await page.locator('body').focus();

      // The sort controls are toggle buttons.
      const byRating = shown(page, '.restaurant-list__sort--rating');
      await tabTo(page, byRating);
      expect(await byRating.getAttribute('aria-pressed')).toBe('false');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        () => document.querySelector('.restaurant-list__sort--rating')?.getAttribute('aria-pressed') === 'true',
      );
      expect(await focusedClass(page)).toContain('restaurant-list__sort--rating');
      // A cuisine filter chip, with Space.
      const chip = shown(page, '.restaurant-list__cuisine').nth(1);
      await page.locator('body').focus();
      await tabTo(page, chip);
      await page.keyboard.press('Space');
      await page.waitForFunction(
        () => document.querySelectorAll('.restaurant-list__cuisine[aria-pressed="true"]').length === 1,
      );
      expect(await chip.getAttribute('aria-pressed')).toBe('true');

      // The language menu: a menu button; arrows move through it, Escape closes it back onto the flag.
      await page.locator('body').focus();
      const trigger = shown(page, '.top-bar__lang .dropdown__trigger');
      await tabTo(page, trigger);
      expect(await trigger.getAttribute('aria-haspopup')).toBe('menu');
      expect(await trigger.getAttribute('aria-label')).toBe(
        t.topbar.language_current.replace('{name}', t.topbar[`lang_${lang}`]),
      );
      await page.keyboard.press('Enter');
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      // The language menu marks the current language: its items are menuitemradio (checked), not menuitem.
      await page.waitForFunction(() => /^menuitem(radio)?$/.test(document.activeElement?.getAttribute('role') ?? ''));
      await page.keyboard.press('Escape');
      await shown(page, '.top-bar__lang .dropdown__menu').waitFor({ state: 'detached' });
      expect(await hasFocus(trigger)).toBe(true);
      // Open it again and choose the other language with the arrows and Enter: the page reloads in it.
      await page.keyboard.press('Space');
      // The language menu marks the current language: its items are menuitemradio (checked), not menuitem.
      await page.waitForFunction(() => /^menuitem(radio)?$/.test(document.activeElement?.getAttribute('role') ?? ''));
      const wanted = t.topbar[`lang_${other}`];
      const focusedText = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim());
      for (let i = 0; i < 4 && (await focusedText()) !== wanted; i++) await page.keyboard.press('ArrowDown');
      expect(await focusedText()).toBe(wanted);
      // The focus stays on the item the arrows reached (a screen reader reads it, Enter presses it), also after the
      // menu's elements have settled,
      await page.waitForTimeout(300);
      expect(await focusedText()).toBe(wanted);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitemradio');
      // and when a Taro element renders again and moves the item in the document (as a Stencil element moves its
      // children), which drops the focus to the page: the menu gives it back to the item.
      expect(
        await page.evaluate(() => {
          const item = document.activeElement!;
          item.parentNode!.insertBefore(item, item.nextSibling);
          return document.activeElement === document.body;
        }),
      ).toBe(true);
      await page.waitForFunction((w) => (document.activeElement as HTMLElement | null)?.innerText.trim() === w, wanted);
      await expectReload(page, () => page.keyboard.press('Enter'));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(other === 'en' ? 'en' : 'zh-CN');
      expect(await textOf(shown(page, '.top-bar__login'))).toBe(PACKS[other].topbar.login);
    });
  });
}
