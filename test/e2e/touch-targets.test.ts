/**
 * Issue 15, "every control has a 44x44 px target measured on what the finger hits": every interactive control on the
 * screens visited (the restaurant page with its menu, dish cards, search box, footer and cart bar; settlement), in
 * both languages, at 390 and 320 px wide. Interactive: links, buttons, fields and anything with an interactive role or
 * a keyboard tab stop, shown on the screen (not the skip link or other content for screen readers only).
 *
 * For each control: the rectangle that receives a tap, i.e. the element's box joined with its ::before when that is
 * an invisible hit area (src/app.scss), must be at least 44x44 CSS px; and the browser's own hit test
 * (elementFromPoint) at the centre and at the corners of the 44x44 square around the control's centre must land on
 * the control, so no neighbour, sticky bar or overlay takes the tap. Measured: Taro's H5 root font size does not go
 * below 20 px, so 88 design px are 44 CSS px at 320 (45.8 at 390).
 */
import type { Page } from 'playwright-core';
import { addToCart, DUMPLINGS, NOODLES_SHOP, newCustomer, startLoggedIn } from './support/orders';
import { screenshot } from './support/screenshot';
import { open, shown, useSite } from './support/site';

const site = useSite();

const MIN = 44;

interface Measured {
  width: number;
  height: number;
  /** The sample points whose hit test landed elsewhere, with what they hit. */
  missed: string[];
}

/** Runs in the page (serialised): the tap rectangle of `el` and the hit test around its centre. */
function measureTarget(el: Element, min: number): Measured {
  el.scrollIntoView({ block: 'center', inline: 'center' });
  const box = el.getBoundingClientRect();
  let left = box.left;
  let top = box.top;
  let right = box.right;
  let bottom = box.bottom;
  const before = getComputedStyle(el, '::before');
  if (before.content !== 'none' && before.content !== 'normal' && before.position === 'absolute') {
    // The hit areas are centred on the control (translate(-50%, -50%)); their used size is the computed one.
    const w = parseFloat(before.width);
    const h = parseFloat(before.height);
    const cx = (box.left + box.right) / 2;
    const cy = (box.top + box.bottom) / 2;
    left = Math.min(left, cx - w / 2);
    right = Math.max(right, cx + w / 2);
    top = Math.min(top, cy - h / 2);
    bottom = Math.max(bottom, cy + h / 2);
  }
  const cx = (left + right) / 2;
  const cy = (top + bottom) / 2;
  const r = min / 2 - 1;
  const describe = (e: Element | null) =>
    e ? `${e.tagName.toLowerCase()}.${String(e.className).trim().split(/\s+/).slice(0, 2).join('.')}` : 'nothing';
  const missed: string[] = [];
  for (const [dx, dy] of [
    [0, 0],
    [-r, -r],
    [r, -r],
    [-r, r],
    [r, r],
  ] as const) {
    const hit = document.elementFromPoint(cx + dx, cy + dy);
    if (!hit || !el.contains(hit)) missed.push(`(${Math.round(dx)},${Math.round(dy)}) hit ${describe(hit)}`);
  }
  return { width: right - left, height: bottom - top, missed };
}

/** Everything a finger may be meant to tap. */
const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'textarea',
  'select',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="menuitem"]',
  '[role="menuitemradio"]',
  '[role="option"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** Runs in the page: marks every shown interactive control with data-tt (its index) and names each. */
function markControls(selector: string): string[] {
  const names: string[] = [];
  let n = 0;
  for (const el of document.querySelectorAll(selector)) {
    el.removeAttribute('data-tt');
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    // Not on the screen: display none, hidden, or a screen-reader-only box (the skip link until focused).
    if (box.width <= 2 || box.height <= 2 || style.visibility === 'hidden' || el.closest('[aria-hidden="true"]'))
      continue;
    if (el.closest('.sr-only, .visually-hidden')) continue;
    el.setAttribute('data-tt', String(n));
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 24);
    const cls = String(el.className).trim().split(/\s+/)[0] ?? '';
    names.push(`${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${text ? ` "${text}"` : ''}`);
    n += 1;
  }
  return names;
}

async function measureAll(page: Page, screen: string, found: Record<string, string>) {
  const names = await page.evaluate(markControls, INTERACTIVE);
  expect(names.length).toBeGreaterThan(3);
  for (let i = 0; i < names.length; i += 1) {
    const m = await page.locator(`[data-tt="${i}"]`).evaluate(measureTarget, MIN);
    const small = m.width < MIN - 0.5 || m.height < MIN - 0.5;
    found[`${screen}: ${names[i]} #${i}`] =
      `${m.width.toFixed(1)}x${m.height.toFixed(1)}` +
      (small ? ' TOO SMALL' : '') +
      (m.missed.length > 0 ? ` MISSED ${m.missed.join('; ')}` : '');
  }
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('.taro_page')) el.scrollTop = 0;
    window.scrollTo(0, 0);
  });
}

test.each(['cn', 'en'] as const)(
  'every control has a 44x44 px tap target at 390 and 320 px wide (%s)',
  async (lang) => {
    const customer = await newCustomer(site, lang);
    // Something in the cart, so settlement shows its form and the restaurant page its cart bar.
    await addToCart(site, customer, lang, NOODLES_SHOP, DUMPLINGS);
    const page = await startLoggedIn(site, lang, customer);
    const results: Record<string, string> = {};
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });

      await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
      await shown(page, '.menu-item').first().waitFor();
      // The menu is drawn in slices: wait for all of it.
      await page.waitForFunction(() => document.querySelectorAll('.menu-item').length > 10);
      // The cart sheet closed, so no overlay covers the page.
      expect(await shown(page, '.cart-panel__sheet').count()).toBe(0);
      const found: Record<string, string> = {};
      await measureAll(page, 'restaurant', found);
      await screenshot(page, `touch-restaurant-${width}-${lang}`);

      await open(page, `/settlemt/${NOODLES_SHOP}`);
      await shown(page, '.settlement__total').waitFor();
      await measureAll(page, 'settlement', found);
      await screenshot(page, `touch-settlement-${width}-${lang}`);
      for (const [name, value] of Object.entries(found)) results[`${name} @${width}`] = value;
    }
    const report = Object.entries(results)
      .map(([name, value]) => `  ${name}: ${value}`)
      .join('\n');
    console.log(`tap targets (CSS px, ${lang}):\n${report}`);
    expect(Object.entries(results).filter(([, value]) => /TOO SMALL|MISSED/.test(value))).toEqual([]);
  },
);
