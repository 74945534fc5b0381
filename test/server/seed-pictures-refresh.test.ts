/**
 * Demo databases seeded by an older picture version (one picture per dish kind) get the current pictures at start
 * (issue 15 §4): the seed's own dishes and seeded review photos only, once, whichever instance starts first.
 */
import { openDb } from '../../server/src/db';
import { LEGACY_DISH_PICTURES, seedDishes } from '../../server/src/seed/pictures';
import { dishPicturePath } from '../../server/src/seed/pictures/dish';
import { refreshSeedPictures, SEED_PICTURES_VERSION } from '../../server/src/seed';
import { DIALECTS, useTestApp } from './support/app';

describe.each(DIALECTS)('seed pictures of an older version, on %s', (dialect) => {
  const t = useTestApp(dialect);
  const k = () => t.db.kysely;
  const kindOf = new Map(seedDishes().map((d) => [d.cn, d.kind]));
  // The first version's kinds (desserts were all 'dessert'; later kinds did not exist).
  const legacyOf = (cn: string) =>
    LEGACY_DISH_PICTURES.find((p) => p === `/img/dish/${kindOf.get(cn)}.svg`) ?? '/img/dish/dessert.svg';
  const version = async () =>
    Number(
      (await k().selectFrom('seed_versions').select('version').where('name', '=', 'pictures').executeTakeFirstOrThrow())
        .version,
    );
  const catalogueVersion = async () =>
    Number(
      (
        await k()
          .selectFrom('cache_versions')
          .select('version')
          .where('name', '=', 'catalogue')
          .executeTakeFirstOrThrow()
      ).version,
    );

  it('a freshly seeded database is current: nothing to redraw', async () => {
    expect(await version()).toBe(SEED_PICTURES_VERSION);
    expect(await refreshSeedPictures(t.db)).toEqual({ refreshed: false, dishes: 0, reviews: 0 });
  });

  it('redraws an old demo database once under 50 parallel starts (two database pools on PostgreSQL), never an uploaded picture', async () => {
    // The database as the first picture version left it: every seed dish on its kind's picture, seeded review photos
    // on a kind's picture, and no version recorded (0: seeded before versions were kept).
    const items = await k()
      .selectFrom('menu_items')
      .select(['id', 'name_cn', 'name_en', 'restaurant_id'])
      .orderBy('id')
      .execute();
    for (const item of items) {
      await k()
        .updateTable('menu_items')
        .set({ picture: legacyOf(item.name_cn) })
        .where('id', '=', item.id)
        .execute();
    }
    const seededReviews = await k()
      .selectFrom('reviews')
      .select(['id', 'restaurant_id', 'photos', 'comment'])
      .where('order_id', 'is', null)
      .execute();
    const withPhoto = seededReviews.filter((r) => r.photos !== '[]');
    expect(withPhoto.length).toBeGreaterThan(10);
    for (const r of withPhoto) {
      await k()
        .updateTable('reviews')
        .set({ photos: JSON.stringify([LEGACY_DISH_PICTURES[r.id % LEGACY_DISH_PICTURES.length]]) })
        .where('id', '=', r.id)
        .execute();
    }
    // Not the seed's: a dish whose restaurant uploaded its own picture, and one renamed by its restaurant that keeps
    // the kind picture it had (it is no longer the seed's dish).
    const [uploaded, renamed] = [items[0]!, items[1]!];
    await k()
      .updateTable('menu_items')
      .set({ picture: '/uploads/menu/own-photo.jpg' })
      .where('id', '=', uploaded.id)
      .execute();
    await k().updateTable('menu_items').set({ name_en: 'House special' }).where('id', '=', renamed.id).execute();
    await k().updateTable('seed_versions').set({ version: 0 }).where('name', '=', 'pictures').execute();
    const cacheBefore = await catalogueVersion();

    // A second instance: its own pool on PostgreSQL. On SQLite the calls share the one connection: better-sqlite3
    // waits for a lock synchronously, so a second handle in this process would block the first's transaction until
    // busy_timeout (two processes serialize on the file lock instead).
    const second = dialect === 'postgres' ? await openDb(t.config.DATABASE_URL) : t.db;
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => refreshSeedPictures(i % 2 ? second : t.db)),
      );
      const done = results.filter((r) => r.refreshed);
      expect(done).toHaveLength(1);
      expect(done[0]!.dishes).toBe(items.length - 2);
      expect(done[0]!.reviews).toBe(withPhoto.length);
    } finally {
      if (second !== t.db) await second.destroy();
    }
    expect(await version()).toBe(SEED_PICTURES_VERSION);
    expect(await catalogueVersion()).toBe(cacheBefore + 1);

    const after = await k().selectFrom('menu_items').select(['id', 'name_en', 'picture']).orderBy('id').execute();
    for (const item of after) {
      const expected =
        item.id === uploaded.id
          ? '/uploads/menu/own-photo.jpg'
          : item.id === renamed.id
            ? legacyOf(renamed.name_cn)
            : dishPicturePath(item.name_en);
      expect({ id: item.id, picture: item.picture }).toEqual({ id: item.id, picture: expected });
    }
    // Each seeded review photo now shows a dish of its restaurant, the one its comment names.
    const reviews = await k()
      .selectFrom('reviews')
      .select(['id', 'restaurant_id', 'photos', 'comment'])
      .where('order_id', 'is', null)
      .execute();
    for (const r of reviews.filter((x) => x.photos !== '[]')) {
      const [photo] = JSON.parse(r.photos) as string[];
      const own = after.filter((i) => i.picture === photo);
      const dish = items.find((i) => i.restaurant_id === r.restaurant_id && dishPicturePath(i.name_en) === photo);
      expect({
        id: r.id,
        legacy: LEGACY_DISH_PICTURES.includes(photo!),
        own: own.length > 0,
        ofRestaurant: !!dish,
      }).toEqual({ id: r.id, legacy: false, own: true, ofRestaurant: true });
      if (r.comment) expect(r.comment.includes(dish!.name_cn) || r.comment.includes(dish!.name_en)).toBe(true);
    }

    // Again (the next start): nothing to do, nothing bumped.
    expect(await refreshSeedPictures(t.db)).toEqual({ refreshed: false, dishes: 0, reviews: 0 });
    expect(await catalogueVersion()).toBe(cacheBefore + 1);
  }, 60000);
});
