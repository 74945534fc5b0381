/**
 * Pull-to-refresh on the H5 site (issue 15, section 5): Taro's pull-to-refresh component (already in the first load for
 * every page) wraps the pages whose config has enablePullDownRefresh; a finger pulling home down from the top asks
 * its answers again, the indicator goes away once they are in, and the page looks as before.
 */
import type { Page } from 'playwright-core';
import { screenshot } from './support/screenshot';
import { cn, useSite } from './support/site';

const site = useSite();

/** A finger on a phone: down from y0 to y1 in steps, then lifted (Chrome's touch events, as a phone sends them). */
async function pullDown(page: Page, x: number, y0: number, y1: number) {
  const cdp = await page.context().newCDPSession(page);
  const at = (y: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(y0) });
  for (let y = y0 + 20; y <= y1; y += 20) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

const asked = (path: string) => site.apiRequests.filter((r) => r.path.endsWith(`/${path}`)).length;

test('home at 390 px: pulling down from the top asks for the news and new restaurants again', async () => {
  const page = site.page;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.locator('.home__news-item').first().waitFor();
  await page.locator('.home__new-store').first().waitFor();
  expect(await page.locator('.rmc-pull-to-refresh-content').count()).toBeGreaterThan(0);
  const before = { news: asked('whats-news-list'), stores: asked('newstores') };

  await pullDown(page, 195, 200, 600);
  for (let i = 0; i < 50 && asked('whats-news-list') === before.news; i++) await page.waitForTimeout(100);
  expect(asked('whats-news-list')).toBe(before.news + 1);
  expect(asked('newstores')).toBe(before.stores + 1);
  // The indicator goes away once the answers are in; the page is back where it was.
  await page.locator('.rmc-pull-to-refresh-indicator').waitFor({ state: 'detached' });
  expect(await page.locator('.home__title').first().textContent()).toBe(cn.home.title);
  await screenshot(page, 'pull-refresh/home-390-after');
});
