import type { ComponentType } from 'react';
import type {
  AccountsApi,
  AddressesApi,
  Api,
  CartApi,
  CatalogueApi,
  OrdersApi,
  PlacesApi,
  RatingsApi,
  MerchantApi,
  EventsApi,
  RestaurantsApi,
  SearchApi,
  WalletApi,
  NotifyApi,
} from '../../../src/services';
import { loadSavedLang, LOCATION_KEY, RootStore, StoreProvider } from '../../../src/stores';
import type { Article, ArticleSummary } from '../../../types/api/articles';
import type { PagedData } from '../../../types/api/common';
import type { SiteInfo } from '../../../types/api/codes';
import type { QrKind } from '../../../types/codes';
import { SAVED_LOCATION } from './discover';
import { fakePlatform, type FakePlatformOptions } from './fake-platform';
import { render } from './render';

/** An Api whose calls are jest fakes (RootDeps.api); each test says what they answer. */
export function fakeApi() {
  const api = {
    articles: {
      list: jest.fn<Promise<PagedData<ArticleSummary>>, [number, number?]>(),
      news: jest.fn<Promise<PagedData<ArticleSummary>>, [number, number?]>(),
      get: jest.fn<Promise<Article>, [number]>(),
    },
    accounts: fakeArea<AccountsApi>(ACCOUNTS),
    addresses: fakeArea<AddressesApi>(['list', 'get', 'save', 'remove', 'setDefault']),
    places: fakeArea<PlacesApi>(['areas', 'buildings', 'closest', 'ipLocation']),
    restaurants: fakeArea<RestaurantsApi>(['list', 'newest', 'info', 'menu', 'reviews']),
    catalogue: fakeArea<CatalogueApi>(['cuisines', 'promotions', 'ads', 'popups', 'seePopup']),
    search: fakeArea<SearchApi>(['multiple']),
    // Addresses as the real service makes them on H5 (same origin).
    codes: {
      qrcodeUrl: jest.fn((kind: QrKind, id?: number) => `/api/szeat/qrcode?kind=${kind}${id ? `&id=${id}` : ''}`),
      siteInfo: jest.fn<Promise<SiteInfo>, []>(),
    },
    cart: fakeArea<CartApi>(['list', 'add', 'edit', 'remove']),
    orders: fakeArea<OrdersApi>(['confirm', 'submit', 'pay', 'checkPay', 'list', 'info', 'cancel', 'reorder']),
    wallet: fakeArea<WalletApi>(['wallet', 'vouchers', 'available', 'availableCount']),
    notify: fakeArea<NotifyApi>(['templates', 'grant']),
    ratings: fakeArea<RatingsApi>(['uploadPhoto', 'save', 'remove', 'list']),
    merchant: fakeArea<MerchantApi>([
      'restaurants',
      'orders',
      'order',
      'accept',
      'reject',
      'advance',
      'collect',
      'ready',
      'soldOut',
      'busy',
      'closed',
      'today',
      'members',
      'invite',
      'removeMember',
    ]),
    events: fakeArea<EventsApi>(['ticket', 'streamUrl']),
  } satisfies Api;
  // The footer asks once: both codes configured, no words, no ICP filing number, unless a test says otherwise.
  api.codes.siteInfo.mockResolvedValue({
    contact: { qr: true, phone: '', wechat_id: '' },
    merchant: { qr: true, phone: '', wechat_id: '' },
    icp_filing: '',
  });
  // Home asks for these on every visit: no pop-ups and no new restaurants unless a test says otherwise.
  api.catalogue.popups.mockResolvedValue([]);
  api.catalogue.seePopup.mockImplementation(async (id: number) => ({ popup_id: id, version: 1 }));
  // Mine asks whether the account works for a restaurant: not unless a test says so.
  api.merchant.restaurants.mockResolvedValue({ list: [] });
  // Live events: each connection gets a new ticket; the stream address is the ticket's.
  let tickets = 0;
  api.events.ticket.mockImplementation(async () => ({ ticket: `t${++tickets}`, expires_at: 0, url: '' }));
  api.events.streamUrl.mockImplementation((ticket: string) => `/api/szeat/events?ticket=${ticket}`);
  api.restaurants.newest.mockResolvedValue({ list: [], total: 0, page: 1, page_size: 8, has_more: false });
  // Subscribe messages (mini program): the sandbox's three templates.
  api.notify.templates.mockResolvedValue({ accepted: 'tpl-accepted', ready: 'tpl-ready', delivered: 'tpl-delivered' });
  api.notify.grant.mockResolvedValue({ accepted: 1, ready: 1, delivered: 1 });
  return api;
}

/** jest fakes for every call of one API area. */
export type FakeArea<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? jest.Mock<R, A> : never };

function fakeArea<T>(names: Array<keyof T>): FakeArea<T> {
  return Object.fromEntries(names.map((name) => [name, jest.fn()])) as FakeArea<T>;
}

const ACCOUNTS: Array<keyof AccountsApi> = [
  'reg',
  'login',
  'wxMiniLogin',
  'wxOauthUrl',
  'wxPublicLogin',
  'me',
  'logout',
  'resetPwdSms',
  'saveNewPwd',
];

/** Accounts calls with the answers most screens need: `me` never answers unless told, logout succeeds. */
export function withAccountDefaults(api: FakeApi): FakeApi {
  api.accounts.me.mockImplementation(() => new Promise(() => {}));
  api.accounts.logout.mockResolvedValue(null);
  // The user centre's voucher count.
  api.wallet.availableCount.mockImplementation(() => new Promise(() => {}));
  return api;
}

export type FakeApi = ReturnType<typeof fakeApi>;

export const paged = <T,>(list: T[]): PagedData<T> => ({
  list,
  total: list.length,
  page: 1,
  page_size: 10,
  has_more: false,
});

export function summary(id: number, title: string, extra: Partial<ArticleSummary> = {}): ArticleSummary {
  return { id, title, summary: `${title} in short`, cover: '', published_at: Date.UTC(2025, 4, 20, 4), ...extra };
}

/** The storage a page starts with: an English visitor who chose `location` (by default SAVED_LOCATION). */
export const savedStorage = (location: object = SAVED_LOCATION) => ({ _lang: 'en', [LOCATION_KEY]: location });

/** Renders a page inside a StoreProvider with a RootStore on a fake platform and a fake api. */
export async function renderPage(Page: ComponentType, options: FakePlatformOptions & { api?: FakeApi } = {}) {
  const platform = fakePlatform(options);
  const api = options.api ?? withAccountDefaults(fakeApi());
  // As the app starts (src/start-up.h5.ts): the saved language's pack first, then the store.
  await loadSavedLang(platform.storage);
  const store = new RootStore({ platform, apiBase: '', api });
  const view = await render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  );
  return { ...view, platform, api, store };
}
