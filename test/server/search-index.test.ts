/**
 * multiplesearch through text indexes (migration 0011: FTS5 trigram tables on SQLite, pg_trgm on PostgreSQL) and
 * answered from memory per catalogue version: the same hits as the plain `lower(name) LIKE '%keyword%'` scan for
 * Chinese and English keywords, parts of words, quotes and wildcards, after inserts, renames and deletes; the
 * index is what the query plan uses; the migration goes down and up again.
 */
import { CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { cacheVersions } from '../../server/src/db/cache-versions';
import { contains, containsPattern } from '../../server/src/db/like';
import { migrations } from '../../server/src/db/migrate';
import type { Database } from '../../server/src/db/schema';
import { createSearchRepository } from '../../server/src/modules/search/repository';
import { DIALECTS, useTestApp } from './support/app';

/** The hits of today's definition: a full scan with LIKE, no index, in the order the search lists them. */
async function reference(db: Kysely<Database>, keyword: string) {
  const p = containsPattern(keyword);
  const ids = (rows: Array<{ id: number }>) => rows.map((r) => Number(r.id));
  return {
    restaurant: ids(
      await db
        .selectFrom('restaurants')
        .select('id')
        .where((eb) => eb.or([contains('name_cn', p), contains('name_en', p)]))
        .orderBy('id')
        .execute(),
    ),
    dish: ids(
      await db
        .selectFrom('menu_items')
        .innerJoin('restaurants', 'restaurants.id', 'menu_items.restaurant_id')
        .select('menu_items.id')
        .where((eb) => eb.or([contains('menu_items.name_cn', p), contains('menu_items.name_en', p)]))
        .orderBy('menu_items.restaurant_id')
        .orderBy('menu_items.id')
        .execute(),
    ),
    news: ids(
      await db
        .selectFrom('articles')
        .select('id')
        .where('kind', '=', 'news')
        .where((eb) => eb.or([contains('title_cn', p), contains('title_en', p)]))
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
    ),
  };
}

const KEYWORDS = [
  // Chinese: 1, 2, 3 and 4 characters (under 3 the index cannot help; from 3 it answers)
  '家',
  '牛肉',
  '牛肉面',
  '潮汕牛肉',
  '餐厅',
  '东莞松山湖',
  // English: whole and partial words, any case, across a space, words out of order
  'noodle',
  'NOODLE',
  'oodl',
  'Beef',
  'no',
  'noodle soup',
  'soup noodle',
  'dumpl',
  'typhoon',
  // what the customer may type literally
  '"',
  'a"b',
  '%',
  '_',
  '50%',
  'o_o',
  "it's",
  'café',
  // nothing
  'zzqx',
  '火星菜',
];

describe.each(DIALECTS)('search through text indexes on %s', (dialect) => {
  const t = useTestApp(dialect, { config: { CACHE_CHECK_MS: 0 } });
  const { api } = t;

  const expectSameAsScan = async (keywords: string[]) => {
    const repo = createSearchRepository(t.db.kysely);
    for (const keyword of keywords) {
      const want = await reference(t.db.kysely, keyword);
      const counts = await repo.counts(keyword);
      const got = {
        restaurant: (await repo.restaurants(keyword, 0, 1000)).map((r) => r.id),
        dish: (await repo.dishes(keyword, 0, 1000)).map((r) => r.id),
        news: (await repo.news(keyword, 0, 1000)).map((r) => r.id),
      };
      expect({ keyword, ...got }).toEqual({ keyword, ...want });
      expect({ keyword, ...counts }).toEqual({
        keyword,
        restaurant: want.restaurant.length,
        dish: want.dish.length,
        news: want.news.length,
      });
    }
  };

  test('the same hits as a LIKE scan, for the seed and for names added, renamed and deleted later', async () => {
    const seeded = await reference(t.db.kysely, 'noodle');
    expect(seeded.restaurant.length).toBeGreaterThan(0);
    expect(seeded.dish.length).toBeGreaterThan(5);
    expect((await reference(t.db.kysely, '牛肉')).dish.length).toBeGreaterThan(0);
    await expectSameAsScan(KEYWORDS);

    // Names that only match literally, or only in one case, or only across words.
    const item = await t.db.kysely.selectFrom('menu_items').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = item;
    const added = await t.db.kysely
      .insertInto('menu_items')
      .values([
        { ...copy, name_cn: '火星菜 "特辣"', name_en: 'Mars Dish "Extra Hot" 50% o_o' },
        { ...copy, name_cn: '咖啡', name_en: "CAFÉ it's NOODLE-ish" },
      ])
      .returning('id')
      .execute();
    await t.db.kysely.updateTable('restaurants').set({ name_en: 'Soup Noodle Corner' }).where('id', '=', 1).execute();
    await t.db.kysely
      .updateTable('articles')
      .set({ title_cn: '台风天也送餐', title_en: 'Typhoon days, noodle days' })
      .where('kind', '=', 'news')
      .where('id', '=', 111)
      .execute();
    await expectSameAsScan(KEYWORDS);
    expect((await reference(t.db.kysely, 'soup noodle')).restaurant).toEqual([1]);
    expect((await reference(t.db.kysely, 'a"b')).dish).toEqual([]);
    expect((await reference(t.db.kysely, '"extra')).dish).toEqual([added[0]!.id]);
    await expectSameAsScan(['"extra', 'hot" 5', 'dish "', '特辣', '"特辣"', 'noodle-ish', '台风天']);

    await t.db.kysely
      .deleteFrom('menu_items')
      .where(
        'id',
        'in',
        added.map((a) => a.id),
      )
      .execute();
    await expectSameAsScan(['"extra', 'noodle', '火星菜']);
  });

  test('the query plan uses the text index', async () => {
    const captured: CompiledQuery[] = [];
    const capture: KyselyPlugin = {
      transformQuery(args) {
        captured.push(t.db.kysely.getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const repo = createSearchRepository(t.db.kysely.withPlugin(capture));
    const plan = async (run: () => Promise<unknown>) => {
      captured.length = 0;
      await run();
      const q = captured[0]!;
      if (dialect === 'sqlite') {
        const rows = await t.db.kysely.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
        );
        return rows.rows.map((r) => r.detail).join('\n');
      }
      // With a few hundred rows PostgreSQL rightly prefers to scan (a table, or an index in the listed order);
      // forbid both to see that the text index is usable for the query.
      return t.db.kysely.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
        await trx.executeQuery(CompiledQuery.raw('set local enable_indexscan = off'));
        const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]),
        );
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    };
    if (dialect === 'sqlite') {
      expect(await plan(() => repo.dishes('noodle', 0, 10))).toMatch(/menu_items_fts VIRTUAL TABLE/);
      expect(await plan(() => repo.restaurants('牛肉面', 0, 10))).toMatch(/restaurants_fts VIRTUAL TABLE/);
      expect(await plan(() => repo.news('typhoon', 0, 10))).toMatch(/articles_fts VIRTUAL TABLE/);
      // Under 3 characters there is no trigram to look up: a scan.
      expect(await plan(() => repo.dishes('面', 0, 10))).not.toMatch(/VIRTUAL TABLE/);
    } else {
      expect(await plan(() => repo.dishes('noodle', 0, 10))).toMatch(/menu_items_name_(cn|en)_trgm/);
      expect(await plan(() => repo.restaurants('牛肉面', 0, 10))).toMatch(/restaurants_name_(cn|en)_trgm/);
      // (news: the kind index narrows a handful of articles further than any text index could)
    }
  });

  test('answers come from memory per catalogue version, keyed by the keyword in any case', async () => {
    const search = async (keyword: string, query = '') => {
      const res = await api.get(
        `multiplesearch?keyword=${encodeURIComponent(keyword)}&type=dish${query || '&page_size=50'}`,
        { lang: 'en' },
      );
      return res.body.data;
    };
    const before = await search('dumpling');
    expect(before.total).toBeGreaterThan(0);
    const dish = before.list[0]!;
    // A write that does not bump the version is not seen, also under another spelling of the same keyword.
    await t.db.kysely.updateTable('menu_items').set({ name_en: 'Renamed' }).where('id', '=', dish.id).execute();
    expect(await search('dumpling')).toEqual(before);
    const upper = await search('  DUMPLING ');
    expect(upper).toEqual({ ...before, keyword: 'DUMPLING' });
    // A new page or size is a new answer, computed from the data as it is now.
    expect((await search('dumpling', '&page_size=20')).total).toBe(before.total - 1);
    await cacheVersions(t.db.kysely).bump('catalogue');
    const after = await search('dumpling');
    expect(after.total).toBe(before.total - 1);
    expect(after.list.map((h) => h.id)).not.toContain(dish.id);
    expect((await search('renamed')).list.map((h) => h.id)).toEqual([dish.id]);
  });

  test('the migration goes down (no text index left) and up again (indexing the rows already there)', async () => {
    const provider: MigrationProvider = { getMigrations: async () => migrations(t.db.dialect) };
    const migrator = new Migrator({ db: t.db.kysely, provider, allowUnorderedMigrations: true });
    const names = async () => {
      const text =
        dialect === 'sqlite'
          ? "select name from sqlite_master where name like '%_fts%' or name like '%_trgm'"
          : "select indexname as name from pg_indexes where indexname like '%_trgm'";
      return (await t.db.kysely.executeQuery<{ name: string }>(CompiledQuery.raw(text))).rows.map((r) => r.name);
    };
    expect((await names()).length).toBeGreaterThanOrEqual(dialect === 'sqlite' ? 3 : 6);
    // Down to the migration before it (later migrations go down first).
    const down = await migrator.migrateTo('0010-counters');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)).toMatchObject({ migrationName: '0011-search-text', status: 'Success' });
    expect(await names()).toEqual([]);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect((await names()).length).toBeGreaterThanOrEqual(dialect === 'sqlite' ? 3 : 6);
    await expectSameAsScan(['noodle', '牛肉面', 'oodl', '潮汕牛肉']);
  });
});
