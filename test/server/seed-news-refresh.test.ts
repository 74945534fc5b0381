/**
 * Demo databases seeded before 2026-11-26 get the current news and ads at start (issue 15 §1): their untrue items (a
 * wallet top-up with a voucher, deliveries until 1 a.m., restaurants and couriers that do not exist) are replaced
 * once, whichever instance starts first; an item an operator edited since is left alone.
 */
import { openDb } from '../../server/src/db';
import { refreshSeedNews } from '../../server/src/seed';
import { articleSeed } from '../../server/src/seed/articles';
import { ADS } from '../../server/src/seed/catalogue-data/marketing';
import { DIALECTS, useTestApp } from './support/app';

/** The rows as the seed wrote them before (title and summary in both languages). */
const OLD_NEWS: Array<[number, string, string, string, string]> = [
  [
    100,
    '东莞松山湖新增 6 家餐厅',
    'Six new restaurants in Songshan Lake, Dongguan',
    '从潮汕牛肉火锅到越南河粉，松山湖的选择更多了。',
    'From Chaoshan beef hotpot to Vietnamese pho, Songshan Lake has more to choose from.',
  ],
  [
    101,
    '惠州银滩周末配送时间延长至凌晨 1 点',
    'Silver Beach weekend deliveries until 1 a.m.',
    '每周五、周六晚上，银滩片区的配送延长到凌晨 1 点。',
    'On Friday and Saturday nights, deliveries around Silver Beach run until 1 a.m.',
  ],
  [
    104,
    '深圳南山区新增自取点',
    'New collection points in Nanshan, Shenzhen',
    '科技园和后海新增 12 家支持到店自取的餐厅。',
    'Twelve more restaurants around the Science Park and Houhai now offer collection.',
  ],
  [
    106,
    '钱包充值送优惠券',
    'Top up your wallet, get a voucher',
    '单次充值 200 元，赠送 20 元优惠券。',
    'Top up ¥200 at once and get a ¥20 voucher.',
  ],
  [
    107,
    '评分功能升级：可以上传照片了',
    'Ratings now take photos',
    '为订单评分时，可以附上最多 3 张照片。',
    'When you rate an order, you can now add up to three photos.',
  ],
  [
    108,
    '福田区午餐高峰配送提速',
    'Faster lunch deliveries in Futian',
    '我们在福田区增加了午餐时段的骑手。',
    'We added couriers in Futian for the lunch rush.',
  ],
];

describe.each(DIALECTS)('news and ads of an older seed, on %s', (dialect) => {
  const t = useTestApp(dialect);
  const k = () => t.db.kysely;
  const ad4 = ADS.find((a) => a.id === 4)!;
  const seeded = new Map(articleSeed().map((a) => [a.id, a]));
  const newsRows = () =>
    k()
      .selectFrom('articles')
      .select(['id', 'title_cn', 'title_en', 'summary_cn', 'summary_en', 'body_cn', 'body_en'])
      .where('kind', '=', 'news')
      .orderBy('id')
      .execute();

  it('a freshly seeded database has nothing to replace', async () => {
    expect(await refreshSeedNews(t.db)).toBe(0);
  });

  it('replaces the untrue items once under 50 parallel starts (two pools on PostgreSQL); an edited one stays', async () => {
    for (const [id, title_cn, title_en, summary_cn, summary_en] of OLD_NEWS) {
      const body = { body_cn: `${summary_cn}\n\n详情请查看各餐厅页面或联系客服。`, body_en: `${summary_en}\n\nOld.` };
      await k()
        .updateTable('articles')
        .set({ title_cn, title_en, summary_cn, summary_en, ...body })
        .where('id', '=', id)
        .execute();
    }
    await k()
      .updateTable('ads')
      .set({ title_cn: '钱包充值送优惠券', title_en: 'Top up your wallet, get a voucher' })
      .where('id', '=', 4)
      .execute();
    // The operator rewrote news 108 since: not the seed's words any more, so not ours to replace.
    await k().updateTable('articles').set({ summary_cn: '福田区午餐时段的新安排。' }).where('id', '=', 108).execute();
    const untouched = (await newsRows()).filter((r) => ![100, 101, 104, 106, 107, 108].includes(Number(r.id)));

    const second = dialect === 'postgres' ? await openDb(t.config.DATABASE_URL) : t.db;
    try {
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => refreshSeedNews(i % 2 ? second : t.db)));
      expect(results.reduce((a, b) => a + b, 0)).toBe(6);
    } finally {
      if (second !== t.db) await second.destroy();
    }

    const after = new Map((await newsRows()).map((r) => [Number(r.id), r]));
    for (const id of [100, 101, 104, 106, 107]) {
      const now = seeded.get(id)!;
      expect(after.get(id)).toEqual({
        id,
        title_cn: now.title_cn,
        title_en: now.title_en,
        summary_cn: now.summary_cn,
        summary_en: now.summary_en,
        body_cn: now.body_cn,
        body_en: now.body_en,
      });
    }
    expect(after.get(108)).toMatchObject({
      title_cn: '福田区午餐高峰配送提速',
      summary_cn: '福田区午餐时段的新安排。',
    });
    for (const row of untouched) expect(after.get(Number(row.id))).toEqual(row);
    const ad = await k()
      .selectFrom('ads')
      .select(['title_cn', 'title_en'])
      .where('id', '=', 4)
      .executeTakeFirstOrThrow();
    expect(ad).toEqual({ title_cn: ad4.title_cn, title_en: ad4.title_en });
    expect(await refreshSeedNews(t.db)).toBe(0);
  });
});
