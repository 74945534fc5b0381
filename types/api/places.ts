import { Type, type Static } from '@sinclair/typebox';

/**
 * Places: cities, areas and buildings. Every coordinate in this API (requests and responses) is GCJ-02, the
 * system of WeChat's location API and of Chinese map tiles; an H5 browser's WGS-84 position must be converted
 * before it is sent.
 */

export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const Lat = Type.Number({ minimum: -90, maximum: 90, description: 'latitude in degrees, GCJ-02' });
export const Lng = Type.Number({ minimum: -180, maximum: 180, description: 'longitude in degrees, GCJ-02' });

/** A required position (GCJ-02). */
export const LatLngQuery = Type.Object({ lat: Lat, lng: Lng });
export type LatLngQuery = Static<typeof LatLngQuery>;

/** An optional position: both lat and lng, or neither (GCJ-02). */
export const OptionalLatLng = Type.Object({ lat: Type.Optional(Lat), lng: Type.Optional(Lng) });

export const City = Type.Object({
  id: Type.Integer(),
  code: Type.String({ description: 'stable code: shenzhen, huizhou, guangzhou, dongguan' }),
  name: Type.String(),
  lat: Type.Number({ description: 'city centre latitude, GCJ-02' }),
  lng: Type.Number({ description: 'city centre longitude, GCJ-02' }),
});
export type City = Static<typeof City>;

export const Area = Type.Object({
  id: Type.Integer(),
  city_id: Type.Integer(),
  name: Type.String(),
  lat: Type.Number({ description: 'area centre latitude, GCJ-02' }),
  lng: Type.Number({ description: 'area centre longitude, GCJ-02' }),
});
export type Area = Static<typeof Area>;

export const CityAreas = Type.Composite([City, Type.Object({ areas: Type.Array(Area) })]);
export type CityAreas = Static<typeof CityAreas>;

/** arealist: every city with its areas, or one city's when city_id is given (unknown city_id: 404). */
export const AreaListQuery = Type.Object({ city_id: Type.Optional(Id) });
export type AreaListQuery = Static<typeof AreaListQuery>;
export const AreaList = Type.Array(CityAreas);
export type AreaList = Static<typeof AreaList>;

export const Building = Type.Object({
  id: Type.Integer(),
  area_id: Type.Integer(),
  city_id: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  lat: Type.Number({ description: 'latitude, GCJ-02' }),
  lng: Type.Number({ description: 'longitude, GCJ-02' }),
});
export type Building = Static<typeof Building>;

/**
 * buildinglist: buildings of an area (area_id), of a city (city_id), or all; keyword filters names and addresses in
 * either language. Unknown area_id or city_id: 404.
 */
export const BuildingListQuery = Type.Object({
  area_id: Type.Optional(Id),
  city_id: Type.Optional(Id),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type BuildingListQuery = Static<typeof BuildingListQuery>;
export const BuildingList = Type.Array(Building);
export type BuildingList = Static<typeof BuildingList>;

/** closestaddr: the known address (building) nearest to a GCJ-02 position, with its area, city and distance. */
export const ClosestAddrQuery = LatLngQuery;
export type ClosestAddrQuery = Static<typeof ClosestAddrQuery>;
export const ClosestAddr = Type.Object({
  building: Building,
  area: Area,
  city: City,
  distance_m: Type.Integer({ description: 'straight-line distance in metres from the given position' }),
});
export type ClosestAddr = Static<typeof ClosestAddr>;

/**
 * iplocation: the caller's city from its IP address (offline IP database). Private, loopback and unknown addresses,
 * and places outside the four cities, get the default city (Shenzhen) with is_default true.
 */
export const IpLocationQuery = Type.Object({});
export const IpLocation = Type.Object({
  ip: Type.String(),
  city: City,
  is_default: Type.Boolean(),
  reason: Type.Union(
    [Type.Literal('located'), Type.Literal('private'), Type.Literal('unknown'), Type.Literal('unserved')],
    {
      description:
        'located: found in one of our cities; private: LAN/loopback; unknown: not in the database; unserved: elsewhere',
    },
  ),
  region: Type.String({ description: 'what the IP database says (province and city, Chinese), empty when nothing' }),
});
export type IpLocation = Static<typeof IpLocation>;
