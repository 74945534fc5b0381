import { accountsApi } from './accounts';
import { addressesApi } from './addresses';
import { articlesApi } from './articles';
import { codesApi } from './codes';
import type { Http } from './http';
import { placesApi } from './places';
import { catalogueApi } from './catalogue';
import { restaurantsApi } from './restaurants';
import { searchApi } from './search';
import { cartApi } from './cart';
import { ordersApi } from './orders';
import { walletApi } from './wallet';
import { ratingsApi } from './ratings';
import { notifyApi } from './notify';
import { merchantApi } from './merchant';
import { eventsApi } from './events';

export { ActionNotFoundError, ApiError, HttpError, createHttp } from './http';
export type { Http, HttpDeps } from './http';
export type { AccountsApi } from './accounts';
export type { AddressesApi } from './addresses';
export type { PlacesApi } from './places';
export type { CatalogueApi } from './catalogue';
export type { CodesApi } from './codes';
export type { RestaurantsApi } from './restaurants';
export type { SearchApi } from './search';
export type { CartApi } from './cart';
export type { OrdersApi } from './orders';
export type { WalletApi } from './wallet';
export type { NotifyApi } from './notify';
export type { MerchantApi } from './merchant';
export type { EventsApi, EventTicket } from './events';
export type { RatingsApi, PhotoUploadCallbacks } from './ratings';

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
    codes: codesApi(http),
    cart: cartApi(http),
    orders: ordersApi(http),
    wallet: walletApi(http),
    notify: notifyApi(http),
    ratings: ratingsApi(http),
    merchant: merchantApi(http),
    events: eventsApi(http),
  };
}

export type Api = ReturnType<typeof createApi>;
