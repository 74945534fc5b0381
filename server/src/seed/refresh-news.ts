import type { Db } from '../db';
import { cacheVersions } from '../db/cache-versions';
import { articleSeed } from './articles';
import { ADS } from './catalogue-data/marketing';

/**
 * What databases seeded before 2026-11-26 showed and the product does not do (issue 15 §1): a wallet top-up with a
 * voucher (news 106 and the home_side ad 4), six new restaurants in Songshan Lake (100), deliveries until 1 a.m. at
 * Silver Beach (101), twelve more collection places in Nanshan (104), three rating photos (107), couriers added in
 * Futian (108). Each is known by its id and its old Chinese summary (or title, for the ad), so a row an operator
 * edited since is left alone.
 */
const UNTRUE_NEWS: ReadonlyArray<readonly [id: number, summaryCn: string]> = [
  [100, '从潮汕牛肉火锅到越南河粉，松山湖的选择更多了。'],
  [101, '每周五、周六晚上，银滩片区的配送延长到凌晨 1 点。'],
  [104, '科技园和后海新增 12 家支持到店自取的餐厅。'],
  [106, '单次充值 200 元，赠送 20 元优惠券。'],
  [107, '为订单评分时，可以附上最多 3 张照片。'],
  [108, '我们在福田区增加了午餐时段的骑手。'],
];
const UNTRUE_ADS: ReadonlyArray<readonly [id: number, titleCn: string]> = [[4, '钱包充值送优惠券']];

/**
 * Replaces those rows with the current seed's words, at start, in one transaction. Each update is conditional on the
 * old words, so it is done once whichever instance starts first, and a retry changes nothing. Answers how many rows
 * changed.
 */
export async function refreshSeedNews(db: Db): Promise<number> {
  const news = new Map(articleSeed().map((a) => [a.id, a]));
  return db.kysely.transaction().execute(async (trx) => {
    let changed = 0;
    for (const [id, summaryCn] of UNTRUE_NEWS) {
      const now = news.get(id)!;
      const res = await trx
        .updateTable('articles')
        .set({
          title_cn: now.title_cn,
          title_en: now.title_en,
          summary_cn: now.summary_cn,
          summary_en: now.summary_en,
          body_cn: now.body_cn,
          body_en: now.body_en,
        })
        .where('id', '=', id)
        .where('kind', '=', 'news')
        .where('summary_cn', '=', summaryCn)
        .executeTakeFirst();
      changed += Number(res.numUpdatedRows);
    }
    for (const [id, titleCn] of UNTRUE_ADS) {
      const now = ADS.find((a) => a.id === id)!;
      const res = await trx
        .updateTable('ads')
        .set({ title_cn: now.title_cn, title_en: now.title_en })
        .where('id', '=', id)
        .where('title_cn', '=', titleCn)
        .executeTakeFirst();
      changed += Number(res.numUpdatedRows);
    }
    if (changed > 0) await cacheVersions(trx).bump('catalogue');
    return changed;
  });
}
