/**
 * Issue 15, "every control has a 44x44 px target measured on what the finger hits": the controls a sampling of hit
 * areas at 390x844 suspected (the restaurant page's menu jump links, the top bar's back arrow, language menu and
 * user menu, settlement's voucher row and comment field), at 390 and 320 px wide.
 *
 * For each control: the rectangle that receives a tap, i.e. the element's box joined with its ::before when that is
 * an invisible hit area (src/app.scss), must be at least 44x44 CSS px; and the browser's own hit test
 * (elementFromPoint) at the centre and at the corners of the 44x44 square around the control's centre must land on
 * the control, so no neighbour, sticky bar or overlay takes the tap. Measured: Taro's H5 root font size does not go
 * below 20 px, so 88 design px are 44 CSS px at 320 (45.8 at 390); the one real gap was the comment field, 16 px high.
 */
import type { Locator, Page } from 'playwright-core';
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

async function measureAll(page: Page, name: string, locator: Locator, found: Record<string, string>) {
  await locator.first().waitFor({ state: 'visible' });
  const count = await locator.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const m = await locator.nth(i).evaluate(measureTarget, MIN);
    const label = count > 1 ? `${name} #${i + 1}` : name;
    const small = m.width < MIN - 0.5 || m.height < MIN - 0.5;
    found[label] =
      `${m.width.toFixed(1)}x${m.height.toFixed(1)}` +
      (small ? ' TOO SMALL' : '') +
      (m.missed.length > 0 ? ` MISSED ${m.missed.join('; ')}` : '');
  }
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('.taro_page')) el.scrollTop = 0;
    window.scrollTo(0, 0);
  });
}

test('the suspected controls have a 44x44 px tap target at 390 and 320 px wide', async () => {
  const lang = 'cn';
  const customer = await newCustomer(site, lang);
  // Something in the cart, so settlement shows its form.
  await addToCart(site, customer, lang, NOODLES_SHOP, DUMPLINGS);
  const page = await startLoggedIn(site, lang, customer);
  const results: Record<string, string> = {};
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    const at = (name: string) => `${name} @${width}`;

    await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
    await shown(page, '.menu-item').first().waitFor();
    // The cart sheet closed, so no overlay covers the page.
    expect(await shown(page, '.cart-panel__sheet').count()).toBe(0);
    const found: Record<string, string> = {};
    await measureAll(page, 'back arrow', shown(page, '.top-bar__back'), found);
    await measureAll(page, 'language menu', shown(page, '.top-bar__lang .dropdown__trigger'), found);
    await measureAll(page, 'user menu', shown(page, '.top-bar__user .dropdown__trigger'), found);
    await measureAll(page, 'menu jump link', shown(page, '.menu__nav-link'), found);
    await screenshot(page, `touch-restaurant-${width}-${lang}`);

    await open(page, `/settlemt/${NOODLES_SHOP}`);
    await shown(page, '.settlement__total').waitFor();
    await measureAll(page, 'voucher row', shown(page, '.settlement__voucher'), found);
    await measureAll(page, 'comment field', shown(page, '.form-input--comment input'), found);
    await screenshot(page, `touch-settlement-${width}-${lang}`);
    for (const [name, value] of Object.entries(found)) results[at(name)] = value;
  }
  const report = Object.entries(results)
    .map(([name, value]) => `  ${name}: ${value}`)
    .join('\n');
  console.log(`tap targets (CSS px):\n${report}`);
  expect(Object.entries(results).filter(([, value]) => /TOO SMALL|MISSED/.test(value))).toEqual([]);
});
