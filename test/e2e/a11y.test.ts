/**
 * WCAG 2.2 AA on H5 (issue 10 "Access"): axe-core, through its Playwright integration, on the main screens in both
 * languages at phone size. Every screen must have no serious or critical violation; the test prints what it checked
 * (screens x languages, the rules that ran, the violations of every impact it found).
 *
 * Seed facts relied on (server/src/seed): building 10 "Dongmen Pedestrian Street" is in range of restaurant 9,
 * whose dish 159 has option groups; article 42 is "What Do We Do"; the demo customer demo@szeat.cn / szeat-demo-8 has
 * a default address, a wallet balance and vouchers. Restaurant 9 takes every payment method; its dish 165 has an
 * optional group of sauces. The checkout screens belong to a customer registered for the test (its address is in
 * building 10) with two orders placed through the API: one paid from the balance, one waiting for WeChat Pay.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { AddressList } from '../../types/api/addresses';
import type { Quote, SubmitOrderResult } from '../../types/api/checkout';
import type { Building } from '../../types/api/places';
import { creditWallet, DUMPLINGS, menuItem, newCustomer, okApi, startLoggedIn, type Customer } from './support/orders';
import { screenshot } from './support/screenshot';
import { apiData, open, shown, useSite } from './support/site';

const site = useSite();

type Lang = 'cn' | 'en';
const HTML_LANG: Record<Lang, string> = { cn: 'zh-CN', en: 'en' };
/** A phone (iPhone 12-15 size). */
export const PHONE = { width: 390, height: 844 };
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

const DONGMEN = 10;
const NOODLES_SHOP = 9;
const NOODLES = 159;
const ABOUT_ARTICLE_ID = 42;
const DEMO = { email: 'demo@szeat.cn', password: 'szeat-demo-8' };

interface Finding {
  screen: string;
  lang: Lang;
  rule: string;
  impact: string;
  nodes: string[];
}

async function startIn(lang: Lang) {
  const b = (await apiData<Building[]>(site.url, 'buildinglist', lang)).find((x) => x.id === DONGMEN)!;
  await site.context.addInitScript(
    ([l, loc]) => {
      localStorage.setItem('_lang', JSON.stringify({ data: l }));
      localStorage.setItem('location', JSON.stringify({ data: loc }));
    },
    [
      lang,
      {
        lat: b.lat,
        lng: b.lng,
        name: b.name,
        address: b.address,
        source: 'building',
        building_id: b.id,
        city_id: b.city_id,
        area_id: b.area_id,
      },
    ] as const,
  );
  await site.context.route(/^https?:\/\/[a-z.]*tile\.openstreetmap\.org\//, (route) => route.abort());
  await site.page.setViewportSize(PHONE);
}

/** The screens, each opened and brought to the state to check (in order: the address book logs in). */
const SCREENS: { name: string; open(page: Page, lang: Lang): Promise<void> }[] = [
  {
    name: 'home',
    async open(page) {
      await open(page, '/');
      await shown(page, '.home__news-title').first().waitFor();
    },
  },
  {
    name: 'restaurant list',
    async open(page) {
      await open(page, '/restaurant_list');
      await shown(page, '.store-card').first().waitFor();
    },
  },
  {
    name: 'restaurant + choice layer',
    async open(page) {
      await open(page, `/restaurant_detail?id=${NOODLES_SHOP}&item=${NOODLES}`);
      await shown(page, '.menu-choice').waitFor();
      await shown(page, '.menu-choice__option').first().waitFor();
    },
  },
  {
    name: 'search',
    async open(page, lang) {
      await open(page, `/search?keyword=${encodeURIComponent(lang === 'cn' ? '面' : 'noodle')}`);
      await shown(page, '.search__title').first().waitFor();
    },
  },
  {
    name: 'login',
    async open(page) {
      await open(page, '/login');
      await shown(page, '.login__submit').waitFor();
    },
  },
  {
    name: 'register',
    async open(page) {
      await open(page, '/register');
      await shown(page, '.form-input--email').waitFor();
    },
  },
  {
    name: 'address book',
    async open(page) {
      await open(page, '/login');
      await shown(page, '.form-input--email input').fill(DEMO.email);
      await shown(page, '.form-input--password input').fill(DEMO.password);
      await shown(page, '.login__submit').click();
      await shown(page, '.top-bar__user').waitFor();
      await open(page, '/address');
      await shown(page, '.address-item').first().waitFor();
    },
  },
  // Logged in (by the address book above): the demo customer's orders, wallet and vouchers.
  {
    name: 'orders tab',
    async open(page) {
      await open(page, '/orders');
      await shown(page, '.orders__title').waitFor();
      await page.waitForLoadState('networkidle').catch(() => undefined);
    },
  },
  {
    name: 'wallet',
    async open(page) {
      await open(page, '/wallet');
      await shown(page, '.wallet__balance').waitFor();
    },
  },
  {
    name: 'vouchers',
    async open(page) {
      await open(page, '/vouchers');
      await shown(page, '.voucher-card').first().waitFor();
    },
  },
  {
    name: 'article',
    async open(page) {
      await open(page, `/article/${ABOUT_ARTICLE_ID}`);
      await shown(page, '.article__title').waitFor();
    },
  },
];

/** Touch targets: every control on the screen must offer at least 44 x 44 CSS px to a finger (its own box or the
 * invisible hit area of app.scss, a ::before centred on it). Returns the smaller ones. */
const MIN_TARGET = 44;
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        '[role="button"],[role="checkbox"],[role="menuitem"],[role="radio"],[role="tab"],a[href],button',
      ),
    ];
    const small: string[] = [];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || el.closest('[aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const hit = getComputedStyle(el, '::before');
      const extra = hit.content !== 'none' && hit.position === 'absolute';
      const w = Math.max(r.width, extra ? parseFloat(hit.width) || 0 : 0);
      const h = Math.max(r.height, extra ? parseFloat(hit.height) || 0 : 0);
      if (w + 0.5 < min || h + 0.5 < min) {
        small.push(
          `${el.className || el.tagName} "${(el.innerText || el.getAttribute('aria-label') || '').trim().slice(0, 20)}" ${w.toFixed(0)}x${h.toFixed(0)}`,
        );
      }
    }
    return small;
  }, MIN_TARGET);
}

