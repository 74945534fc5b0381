import type { AreaList, BuildingList, BuildingListQuery, ClosestAddr, IpLocation } from '../../types/api/places';
import type { Http } from './http';

/** Places: cities with their areas, and buildings (the address choice of sign-up and the address book). */
export function placesApi(http: Http) {
  return {
    areas: (cityId?: number) => http.get<AreaList>('arealist', { city_id: cityId }),
    buildings: (query: BuildingListQuery) => http.get<BuildingList>('buildinglist', query),
    /** The known address nearest to a GCJ-02 position. */
    closest: (lat: number, lng: number) => http.get<ClosestAddr>('closestaddr', { lat, lng }),
    /** The caller's city from its IP address (the default city when unknown). */
    ipLocation: () => http.get<IpLocation>('iplocation'),
  };
}

export type PlacesApi = ReturnType<typeof placesApi>;
