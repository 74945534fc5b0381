/**
 * Issue 15, "texts never break inside a word": the main screens in both languages at 320, 390 and 1280 px, each text
 * of the page measured line by line (Range.getClientRects per character of every visible text node). It fails on:
 *
 * - mid-word: a line break between two letters or digits of a Latin word or number ("Eco-Technolog/y",
 *   "1/3800138000"), between a number and its Chinese unit ("3/件"), or inside a Chinese word ("立即支/付", "商/品", found
 *   with the browser's own word segmenter, Intl.Segmenter) of a label, a list of names or a control. Sentences (a
 *   Chinese text with a comma or full stop, or longer than 24 characters: news, notes, descriptions) may wrap between
 *   any two characters, as Chinese text does; Latin text only between words;
 * - label wraps: a control (button, link, tab, checkbox ...) whose label is on more than one line;
 * - overflow: a text running out of its box (the nearest block around it), unless the box cuts it off with an ellipsis
 *   on purpose; or out of the window, unless it is in a row that scrolls sideways.
 *
 * The screens: home, the restaurant list, a restaurant page, its cart, settlement (a customer registered for the test,
 * with an address in building 10, in range of restaurant 9), an order's page (paid from the balance), the orders tab,
 * mine, and the login screen (logged out). Also the focus ring (issue 15): theme colour for the keyboard, none after a
 * mouse click, and a text field's box showing focus instead of the browser's square.
 */
import type { Page } from 'playwright-core';
import type { AddressList } from '../../types/api/addresses';
import type { Quote, SubmitOrderResult } from '../../types/api/checkout';
import { newContext } from './support/browser';
import {
  addToCart,
  creditWallet,
  DUMPLINGS,
  NOODLES,
  NOODLES_SHOP,
  newCustomer,
  okApi,
  startLoggedIn,
  type Customer,
  type Lang,
} from './support/orders';
import { screenshot } from './support/screenshot';
import { open, shown, useSite } from './support/site';

const site = useSite();

const WIDTHS = [320, 390, 1280] as const;
const HEIGHT = 900;

interface Finding {
  kind: 'mid-word' | 'label wraps' | 'overflow' | 'off screen';
  text: string;
  /** Where it broke: the end of one line | the start of the next (or the box for an overflow). */
  at: string;
  element: string;
}

/**
 * Runs in the page: every visible text node, measured. Kept free of closures over the test (it is serialised).
 */
function measureTexts(): Finding[] {
  const CONTROL =
    'button,a[href],[role=button],[role=link],[role=tab],[role=checkbox],[role=radio],[role=option],[role=menuitem]';
  const SKIP = '.leaflet-container,script,style,noscript,.taro-tabbar__tabbar,.weui-picker';
  const LONG_CJK = 24;
  const findings: Finding[] = [];
  const lang = document.documentElement.lang || 'zh-CN';
  const segmenter = new Intl.Segmenter(lang.startsWith('zh') ? 'zh' : 'en', { granularity: 'word' });
  const cjk = (c: string) => /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/.test(c);
  const wordChar = (c: string) => /[\p{L}\p{N}]/u.test(c) && !cjk(c);
  const digit = (c: string) => /\p{N}/u.test(c);
  const describe = (el: Element) => {
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean) : [];
    return `${el.tagName.toLowerCase()}${cls.length ? '.' + cls.slice(0, 2).join('.') : ''}`;
  };
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const text = node.data;
    if (!text.trim()) continue;
    const el = node.parentElement;
    if (!el || el.closest(SKIP)) continue;
    if (!el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) continue;
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (rects.length === 0) continue;
    const control = el.closest(CONTROL);
    const isLabel = !!control && (control.textContent ?? '').trim() === text.trim();
    // A label or a list of names, not a sentence: short, and without a comma or full stop.
    const short = text.replace(/\s/g, '').length <= LONG_CJK && !/[，。；！？]/.test(text);
    const shown = text.trim().replace(/\s+/g, ' ').slice(0, 80);

    // Lines: where a character starts lower than the one before it.
    const chars = [...text];
    let offset = 0;
    let prev: { index: number; top: number; height: number; char: string } | undefined;
    let wrapped = false;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i]!;
      const start = offset;
      offset += c.length;
      if (/\s/.test(c)) continue;
      range.setStart(node, start);
      range.setEnd(node, offset);
      const box = [...range.getClientRects()].find((r) => r.width > 0);
      if (!box) continue;
      if (prev && box.top > prev.top + prev.height / 2) {
        wrapped = true;
        const between = chars.slice(prev.index + 1, i).join('');
        const atSpace = between.length > 0 && /^\s+$/.test(between);
        const a = prev.char;
        let mid = false;
        if (!atSpace) {
          if (wordChar(a) && wordChar(c)) mid = true;
          else if (digit(a) && cjk(c)) mid = true;
          else if (cjk(a) && cjk(c) && (short || !!control)) {
            // Inside one word of the segmenter: "支付", "商品".
            const joined = chars.join('');
            const pos = chars.slice(0, i).join('').length;
            for (const s of segmenter.segment(joined)) {
              if (s.index < pos && s.index + s.segment.length > pos && s.isWordLike && s.segment.length > 1) mid = true;
            }
          }
        }
        const at = `${chars.slice(Math.max(0, prev.index - 8), prev.index + 1).join('')}|${chars
          .slice(i, i + 8)
          .join('')}`;
        if (mid) findings.push({ kind: 'mid-word', text: shown, at, element: describe(el) });
        else if (isLabel) findings.push({ kind: 'label wraps', text: shown, at, element: describe(control!) });
      }
      prev = { index: i, top: box.top, height: box.height, char: c };
    }
    void wrapped;

    // Overflow: out of the nearest block around the text, or out of the window.
    let block: Element = el;
    while (block.parentElement && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    let truncated = false;
    let scrolls = false;
    for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.textOverflow === 'ellipsis' && style.overflowX !== 'visible') truncated = true;
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') scrolls = true;
      const clamp = style.getPropertyValue('-webkit-line-clamp');
      if (clamp && clamp !== 'none') truncated = true;
    }
    if (truncated) continue;
    const b = block.getBoundingClientRect();
    const out = rects.find((r) => r.right > b.right + 1 || r.left < b.left - 1);
    if (out) {
      findings.push({
        kind: 'overflow',
        text: shown,
        at: `text ${Math.round(out.left)}-${Math.round(out.right)} in box ${Math.round(b.left)}-${Math.round(b.right)}`,
        element: describe(block),
      });
    } else if (!scrolls && rects.some((r) => r.right > window.innerWidth + 1 || r.left < -1)) {
      findings.push({ kind: 'off screen', text: shown, at: `window ${window.innerWidth}`, element: describe(block) });
    }
  }
  return findings;
}

