import { ErrorCode } from '../../types/errors';
import { DIALECTS, useTestApp } from './support/app';
import { pictureUrl } from '../../server/src/cache/picture-urls';

interface Hit {
  type: 'restaurant' | 'dish' | 'news';
  id: number;
  title: string;
  subtitle: string;
  picture: string;
  restaurant_id: number | null;
  price_fen: number | null;
}

describe.each(DIALECTS)('multiplesearch on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api } = t;

  const search = (query: string, lang?: string) => api.get(`multiplesearch?${query}`, { lang });
  const kw = (s: string) => `keyword=${encodeURIComponent(s)}`;

  it('finds restaurants, dishes and news in Chinese, typed, restaurants first', async () => {
    const { status, body } = await search(`${kw('家')}&page_size=50`);
    expect(status).toBe(200);
    expect(body.code).toBe(ErrorCode.Ok);
    const hits: Hit[] = body.data.list;
    expect(body.data.counts.restaurant).toBeGreaterThanOrEqual(2);
    expect(body.data.counts.dish).toBeGreaterThanOrEqual(1);
    expect(body.data.counts.news).toBeGreaterThanOrEqual(1);
    expect(body.data.total).toBe(body.data.counts.restaurant + body.data.counts.dish + body.data.counts.news);
    expect(hits).toHaveLength(body.data.total);
    const order = hits.map((h) => h.type);
    expect(order).toEqual(
      [...order].sort((a, b) => ['restaurant', 'dish', 'news'].indexOf(a) - ['restaurant', 'dish', 'news'].indexOf(b)),
    );
    expect(hits.every((h) => h.title.includes('家'))).toBe(true);
    expect(hits.find((h) => h.id === 5 && h.type === 'restaurant')).toMatchObject({
      title: '湘里人家',
      subtitle: '湘菜',
      picture: pictureUrl('/img/store/5-logo.svg'),
      restaurant_id: 5,
      price_fen: null,
    });
    const dish = hits.find((h) => h.type === 'dish')!;
    expect(dish.restaurant_id).toEqual(expect.any(Number));
    expect(dish.price_fen).toEqual(expect.any(Number));
    expect(dish.picture).toMatch(/^\/img\/dish\//);
    expect(hits.find((h) => h.type === 'news')).toMatchObject({
      id: 100,
      title: '东莞松山湖的三家餐厅',
      restaurant_id: null,
    });
  });

  it('finds English names case-insensitively and answers in the request language', async () => {
    const lower = (await search(`${kw('beef')}&page_size=50`, 'en')).body.data;
    const upper = (await search(`${kw('BEEF')}&page_size=50`, 'en')).body.data;
    expect(upper.total).toBe(lower.total);
    expect(lower.counts.restaurant).toBe(2);
    expect(lower.counts.dish).toBeGreaterThan(5);
    const hits: Hit[] = lower.list;
    expect(hits.every((h) => /beef/i.test(h.title))).toBe(true);
    expect(hits.filter((h) => h.type === 'restaurant').map((h) => h.title)).toEqual([
      'Chaoshan Beef Hotpot',
      'Pingshan Beef Kway Teow',
    ]);
    expect(hits.find((h) => h.id === 17)!.subtitle).toBe('Chaoshan, Noodles & dumplings');
    // The same restaurants, named in Chinese, for a Chinese reader.
    const cn = (await search(`${kw('beef')}&page_size=2`)).body.data.list;
    expect(cn.map((h: Hit) => h.title)).toEqual(['潮汕牛肉火锅', '平山牛肉粿条']);
    const news = (await search(kw('Typhoon'), 'en')).body.data;
    expect(news.counts).toEqual({ restaurant: 0, dish: 0, news: 1 });
    expect(news.list[0]).toMatchObject({ type: 'news', id: 111, title: 'Deliveries during typhoon warnings' });
    expect(news.list[0]!.subtitle).toMatch(/typhoon/);
  });

  it('pages across the types without gaps or overlap', async () => {
    const all: Hit[] = (await search(`${kw('家')}&page_size=50`)).body.data.list;
    const paged: Hit[] = [];
    const pages = Math.ceil(all.length / 2);
    for (let page = 1; page <= pages; page++) {
      const { body } = await search(`${kw('家')}&page=${page}&page_size=2`);
      expect(body.data).toMatchObject({ page, page_size: 2, total: all.length, has_more: page < pages });
      paged.push(...body.data.list);
    }
    expect(paged.map((h) => `${h.type}:${h.id}`)).toEqual(all.map((h) => `${h.type}:${h.id}`));
    expect((await search(`${kw('家')}&page=${pages + 1}&page_size=2`)).body.data.list).toEqual([]);
  });

  it('limits to one type when asked', async () => {
    const dishes = (await search(`${kw('beef')}&type=dish&page_size=50`, 'en')).body.data;
    expect(dishes.list.every((h: Hit) => h.type === 'dish')).toBe(true);
    expect(dishes.total).toBe(dishes.counts.dish);
    expect(dishes.list).toHaveLength(dishes.counts.dish);
  });

  it('trims the keyword, takes wildcards literally and finds nothing for nonsense', async () => {
    const trimmed = (await search(kw('  Typhoon  '), 'en')).body.data;
    expect(trimmed).toMatchObject({ keyword: 'Typhoon', total: 1 });
    for (const w of ['%', '_', 'zzqx']) {
      expect((await search(kw(w))).body.data).toMatchObject({ list: [], total: 0, has_more: false });
    }
  });

  it.each([
    ['', 'keyword is required', '缺少参数 keyword'],
    [kw('   '), 'Please enter a keyword', '请输入搜索关键词'],
    [kw('x'.repeat(51)), 'The keyword must be at most 50 characters', '搜索关键词最多 50 个字'],
    [kw('长'.repeat(51)), 'The keyword must be at most 50 characters', '搜索关键词最多 50 个字'],
    [`${kw('beef')}&page_size=-1`, 'page_size must be at least 1', '参数 page_size 不能小于 1'],
    [`${kw('beef')}&type=shop`, 'type has an invalid value', '参数 type 的取值无效'],
  ])('rejects %s', async (query, en, cn) => {
    const res = await search(query, 'en');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: ErrorCode.Validation, msg: en });
    expect((await search(query)).body.msg).toBe(cn);
  });

  it('accepts exactly 50 characters after trimming', async () => {
    const res = await search(kw(` ${'a'.repeat(50)} `));
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(0);
  });
});
