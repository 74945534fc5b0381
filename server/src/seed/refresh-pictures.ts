import type { Db } from '../db';
import { cacheVersions } from '../db/cache-versions';
import type { Executor } from '../db/unit-of-work';
import { LEGACY_DISH_PICTURES, seedDishes } from './pictures';
import { dishPicturePath } from './pictures/dish';

/**
 * The version of the pictures the seed points its rows at:
 * 1. one picture per dish kind (`/img/dish/noodles.svg`): every noodle soup, every dessert the same;
 * 2. each dish its own picture (`/img/dish/<its English name>.svg`); seeded review photos show the dish they name.
 * The drawings behind a path may change without a new version (they are files, served as they are now); a version
 * is needed when the rows must point elsewhere.
 */
export const SEED_PICTURES_VERSION = 2;

/** Records, in the seed's transaction, that a freshly seeded database has the current pictures. */
export async function markSeedPicturesCurrent(trx: Executor): Promise<void> {
  await trx
    .updateTable('seed_versions')
    .set({ version: SEED_PICTURES_VERSION })
    .where('name', '=', 'pictures')
    .execute();
}

export interface PicturesRefresh {
  /** Whether this call did the work (false: already current, or another instance did it). */
  refreshed: boolean;
  dishes: number;
  reviews: number;
}

/**
 * Brings a demo database seeded by an older picture version up to date, once: the seed's own dishes (same Chinese and
 * English names as in the seed) that still point at a first-version picture get their own picture, and the seeded
 * reviews (no order) whose photo is a first-version picture show the dish of the restaurant their comment names (or
 * one of the same kind). Nothing else is touched: a picture a restaurant or a customer uploaded is never one of the
 * first-version paths, and a customer's rating has an order. One transaction that first claims the version with a
 * conditional update, so of two instances starting at once one does the work and the other finds it done.
 */
export async function refreshSeedPictures(db: Db): Promise<PicturesRefresh> {
  return db.kysely.transaction().execute(async (trx) => {
    const claim = await trx
      .updateTable('seed_versions')
      .set({ version: SEED_PICTURES_VERSION })
      .where('name', '=', 'pictures')
      .where('version', '<', SEED_PICTURES_VERSION)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 0) return { refreshed: false, dishes: 0, reviews: 0 };

    let dishes = 0;
    const kindOf = new Map<string, string>();
    for (const dish of seedDishes()) {
      kindOf.set(dish.cn, dish.kind);
      const res = await trx
        .updateTable('menu_items')
        .set({ picture: dishPicturePath(dish.en) })
        .where('name_cn', '=', dish.cn)
        .where('name_en', '=', dish.en)
        .where('picture', 'in', LEGACY_DISH_PICTURES)
        .executeTakeFirst();
      dishes += Number(res.numUpdatedRows);
    }

    let reviews = 0;
    const seeded = await trx
      .selectFrom('reviews')
      .select(['id', 'restaurant_id', 'photos', 'comment'])
      .where('order_id', 'is', null)
      .where('photos', 'like', '%/img/dish/%')
      .execute();
    const legacy = new Set(LEGACY_DISH_PICTURES);
    for (const review of seeded) {
      const photos = JSON.parse(review.photos) as string[];
      if (!photos.some((p) => legacy.has(p))) continue;
      const items = await trx
        .selectFrom('menu_items')
        .select(['name_cn', 'name_en', 'picture'])
        .where('restaurant_id', '=', review.restaurant_id)
        .orderBy('id')
        .execute();
      const own = items.filter((i) => !legacy.has(i.picture) && kindOf.has(i.name_cn));
      const named = own.find((i) => review.comment.includes(i.name_cn) || review.comment.includes(i.name_en));
      const next = photos.map((p) => {
        if (!legacy.has(p)) return p;
        const kind = p.slice('/img/dish/'.length, -'.svg'.length);
        return (named ?? own.find((i) => kindOf.get(i.name_cn) === kind))?.picture ?? p;
      });
      const res = await trx
        .updateTable('reviews')
        .set({ photos: JSON.stringify(next) })
        .where('id', '=', review.id)
        .where('photos', '=', review.photos)
        .executeTakeFirst();
      reviews += Number(res.numUpdatedRows) > 0 && next.join() !== photos.join() ? 1 : 0;
    }
    await cacheVersions(trx).bump('catalogue');
    return { refreshed: true, dishes, reviews };
  });
}
