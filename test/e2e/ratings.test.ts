/**
 * Rating an order end to end in a real Chromium on a phone, in Chinese and in English, against the built site and the
 * real server (issue 16): an order delivered with the operator tool -> "Rate" on its detail page -> stars, the
 * delivery time and a photo chosen through the real file input (its progress bar seen, then hidden) -> "Rating
 * Success" and back to the order ("Rated") -> the review with its photo on the restaurant page, opened full size ->
 * Mine > My ratings -> delete it (confirmed) -> the order can be rated again.
 */
import type { Order } from '../../types/api/orders';
import type { MyRatings } from '../../types/api/ratings';
import type { StoreReviews } from '../../types/api/stores';
import {
  answerModal,
  eventually,
  expectToast,
  newCustomer,
  NOODLES_SHOP,
  okApi,
  DESKTOP,
  PHONE,
  startLoggedIn,
} from './support/orders';
import type { Page } from 'playwright-core';
import { deliveredOrder, photoFile } from './support/ratings';
import { screenshot } from './support/screenshot';
import { fill, open, PACKS, plural, shown, textOf, useSite } from './support/site';

const site = useSite();

/** With E2E_SCREENSHOTS: the page on the phone and on a desktop (1280 x 900), for a person to look at. */
async function shots(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
}

describe.each(['cn', 'en'] as const)('ratings (%s)', (lang) => {
  const t = PACKS[lang];

  test('delivered by the operator tool -> rate with a photo -> the review with its photo -> delete it', async () => {
    const customer = await newCustomer(site, lang);
    const order = await deliveredOrder(site, customer, lang);
    expect(order.can_rate).toBe(true);
    const page = await startLoggedIn(site, lang, customer);

    // The order's page offers Rate.
    await open(page, `/order_detail/${order.id}`);
    await shown(page, '.order-detail__rate').click();
    await page.waitForURL((u) => u.pathname === `/rating/${order.id}`);
    await shown(page, '.rating__title').waitFor();
    expect(await textOf(shown(page, '.rating__left'))).toBe(plural(t.rating.comment_left, 500));

    const group = (label: string) => page.locator(`[role=radiogroup][aria-label="${label}"]`);
    await group(t.rating.food)
      .locator(`[role=radio][aria-label="${plural(t.rating.star_label, 4)}"]`)
      .click();
    await group(t.rating.delivery).getByRole('radio', { name: t.store.delivery_within40 }).click();
    await group(t.rating.other)
      .locator(`[role=radio][aria-label="${plural(t.rating.star_label, 5)}"]`)
      .click();
    const comment = page.locator('.rating__comment textarea');
    await comment.fill(lang === 'cn' ? '面很筋道' : 'Chewy noodles');

    // A real file through the browser's file chooser; its upload progress is shown, then hidden after a second.
    const photo = await photoFile();
    const chooser = page.waitForEvent('filechooser');
    const upload = page.waitForResponse((r) => r.url().endsWith('/api/szeat/uploadphoto'));
    await shown(page, '.rating__add').click();
    await (await chooser).setFiles(photo);
    await shown(page, '.rating-photo [role=progressbar]').waitFor();
    const uploaded = await upload;
    expect(uploaded.status()).toBe(200);
    await page.locator('.rating-photo [role=progressbar][aria-valuenow="100"]').waitFor({ state: 'attached' });
    await page.locator('.rating-photo [role=progressbar]').waitFor({ state: 'detached', timeout: 5_000 });
    expect(await textOf(shown(page, '.rating__field--photos .rating__label'))).toBe(
      plural(t.rating.photos, 1, { max: 6 }),
    );
    await shots(page, `rating-${lang}-filled`);

    await shown(page, '.rating__submit').click();
    await expectToast(page, t.rating.success);
    // Back on the order, which now says Rated.
    await page.waitForURL((u) => u.pathname === `/order_detail/${order.id}`);
    await eventually(async () => expect(await textOf(shown(page, '.order-detail__rated'))).toBe(t.order.rated));

    // The restaurant's reviews show it with its photo, which opens full size.
    const reviews = await okApi<StoreReviews>(
      site,
      `storereview?restaurant_id=${NOODLES_SHOP}&page=1`,
      customer.token,
      undefined,
      lang,
    );
    const mine = reviews.list.find((r) => r.comment === (lang === 'cn' ? '面很筋道' : 'Chewy noodles'))!;
    expect(mine.photos).toHaveLength(1);
    expect(mine.delivery_time).toBe('within40');
    await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
    await shown(page, '.restaurant__tab--reviews').click();
    const review = shown(page, '.review').filter({ hasText: mine.comment });
    await review.waitFor();
    const thumb = review.locator('.review__photo');
    // Thumbnails load when they come into view.
    await thumb.scrollIntoViewIfNeeded();
    await eventually(async () => expect(await thumb.locator('img').getAttribute('src')).toBe(mine.thumbnails[0]));
    await shots(page, `reviews-${lang}`);
    await thumb.click();
    const dialog = page.locator('.photo-viewer [role=dialog]');
    await dialog.waitFor();
    await eventually(async () => expect(await dialog.locator('img').getAttribute('src')).toBe(mine.photos[0]));
    expect(await page.evaluate(() => !!document.activeElement?.closest('.photo-viewer'))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Mine > My ratings: delete it after the confirmation; the order can be rated again.
    await open(page, '/mine');
    await shown(page, '.mine__entry--ratings').click();
    await page.waitForURL((u) => u.pathname === '/my_ratings');
    const card = shown(page, '.my-rating').filter({ hasText: mine.comment });
    await card.waitFor();
    await card.locator('.my-rating__delete').click();
    expect(await answerModal(page, true)).toBe(t.rating.delete_confirm);
    await expectToast(page, t.rating.deleted);
    await card.waitFor({ state: 'detached' });
    const left = await okApi<MyRatings>(site, 'ratingslist?page=1', customer.token, undefined, lang);
    expect(left.list).toEqual([]);
    const after = await okApi<Order>(site, `orderinfo?id=${order.id}`, customer.token, undefined, lang);
    expect([after.can_rate, after.rating_id]).toEqual([true, null]);

    // No rating left (issue 15): the order waiting for one is offered, and its button opens its rating page.
    expect(await textOf(shown(page, '.my-ratings__empty-text'))).toBe(t.rating.mine_empty);
    expect(await textOf(shown(page, '.my-ratings__waiting'))).toBe(
      fill(t.rating.mine_waiting, { restaurant: after.restaurant_name }),
    );
    expect(await textOf(shown(page, '.my-ratings__go--rate'))).toBe(t.rating.mine_rate_now);
    await shots(page, `my-ratings-empty-${lang}`);
    await shown(page, '.my-ratings__go--rate').click();
    await page.waitForURL((u) => u.pathname === `/rating/${order.id}`);
  }, 150_000);
});
