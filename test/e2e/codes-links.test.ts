/**
 * Issue 8 §5 in a real Chromium against the built site and the seeded server: a restaurant's own code (its H5 link
 * and a QR code the server draws), and promotions / ads of type `url` followed by the H5 platform (a screen of this
 * site through the router, another site by navigating). The promotion and ad lists are answered by the test (the
 * seed has no url links); everything else is the real server.
 */
import type { Ad, Promotion } from '../../types/api/catalogue';
import { screenshot } from './support/screenshot';
import { en, exactly, open, shown, textOf, useSite } from './support/site';

const site = useSite();
const RESTAURANT = 9;

const envelope = (data: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ code: 1000, msg: 'ok', data }),
});

test("a restaurant's own code: its link and a QR code from the server, with copy (en)", async () => {
  const { page } = site;
  await site.context.addInitScript(() => localStorage.setItem('_lang', JSON.stringify({ data: 'en' })));
  await site.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  await open(page, `/restaurant_detail?id=${RESTAURANT}`);
  await shown(page, '.restaurant__code')
    .filter({ hasText: exactly(en.qr.store_button) })
    .click();
  const dialog = page.locator('.qr-dialog.at-modal--active');
  await dialog.locator('.qr-dialog__image--ready').waitFor({ state: 'visible' });
  const link = `${site.url}/restaurant_detail?id=${RESTAURANT}`;
  expect(await textOf(dialog.locator('.qr-dialog__url'))).toBe(link);
  expect(await textOf(dialog.locator('.qr-dialog__tip'))).toBe(en.qr.store_tip_h5);
  const img = dialog.locator('.qr-dialog__image img');
  expect(await img.getAttribute('src')).toBe(`/api/szeat/qrcode?kind=restaurant&id=${RESTAURANT}`);
  expect(await img.getAttribute('alt')).toBe(`QR code: ${en.qr.store_title}`);
  expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(21 * 8);
  await screenshot(page, 'restaurant-code-en');
  await dialog.getByText(en.link.copy, { exact: true }).click();
  await page.getByText(en.link.copied_plain).first().waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
});

test('url promotions and ads: a screen of this site opens through the router, another site by navigating (cn)', async () => {
  const { page } = site;
  const partner = 'https://partner.example/lunch?from=szeat';
  const promo: Promotion = {
    id: 901,
    title: '合作伙伴午市优惠',
    description: '',
    badge: '八折',
    kind: 'banner',
    picture: '',
    restaurant_id: null,
    city_id: null,
    link: { type: 'url', id: null, url: partner },
    starts_at: 0,
    ends_at: Date.UTC(2030, 0, 1),
  };
  const ad: Ad = {
    id: 902,
    title: '夜市美食节',
    picture: '/img/ad/1.svg',
    slot: 'list_top',
    city_id: null,
    link: { type: 'url', id: null, url: `${site.url}/restaurant_detail?id=${RESTAURANT}` },
  };
  await site.context.addInitScript(() => localStorage.setItem('_lang', JSON.stringify({ data: 'cn' })));
  await site.context.route('**/api/szeat/promolist*', (route) => route.fulfill(envelope([promo])));
  await site.context.route('**/api/szeat/adslist*', (route) => route.fulfill(envelope([ad])));
  await site.context.route('https://partner.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>partner</title><h1>partner page</h1>' }),
  );
  await open(page, '/restaurant_list');

  // The ad links to a screen of this site: the router opens it, the document is not reloaded.
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  await shown(page, '.ad-strip__ad').filter({ hasText: ad.title }).click();
  await page.waitForURL((url) => url.pathname === '/restaurant_detail' && url.search === `?id=${RESTAURANT}`);
  await shown(page, '.store-header__name').waitFor();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);

  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/restaurant_list');
  // The promotion links to another site: the browser goes there.
  await shown(page, '.promo-strip__promo').filter({ hasText: promo.title }).click();
  await page.waitForURL(partner);
  expect(await page.textContent('h1')).toBe('partner page');
});
