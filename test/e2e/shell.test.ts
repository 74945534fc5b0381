/** The frame of every H5 screen (spec §2 "Top bar", "Footer"): QR dialogs, footer columns and the search bar. */
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/screenshot';
import { cn, exactly, open, shown, textOf, textsOf, useSite } from './support/site';

const site = useSite();

/** The one QR dialog that is open (AtModal keeps closed ones in the DOM, hidden). */
const openDialog = (page: Page) => page.locator('.qr-dialog.at-modal--active');

async function expectQrDialog(page: Page, title: string, tip: string, kind: string): Promise<Locator> {
  const dialog = openDialog(page);
  await dialog.locator('.qr-dialog__image--ready').waitFor({ state: 'visible' });
  expect(await dialog.count()).toBe(1);
  expect(await textOf(dialog.locator('.qr-dialog__header .taro-text').first())).toBe(title);
  expect(await textOf(dialog.locator('.qr-dialog__tip'))).toBe(tip);
  // The code is the server's picture, loaded: a PNG QR code, 8 pixels a module.
  const img = dialog.locator('.qr-dialog__image img');
  expect(await img.getAttribute('src')).toBe(`/api/szeat/qrcode?kind=${kind}`);
  expect(await img.getAttribute('alt')).toBe(`二维码：${title}`);
  await page.waitForFunction((el) => (el as HTMLImageElement).complete, await img.elementHandle());
  const size = await img.evaluate((el) => {
    const i = el as HTMLImageElement;
    return { natural: i.naturalWidth, shown: i.getBoundingClientRect().width };
  });
  expect(size.natural).toBeGreaterThan(21 * 8);
  expect(size.natural % 8).toBe(0);
  expect(size.shown).toBeGreaterThan(50);
  // No footer: no action row, no buttons.
  expect(await dialog.locator('.at-modal__footer, .at-modal__action, .taro-button-core, button').count()).toBe(0);
  return dialog;
}

async function expectClosed(page: Page, tip: string) {
  await openDialog(page).waitFor({ state: 'detached' });
  await page
    .locator('.qr-dialog__tip')
    .filter({ hasText: exactly(tip) })
    .waitFor({ state: 'hidden' });
}

test('the Mini Program item opens a QR dialog without footer, and its close control closes it', async () => {
  const { page } = site;
  await open(page, '/');
  expect(await openDialog(page).count()).toBe(0);
  await shown(page, '.top-bar__mini-program').click();
  const dialog = await expectQrDialog(page, cn.topbar.mini_program, cn.topbar.mini_program_tip, 'miniprogram');
  const close = dialog.locator('.qr-dialog__close');
  expect(await close.getAttribute('aria-label')).toBe(cn.topbar.close);
  await screenshot(page, 'mini-program-dialog-cn');
  await close.click();
  await expectClosed(page, cn.topbar.mini_program_tip);

  // It opens again after being closed, and a tap on the overlay closes it too.
  await shown(page, '.top-bar__mini-program').click();
  await expectQrDialog(page, cn.topbar.mini_program, cn.topbar.mini_program_tip, 'miniprogram');
  await openDialog(page)
    .locator('.at-modal__overlay')
    .click({ position: { x: 10, y: 10 } });
  await expectClosed(page, cn.topbar.mini_program_tip);
});

test('Contact Us and How To Join in the footer open their QR dialogs and close', async () => {
  const { page } = site;
  await open(page, '/');

  await shown(page, '.site-footer .footer-contact').click();
  let dialog = await expectQrDialog(page, cn.footer.contact_us, cn.footer.contact_tip, 'contact');
  await dialog.locator('.qr-dialog__close').click();
  await expectClosed(page, cn.footer.contact_tip);

  // How To Join has no code on this server, only a phone: the dialog says it in words, with no picture and no retry.
  await shown(page, '.site-footer .footer-join').click();
  dialog = openDialog(page);
  await dialog.getByText('0755-2345 6789', { exact: true }).waitFor();
  // Who the phone is for, before it.
  expect(await textOf(dialog.locator('.qr-dialog__intro'))).toBe(cn.footer.join_intro);
  expect(await textOf(dialog.locator('.qr-dialog__detail-label'))).toBe(cn.footer.phone);
  expect(await dialog.locator('.qr-dialog__image').count()).toBe(0);
  expect(await dialog.getByText(cn.qr.error, { exact: true }).count()).toBe(0);
  expect(await dialog.getByText(cn.app.retry, { exact: true }).count()).toBe(0);
  await screenshot(page, 'join-dialog-words-cn');
  await dialog.locator('.qr-dialog__close').click();
  await expectClosed(page, cn.footer.how_to_join);
});

