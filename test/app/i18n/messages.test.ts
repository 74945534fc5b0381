import cn from '../../../src/i18n/cn.json';
import en from '../../../src/i18n/en.json';
import { createT, loadPack, pluralForm, type MessageKey, type Messages } from '../../../src/i18n';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a message tree as [dotted key, value]. */
function leaves(tree: Tree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([k, v]) =>
    v !== null && typeof v === 'object'
      ? leaves(v as Tree, `${prefix}${k}.`)
      : [[`${prefix}${k}`, v] as [string, unknown]],
  );
}

const placeholders = (s: string) => new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));

describe('language packs', () => {
  const cnLeaves = new Map(leaves(cn as Tree));
  const enLeaves = new Map(leaves(en as Tree));

  it('have exactly the same keys, at every depth', () => {
    const onlyCn = [...cnLeaves.keys()].filter((k) => !enLeaves.has(k));
    const onlyEn = [...enLeaves.keys()].filter((k) => !cnLeaves.has(k));
    expect({ onlyCn, onlyEn }).toEqual({ onlyCn: [], onlyEn: [] });
    expect(cnLeaves.size).toBeGreaterThan(20);
  });

  it('hold only non-empty strings', () => {
    const bad = [
      ...leaves(cn as Tree).map(([k, v]) => [`cn.${k}`, v]),
      ...leaves(en as Tree).map(([k, v]) => [`en.${k}`, v]),
    ].filter(([, v]) => typeof v !== 'string' || v.trim() === '');
    expect(bad).toEqual([]);
  });

  it('use the same {placeholders} in both languages', () => {
    const mismatched = [...cnLeaves.keys()]
      .filter((k) => enLeaves.has(k))
      .filter((k) => {
        const a = placeholders(String(cnLeaves.get(k)));
        const b = placeholders(String(enLeaves.get(k)));
        return a.size !== b.size || [...a].some((p) => !b.has(p));
      });
    expect(mismatched).toEqual([]);
  });

  it('the helpers above notice a difference', () => {
    expect(leaves({ a: { b: 'x', c: { d: 'y' } } })).toEqual([
      ['a.b', 'x'],
      ['a.c.d', 'y'],
    ]);
    expect(placeholders('{a} and {b}')).toEqual(new Set(['a', 'b']));
  });
});

describe('createT', () => {
  // English is not bundled on H5 (lazy-language.test.tsx): here it is loaded first, as start-up does.
  beforeAll(() => loadPack('en'));
  let error: jest.SpyInstance;
  beforeEach(() => {
    error = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => error.mockRestore());

  it('translates in the language asked', () => {
    expect(createT('cn')('topbar.login')).toBe('登录');
    expect(createT('en')('topbar.login')).toBe('Log In');
    expect(error).not.toHaveBeenCalled();
  });

  it('fills {params}, every occurrence, and leaves unknown ones as they are', () => {
    expect(createT('en')('mine.hello', { name: 'Li Lei' })).toBe('Hello, Li Lei');
    expect(createT('cn')('footer.copyright', { year: 2026 })).toBe('© 2026 szeat 版权所有');
    expect(createT('en')('mine.hello')).toBe('Hello, {name}');
    const packs = { cn: { ...cn, app: { ...cn.app, name: '{x}-{x}-{y}' } } as Messages };
    expect(createT('cn', packs)('app.name', { x: 1 })).toBe('1-1-{y}');
  });

  it('logs a missing key and returns the key', () => {
    const t = createT('en');
    expect(t('nope.missing' as never)).toBe('nope.missing');
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('nope.missing');
  });

  it('treats a key that names a group, not a string, as missing', () => {
    expect(createT('en')('topbar' as never)).toBe('topbar');
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('logs a missing language pack and falls back to cn', () => {
    const t = createT('en', { cn: cn as Messages });
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/language pack.*en/i);
    expect(t('topbar.login')).toBe('登录');
  });
});

describe('plural forms', () => {
  beforeAll(() => loadPack('en'));
  const counted = (tree: Tree) =>
    leaves(tree)
      .filter(([, v]) => String(v).includes('{count}'))
      .map(([k]) => k as MessageKey);

  it('every message that takes a count reads right for 1 and for more, in English', () => {
    const t = createT('en');
    // A new message with {count} joins this table: give it "one|other" forms when the word after the number
    // changes ("1 item", "2 items").
    expect(counted(en as Tree).map((k) => [k, t(k, { count: 1 }), t(k, { count: 2 })])).toEqual([
      ['orders.item_count', '1 item', '2 items'],
      ['discover.view_all', 'See all 1', 'See all 2'],
      ['discover.count', '1 restaurant', '2 restaurants'],
      ['store.review_count', '1 review', '2 reviews'],
      ['store.tab_reviews_count', 'Reviews (1)', 'Reviews (2)'],
      ['store.bucket_count', '{bucket}: 1', '{bucket}: 2'],
      ['menu.filtered', 'Dishes matching “{name}”: 1', 'Dishes matching “{name}”: 2'],
      ['menu.in_cart', '1 in the cart', '2 in the cart'],
      ['menu.rule_required_exact', 'Required, choose 1', 'Required, choose 2'],
      ['search.type_count', '{type} (1)', '{type} (2)'],
      ['cart.count', '1 item', '2 items'],
      ['checkout.vouchers_available', '1 available', '2 available'],
      ['voucher.available_count', '1 available', '2 available'],
      ['rating.stars_value', '1 of 5 stars', '2 of 5 stars'],
      ['rating.star_label', '1 star', '2 stars'],
      ['rating.comment_left', '1 character left', '2 characters left'],
      ['rating.photos', 'Photos (1/{max})', 'Photos (2/{max})'],
      ['rating.photo_of', 'Photo {index} of 1', 'Photo {index} of 2'],
      ['merchant.title_waiting', '(1) Order board', '(2) Order board'],
      ['merchant.waiting', '1 waiting', '2 waiting'],
      ['merchant.alert', '1 new order waiting: accept or reject it', '2 new orders waiting: accept or reject them'],
      [
        'merchant.alert_at',
        '{restaurant}: 1 new order waiting, tap to open its board',
        '{restaurant}: 2 new orders waiting, tap to open its board',
      ],
      [
        'merchant.hurry',
        'The customer asked where the order is (1×, last at {time})',
        'The customer asked where the order is (2×, last at {time})',
      ],
      ['merchant_manage.today_method_line', '1 order', '2 orders'],
      ['merchant_manage.today_refunded_line', '1 order, {price} in all', '2 orders, {price} in all'],
    ]);
    expect(t('orders.item_count', { count: 0 })).toBe('0 items');
  });

  it('Chinese keeps its one form', () => {
    expect(leaves(cn as Tree).filter(([, v]) => String(v).includes('|'))).toEqual([]);
    const t = createT('cn');
    expect(t('orders.item_count', { count: 1 })).toBe('1件商品');
    expect(t('cart.count', { count: 2 })).toBe('共2件');
  });

  it('picks the form by the count: the last one when there is no count', () => {
    expect(pluralForm('en', 'a|b', 1)).toBe('a');
    expect(pluralForm('en', 'a|b', '1')).toBe('a');
    expect(pluralForm('en', 'a|b', 2)).toBe('b');
    expect(pluralForm('en', 'a|b', undefined)).toBe('b');
    expect(pluralForm('cn', 'a', 1)).toBe('a');
  });
});
