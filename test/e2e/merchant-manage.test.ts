/**
 * The console's management screens in the browser (issue 18) against the real server: the demo restaurant's owner
 * (owner@szeat.cn) marks a dish sold out in one browser context and a customer's menu in another shows it sold out at
 * once (the catalogue's read cache is told), then back on sale; busy mode makes the customer's checkout refuse the
 * order, and ends by itself: the server runs on a clock the test moves (and the console's page on a browser clock
 * moved as far), no one switches it off. Screenshots of the four screens at 390 and 1280 wide (E2E_SCREENSHOTS).
 */
import { formatWhen } from '../../src/utils/date';
import type { Quote } from '../../types/api/checkout';
import type { MerchantRestaurants } from '../../types/api/merchant';
import type { Menu } from '../../types/api/stores';
import { memberPage, OWNER } from './support/console';
import {
  DUMPLINGS,
  NOODLES,
  NOODLES_SHOP,
  DESKTOP,
  PHONE,
  newCustomer,
  okApi,
  startLoggedIn,
  type Lang,
} from './support/orders';
import { screenshot } from './support/screenshot';
import { exactly, PACKS, shown, textOf, useSite } from './support/site';

/** How far the test has moved the server's clock. */
let offset = 0;
const site = useSite({ now: () => Date.now() + offset });

/** A second browser context, logged in as the restaurant's owner in `lang`, on a phone, with its page. */
async function ownerPage(lang: Lang) {
  const owner = await memberPage(site, lang, OWNER);
  await owner.page.setViewportSize(PHONE);
  return owner;
}

const dishOf = async (lang: Lang, id: number) => {
  const menu = await okApi<Menu>(site, `menulist?restaurant_id=${NOODLES_SHOP}`, '', undefined, lang);
  return menu.categories.flatMap((c) => c.items).find((i) => i.id === id)!;
};

