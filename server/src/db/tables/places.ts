import type { Generated } from 'kysely';

/**
 * Where customers are: the four cities, their areas, and buildings (the addresses customers pick).
 * Coordinates are GCJ-02 (the system of WeChat's map and location APIs and of Chinese map tiles); the app converts
 * browser (WGS-84) positions before sending them.
 */
export interface CitiesTable {
  id: Generated<number>;
  code: string;
  name_cn: string;
  name_en: string;
  lat: number;
  lng: number;
  sort: number;
}

export interface AreasTable {
  id: Generated<number>;
  city_id: number;
  name_cn: string;
  name_en: string;
  lat: number;
  lng: number;
  sort: number;
}

export interface BuildingsTable {
  id: Generated<number>;
  area_id: number;
  name_cn: string;
  name_en: string;
  address_cn: string;
  address_en: string;
  lat: number;
  lng: number;
  sort: number;
}

export interface PlacesTables {
  cities: CitiesTable;
  areas: AreasTable;
  buildings: BuildingsTable;
}
