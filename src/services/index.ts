import { accountsApi } from './accounts';
import { addressesApi } from './addresses';
import { articlesApi } from './articles';
import type { Http } from './http';
import { placesApi } from './places';
import { catalogueApi } from './catalogue';
import { restaurantsApi } from './restaurants';
import { searchApi } from './search';

export { ApiError, HttpError, createHttp } from './http';
export type { Http, HttpDeps } from './http';
export type { AccountsApi } from './accounts';
export type { AddressesApi } from './addresses';
export type { PlacesApi } from './places';
export type { CatalogueApi } from './catalogue';
export type { RestaurantsApi } from './restaurants';
export type { SearchApi } from './search';

/** One object per API area; one function per endpoint. */
export function createApi(http: Http) {
  return {
    articles: articlesApi(http),
    accounts: accountsApi(http),
    addresses: addressesApi(http),
    places: placesApi(http),
    restaurants: restaurantsApi(http),
    catalogue: catalogueApi(http),
    search: searchApi(http),
  };
}

export type Api = ReturnType<typeof createApi>;
