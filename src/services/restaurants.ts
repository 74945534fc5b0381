import type { PagedData } from '../../types/api/common';
import type { Menu, StoreInfo, StoreListQuery, StoreReviews, StoreSummary } from '../../types';
import type { Http } from './http';

/** Restaurants near a position, one restaurant's page, its menu and its reviews. */
export function restaurantsApi(http: Http) {
  return {
    list: (query: StoreListQuery) => http.get<PagedData<StoreSummary>>('storelist', { ...query }),
    newest: (query: { page: number; page_size?: number; lat?: number; lng?: number }) =>
      http.get<PagedData<StoreSummary>>('newstores', query),
    /** With a position, the answer says whether it is in the delivery range. */
    info: (id: number, at?: { lat: number; lng: number }) =>
      http.get<StoreInfo>('storeinfo', { id, lat: at?.lat, lng: at?.lng }),
    menu: (restaurantId: number, keyword?: string) =>
      http.get<Menu>('menulist', { restaurant_id: restaurantId, keyword: keyword || undefined }),
    reviews: (restaurantId: number, page: number, pageSize?: number) =>
      http.get<StoreReviews>('storereview', { restaurant_id: restaurantId, page, page_size: pageSize }),
  };
}

export type RestaurantsApi = ReturnType<typeof restaurantsApi>;
