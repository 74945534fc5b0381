import type { Kysely } from 'kysely';
import { contains, containsPattern } from '../../db/like';
import type { Database } from '../../db/schema';
import type { Box } from './distance';

export interface BuildingFilter {
  areaId?: number;
  cityId?: number;
  keyword?: string;
}

/** The only SQL for cities, areas and buildings. */
export function createPlacesRepository(db: Kysely<Database>) {
  const buildingsWithCity = () =>
    db
      .selectFrom('buildings')
      .innerJoin('areas', 'areas.id', 'buildings.area_id')
      .selectAll('buildings')
      .select('areas.city_id');

  return {
    cities() {
      return db.selectFrom('cities').selectAll().orderBy('sort').orderBy('id').execute();
    },

    cityById(id: number) {
      return db.selectFrom('cities').selectAll().where('id', '=', id).executeTakeFirst();
    },

    cityByCode(code: string) {
      return db.selectFrom('cities').selectAll().where('code', '=', code).executeTakeFirst();
    },

    areaById(id: number) {
      return db.selectFrom('areas').selectAll().where('id', '=', id).executeTakeFirst();
    },

    areas(cityId?: number) {
      let q = db.selectFrom('areas').selectAll();
      if (cityId !== undefined) q = q.where('city_id', '=', cityId);
      return q.orderBy('sort').orderBy('id').execute();
    },

    buildings({ areaId, cityId, keyword }: BuildingFilter) {
      let q = buildingsWithCity();
      if (areaId !== undefined) q = q.where('buildings.area_id', '=', areaId);
      if (cityId !== undefined) q = q.where('areas.city_id', '=', cityId);
      if (keyword) {
        const p = containsPattern(keyword);
        q = q.where((eb) =>
          eb.or([
            contains('buildings.name_cn', p),
            contains('buildings.name_en', p),
            contains('buildings.address_cn', p),
            contains('buildings.address_en', p),
          ]),
        );
      }
      return q.orderBy('buildings.area_id').orderBy('buildings.sort').orderBy('buildings.id').execute();
    },

    /** Buildings inside a box, or every building when box is undefined. */
    buildingsIn(box?: Box) {
      let q = buildingsWithCity();
      if (box) {
        q = q
          .where('buildings.lat', '>=', box.minLat)
          .where('buildings.lat', '<=', box.maxLat)
          .where('buildings.lng', '>=', box.minLng)
          .where('buildings.lng', '<=', box.maxLng);
      }
      return q.execute();
    },
  };
}

export type PlacesRepository = ReturnType<typeof createPlacesRepository>;
