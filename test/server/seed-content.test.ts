/**
 * The demo data reads as real content (issue 15 §4): review comments are never repeated, name only dishes of the
 * restaurant they review, are in their author's language; no voucher is called "expired" (it is expired by its date).
 */
import { articleSeed } from '../../server/src/seed/articles';
import { catalogueSeed } from '../../server/src/seed/catalogue';
import { ADS, POPUPS, PROMOTIONS } from '../../server/src/seed/catalogue-data/marketing';
import { useTestApp } from './support/app';

describe('seeded reviews', () => {
  const rows = catalogueSeed();
  const menus = new Map<number, Array<{ name_cn: string; name_en: string }>>();
  for (const item of rows.menu_items) {
    const category = rows.menu_categories.find((c) => c.id === item.category_id)!;
    const list = menus.get(Number(category.restaurant_id)) ?? [];
    list.push({ name_cn: item.name_cn, name_en: item.name_en });
    menus.set(Number(category.restaurant_id), list);
  }
  const allDishes = [...new Set(rows.menu_items.flatMap((i) => [i.name_cn, i.name_en]))];
  const comments = rows.reviews.map((r) => String(r.comment ?? '')).filter((c) => c !== '');

  it('has comments, and no two share a text', () => {
    expect(comments.length).toBeGreaterThan(rows.reviews.length * 0.9);
    const seen = new Map<string, number>();
    for (const c of comments) seen.set(c, (seen.get(c) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
  });

  it('each comment names a dish of its own restaurant, and none of another menu only', () => {
    const wrong: string[] = [];
    for (const review of rows.reviews) {
      const comment = String(review.comment ?? '');
      if (!comment) continue;
      const own = menus.get(Number(review.restaurant_id)) ?? [];
      const ownNames = new Set(own.flatMap((d) => [d.name_cn, d.name_en]));
      if (![...ownNames].some((n) => comment.includes(n)))
        wrong.push(`${review.restaurant_id}: ${comment} (no own dish)`);
      // A dish of another menu named, unless the name is part of one of its own dishes' names.
      const foreign = allDishes.filter(
        (n) => !ownNames.has(n) && comment.includes(n) && ![...ownNames].some((o) => o.includes(n)),
      );
      if (foreign.length > 0) wrong.push(`${review.restaurant_id}: ${comment} (names ${foreign.join(', ')})`);
    }
    expect(wrong).toEqual([]);
  });

  it('an English comment starts with the dish it names (no "The Pickled greens and pork noodles was")', () => {
    const wrong: string[] = [];
    for (const review of rows.reviews) {
      const comment = String(review.comment ?? '');
      if (!comment || /[\u4e00-\u9fff]/.test(comment)) continue;
      const own = menus.get(Number(review.restaurant_id)) ?? [];
      if (!own.some((d) => comment.startsWith(d.name_en))) wrong.push(comment);
    }
    expect(wrong).toEqual([]);
  });

  it('is written in the author’s language: Chinese names write Chinese, the others English', () => {
    const han = /[\u4e00-\u9fff]/;
    for (const review of rows.reviews) {
      const comment = String(review.comment ?? '');
      if (!comment) continue;
      const chineseAuthor = /[\u4e00-\u9fff*]/.test(review.author_name);
      // An English comment may name a dish whose English name keeps Chinese (none today); the frame is English.
      expect({ author: review.author_name, comment, chinese: han.test(comment) }).toEqual({
        author: review.author_name,
        comment,
        chinese: chineseAuthor,
      });
    }
  });
});

describe('seeded vouchers', () => {
  const t = useTestApp('sqlite');
  it('none is named "expired": an expired voucher is one whose date has passed', async () => {
    const vouchers = await t.db.kysely.selectFrom('vouchers').selectAll().execute();
    expect(vouchers.length).toBeGreaterThan(0);
    for (const v of vouchers as Array<Record<string, unknown>>) {
      expect(`${String(v.name_cn)} | ${String(v.name_en)}`).not.toMatch(/expired|过期|失效/i);
    }
  });
});

/**
 * Anything the product shows is a promise (issue 15 §1): the news on home, the ads and the pop-ups offer no money the
 * checkout does not give. A text that speaks of money off, a voucher or a free delivery names a running promotion the
 * server applies (kind first_order_free_delivery or spend_save), by its title; anything else says nothing about prices.
 */
describe('seeded news, ads and pop-ups', () => {
  const now = Date.now();
  const running = (r: { starts_at: number; ends_at: number }) => r.starts_at <= now && now < r.ends_at;
  const rules = PROMOTIONS.filter((p) => p.kind !== 'banner' && running(p));
  const money = /[¥￥]|\d\s*元|减|券|免|voucher|\boff\b|free|discount|cashback|返现|折/i;
  const shown = [
    ...articleSeed()
      .filter((a) => a.kind === 'news')
      .map((a) => ({ what: `news ${a.id}`, title: [a.title_cn, a.title_en], text: [a.summary_cn, a.summary_en] })),
    ...ADS.filter(running).map((a) => ({ what: `ad ${a.id}`, title: [a.title_cn, a.title_en], text: [] as string[] })),
    ...POPUPS.filter(running).map((p) => ({
      what: `pop-up ${p.id}`,
      title: [p.title_cn, p.title_en],
      text: [p.content_cn, p.content_en],
    })),
  ];

  it('offer money only as a promotion the checkout applies, named by its title', () => {
    expect(rules.length).toBeGreaterThan(0);
    const offers = shown.filter((s) => [...s.title, ...s.text].some((x) => money.test(x)));
    expect(offers.length).toBeGreaterThan(0);
    const unbacked = offers
      .filter((s) => !rules.some((r) => s.title[0]!.includes(r.title_cn) && s.title[1]!.includes(r.title_en)))
      .map((s) => `${s.what}: ${s.title.join(' / ')}`);
    expect(unbacked).toEqual([]);
  });
});
