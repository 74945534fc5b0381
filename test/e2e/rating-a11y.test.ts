/**
 * WCAG 2.2 AA (axe-core) on the rating screens in both languages at phone size: the rating page with its choices
 * made and a photo uploaded, the restaurant's reviews with the photo dialog open, and My ratings. No serious or
 * critical violation; every finding is printed.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { SaveRatingBody, UploadedPhoto } from '../../types/api/ratings';
import { newCustomer, NOODLES_SHOP, okApi, startLoggedIn } from './support/orders';
import { deliveredOrder, photoFile } from './support/ratings';
import { open, PACKS, shown, useSite } from './support/site';

const site = useSite();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

async function blocking(page: Page, screen: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  for (const v of result.violations) {
    console.log(`${screen}: ${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describe.each(['cn', 'en'] as const)('rating screens, axe (%s)', (lang) => {
  const t = PACKS[lang];

  test('no serious or critical violation on the rating page, the review photos and My ratings', async () => {
    const customer = await newCustomer(site, lang);
    const order = await deliveredOrder(site, customer, lang);
    const page = await startLoggedIn(site, lang, customer);
    const found: string[] = [];

    await open(page, `/rating/${order.id}`);
    await shown(page, '.rating__title').waitFor();
    // Sent empty first: the missing choices are announced.
    await shown(page, '.rating__submit').click();
    await shown(page, '.rating__error').first().waitFor();
    await page.locator(`[role=radiogroup][aria-label="${t.rating.food}"] [role=radio]`).nth(3).click();
    const chooser = page.waitForEvent('filechooser');
    await shown(page, '.rating__add').click();
    await (await chooser).setFiles(await photoFile());
    await shown(page, '.rating-photo__remove').waitFor();
    found.push(...(await blocking(page, 'rating')));

    // The order rated with a photo through the API, for the review screens.
    const form = new FormData();
    form.append('file', new Blob([await (await import('node:fs/promises')).readFile(await photoFile())]), 'a.jpg');
    const res = await fetch(`${site.url}/api/szeat/uploadphoto`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${customer.token}` },
      body: form,
    });
    const uploaded = ((await res.json()) as { data: UploadedPhoto }).data;
    const body: SaveRatingBody = {
      order_id: order.id,
      food_rating: 5,
      delivery_time: 'within30',
      other_rating: 4,
      comment: 'axe',
      photo_ids: [uploaded.id],
    };
    await okApi(site, 'saverating', customer.token, body, lang);

    await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
    await shown(page, '.restaurant__tab--reviews').click();
    await shown(page, '.review__photo').first().click();
    await page.locator('.photo-viewer [role=dialog]').waitFor();
    found.push(...(await blocking(page, 'review photo dialog')));
    await page.keyboard.press('Escape');
    found.push(...(await blocking(page, 'reviews')));

    await open(page, '/my_ratings');
    await shown(page, '.my-rating').first().waitFor();
    found.push(...(await blocking(page, 'my ratings')));

    expect(found).toEqual([]);
  }, 150_000);
});
