import { ErrorCode } from '../../types/errors';
import { DIALECTS, useTestApp } from './support/app';

describe.each(DIALECTS)('articles API on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api } = t;

  const get = (url: string, lang?: string) => api.get(url, { lang });

  describe('article', () => {
    it('returns article 42 ("What Do We Do") in Chinese by default', async () => {
      const res = await get('/api/szeat/article?id=42');
      expect(res.status).toBe(200);
      const body = res.body;
      expect(body.code).toBe(ErrorCode.Ok);
      expect(body.msg).toBe('成功');
      expect(body.data).toMatchObject({ id: 42, title: '我们做什么' });
      expect(body.data.body).toContain('外卖');
      expect(typeof body.data.published_at).toBe('number');
    });

    it('answers in English for Accept-Language en and for _lang=en', async () => {
      const byHeader = (await get('/api/szeat/article?id=42', 'en-US,en;q=0.9')).body;
      expect(byHeader.data.title).toBe('What Do We Do');
      expect(byHeader.msg).toBe('Success');
      const byQuery = (await get('/api/szeat/article?id=42&_lang=en')).body;
      expect(byQuery.data.title).toBe('What Do We Do');
      const header = (await get('/api/szeat/article?id=42&_lang=en', 'zh-CN')).body;
      expect(header.data.title).toBe('我们做什么');
    });

    it('article 42 promises nothing the product does not do (issue 15 §2), and names what it does', async () => {
      const cn = (await get('/api/szeat/article?id=42&_lang=cn')).body.data.body;
      const en = (await get('/api/szeat/article?id=42&_lang=en')).body.data.body;
      // Guarantees no code keeps (fresh, on time) and a growth claim were promised before.
      for (const promise of ['送达准时', '保证', '新鲜']) expect(cn).not.toContain(promise);
      for (const promise of [/on time/i, /every week/i, /fresh/i]) expect(en).not.toMatch(promise);
      // What it says the customer can do after ordering exists (cancelorder, reorder, the restaurant's phone).
      for (const feature of ['取消订单', '再来一单', '致电餐厅', '评分']) expect(cn).toContain(feature);
      for (const feature of [/cancelled/, /ordered again/, /call the restaurant/, /rate the order/]) {
        expect(en).toMatch(feature);
      }
    });

    it('falls back to the other language when a field is empty', async () => {
      const [row] = await t.db.kysely
        .insertInto('articles')
        .values({
          kind: 'article',
          title_cn: '只有中文',
          title_en: '',
          summary_cn: '',
          summary_en: 'English only',
          body_cn: '正文',
          body_en: '',
          cover: '',
          published_at: 1,
          created_at: 1,
        })
        .returning('id')
        .execute();
      const en = (await get(`/api/szeat/article?id=${row!.id}`, 'en')).body;
      expect(en.data).toMatchObject({ title: '只有中文', summary: 'English only', body: '正文' });
      const cn = (await get(`/api/szeat/article?id=${row!.id}`, 'cn')).body;
      expect(cn.data.summary).toBe('English only');
      await t.db.kysely.deleteFrom('articles').where('id', '=', row!.id).execute();
    });

    it('gives a 404 envelope in the request language for an unknown id', async () => {
      const cn = await get('/api/szeat/article?id=999999');
      expect(cn.status).toBe(404);
      expect(cn.body).toEqual({ code: ErrorCode.NotFound, msg: '文章不存在（编号 999999）', data: null });
      const en = await get('/api/szeat/article?id=999999', 'en');
      expect(en.body.msg).toBe('Article 999999 was not found');
    });

    it.each([
      ['missing id', '/api/szeat/article', 'id is required', '缺少参数 id'],
      ['non-numeric id', '/api/szeat/article?id=abc', 'id must be a whole number', '参数 id 的类型不正确，应为整数'],
      ['zero id', '/api/szeat/article?id=0', 'id must be at least 1', '参数 id 不能小于 1'],
      ['huge id', '/api/szeat/article?id=99999999999', 'id must be at most 2147483647', '参数 id 不能大于 2147483647'],
      ['fractional id', '/api/szeat/article?id=1.5', 'id must be a whole number', '参数 id 的类型不正确，应为整数'],
    ])('rejects %s with a 400 validation envelope', async (_, url, en, cn) => {
      const resEn = await get(url, 'en');
      expect(resEn.status).toBe(400);
      expect(resEn.body).toEqual({ code: ErrorCode.Validation, msg: en, data: null });
      expect((await get(url, 'zh')).body.msg).toBe(cn);
    });
  });

  describe.each([
    ['article-list', 'article', 6],
    ['whats-news-list', 'news', 12],
  ])('%s', (endpoint, kind, seeded) => {
    it('pages newest first with totals', async () => {
      const first = (await get(`/api/szeat/${endpoint}?page=1&page_size=3`)).body;
      expect(first.code).toBe(ErrorCode.Ok);
      expect(first.data).toMatchObject({ total: seeded, page: 1, page_size: 3, has_more: seeded > 3 });
      expect(first.data.list).toHaveLength(Math.min(3, seeded));
      const dates = first.data.list.map((a: { published_at: number }) => a.published_at);
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);

      const all = (await get(`/api/szeat/${endpoint}?page_size=50`)).body;
      expect(all.data.list).toHaveLength(seeded);
      expect(all.data.has_more).toBe(false);
      const second = (await get(`/api/szeat/${endpoint}?page=2&page_size=3`)).body;
      expect(second.data.list.map((a: { id: number }) => a.id)).toEqual(
        all.data.list.slice(3, 6).map((a: { id: number }) => a.id),
      );
      const beyond = (await get(`/api/szeat/${endpoint}?page=100&page_size=10`)).body;
      expect(beyond.data).toMatchObject({ list: [], total: seeded, has_more: false });
    });

    it('uses page 1 and 10 items by default, in the request language', async () => {
      const cn = (await get(`/api/szeat/${endpoint}`)).body;
      expect(cn.data).toMatchObject({ page: 1, page_size: 10 });
      const en = (await get(`/api/szeat/${endpoint}`, 'en')).body;
      expect(en.data.list[0].id).toBe(cn.data.list[0].id);
      expect(en.data.list[0].title).not.toBe(cn.data.list[0].title);
      expect(en.data.list[0].title).toMatch(/[A-Za-z]/);
      expect(kind).toBeTruthy();
    });

    it.each([
      ['page=0', 'page must be at least 1'],
      ['page=-1', 'page must be at least 1'],
      ['page=x', 'page must be a whole number'],
      ['page_size=0', 'page_size must be at least 1'],
      ['page_size=-5', 'page_size must be at least 1'],
      ['page_size=51', 'page_size must be at most 50'],
      ['page_size=2.5', 'page_size must be a whole number'],
    ])('rejects %s', async (query, message) => {
      const res = await get(`/api/szeat/${endpoint}?${query}`, 'en');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: ErrorCode.Validation, msg: message, data: null });
    });
  });
});