describe.each<Lang>(['cn', 'en'])('console management (%s)', (lang) => {
  const m = PACKS[lang].merchant_manage;

  test('the owner marks a dish sold out and the customer menu shows it sold out at once, then back on sale', async () => {
    const dish = await dishOf(lang, NOODLES);
    expect(dish.sold_out).toBe(false);
    const owner = await ownerPage(lang);
    try {
      await owner.page.goto('/merchant/orders');
      await shown(owner.page, '.console-nav__link')
        .filter({ hasText: exactly(m.nav_soldout) })
        .click();
      await owner.page.waitForURL((u) => u.pathname === '/merchant/soldout');
      const row = shown(owner.page, `[data-soldout="dish-${NOODLES}"]`);
      expect(await textOf(row.locator('.console-row__name'))).toBe(dish.name);
      await screenshot(owner.page, `merchant-soldout-390-${lang}`);
      await row.locator('.console-button').click();
      await row.locator('.console-row__sub', { hasText: exactly(m.sold_out) }).waitFor();
      // The public menu (behind the read cache) says so at once.
      expect((await dishOf(lang, NOODLES)).sold_out).toBe(true);

      const page = await startLoggedIn(site, lang, undefined);
      await page.goto(`/restaurant_detail?id=${NOODLES_SHOP}`);
      const item = shown(page, '.menu-item').filter({
        has: page.locator('.menu-item__name', { hasText: exactly(dish.name) }),
      });
      await item.locator('.menu-item__sold-out').waitFor();
      expect(await item.getAttribute('class')).toContain('menu-item--sold-out');

      await row.locator('.console-button').click();
      await row.locator('.console-row__sub', { hasText: exactly(m.on_sale) }).waitFor();
      await page.reload();
      await item.waitFor();
      expect(await item.locator('.menu-item__sold-out').count()).toBe(0);
      expect((await dishOf(lang, NOODLES)).sold_out).toBe(false);
    } finally {
      await owner.context.close();
    }
  });

  test('busy mode makes the checkout refuse new orders and ends by itself on the clock', async () => {
    const customer = await newCustomer(site, lang);
    await okApi(site, 'addcart', customer.token, { restaurant_id: NOODLES_SHOP, dish_id: DUMPLINGS, quantity: 2 });
    const quote = () =>
      okApi<Quote>(site, 'confirmorder', customer.token, {
        restaurant_id: NOODLES_SHOP,
        mode: 'delivery',
        address_id: customer.user.default_address!.id,
        payment_method: 'cod',
      });
    const owner = await ownerPage(lang);
    try {
      // Not busy to begin with, whatever an earlier test left.
      await okApi(site, 'merchant/busy', owner.token, { restaurant_id: NOODLES_SHOP, busy: 'off' });
      // The console's page runs on a browser clock the test moves with the server's.
      await owner.page.clock.install({ time: Date.now() + offset });
      await owner.page.goto('/merchant/busy');
      await shown(owner.page, '[data-busy-state]')
        .filter({ hasText: exactly(m.busy_off_now) })
        .waitFor();
      await shown(owner.page, '.console-button')
        .filter({ hasText: exactly(m.busy_minutes.replace('{minutes}', '30')) })
        .click();
      const { list } = await okApi<MerchantRestaurants>(site, 'merchant/restaurants', owner.token, undefined, lang);
      const until = list.find((r) => r.restaurant_id === NOODLES_SHOP)!.busy_until!;
      expect(until).toBeGreaterThan(Date.now() + offset + 29 * 60_000);
      const when = formatWhen(until, lang, Date.now() + offset);
      await shown(owner.page, '[data-busy-state]')
        .filter({ hasText: exactly(m.busy_now.replace('{time}', when)) })
        .waitFor();
      await screenshot(owner.page, `merchant-busy-390-${lang}`);

      // The customer's checkout refuses: the settlement page says until when, and the server's quote will not submit.
      const page = await startLoggedIn(site, lang, customer);
      await page.goto(`/settlemt/${NOODLES_SHOP}`);
      const busy = shown(page, '.settlement__change--busy.settlement__change--blocking');
      expect(await textOf(busy)).toContain(when.slice(-5));
      await screenshot(page, `merchant-busy-customer-390-${lang}`);
      const refused = await quote();
      expect(refused.can_submit).toBe(false);
      expect(refused.problems.map((p) => p.code)).toContain('busy');

      // 31 minutes later, nobody having touched anything: busy mode is over on both sides.
      offset += 31 * 60_000;
      await owner.page.clock.fastForward(31 * 60_000);
      await shown(owner.page, '[data-busy-state]')
        .filter({ hasText: exactly(m.busy_off_now) })
        .waitFor();
      await page.reload();
      await shown(page, '.settlement__total').waitFor();
      expect(await shown(page, '.settlement__change--busy').count()).toBe(0);
      const taken = await quote();
      expect(taken.problems).toEqual([]);
      expect(taken.can_submit).toBe(true);
    } finally {
      await owner.context.close();
    }
  });

  test('today and members show the restaurant to its owner; the screens at 390 and 1280 wide', async () => {
    const owner = await ownerPage(lang);
    try {
      await owner.page.goto('/merchant/today');
      await shown(owner.page, '[data-section="takings"]').waitFor();
      await screenshot(owner.page, `merchant-today-390-${lang}`);
      await owner.page.goto('/merchant/members');
      const rows = shown(owner.page, '[data-member] .console-row__name');
      const names = await rows
        .allInnerTexts()
        .then(async (t) => (t.length ? t : (await rows.first().waitFor(), rows.allInnerTexts())));
      expect(names.map((n) => n.trim())).toEqual(
        expect.arrayContaining([expect.stringContaining(m.role_owner), expect.stringContaining(m.role_staff)]),
      );
      // The demo restaurant's only owner is this account: its own row offers no "Remove" (the server would refuse
      // the last owner), the staff member's row does.
      const own = shown(owner.page, `[data-member="${owner.user.id}"]`);
      expect(await textOf(own.locator('.console-row__name'))).toContain(m.role_owner);
      expect(await own.locator('.console-button').count()).toBe(0);
      const staff = shown(owner.page, '[data-member]').filter({ hasText: m.role_staff });
      expect(await textOf(staff.first().locator('.console-button'))).toBe(m.member_remove);
      await screenshot(owner.page, `merchant-members-390-${lang}`);
      await owner.page.setViewportSize(DESKTOP);
      for (const screen of ['orders', 'soldout', 'busy', 'today', 'members']) {
        await owner.page.goto(`/merchant/${screen}`);
        await shown(owner.page, '.console-nav__link--on, .merchant-board__tab--on').first().waitFor();
        await screenshot(owner.page, `merchant-${screen}-1280-${lang}`);
      }
    } finally {
      await owner.context.close();
    }
  });
});