async function findingsOf(page: Page): Promise<Finding[]> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Fonts and lazy parts settle before measuring.
  await page.waitForTimeout(300);
  return page.evaluate(measureTexts);
}

/** A cart of two dishes at restaurant 9 (noodles with their compulsory options, dumplings with a sauce). */
async function fillCart(customer: Customer, lang: Lang) {
  for (const id of [NOODLES, DUMPLINGS]) await addToCart(site, customer, lang, NOODLES_SHOP, id);
}

/** An order of the cart, delivered to the customer's address and paid from the balance; answers its id. */
async function placeOrder(customer: Customer, lang: Lang): Promise<number> {
  await fillCart(customer, lang);
  const { list } = await okApi<AddressList>(site, 'addrlist', customer.token, undefined, lang);
  const address = list.find((a) => a.is_default) ?? list[0]!;
  const body = { restaurant_id: NOODLES_SHOP, mode: 'delivery', address_id: address.id, payment_method: 'balance' };
  const quote = await okApi<Quote>(site, 'confirmorder', customer.token, body, lang);
  const result = await okApi<SubmitOrderResult>(
    site,
    'submitorder',
    customer.token,
    { ...body, idempotency_key: `text-${lang}-${customer.user.id}`, expected_total_fen: quote.total_fen },
    lang,
  );
  return result.order_id;
}

interface Screen {
  name: string;
  open(page: Page): Promise<void>;
}

function screensFor(orderId: number): Screen[] {
  return [
    {
      name: 'home',
      async open(page) {
        await open(page, '/');
        await shown(page, '.home').waitFor();
      },
    },
    {
      name: 'restaurant list',
      async open(page) {
        await open(page, '/restaurant_list');
        await shown(page, '.store-card__name').first().waitFor();
      },
    },
    {
      name: 'restaurant',
      async open(page) {
        await open(page, `/restaurant_detail?id=${NOODLES_SHOP}`);
        await shown(page, '.menu-item').first().waitFor();
        await shown(page, '.cart-panel__total').waitFor();
        // A dish without options, added with one tap on its card: it shows its count with -/+ (issue 15).
        const plain = shown(page, '.menu-item--plain').first();
        const counter = plain.locator('.menu-item__count');
        const before = (await counter.count()) > 0 ? Number(await counter.textContent()) : 0;
        await plain.locator('.menu-item__add').click();
        await plain
          .locator('.menu-item__count')
          .filter({ hasText: String(before + 1) })
          .waitFor();
        await plain.locator('.menu-item__minus').waitFor();
        expect(await shown(page, '.menu-choice').count()).toBe(0);
      },
    },
    {
      name: 'cart',
      async open(page) {
        await shown(page, '.cart-panel__summary').click();
        await shown(page, '.cart-panel__sheet .cart-line').first().waitFor();
      },
    },
    {
      name: 'settlement',
      async open(page) {
        await open(page, `/settlemt/${NOODLES_SHOP}`);
        await shown(page, '.settlement__total').waitFor();
        await shown(page, '.settlement__address-chosen').waitFor();
      },
    },
    {
      name: 'order detail',
      async open(page) {
        await open(page, `/order_detail/${orderId}`);
        await shown(page, '.order-detail').waitFor();
        await shown(page, '.order-timeline').waitFor();
      },
    },
    {
      name: 'orders tab',
      async open(page) {
        await open(page, '/orders');
        await shown(page, '.order-card').first().waitFor();
      },
    },
    {
      name: 'mine',
      async open(page) {
        await open(page, '/mine');
        await shown(page, '.mine').waitFor();
      },
    },
  ];
}

