import { createApi, createHttp, type Api } from '../services';
import type { Platform } from '../platform/types';
import { CartStore } from './cart-store';
import { PaymentStore } from './payment-store';
import { PopupStore } from './popup-store';
import { LocationStore } from './location-store';
import { SearchStore } from './search-store';
import { SessionStore } from './session-store';
import { UiStore } from './ui-store';

export interface RootDeps {
  platform: Platform;
  /** API host: '' for the same origin (H5), an absolute URL in the mini program. */
  apiBase: string;
  /** Tests may hand in their own API. */
  api?: Api;
}

/** One instance per app, built in app.tsx and handed down by context (never a module singleton). */
export class RootStore {
  readonly platform: Platform;
  readonly api: Api;
  readonly session: SessionStore;
  readonly ui: UiStore;
  readonly search: SearchStore;
  readonly location: LocationStore;
  /** The cart of the restaurant being ordered from (the choice layer adds to it). */
  readonly cart: CartStore;
  /** Paying an order on this platform, and what follows. */
  readonly payment: PaymentStore;
  /** The pop-ups home shows, once per user or device until their version changes. */
  readonly popups: PopupStore;
  private readonly apiBase: string;

  constructor({ platform, apiBase, api }: RootDeps) {
    this.platform = platform;
    this.session = new SessionStore(platform.storage, { accounts: () => this.api.accounts, login: platform.login });
    this.ui = new UiStore(platform);
    this.search = new SearchStore();
    this.apiBase = apiBase;
    this.location = new LocationStore({
      storage: platform.storage,
      location: platform.location,
      places: () => this.api.places,
      t: () => this.ui.t,
      lang: () => this.ui.lang,
    });
    this.cart = new CartStore({
      cart: () => this.api.cart,
      navigation: platform.navigation,
      isLoggedIn: () => this.session.isLoggedIn,
      showError: (err) => this.ui.showError(err),
    });
    this.payment = new PaymentStore({
      orders: () => this.api.orders,
      platform,
      t: () => this.ui.t,
      showError: (err) => this.ui.showError(err),
    });
    this.popups = new PopupStore({
      storage: platform.storage,
      catalogue: () => this.api.catalogue,
      viewer: () => (this.session.isLoggedIn ? `user:${this.session.userInfo?.id ?? this.session.token ?? ''}` : ''),
      lang: () => this.ui.lang,
    });
    this.api =
      api ??
      createApi(
        createHttp({
          platform,
          baseUrl: apiBase,
          getToken: () => this.session.token,
          getLang: () => this.ui.lang,
          // The token is already dead: forget it here, no logout call (spec §4: 1002 logs out).
          onSessionInvalid: () => this.session.clear(),
          onAnswer: (action, saved) => this.ui.noteAnswer(action, saved),
        }),
      );
    void this.location.followLanguage();
  }

  /** Pictures of the API are site paths (/img/...); the mini program needs them on the API host. */
  imageUrl = (path: string | undefined | null): string => {
    if (!path) return '';
    if (/^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path;
    return `${this.apiBase.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
  };
}
