import type { Kysely } from 'kysely';
import type { AdSlot } from '../../../../types/catalogue';
import type { Database } from '../../db/schema';

/** The only SQL for cuisines, promotions, ads and pop-ups. */
export function createCatalogueRepository(db: Kysely<Database>) {
  return {
    async cuisines() {
      const rows = await db
        .selectFrom('cuisines')
        .leftJoin('restaurant_cuisines', 'restaurant_cuisines.cuisine_id', 'cuisines.id')
        .select((eb) => [
          'cuisines.id',
          'cuisines.name_cn',
          'cuisines.name_en',
          'cuisines.icon',
          'cuisines.sort',
          eb.fn.count<number>('restaurant_cuisines.restaurant_id').as('store_count'),
        ])
        .groupBy(['cuisines.id', 'cuisines.name_cn', 'cuisines.name_en', 'cuisines.icon', 'cuisines.sort'])
        .orderBy('cuisines.sort')
        .orderBy('cuisines.id')
        .execute();
      return rows.map((r) => ({ ...r, store_count: Number(r.store_count) }));
    },

    cityExists(id: number) {
      return db.selectFrom('cities').select('id').where('id', '=', id).executeTakeFirst();
    },

    restaurantExists(id: number) {
      return db.selectFrom('restaurants').select('id').where('id', '=', id).executeTakeFirst();
    },

    /** Running promotions; with cityId/restaurantId only site-wide ones and that city's or restaurant's. */
    promotions(at: number, cityId?: number, restaurantId?: number) {
      let q = db.selectFrom('promotions').selectAll().where('starts_at', '<=', at).where('ends_at', '>', at);
      if (cityId !== undefined) q = q.where((eb) => eb.or([eb('city_id', 'is', null), eb('city_id', '=', cityId)]));
      if (restaurantId !== undefined) {
        q = q.where((eb) =>
          eb.or([
            eb('restaurant_id', '=', restaurantId),
            eb.and([eb('restaurant_id', 'is', null), eb('city_id', 'is', null)]),
          ]),
        );
      }
      return q.orderBy('sort').orderBy('id').execute();
    },

    /** The promotions running at `at` that change prices for an order at this restaurant (its own, area's, city's, all). */
    priceRules(at: number, where: { restaurantId: number; areaId: number; cityId: number }) {
      return db
        .selectFrom('promotions')
        .select(['id', 'kind', 'title_cn', 'title_en', 'min_goods_fen', 'save_fen', 'sort'])
        .where('kind', '!=', 'banner')
        .where('starts_at', '<=', at)
        .where('ends_at', '>', at)
        .where((eb) =>
          eb.or([
            eb('restaurant_id', '=', where.restaurantId),
            eb.and([
              eb('restaurant_id', 'is', null),
              eb.or([
                eb('area_id', '=', where.areaId),
                eb.and([
                  eb('area_id', 'is', null),
                  eb.or([eb('city_id', '=', where.cityId), eb('city_id', 'is', null)]),
                ]),
              ]),
            ]),
          ]),
        )
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    ads(at: number, slot?: AdSlot, cityId?: number) {
      let q = db.selectFrom('ads').selectAll().where('starts_at', '<=', at).where('ends_at', '>', at);
      if (slot !== undefined) q = q.where('slot', '=', slot);
      if (cityId !== undefined) q = q.where((eb) => eb.or([eb('city_id', 'is', null), eb('city_id', '=', cityId)]));
      return q.orderBy('slot').orderBy('sort').orderBy('id').execute();
    },

    /**
     * Running pop-ups none of the viewers (the customer and the device they are on) has seen at their current
     * version.
     */
    unseenPopups(at: number, viewers: string[]) {
      return db
        .selectFrom('popups')
        .selectAll('popups')
        .where('popups.starts_at', '<=', at)
        .where('popups.ends_at', '>', at)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('popup_views')
                .select('popup_views.popup_id')
                .whereRef('popup_views.popup_id', '=', 'popups.id')
                .where('popup_views.viewer', 'in', viewers)
                .whereRef('popup_views.version', '>=', 'popups.version'),
            ),
          ),
        )
        .orderBy('popups.sort')
        .orderBy('popups.id')
        .execute();
    },

    /**
     * What a device has seen becomes seen by the customer too (after they log in or register on it), so a pop-up is
     * not shown again to the same person on another device. Each row is one upsert that only ever raises the version:
     * safe to run twice at once.
     */
    async carryPopupViews(fromViewer: string, toViewer: string, at: number) {
      const seen = await db
        .selectFrom('popup_views')
        .select(['popup_id', 'version'])
        .where('viewer', '=', fromViewer)
        .execute();
      for (const row of seen) {
        await db
          .insertInto('popup_views')
          .values({ popup_id: row.popup_id, viewer: toViewer, version: row.version, seen_at: at })
          .onConflict((oc) =>
            oc
              .columns(['popup_id', 'viewer'])
              .doUpdateSet({ version: row.version, seen_at: at })
              .where('popup_views.version', '<', row.version),
          )
          .execute();
      }
    },

    popupById(id: number) {
      return db.selectFrom('popups').select(['id', 'version']).where('id', '=', id).executeTakeFirst();
    },

    async recordPopupView(popupId: number, viewer: string, version: number, at: number) {
      await db
        .insertInto('popup_views')
        .values({ popup_id: popupId, viewer, version, seen_at: at })
        .onConflict((oc) => oc.columns(['popup_id', 'viewer']).doUpdateSet({ version, seen_at: at }))
        .execute();
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
