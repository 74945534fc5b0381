/**
 * The seed's pictures look like a real catalogue (issue 15 §4): every dish has a picture of its own (two different
 * dishes never show the same bytes; the same dish on two menus shows the same one), restaurants show a drawn mark
 * (an outline, a dish drawn inside) and not a letter in a circle, and a review's photo shows a dish of
 * the restaurant it reviews.
 */
import crypto from 'node:crypto';
import { seedDishes, seedPictures } from '../../server/src/seed/pictures';
import { CUISINES, DRINKS } from '../../server/src/seed/catalogue-data/cuisines';
import { DRINK_KINDS, SAVOURY_ONLY_SIDES, dishArt, dishPicturePath } from '../../server/src/seed/pictures/dish';
import { FOOD_KINDS, foodArt } from '../../server/src/seed/pictures/food';
import { useTestApp } from './support/app';

const sha = (body: Buffer | string) => crypto.createHash('sha256').update(body).digest('hex');

describe('seeded pictures, as served', () => {
  const t = useTestApp('sqlite');
  const served = new Map<string, string>();
  /** The hash of what the server answers at a picture path (read once). */
  async function hashOf(picture: string) {
    if (!served.has(picture)) {
      const res = await t.api.get(picture);
      expect({ picture, status: res.status }).toEqual({ picture, status: 200 });
      served.set(picture, sha(res.raw.rawPayload));
    }
    return served.get(picture)!;
  }

  it('gives two different dishes two different pictures, and one dish the same picture on every menu', async () => {
    const items = await t.db.kysely.selectFrom('menu_items').select(['name_cn', 'name_en', 'picture']).execute();
    const dishByHash = new Map<string, string>();
    const hashByDish = new Map<string, string>();
    const shared: string[] = [];
    for (const item of items) {
      const h = await hashOf(item.picture);
      const dish = `${item.name_cn} / ${item.name_en}`;
      const other = dishByHash.get(h);
      if (other && other !== dish) shared.push(`${dish} shares its picture with ${other}`);
      dishByHash.set(h, dish);
      if (hashByDish.has(dish)) expect({ dish, h }).toEqual({ dish, h: hashByDish.get(dish) });
      hashByDish.set(dish, h);
    }
    expect(shared).toEqual([]);
    expect(hashByDish.size).toBeGreaterThan(150);
  });

  it('shows each restaurant a drawn mark of its own, never a letter in a circle', async () => {
    const restaurants = await t.db.kysely.selectFrom('restaurants').select(['id', 'name_cn', 'logo']).execute();
    const hashes = new Set<string>();
    for (const r of restaurants) {
      const res = await t.api.get(r.logo);
      const svg = res.raw.rawPayload.toString('utf8');
      hashes.add(sha(svg));
      // A letter circle: one circle behind a single character. A mark has a drawn dish, and no words (the app shows
      // the name beside it in the customer's language).
      expect({ id: r.id, text: /<text/.test(svg) }).toEqual({ id: r.id, text: false });
      expect(svg).toMatch(/<g transform="translate\([^)]*\) scale\([^)]*\)">/);
      expect(svg).not.toMatch(/^<svg[^>]*><defs>.*<\/defs><circle[^>]*\/><circle[^>]*\/><text/);
    }
    expect(hashes.size).toBe(restaurants.length);
  });

  it('gives a review photo of the seed a dish of the reviewed restaurant, the one its comment names', async () => {
    const k = t.db.kysely;
    const reviews = await k
      .selectFrom('reviews')
      .select(['restaurant_id', 'photos', 'comment'])
      .where('order_id', 'is', null)
      .execute();
    const items = await k.selectFrom('menu_items').select(['restaurant_id', 'name_cn', 'name_en', 'picture']).execute();
    let photos = 0;
    for (const review of reviews) {
      for (const photo of JSON.parse(review.photos) as string[]) {
        photos++;
        const own = items.filter((i) => i.restaurant_id === review.restaurant_id && i.picture === photo);
        expect({ photo, own: own.length > 0 }).toEqual({ photo, own: true });
        const comment = String(review.comment ?? '');
        if (comment) expect(own.some((i) => comment.includes(i.name_cn) || comment.includes(i.name_en))).toBe(true);
        await hashOf(photo);
      }
    }
    expect(photos).toBeGreaterThan(20);
  });
});

/** The seed's desserts and sweet soups, each a different thing (a tart is not a pudding, nor a mille crêpe a cake). */
const DESSERTS = [
  '蛋挞',
  '红糖糍粑',
  '糖油粑粑',
  '反沙芋头',
  '抹茶冰淇淋',
  '提拉米苏',
  '芒果糯米饭',
  '杨枝甘露',
  '双皮奶',
  '芒果班戟',
  '榴莲千层',
  '红豆冰',
  '椰汁西米露',
  '抹茶蛋糕',
  '希腊酸奶杯',
];

