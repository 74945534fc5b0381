/**
 * Nothing already shown moves while a page loads on a phone (issue 15 §6: CLS <= 0.05): `/`, the restaurant list (with
 * an address chosen) and a restaurant page at 390x844, every layout shift without input summed from the first byte
 * until the page has settled, the menu's later slices included.
 */
import { useSite } from './support/site';

const site = useSite();

const SHIFTS = `(() => {
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

const ADDRESS = {
  lat: 22.548,
  lng: 114.122,
  name: '东门步行街',
  address: '东门中路',
  source: 'building',
  city_id: 1,
  building_id: 10,
};

test('/restaurant_list without a saved address at 390 px: cumulative layout shift <= 0.05', async () => {
  const page = site.page;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(SHIFTS);
  await page.goto('/restaurant_list');
  await page.locator('.restaurant-list__no-address').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  console.log(`CLS /restaurant_list, no address: ${cls.toFixed(4)}`);
  expect(cls).toBeLessThanOrEqual(0.05);
});

test.each([
  ['/', '.home__title'],
  ['/restaurant_list', '.store-card'],
  ['/restaurant_detail?id=1', '.menu-item'],
])('%s at 390 px: cumulative layout shift <= 0.05', async (route, ready) => {
  const page = site.page;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(SHIFTS);
  await page.addInitScript((saved) => localStorage.setItem('location', JSON.stringify({ data: saved })), ADDRESS);
  await page.goto(route);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  console.log(`CLS ${route}: ${cls.toFixed(4)}`);
  expect(cls).toBeLessThanOrEqual(0.05);
});