const report = (found: Record<string, Finding[]>) =>
  Object.entries(found)
    .filter(([, list]) => list.length > 0)
    .map(
      ([where, list]) =>
        `${where}:\n${list.map((f) => `    ${f.kind}: "${f.text}" at ${f.at} (${f.element})`).join('\n')}`,
    )
    .join('\n');

for (const lang of ['cn', 'en'] as const) {
  test(`no text breaks inside a word or overflows its box, at 320, 390 and 1280 px (${lang})`, async () => {
    const customer = await newCustomer(site, lang);
    await creditWallet(site, customer.user.id, 100_000);
    const orderId = await placeOrder(customer, lang);
    await fillCart(customer, lang);
    const page = await startLoggedIn(site, lang, customer);
    const found: Record<string, Finding[]> = {};
    const checked: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      for (const screen of screensFor(orderId)) {
        await screen.open(page);
        const where = `${screen.name} @${width}`;
        found[where] = await findingsOf(page);
        checked.push(where);
        if (width !== 320) await screenshot(page, `text-${screen.name.replace(/ /g, '-')}-${width}-${lang}`);
      }
    }

    // Logged out: the login screen.
    const context = await newContext(page.context().browser()!, site.url);
    try {
      await context.addInitScript((l) => localStorage.setItem('_lang', JSON.stringify({ data: l })), lang);
      const out = await context.newPage();
      for (const width of WIDTHS) {
        await out.setViewportSize({ width, height: HEIGHT });
        await open(out, '/login');
        await shown(out, '.login__submit').waitFor();
        const where = `login @${width}`;
        found[where] = await findingsOf(out);
        checked.push(where);
        if (width !== 320) await screenshot(out, `text-login-${width}-${lang}`);
      }
    } finally {
      await context.close();
    }

    console.log(
      `text layout (${lang}): checked ${checked.length} screens x widths\n${report(found) || '  nothing found'}`,
    );
    expect(report(found)).toBe('');
  }, 600_000);
}

test('focus ring: theme colour for the keyboard, none after a click; a text field shows focus on its box', async () => {
  const page = site.page;
  await site.context.addInitScript(() => localStorage.setItem('_lang', JSON.stringify({ data: 'en' })));
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/login');
  const submit = shown(page, '.login__submit');
  await submit.waitFor();
  const ring = (selector: string) =>
    shown(page, selector)
      .first()
      .evaluate((el) => {
        const s = getComputedStyle(el);
        return { style: s.outlineStyle, color: s.outlineColor, border: s.borderColor };
      });

  // A click on the e-mail field: no square around the bare input; the field's box takes the theme colour.
  await shown(page, 'input.form-input--email').click();
  expect((await ring('input.form-input--email')).style).toBe('none');
  expect((await ring('.form-field--email .form-field__control')).border).toBe('rgb(207, 44, 47)');

  // A mouse click on a button (the empty form only shows its messages): focused, and no ring.
  await submit.click();
  const clicked = await submit.evaluate((el) => {
    const s = getComputedStyle(el);
    return { focused: document.activeElement === el, style: s.outlineStyle };
  });
  expect(clicked).toEqual({ focused: true, style: 'none' });
  // The same button reached with the keyboard: the theme-coloured ring.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const keyed = await submit.evaluate((el) => {
    const s = getComputedStyle(el);
    return { focused: document.activeElement === el, style: s.outlineStyle, color: s.outlineColor };
  });
  expect(keyed).toEqual({ focused: true, style: 'solid', color: 'rgb(207, 44, 47)' });
  await screenshot(page, 'focus-ring-login-390-en');
});