describe('base drawings (the dish kind drawn under the toppings)', () => {
  const dishes = seedDishes();
  const kindOf = (cn: string) => dishes.find((d) => d.cn === cn)?.kind;

  it('are all different drawings', () => {
    const byArt = new Map<string, string>();
    for (const kind of FOOD_KINDS) {
      expect({ kind, same: byArt.get(foodArt(kind)) }).toEqual({ kind, same: undefined });
      byArt.set(foodArt(kind), kind);
    }
  });

  it('draw each dessert as what it is: no two desserts share one (they all shared the cake slice)', () => {
    const shared = new Map<string, string[]>();
    for (const cn of DESSERTS) shared.set(kindOf(cn)!, [...(shared.get(kindOf(cn)!) ?? []), cn]);
    expect([...shared.values()].filter((names) => names.length > 1)).toEqual([]);
    expect(DESSERTS.map(kindOf).filter((k) => !k || !FOOD_KINDS.includes(k))).toEqual([]);
  });

  it('know every dessert: a dish of a dessert kind or of a desserts category is in the list above', () => {
    const dessertKinds = new Set(DESSERTS.map(kindOf));
    const inDessertCategories = CUISINES.flatMap((c) => c.categories)
      .filter((c) => c.cn === '甜品')
      .flatMap((c) => c.dishes.map((d) => d[0]));
    expect(inDessertCategories.length).toBeGreaterThan(0);
    const unlisted = [
      ...dishes.filter((d) => dessertKinds.has(d.kind)).map((d) => d.cn),
      ...inDessertCategories,
    ].filter((cn) => !DESSERTS.includes(cn));
    expect(unlisted).toEqual([]);
  });
});

describe('pictures of databases seeded before', () => {
  it('keeps the one-per-kind dish pictures answering, none of them in the place of a dish’s own picture', () => {
    const files = seedPictures();
    const own = new Set(seedDishes().map((d) => dishPicturePath(d.en)));
    expect(own.size).toBe(seedDishes().length);
    for (const kind of ['dimsum', 'noodles', 'chicken', 'cola']) {
      expect(files.has(`/img/dish/${kind}.svg`)).toBe(true);
      expect(own.has(`/img/dish/${kind}.svg`)).toBe(false);
    }
    const legacy = [...files.keys()].filter((p) => p.startsWith('/img/dish/') && !own.has(p));
    expect(legacy.length).toBeGreaterThan(30);
    expect(files.size).toBe(new Set(files.keys()).size);
  });
});

describe('no words in any picture (issue 15: no text baked into pictures in one language)', () => {
  it('draws every seeded picture (dishes, marks, covers, promotions, ads, pop-ups) without text', () => {
    const files = seedPictures();
    expect(files.has('/img/ad/5.svg')).toBe(true);
    const withText = [...files].filter(([, svg]) => /<text|<tspan|<textPath|<foreignObject/i.test(svg)).map(([p]) => p);
    expect(withText).toEqual([]);
  });
});

describe('drinks', () => {
  const dishes = seedDishes();
  const inDrinkCategories = new Set(
    [...CUISINES.flatMap((c) => c.categories), DRINKS]
      .filter((c) => c.cn.includes('饮'))
      .flatMap((c) => c.dishes.map((d) => d[0])),
  );
  /** Food sold in a drinks category (轻食饮品 has a wrap). */
  const NOT_DRINKS = ['全麦鸡肉卷'];
  const drinks = dishes.filter(
    (d) => DRINK_KINDS.has(d.kind) || (inDrinkCategories.has(d.cn) && !NOT_DRINKS.includes(d.cn)),
  );

  it('get a straw, a coaster or nothing beside them, never a chilli or chopsticks', () => {
    expect(drinks.map((d) => d.cn)).toEqual(expect.arrayContaining(['多肉葡萄', '可口可乐', '冻柠檬茶', '矿泉水']));
    expect(SAVOURY_ONLY_SIDES.every((side) => side.length > 0)).toBe(true);
    const wrong = drinks
      .filter((d) => SAVOURY_ONLY_SIDES.some((side) => dishArt(d.cn, d.kind).includes(side)))
      .map((d) => d.cn);
    expect(wrong).toEqual([]);
    // No meat in 多肉葡萄 ("fleshy grapes"): its pieces are grapes, not pork slices.
    expect(dishArt('多肉葡萄', 'juice')).not.toContain('fill="#c9694b"');
    // The savoury sides are still drawn beside savoury dishes (the check above looks for what is really drawn).
    const savoury = dishes.filter((d) => SAVOURY_ONLY_SIDES.some((side) => dishArt(d.cn, d.kind).includes(side)));
    expect(savoury.length).toBeGreaterThan(20);
  });

  it('know every drink kind: each dish of the drinks categories is a drink or a sweet kind, or food listed as such', () => {
    const sweetKinds = new Set(DESSERTS.map((cn) => dishes.find((d) => d.cn === cn)?.kind));
    const unknown = [...inDrinkCategories]
      .map((cn) => dishes.find((d) => d.cn === cn)!)
      .filter((d) => !DRINK_KINDS.has(d.kind) && !sweetKinds.has(d.kind) && !NOT_DRINKS.includes(d.cn))
      .map((d) => `${d.cn} (${d.kind})`);
    expect(unknown).toEqual([]);
  });
});
