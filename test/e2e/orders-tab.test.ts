/**
 * The orders tab reads as a list (issue 15 §3, audit): on every card the item count and the total sit at the same
 * place at the card's right, whether or not the card has a button ("Pay now", "Rate"), and the order time stays on
 * one line, on a phone and on a desktop, in both languages.
 */
import type { Page } from 'playwright-core';
import { runOrdersCli } from '../../server/src/orders-cli';
import { DESKTOP, newCustomer, PHONE, placeOrder, startLoggedIn } from './support/orders';
import { open, shown, useSite } from './support/site';

const site = useSite();

interface CardBox {
  total: { right: number; top: number };
  count: { right: number };
  timeLines: number;
}

async function cards(page: Page): Promise<CardBox[]> {
  await shown(page, '.order-card').nth(2).waitFor();
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.order-card')]
      .filter((c) => c.offsetParent !== null)
      .map((card) => {
        const box = (sel: string) => card.querySelector<HTMLElement>(sel)!.getBoundingClientRect();
        const time = card.querySelector<HTMLElement>('.order-card__time')!;
        const lineHeight = parseFloat(getComputedStyle(time).lineHeight) || time.getBoundingClientRect().height;
        return {
          total: { right: Math.round(box('.order-card__total').right), top: Math.round(box('.order-card__total').top) },
          count: { right: Math.round(box('.order-card__count').right) },
          timeLines: Math.round(time.getBoundingClientRect().height / lineHeight),
        };
      }),
  );
}

for (const lang of ['cn', 'en'] as const) {
  test(`orders tab (${lang}): count and total line up on every card, with or without a button; the time on one line`, async () => {
    const customer = await newCustomer(site, lang);
    const done = await placeOrder(site, customer, lang, { payment: 'cod', tag: 'rate' });
    const io = { out: () => undefined, err: () => undefined };
    // Along the delivery path to completed: the card offers "Rate".
    for (let i = 0; i < 6; i++) await runOrdersCli(['advance', String(done)], io, { db: site.server.db });
    await placeOrder(site, customer, lang, { payment: 'cod', tag: 'plain' });
    await placeOrder(site, customer, lang, { payment: 'wechat', tag: 'unpaid' });
    const page = await startLoggedIn(site, lang, customer);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await open(page, '/orders');
      await shown(page, '.order-card__pay').waitFor();
      await shown(page, '.order-card__rate').waitFor();
      const boxes = await cards(page);
      expect(boxes).toHaveLength(3);
      const rights = new Set(boxes.map((b) => b.total.right));
      expect({ size: size.width, totalRights: [...rights] }).toEqual({
        size: size.width,
        totalRights: [boxes[0]!.total.right],
      });
      // The count sits just before the total, on its line.
      for (const b of boxes) expect(b.total.right - b.count.right).toBeLessThan(120);
      expect({ size: size.width, timeLines: boxes.map((b) => b.timeLines) }).toEqual({
        size: size.width,
        timeLines: [1, 1, 1],
      });
    }
  });
}
