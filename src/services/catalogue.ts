import type { AdList, AdListQuery, CuisineList, PromoList, PromoListQuery } from '../../types/api/catalogue';
import type { Http } from './http';

/** Cuisines, promotions and ads. */
export function catalogueApi(http: Http) {
  return {
    cuisines: () => http.get<CuisineList>('cuisineslist'),
    promotions: (query: PromoListQuery = {}) => http.get<PromoList>('promolist', { ...query }),
    ads: (query: AdListQuery = {}) => http.get<AdList>('adslist', { ...query }),
  };
}

export type CatalogueApi = ReturnType<typeof catalogueApi>;
