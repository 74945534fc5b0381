import { ErrorCode } from '../../types/errors';
import { BUILDINGS, UNCOVERED_BUILDING_IDS } from '../../server/src/seed/places';
import { RENOVATION_RESUME_AT } from '../../server/src/seed/catalogue-data/restaurants';
import { createStoresRepository } from '../../server/src/modules/stores/repository';
import { createStoresService } from '../../server/src/modules/stores/service';
import { DIALECTS, useTestApp } from './support/app';
import { chinaTime } from './support/clock';
import { pictureUrl } from '../../server/src/cache/picture-urls';

const at = (id: number) => {
  const b = BUILDINGS.find((x) => x.id === id)!;
  return `lat=${b.lat}&lng=${b.lng}`;
};

interface Store {
  id: number;
  name: string;
  distance_m: number | null;
  delivery_radius_m: number;
  rating: number;
  review_count: number;
  min_order_fen: number;
  created_at: number;
  cuisines: Array<{ id: number; name: string }>;
}
const ids = (list: Array<{ id: number }>) => list.map((s) => s.id);

describe.each(DIALECTS)('stores API on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  beforeEach(() => {
    clock.set(chinaTime(2026, 10, 1, 12));
  });

  const get = (url: string, lang?: string) => api.get(url, { lang });

  describe('storelist', () => {
    it('lists only restaurants whose delivery radius covers the position, nearest first', async () => {
      const { status, body } = await get(`storelist?${at(1)}`, 'en');
      expect(status).toBe(200);
      expect(body.code).toBe(ErrorCode.Ok);
      expect(body.data).toMatchObject({ total: 3, page: 1, page_size: 10, has_more: false });
      expect(ids(body.data.list).sort()).toEqual([1, 2, 3]);
      const list: Store[] = body.data.list;
      for (const s of list) expect(s.distance_m!).toBeLessThanOrEqual(s.delivery_radius_m);
      expect(list.map((s) => s.distance_m)).toEqual([...list.map((s) => s.distance_m)].sort((a, b) => a! - b!));
      expect(list[0]).toMatchObject({
        name: expect.any(String),
        logo: expect.stringMatching(/^\/img\/store\/\d+-logo\.[0-9a-f]{10}\.svg$/),
        cover: expect.stringMatching(/^\/img\/store\/\d+-cover\.[0-9a-f]{10}\.svg$/),
        area_name: 'Nanshan',
        delivery: true,
        is_open: expect.any(Boolean),
      });
    });

    it('finds nothing where no restaurant delivers (the airport, Huicheng)', async () => {
      for (const building of [14, 20]) {
        const { status, body } = await get(`storelist?${at(building)}`);
        expect(status).toBe(200);
        expect(body.data).toEqual({ list: [], total: 0, page: 1, page_size: 10, has_more: false });
      }
    });

    it('covers every seeded building with at least two restaurants, except the ones left empty on purpose', async () => {
      for (const b of BUILDINGS) {
        const { total } = (await get(`storelist?${at(b.id)}&page_size=50`)).body.data;
        if (UNCOVERED_BUILDING_IDS.includes(b.id)) expect(total).toBe(0);
        else expect(total).toBeGreaterThanOrEqual(2);
      }
    });

    it('sorts by rating, minimum order and newest', async () => {
      const byRating: Store[] = (await get(`storelist?${at(7)}&sort=rating`)).body.data.list;
      expect(byRating.length).toBe(5);
      for (let i = 1; i < byRating.length; i++)
        expect(byRating[i - 1]!.rating).toBeGreaterThanOrEqual(byRating[i]!.rating);
      const byMin: Store[] = (await get(`storelist?${at(7)}&sort=min_order`)).body.data.list;
      for (let i = 1; i < byMin.length; i++)
        expect(byMin[i - 1]!.min_order_fen).toBeLessThanOrEqual(byMin[i]!.min_order_fen);
      const byNew: Store[] = (await get(`storelist?${at(7)}&sort=newest`)).body.data.list;
      for (let i = 1; i < byNew.length; i++)
        expect(byNew[i - 1]!.created_at).toBeGreaterThanOrEqual(byNew[i]!.created_at);
      expect(ids(byNew)).toEqual([12, 8, 7, 5, 9]);
      const byDistance: Store[] = (await get(`storelist?${at(7)}&sort=distance`)).body.data.list;
      expect(byDistance[0]!.id).toBe(7);
      expect(new Set([ids(byRating), ids(byMin), ids(byNew)].map((l) => [...l].sort().join()))).toEqual(
        new Set([ids(byDistance).sort().join()]),
      );
    });

    it('filters by cuisine', async () => {
      const hunan = await get(`storelist?${at(5)}&cuisine_id=3`, 'en');
      expect(ids(hunan.body.data.list)).toEqual([5]);
      expect(hunan.body.data.list[0].cuisines).toEqual([{ id: 3, name: 'Hunan' }]);
      const japanese = await get(`storelist?${at(5)}&cuisine_id=6`);
      expect(japanese.body.data).toMatchObject({ list: [], total: 0 });
      const missing = await get(`storelist?${at(5)}&cuisine_id=99`, 'en');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ code: ErrorCode.NotFound, msg: 'Cuisine 99 was not found', data: null });
      expect((await get(`storelist?${at(5)}&cuisine_id=99`)).body.msg).toBe('菜系不存在（编号 99）');
    });

    it('pages without overlap', async () => {
      const all: Store[] = (await get(`storelist?${at(7)}&page_size=50`)).body.data.list;
      const pages = [];
      for (let page = 1; page <= 3; page++) {
        const { body } = await get(`storelist?${at(7)}&page=${page}&page_size=2`);
        expect(body.data).toMatchObject({ total: 5, page, page_size: 2, has_more: page < 3 });
        pages.push(...body.data.list);
      }
      expect(ids(pages)).toEqual(ids(all));
      expect((await get(`storelist?${at(7)}&page=4&page_size=2`)).body.data).toMatchObject({
        list: [],
        total: 5,
        has_more: false,
      });
    });

    it('answers names in the request language', async () => {
      const cn = (await get(`storelist?${at(21)}&sort=newest`)).body.data.list[0];
      const en = (await get(`storelist?${at(21)}&sort=newest`, 'en')).body.data.list[0];
      expect(cn.id).toBe(en.id);
      expect(cn.name).toBe('塔下汉堡');
      expect(en.name).toBe('Canton Tower Burgers');
      expect(cn.area_name).toBe('海珠区');
      expect(en.cuisines[0].name).toBe('Burgers & Western');
    });

    it.each([
      ['lng=113.9', 'lat is required'],
      ['lat=22.5', 'lng is required'],
      ['lat=90.1&lng=113.9', 'lat must be at most 90'],
      ['lat=22.5&lng=-200', 'lng must be at least -180'],
      ['lat=22.5&lng=113.9&page_size=-1', 'page_size must be at least 1'],
      ['lat=22.5&lng=113.9&page_size=51', 'page_size must be at most 50'],
      ['lat=22.5&lng=113.9&page=0', 'page must be at least 1'],
      ['lat=22.5&lng=113.9&sort=cheapest', 'sort has an invalid value'],
      ['lat=22.5&lng=113.9&cuisine_id=abc', 'cuisine_id must be a whole number'],
    ])('rejects %s', async (query, message) => {
      const res = await get(`storelist?${query}`, 'en');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: ErrorCode.Validation, msg: message });
    });

    it('rejects bad input in Chinese too', async () => {
      expect((await get('storelist?lat=22.5')).body.msg).toBe('缺少参数 lng');
    });
  });

  describe('newstores', () => {
    it('lists every restaurant newest first, paged', async () => {
      const first = (await get('newstores?page_size=3', 'en')).body.data;
      expect(first).toMatchObject({ total: 30, page: 1, page_size: 3, has_more: true });
      expect(ids(first.list)).toEqual([30, 27, 23]);
      expect(first.list[0]).toMatchObject({ name: 'Fresh Poke', distance_m: null, rating: 0, review_count: 0 });
      const second = (await get('newstores?page=2&page_size=3')).body.data;
      expect(ids(second.list)).toEqual([12, 20, 11]);
      const last = (await get('newstores?page=3&page_size=14')).body.data;
      expect(last).toMatchObject({ total: 30, has_more: false });
      expect(last.list).toHaveLength(2);
    });

    it('lists only restaurants delivering to a position when one is given', async () => {
      const { body } = await get(`newstores?${at(31)}`);
      expect(ids(body.data.list)).toEqual([27, 25, 26]);
      expect(body.data.list.every((s: Store) => typeof s.distance_m === 'number')).toBe(true);
      expect((await get(`newstores?${at(14)}`)).body.data.total).toBe(0);
    });

    it('rejects half a position and bad paging', async () => {
      const half = await get('newstores?lat=22.5', 'en');
      expect(half.status).toBe(400);
      expect(half.body).toEqual({ code: ErrorCode.Validation, msg: 'lat and lng must be given together', data: null });
      expect((await get('newstores?lng=113')).body.msg).toBe('经度和纬度需要同时提供');
      expect((await get('newstores?page_size=0', 'en')).body.msg).toBe('page_size must be at least 1');
    });
  });

  describe('storeinfo', () => {
    it('answers everything the restaurant page needs', async () => {
      const { status, body } = await get(`storeinfo?id=2&${at(2)}`, 'en');
      expect(status).toBe(200);
      const s = body.data;
      expect(s).toMatchObject({
        id: 2,
        name: 'Shu Xiang Sichuan Kitchen',
        description: expect.stringContaining('Chengdu'),
        address: expect.stringContaining('Kexing Science Park'),
        phone: '0755-86001002',
        city_id: 1,
        city_name: 'Shenzhen',
        area_name: 'Nanshan',
        logo: pictureUrl('/img/store/2-logo.svg'),
        cover: pictureUrl('/img/store/2-cover.svg'),
        min_order_fen: 2000,
        delivery_fee_fen: 400,
        delivery_radius_m: 4500,
        prep_minutes: 18,
        delivery: true,
        collection: true,
        payment_methods: ['wechat', 'alipay', 'cod', 'balance'],
        cuisines: [{ id: 2, name: 'Sichuan' }],
        in_delivery_range: true,
        is_open: true,
        closed_reason: null,
        closes_at: chinaTime(2026, 10, 1, 22),
      });
      expect(s.distance_m).toBeGreaterThan(0);
      expect(s.hours).toHaveLength(7);
      expect(s.hours[4]).toEqual({ weekday: 4, windows: [{ open: '10:30', close: '22:00', overnight: false }] });
      const r = s.rating_summary;
      expect(r.count).toBe(s.review_count);
      expect(r.stars.reduce((a: number, b: number) => a + b, 0)).toBe(r.count);
      expect(Object.values(r.delivery_time).reduce((a, b) => (a as number) + (b as number), 0)).toBe(r.count);
      expect(r.average).toBe(s.rating);
      expect(Number.isInteger(r.average * 10)).toBe(true);

      const cn = (await get('storeinfo?id=2')).body.data;
      expect(cn).toMatchObject({
        name: '蜀香小馆',
        city_name: '深圳',
        area_name: '南山区',
        in_delivery_range: null,
        distance_m: null,
      });
    });

    it('tells whether a position is inside the delivery radius', async () => {
      const far = (await get(`storeinfo?id=1&${at(14)}`)).body.data;
      expect(far.in_delivery_range).toBe(false);
      expect(far.distance_m).toBeGreaterThan(far.delivery_radius_m);
      const near = (await get(`storeinfo?id=1&${at(3)}`)).body.data;
      expect(near.in_delivery_range).toBe(true);
      expect(near.payment_methods).toEqual(['wechat', 'alipay', 'balance']);
    });

    it('shows the manually closed restaurant with its resume time', async () => {
      const s = (await get('storeinfo?id=15', 'en')).body.data;
      expect(s).toMatchObject({
        is_open: false,
        closed_reason: 'manual',
        resumes_at: RENOVATION_RESUME_AT,
        closes_at: null,
      });
      clock.set(chinaTime(2030, 1, 1, 12));
      expect((await get('storeinfo?id=15')).body.data).toMatchObject({ is_open: true, closed_reason: null });
    });

    it('keeps the late-night restaurant open across midnight', async () => {
      const seven = async () => (await get('storeinfo?id=7')).body.data;
      clock.set(chinaTime(2026, 10, 1, 23, 30));
      expect(await seven()).toMatchObject({ is_open: true, closes_at: chinaTime(2026, 10, 2, 3) });
      clock.set(chinaTime(2026, 10, 2, 2, 59));
      expect(await seven()).toMatchObject({ is_open: true, closes_at: chinaTime(2026, 10, 2, 3) });
      clock.set(chinaTime(2026, 10, 2, 3, 0));
      expect(await seven()).toMatchObject({
        is_open: false,
        closed_reason: 'hours',
        resumes_at: chinaTime(2026, 10, 2, 17),
      });
      expect((await seven()).hours[0].windows).toEqual([{ open: '17:00', close: '03:00', overnight: true }]);
    });

    it('handles split hours, a weekly closing day and round-the-clock opening', async () => {
      clock.set(chinaTime(2026, 10, 1, 15));
      expect((await get('storeinfo?id=29')).body.data).toMatchObject({
        is_open: false,
        resumes_at: chinaTime(2026, 10, 1, 17),
      });
      clock.set(chinaTime(2026, 10, 2, 1, 30));
      expect((await get('storeinfo?id=29')).body.data).toMatchObject({
        is_open: true,
        closes_at: chinaTime(2026, 10, 2, 2),
      });
      // Pizzeria Luna closes on Mondays: Monday 5 October at noon it reopens on Tuesday at 11:00.
      clock.set(chinaTime(2026, 10, 5, 12));
      const luna = (await get('storeinfo?id=8')).body.data;
      expect(luna).toMatchObject({ is_open: false, closed_reason: 'hours', resumes_at: chinaTime(2026, 10, 6, 11) });
      expect(luna.hours[1].windows).toEqual([]);
      const noodles = (await get('storeinfo?id=9')).body.data;
      expect(noodles).toMatchObject({ is_open: true, closes_at: null });
      expect(noodles.hours[3].windows).toEqual([{ open: '00:00', close: '24:00', overnight: false }]);
    });

    it('reports the state in lists too', async () => {
      clock.set(chinaTime(2026, 10, 2, 1));
      const list: Array<Store & { is_open: boolean }> = (await get(`storelist?${at(7)}`)).body.data.list;
      const open = list
        .filter((s) => s.is_open)
        .map((s) => s.id)
        .sort((a, b) => a - b);
      expect(open).toEqual([7, 9]);
    });

    it('gives 404 for an unknown restaurant and 400 for bad input', async () => {
      const res = await get('storeinfo?id=12345', 'en');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: ErrorCode.NotFound, msg: 'Restaurant 12345 was not found', data: null });
      expect((await get('storeinfo?id=12345')).body.msg).toBe('餐厅不存在（编号 12345）');
      expect((await get('storeinfo?id=0', 'en')).body.msg).toBe('id must be at least 1');
      expect((await get('storeinfo', 'en')).body.msg).toBe('id is required');
      expect((await get('storeinfo?id=1&lat=95&lng=113', 'en')).body.msg).toBe('lat must be at most 90');
      expect((await get('storeinfo?id=1&lat=22.5', 'en')).body.msg).toBe('lat and lng must be given together');
    });
  });

  describe('menulist', () => {
    interface Item {
      id: number;
      name: string;
      price_fen: number;
      sold_out: boolean;
      option_groups: Array<{
        compulsory: boolean;
        min_select: number;
        max_select: number;
        options: Array<{ name: string; price_delta_fen: number; sold_out: boolean }>;
      }>;
    }
    const itemsOf = (menu: { categories: Array<{ items: Item[] }> }) => menu.categories.flatMap((c) => c.items);

    it('answers categories, items, option groups and options', async () => {
      const { status, body } = await get('menulist?restaurant_id=1', 'en');
      expect(status).toBe(200);
      const menu = body.data;
      expect(menu.restaurant_id).toBe(1);
      expect(menu.categories[0]).toMatchObject({ name: 'Signature dim sum' });
      const items = itemsOf(menu);
      expect(menu.item_count).toBe(items.length);
      expect(items[0]).toMatchObject({
        name: 'Crystal shrimp dumplings',
        description: 'Four per basket, whole fresh prawns',
        picture: pictureUrl('/img/dish/crystal-shrimp-dumplings.svg'),
        sold_out: false,
        option_groups: [],
      });
      expect(items.every((i) => Number.isInteger(i.price_fen) && i.price_fen > 0)).toBe(true);
      const addons = items.flatMap((i) => i.option_groups).find((g) => !g.compulsory && g.max_select === 3)!;
      expect(addons).toMatchObject({ min_select: 0 });
      expect(addons.options.find((o) => o.name === 'Cheese')).toMatchObject({ price_delta_fen: 500, sold_out: true });
      const portion = items.flatMap((i) => i.option_groups).find((g) => g.compulsory)!;
      expect(portion.min_select).toBeGreaterThanOrEqual(1);
      expect(portion.max_select).toBeGreaterThanOrEqual(portion.min_select);
    });

    it('gives every restaurant 15-40 dishes with sold-out items and compulsory and optional choices', async () => {
      for (let id = 1; id <= 30; id++) {
        const items = itemsOf((await get(`menulist?restaurant_id=${id}`)).body.data);
        expect(items.length).toBeGreaterThanOrEqual(15);
        expect(items.length).toBeLessThanOrEqual(40);
        expect(items.some((i) => i.sold_out)).toBe(true);
        const groups = items.flatMap((i) => i.option_groups);
        expect(groups.some((g) => g.compulsory && g.min_select >= 1)).toBe(true);
        expect(groups.some((g) => !g.compulsory)).toBe(true);
      }
    });

    it('has a choose-two group and sold-out options', async () => {
      const salads = itemsOf((await get('menulist?restaurant_id=12', 'en')).body.data);
      const sides = salads.flatMap((i) => i.option_groups).find((g) => g.min_select === 2)!;
      expect(sides).toMatchObject({ compulsory: true, max_select: 2 });
      const tea = itemsOf((await get('menulist?restaurant_id=11', 'en')).body.data);
      const taro = tea
        .flatMap((i) => i.option_groups)
        .flatMap((g) => g.options)
        .find((o) => o.name === 'Taro balls')!;
      expect(taro).toMatchObject({ sold_out: true, price_delta_fen: 300 });
    });

    it('filters dishes by a keyword in either language, case-insensitively', async () => {
      const en = (await get('menulist?restaurant_id=9&keyword=BEEF', 'en')).body.data;
      const names = itemsOf(en).map((i) => i.name);
      expect(names.length).toBeGreaterThanOrEqual(2);
      expect(names.every((n) => /beef/i.test(n))).toBe(true);
      expect(en.item_count).toBe(names.length);
      const cn = (await get(`menulist?restaurant_id=9&keyword=${encodeURIComponent('牛肉')}`)).body.data;
      expect(itemsOf(cn).map((i) => i.id)).toEqual(itemsOf(en).map((i) => i.id));
      expect(itemsOf(cn).every((i) => i.name.includes('牛肉'))).toBe(true);
      expect(cn.categories.every((c: { items: Item[] }) => c.items.length > 0)).toBe(true);
      expect((await get('menulist?restaurant_id=9&keyword=pizza')).body.data).toEqual({
        restaurant_id: 9,
        item_count: 0,
        categories: [],
      });
      expect((await get('menulist?restaurant_id=9&keyword=%25')).body.data.item_count).toBe(0);
      // A blank keyword is no filter.
      expect((await get('menulist?restaurant_id=9&keyword=%20')).body.data.item_count).toBeGreaterThanOrEqual(15);
    });

    it('reads a menu in two queries (dishes with categories, groups with options), a third only for no dish', async () => {
      let queries = 0;
      const counting = t.db.kysely.withPlugin({
        transformQuery: (args) => {
          queries += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const service = createStoresService(createStoresRepository(counting), clock.now);
      const direct = (await get('menulist?restaurant_id=3', 'en')).body.data;
      expect(await service.menu(3, undefined, 'en')).toEqual(direct);
      expect(queries).toBe(2);
      queries = 0;
      expect((await service.menu(9, 'pizza', 'en')).categories).toEqual([]);
      expect(queries).toBe(3);
      queries = 0;
      await expect(service.menu(999, undefined, 'en')).rejects.toMatchObject({ key: 'store.not_found' });
      expect(queries).toBe(3);
    });

    it('gives 404 for an unknown restaurant and 400 for bad input', async () => {
      const res = await get('menulist?restaurant_id=999', 'en');
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('Restaurant 999 was not found');
      expect((await get('menulist', 'en')).body.msg).toBe('restaurant_id is required');
      const long = await get(`menulist?restaurant_id=1&keyword=${'x'.repeat(51)}`, 'en');
      expect(long.status).toBe(400);
      expect(long.body.msg).toBe('keyword must be at most 50 characters');
    });
  });

  describe('storereview', () => {
    it('pages reviews newest first with the rating summary', async () => {
      const all = (await get('storereview?restaurant_id=1&page_size=50')).body.data;
      expect(all).toMatchObject({ total: 12, page: 1, page_size: 50, has_more: false });
      expect(all.list).toHaveLength(12);
      const dates = all.list.map((r: { created_at: number }) => r.created_at);
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      expect(all.summary.count).toBe(12);
      expect(all.summary.stars.reduce((a: number, b: number) => a + b, 0)).toBe(12);
      const review = all.list[0];
      expect(review).toMatchObject({
        author: expect.any(String),
        food_rating: expect.any(Number),
        other_rating: expect.any(Number),
        comment: expect.any(String),
        photos: expect.any(Array),
      });
      expect(['within30', 'within40', 'within50', 'within60', 'over60']).toContain(review.delivery_time);
      const paged = [];
      for (let page = 1; page <= 3; page++) {
        const { body } = await get(`storereview?restaurant_id=1&page=${page}&page_size=5`);
        expect(body.data).toMatchObject({ total: 12, page, has_more: page < 3 });
        paged.push(...body.data.list);
      }
      expect(ids(paged)).toEqual(ids(all.list));
      expect(all.list.some((r: { photos: string[] }) => r.photos.length > 0)).toBe(true);
    });

    it('answers an empty page and summary for a restaurant without reviews, in both languages', async () => {
      const cn = (await get('storereview?restaurant_id=30')).body;
      expect(cn.msg).toBe('成功');
      expect(cn.data).toMatchObject({ list: [], total: 0, has_more: false });
      expect(cn.data.summary).toEqual({
        count: 0,
        average: 0,
        food_average: 0,
        other_average: 0,
        stars: [0, 0, 0, 0, 0],
        delivery_time: { within30: 0, within40: 0, within50: 0, within60: 0, over60: 0 },
      });
      expect((await get('storereview?restaurant_id=30', 'en')).body.msg).toBe('Success');
    });

    it('gives 404 for an unknown restaurant and 400 for bad input', async () => {
      const res = await get('storereview?restaurant_id=31');
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('餐厅不存在（编号 31）');
      expect((await get('storereview', 'en')).body.msg).toBe('restaurant_id is required');
      expect((await get('storereview?restaurant_id=1&page_size=-3', 'en')).body.msg).toBe(
        'page_size must be at least 1',
      );
      expect((await get('storereview?restaurant_id=1&page=abc', 'en')).body.msg).toBe('page must be a whole number');
    });
  });
});
