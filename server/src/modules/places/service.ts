import type {
  Area,
  AreaList,
  Building,
  BuildingList,
  City,
  ClosestAddr,
  IpLocation,
} from '../../../../types/api/places';
import { DEFAULT_CITY_CODE } from '../../../../types/catalogue';
import type { Lang } from '../../../../types/lang';
import type { AreasTable, BuildingsTable, CitiesTable } from '../../db/schema';
import { notFound } from '../../errors';
import { localized } from '../../i18n/localized';
import { isPrivateIp, type IpGeo } from '../../integrations/geo';
import { boundingBox, distanceM } from './distance';
import type { BuildingFilter, PlacesRepository } from './repository';

type Row<T> = Omit<T, 'id'> & { id: number };
type BuildingRow = Row<BuildingsTable> & { city_id: number };

/** Our cities by the names an IP database uses for them (Chinese without 市, or English). */
const CITY_CODE_BY_NAME: Record<string, string> = {
  深圳: 'shenzhen',
  shenzhen: 'shenzhen',
  惠州: 'huizhou',
  huizhou: 'huizhou',
  广州: 'guangzhou',
  guangzhou: 'guangzhou',
  东莞: 'dongguan',
  dongguan: 'dongguan',
};

/** Buildings further than this from a position are only searched when nothing is nearer. */
const NEAR_M = 20000;

export const cityOut = (r: Row<CitiesTable>, lang: Lang): City => ({
  id: r.id,
  code: r.code,
  name: localized(r, 'name', lang),
  lat: r.lat,
  lng: r.lng,
});

export const areaOut = (r: Row<AreasTable>, lang: Lang): Area => ({
  id: r.id,
  city_id: r.city_id,
  name: localized(r, 'name', lang),
  lat: r.lat,
  lng: r.lng,
});

const buildingOut = (r: BuildingRow, lang: Lang): Building => ({
  id: r.id,
  area_id: r.area_id,
  city_id: r.city_id,
  name: localized(r, 'name', lang),
  address: localized(r, 'address', lang),
  lat: r.lat,
  lng: r.lng,
});

export function createPlacesService(repo: PlacesRepository, geo: IpGeo) {
  async function requireCity(id: number) {
    const city = await repo.cityById(id);
    if (!city) throw notFound('place.city_not_found', { id });
    return city;
  }

  return {
    async areaList(cityId: number | undefined, lang: Lang): Promise<AreaList> {
      const cities = cityId === undefined ? await repo.cities() : [await requireCity(cityId)];
      const areas = await repo.areas(cityId);
      return cities.map((c) => ({
        ...cityOut(c, lang),
        areas: areas.filter((a) => a.city_id === c.id).map((a) => areaOut(a, lang)),
      }));
    },

    async buildingList(filter: BuildingFilter, lang: Lang): Promise<BuildingList> {
      if (filter.areaId !== undefined && !(await repo.areaById(filter.areaId))) {
        throw notFound('place.area_not_found', { id: filter.areaId });
      }
      if (filter.cityId !== undefined) await requireCity(filter.cityId);
      const keyword = filter.keyword?.trim() || undefined;
      const rows = await repo.buildings({ ...filter, keyword });
      return rows.map((r) => buildingOut(r, lang));
    },

    async closestAddr(lat: number, lng: number, lang: Lang): Promise<ClosestAddr> {
      let candidates = await repo.buildingsIn(boundingBox(lat, lng, NEAR_M));
      if (candidates.length === 0) candidates = await repo.buildingsIn();
      let best: { row: BuildingRow; d: number } | undefined;
      for (const row of candidates) {
        const d = distanceM(lat, lng, row.lat, row.lng);
        if (!best || d < best.d || (d === best.d && row.id < best.row.id)) best = { row, d };
      }
      if (!best) throw notFound('place.no_address');
      const [area, city] = await Promise.all([repo.areaById(best.row.area_id), repo.cityById(best.row.city_id)]);
      return {
        building: buildingOut(best.row, lang),
        area: areaOut(area!, lang),
        city: cityOut(city!, lang),
        distance_m: Math.round(best.d),
      };
    },

    async ipLocation(ip: string, lang: Lang): Promise<IpLocation> {
      let reason: IpLocation['reason'];
      let region = '';
      let code: string | undefined;
      if (!ip || isPrivateIp(ip)) {
        reason = 'private';
      } else {
        // An IPv4 client on a dual-stack socket shows up as ::ffff:a.b.c.d.
        const found = geo.lookup(ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, ''));
        if (!found) {
          reason = 'unknown';
        } else {
          region = [found.country, found.province, found.city].filter(Boolean).join(' ');
          const name = found.city.replace(/市$/, '').trim().toLowerCase();
          code = CITY_CODE_BY_NAME[name];
          reason = code ? 'located' : 'unserved';
        }
      }
      const city =
        (code && (await repo.cityByCode(code))) ||
        (await repo.cityByCode(DEFAULT_CITY_CODE)) ||
        (await repo.cities())[0];
      if (!city) throw notFound('place.no_city');
      return { ip, city: cityOut(city, lang), is_default: reason !== 'located', reason, region };
    },
  };
}
