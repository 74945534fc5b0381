/**
 * The restaurant console's entry on Mine in the browser (issue 18 review), against the real server: `me` carries the
 * account's memberships, so the demo restaurant's staff member sees the entry (named after the restaurant, in the
 * visitor's language) and a customer does not, and Mine asks `merchant/restaurants` for neither. The staff member's
 * stored user info has no memberships, as one saved before a membership was added: the entry comes from the `me`
 * Mine asks each time it is shown. Screenshots at 390 and 1280 wide (E2E_SCREENSHOTS).
 */
import type { UserInfo } from '../../types/api/accounts';
import { memberSession, STAFF } from './support/console';
import { DESKTOP, NOODLES_SHOP, newCustomer, startLoggedIn, type Lang } from './support/orders';
import { screenshot } from './support/screenshot';
import { PACKS, shown, textOf, useSite } from './support/site';

const site = useSite();

const asked = (path: string) => site.apiRequests.filter((r) => r.path === `/api/szeat/${path}`).length;

describe.each<Lang>(['cn', 'en'])('Mine and the restaurant console entry (%s)', (lang) => {
  const m = PACKS[lang].mine;

  test("a staff member's Mine offers the console, named after the restaurant, from me alone", async () => {
    const session = await memberSession(site, lang, STAFF);
    const [membership] = session.user.memberships;
    expect(membership).toMatchObject({ restaurant_id: NOODLES_SHOP, role: 'staff' });
    const stored: Partial<UserInfo> = { ...session.user };
    delete stored.memberships;
    const page = await startLoggedIn(site, lang, { ...session, user: stored as UserInfo });
    await page.goto('/mine');
    const entry = shown(page, '.mine__entry--console');
    await entry.waitFor();
    expect(await textOf(shown(page, '.mine__entry--console .mine__entry-label'))).toBe(m.console);
    expect(await textOf(shown(page, '.mine__entry--console .mine__entry-value'))).toBe(membership!.name);
    expect(asked('me')).toBeGreaterThanOrEqual(1);
    expect(asked('merchant/restaurants')).toBe(0);
    await screenshot(page, `mine-console/${lang}-staff-390`);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, `mine-console/${lang}-staff-1280`);

    await entry.click();
    await page.waitForURL('**/merchant/orders');
  });

  test("a customer's Mine has no console entry and asks no merchant call", async () => {
    const customer = await newCustomer(site, lang);
    const page = await startLoggedIn(site, lang, customer);
    await page.goto('/mine');
    await shown(page, '.mine__entry--orders').waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked('me')).toBeGreaterThanOrEqual(1);
    expect(await shown(page, '.mine__entry--console').count()).toBe(0);
    expect(site.apiRequests.filter((r) => r.path.startsWith('/api/szeat/merchant/'))).toEqual([]);
    await screenshot(page, `mine-console/${lang}-customer-390`);
  });
});