/**
 * Keyboard reach (WCAG 2.1.1): every control on the screen is a tab stop or managed by its menu (tabindex -1), and
 * nothing that looks pressable (a pointer cursor of its own) is left to the mouse. Returns the others.
 */
async function unreachable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const NATIVE = 'a[href],button,input,select,textarea,summary';
    const ROLES =
      '[role="button"],[role="checkbox"],[role="link"],[role="menuitem"],[role="option"],[role="radio"],[role="switch"],[role="tab"]';
    const shownEl = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      return (
        r.width > 0 &&
        r.height > 0 &&
        getComputedStyle(el).visibility !== 'hidden' &&
        !el.closest('[aria-hidden="true"]')
      );
    };
    const reachable = (el: HTMLElement) => el.matches(NATIVE) || el.hasAttribute('tabindex') || !!el.closest(NATIVE);
    const out: string[] = [];
    const name = (el: HTMLElement) => `${el.className || el.tagName} "${(el.innerText || '').trim().slice(0, 20)}"`;
    for (const el of document.querySelectorAll<HTMLElement>(ROLES)) {
      if (shownEl(el) && !reachable(el)) out.push(`${name(el)}: role ${el.getAttribute('role')} without a tab stop`);
    }
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(el).cursor !== 'pointer' || !shownEl(el)) continue;
      const parent = el.parentElement;
      // Only where the pointer starts (children inherit it), and only what no control already covers.
      if (parent && getComputedStyle(parent).cursor === 'pointer') continue;
      if (reachable(el) || el.closest(`${ROLES},[tabindex]`)) continue;
      out.push(`${name(el)}: pressable look without a tab stop`);
    }
    return out;
  });
}

const findings: Finding[] = [];
const rulesRun = new Set<string>();
const tooSmall: string[] = [];
const notByKeyboard: string[] = [];
const checked: string[] = [];

