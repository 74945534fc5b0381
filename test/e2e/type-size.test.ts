/**
 * Issue 15 §3, the size of the type on H5, measured in the browser as computed CSS px. Taro sizes everything in rem
 * from the design's 750 px (1 rem = 40 design px): on a phone the root follows the width (390 px: 20.8 px, so body
 * text of 28 design px is 14.6 CSS px); from 768 px wide (tablet and desktop) the root is fixed so the site reads like
 * a desktop site (body about 14-16 px, headings about 20-28 px) instead of the phone page magnified (the old root of
 * 40 px made body text about 26 px and headings 40 px at 1280).
 *
 * "Body text" is the font size that carries the most characters of the visible page; "headings" are the page titles
 * named below.
 */
import type { Page } from 'playwright-core';
import { NOODLES_SHOP, newCustomer, startLoggedIn, type Customer, type Lang } from './support/orders';
import { screenshot } from './support/screenshot';
import { open, shown, useSite } from './support/site';

const site = useSite();

interface TypeSizes {
  root: number;
  /** The font size (CSS px) with the most visible characters, and its share of them. */
  body: number;
  /** The computed font size of each heading selector's first visible match. */
  headings: Record<string, number>;
}

/** Runs in the page (serialised: no closures over the test). */
function measure(headingSelectors: string[]): TypeSizes {
  const chars = new Map<number, number>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = (n.textContent ?? '').trim();
    const el = n.parentElement;
    if (!text || !el || el.closest('script,style,noscript,.leaflet-container')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || el.closest('[style*="display: none"]')) continue;
    const size = Math.round(parseFloat(getComputedStyle(el).fontSize) * 10) / 10;
    chars.set(size, (chars.get(size) ?? 0) + text.length);
  }
  const body = [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const headings: Record<string, number> = {};
  for (const sel of headingSelectors) {
    const el = [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.offsetParent !== null);
    if (el) headings[sel] = Math.round(parseFloat(getComputedStyle(el).fontSize) * 10) / 10;
  }
  return { root: parseFloat(getComputedStyle(document.documentElement).fontSize), body, headings };
}

/** The screens measured: a path, what shows it has its data, and its headings. */
const SCREENS = [
  { path: '/restaurant_list', ready: '.store-card__name', headings: ['.store-card__name'] },
  {
    path: `/restaurant_detail?id=${NOODLES_SHOP}`,
    ready: '.menu-item__name',
    headings: ['.store-header__name'],
  },
  { path: '/mine', ready: '.mine__name', headings: ['.mine__name'] },
] as const;

/** One customer per language for the whole file (registrations from one address are limited per hour). */
const customers = new Map<Lang, Customer>();

async function sizesAt(lang: Lang, width: number): Promise<Record<string, TypeSizes>> {
  if (!customers.has(lang)) customers.set(lang, await newCustomer(site, lang));
  const page: Page = await startLoggedIn(site, lang, customers.get(lang));
  await page.setViewportSize({ width, height: 900 });
  const out: Record<string, TypeSizes> = {};
  for (const s of SCREENS) {
    await open(page, s.path);
    await shown(page, s.ready).first().waitFor();
    out[s.path] = await page.evaluate(measure, [...s.headings]);
    await screenshot(page, `type-${s.path.slice(1).split('?')[0]}-${width}-${lang}`);
  }
  // E2E_TYPE_SIZES=1 prints what was measured (for a person comparing before and after).
  if (process.env.E2E_TYPE_SIZES) console.log(`${lang} ${width} px: ${JSON.stringify(out)}`);
  return out;
}

describe.each(['cn', 'en'] as const)('type sizes (%s)', (lang) => {
  test.each([1280, 1024, 900, 768])(
    'at %i px the type is a desktop site’s, not the phone page magnified',
    async (w) => {
      const sizes = await sizesAt(lang, w);
      for (const [path, s] of Object.entries(sizes)) {
        // Body text 13-16.5 CSS px (it was 24-28 at 1280).
        expect([path, s.body >= 13 && s.body <= 16.5, s.body]).toEqual([path, true, s.body]);
        const headings = Object.values(s.headings);
        expect([path, headings.length]).toEqual([path, SCREENS.find((x) => x.path === path)!.headings.length]);
        // Headings 16-28 CSS px (the restaurant's name was 40).
        for (const h of headings) expect([path, h >= 16 && h <= 28, h]).toEqual([path, true, h]);
      }
      // The restaurant's name is the largest heading measured and reads as a heading: 20-28 px.
      const name = sizes[`/restaurant_detail?id=${NOODLES_SHOP}`]!.headings['.store-header__name']!;
      expect(name).toBeGreaterThanOrEqual(20);
      expect(name).toBeLessThanOrEqual(28);
    },
  );

  test.each([
    [390, 20.8],
    [320, 20],
    [600, 32],
  ])('on a phone %i px wide the type is as it was: root %d px, following the width', async (w, root) => {
    const sizes = await sizesAt(lang, w);
    for (const [path, s] of Object.entries(sizes)) {
      expect([path, s.root]).toEqual([path, root]);
      // The restaurant page's name is 40 design px, the rest of the text around 24-30.
      if (path.startsWith('/restaurant_detail')) expect(s.headings['.store-header__name']).toBeCloseTo(root, 1);
      expect(s.body).toBeGreaterThanOrEqual((24 * root) / 40 - 0.1);
      expect(s.body).toBeLessThanOrEqual((30 * root) / 40 + 0.1);
    }
  });
});