test('footer: three columns, no My Account when logged out, the four cities, the about links', async () => {
  const { page } = site;
  await open(page, '/');
  const footer = shown(page, '.site-footer');
  await footer.waitFor();
  const columns = footer.locator('.site-footer__column');
  expect(await columns.count()).toBe(3);
  expect(await textsOf(footer.locator('.site-footer__heading'))).toEqual([
    cn.footer.customer_service,
    cn.footer.locations,
    cn.footer.about_us,
  ]);

  // Customer service, logged out: contact, the /login link labelled "sign up", the /register link labelled "log in".
  expect(await textsOf(columns.nth(0).locator('.site-footer__link'))).toEqual([
    cn.footer.contact_us,
    cn.footer.signup_link,
    cn.footer.login_link,
  ]);
  expect(await page.locator('.footer-my-account').count()).toBe(0);
  expect(await footer.getByText(cn.footer.my_account, { exact: true }).count()).toBe(0);

  expect(await textsOf(columns.nth(1).locator('.site-footer__text'))).toEqual([
    cn.footer.city_shenzhen,
    cn.footer.city_huizhou,
    cn.footer.city_guangzhou,
    cn.footer.city_dongguan,
  ]);
  expect(await textsOf(columns.nth(2).locator('.site-footer__link, .site-footer__text'))).toEqual([
    cn.footer.what_we_do,
    cn.footer.how_to_join,
    cn.footer.sponsorship,
  ]);
  expect(await textOf(footer.locator('.site-footer__legal'))).toContain(String(new Date().getFullYear()));

  // The three columns sit side by side on a desktop screen.
  const boxes = await columns.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  expect(Math.max(...boxes) - Math.min(...boxes)).toBeLessThan(5);
});

test('search bar: read-only on home, absent on the article page', async () => {
  const { page } = site;
  await open(page, '/');
  const bar = shown(page, '.top-bar .search-bar');
  await bar.waitFor();
  expect(await bar.getAttribute('class')).toContain('search-bar--readonly');
  expect(await textOf(bar.locator('.search-bar__placeholder'))).toBe(cn.topbar.search_restaurants);
  expect(await bar.locator('input, textarea, .taro-input-core').count()).toBe(0);
  expect(await bar.locator('[contenteditable]').count()).toBe(0);
  // A tap goes to /search (its screen is not built yet, so only the path is checked).
  await bar.click();
  await page.waitForURL((url) => url.pathname === '/search');

  await open(page, '/article/42');
  await shown(page, '.article__title').waitFor();
  expect(await page.locator('.top-bar__search, .search-bar').count()).toBe(0);
});

// Issue 15: on an inner screen of a phone (back arrow, the logo cut to its mark) the logo's picture stayed drawn at its
// full width beside the links (the logo keeps overflow visible for its 44 px hit area): "szeat" ran under "Mini
// Program". What is painted of the logo must not meet the back arrow nor any item of the actions, logged out.
for (const lang of ['cn', 'en'] as const) {
  test(`inner screen, logged out: the logo does not overlap its neighbours at 320 and 390 px (${lang})`, async () => {
    const { page } = site;
    await page.context().addInitScript((l) => localStorage.setItem('_lang', JSON.stringify({ data: l })), lang);
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await open(page, '/article/42');
      await shown(page, '.article__title').waitFor();
      await shown(page, '.top-bar__back').waitFor();
      await shown(page, '.top-bar__login').waitFor();
      const boxes = await page.evaluate(() => {
        const bar = [...document.querySelectorAll<HTMLElement>('.top-bar')].find((el) => el.offsetParent !== null)!;
        const rect = (el: Element) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        };
        const logo = bar.querySelector('.top-bar__logo')!;
        // What is drawn: the box and the picture inside it (a picture wider than its box shows past it).
        const painted = [logo, ...logo.querySelectorAll('img')].map(rect);
        const neighbours = [...bar.querySelectorAll('.top-bar__back, .top-bar__actions > *')]
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .map((el) => ({ name: el.className.toString(), ...rect(el) }));
        return { painted, neighbours };
      });
      expect(boxes.neighbours.map((n) => n.name).join(' ')).toContain('top-bar__mini-program');
      const overlaps = boxes.painted.flatMap((p) =>
        boxes.neighbours
          .filter(
            (n) => p.left < n.right - 0.5 && n.left < p.right - 0.5 && p.top < n.bottom - 0.5 && n.top < p.bottom - 0.5,
          )
          .map((n) => `${n.name} [${n.left}, ${n.right}] meets the logo's [${p.left}, ${p.right}]`),
      );
      expect({ width, overlaps }).toEqual({ width, overlaps: [] });
      await screenshot(page, `top-bar-inner-${width}-${lang}`);
    }
  });
}