async function check(page: Page, screen: string, lang: Lang) {
  // Let transitions and late pictures settle, so colours are measured as shown.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  for (const r of [...result.passes, ...result.violations, ...result.incomplete, ...result.inapplicable]) {
    rulesRun.add(r.id);
  }
  for (const v of result.violations) {
    findings.push({
      screen,
      lang,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`),
    });
  }
  checked.push(`${screen} (${lang})`);
}

for (const lang of ['cn', 'en'] as const) {
  test(`axe-core, WCAG 2.2 AA, phone size (${lang}): no serious or critical violation on the main screens`, async () => {
    const { page } = site;
    await startIn(lang);
    for (const screen of SCREENS) {
      await screen.open(page, lang);
      await checkScreen(page, screen.name, lang);
    }
    expectNothingBlocking(
      lang,
      SCREENS.map((x) => x.name),
    );
  }, 180_000);
}

/** A cart of two dishes at restaurant 9 (noodles with their compulsory options, dumplings with two sauces). */
async function fillCart(customer: Customer, lang: Lang) {
  for (const [id, extra] of [
    [NOODLES, 0],
    [DUMPLINGS, 2],
  ] as const) {
    const item = await menuItem(site, lang, NOODLES_SHOP, id);
    const optionIds = item.option_groups.flatMap((g) =>
      g.options
        .filter((o) => !o.sold_out)
        .slice(0, g.compulsory ? Math.max(1, g.min_select) : Math.min(extra, g.max_select))
        .map((o) => o.id),
    );
    await okApi(
      site,
      'addcart',
      customer.token,
      { restaurant_id: NOODLES_SHOP, dish_id: id, option_ids: optionIds },
      lang,
    );
  }
}

/** An order of the cart, delivered to the customer's default address, paid with `method`; answers its id. */
async function placeOrder(customer: Customer, lang: Lang, method: 'balance' | 'wechat'): Promise<number> {
  await fillCart(customer, lang);
  const { list } = await okApi<AddressList>(site, 'addrlist', customer.token, undefined, lang);
  const address = list.find((a) => a.is_default) ?? list[0]!;
  const body = { restaurant_id: NOODLES_SHOP, mode: 'delivery', address_id: address.id, payment_method: method };
  const quote = await okApi<Quote>(site, 'confirmorder', customer.token, body, lang);
  const result = await okApi<SubmitOrderResult>(
    site,
    'submitorder',
    customer.token,
    { ...body, idempotency_key: `a11y-${lang}-${method}-${customer.user.id}`, expected_total_fen: quote.total_fen },
    lang,
  );
  expect(result.needs_payment).toBe(method === 'wechat');
  return result.order_id;
}

for (const lang of ['cn', 'en'] as const) {
  test(`axe-core, WCAG 2.2 AA, phone size (${lang}): no serious or critical violation on checkout and order detail`, async () => {
    const customer = await newCustomer(site, lang);
    await creditWallet(site, customer.user.id, 100_000);
    const paid = await placeOrder(customer, lang, 'balance');
    const awaiting = await placeOrder(customer, lang, 'wechat');
    await fillCart(customer, lang);
    const page = await startLoggedIn(site, lang, customer);
    const screens: { name: string; open(): Promise<void> }[] = [
      {
        name: 'settlement',
        async open() {
          await open(page, `/settlemt/${NOODLES_SHOP}`);
          await shown(page, '.settlement__total').waitFor();
          await shown(page, '.settlement__address-chosen').waitFor();
          await shown(page, '.settlement__method--wechat').click();
          await shown(page, '.settlement__method--wechat.settlement__method--on').waitFor();
        },
      },
      {
        name: 'settlement + address options',
        async open() {
          await shown(page, '.settlement__address').click();
          await shown(page, '.settlement__address-sheet .option-sheet__option').first().waitFor();
        },
      },
      {
        name: 'order detail, paid',
        async open() {
          await open(page, `/order_detail/${paid}`);
          await shown(page, '.order-detail__row--paid').waitFor();
        },
      },
      {
        name: 'order detail, awaiting payment',
        async open() {
          await open(page, `/order_detail/${awaiting}`);
          await shown(page, '.order-detail__pay').waitFor();
        },
      },
    ];
    for (const screen of screens) {
      await screen.open();
      await checkScreen(page, screen.name, lang);
    }
    expectNothingBlocking(
      lang,
      screens.map((x) => x.name),
    );
  }, 180_000);
}

async function checkScreen(page: Page, screen: string, lang: Lang) {
  // The page language follows the chosen one.
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(HTML_LANG[lang]);
  await check(page, screen, lang);
  for (const small of await smallTargets(page)) tooSmall.push(`${screen} (${lang}): ${small}`);
  for (const x of await unreachable(page)) notByKeyboard.push(`${screen} (${lang}): ${x}`);
  await screenshot(page, `a11y-${screen.replace(/\W+/g, '-')}-${lang}`);
}

function expectNothingBlocking(lang: Lang, screens: string[]) {
  const mine = (x: string) => screens.some((s) => x.startsWith(`${s} (${lang})`));
  const blocking = findings.filter((f) => f.lang === lang && screens.includes(f.screen) && BLOCKING.has(f.impact));
  expect(blocking.map((f) => `${f.screen}: ${f.rule} (${f.impact})\n    ${f.nodes.join('\n    ')}`)).toEqual([]);
  expect(tooSmall.filter(mine)).toEqual([]);
  expect(notByKeyboard.filter(mine)).toEqual([]);
}

afterAll(() => {
  const byImpact = new Map<string, number>();
  for (const f of findings) byImpact.set(f.impact, (byImpact.get(f.impact) ?? 0) + f.nodes.length);
  const lines = [
    `axe-core checked ${checked.length} screen x language pairs at ${PHONE.width}x${PHONE.height}:`,
    `  ${checked.join(', ')}`,
    `rules run (${rulesRun.size}, tags ${TAGS.join(' ')}): ${[...rulesRun].sort().join(' ')}`,
    `violations: ${findings.length === 0 ? 'none' : [...byImpact].map(([i, n]) => `${i} ${n} element(s)`).join(', ')}`,
    ...findings.map(
      (f) => `  ${f.screen} (${f.lang}) ${f.rule} [${f.impact}] ${f.nodes.length}: ${f.nodes.join(' | ')}`,
    ),
    `controls with a touch target under ${MIN_TARGET} x ${MIN_TARGET} px: ${tooSmall.length === 0 ? 'none' : tooSmall.length}`,
    ...tooSmall.map((x) => `  ${x}`),
    `controls not reachable by keyboard: ${notByKeyboard.length === 0 ? 'none' : notByKeyboard.length}`,
    ...notByKeyboard.map((x) => `  ${x}`),
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
});
