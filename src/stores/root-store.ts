import { createApi, createHttp, type Api } from '../services';
import type { Platform } from '../platform/types';
import { PaymentStore } from './payment-store';
import { PopupStore } from './popup-store';
import { LocationStore } from './location-store';
import { SearchStore } from './search-store';
import { SessionStore } from './session-store';
import { SiteInfoStore } from './site-info-store';
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
  /** Paying an order on this platform, and what follows. */
  readonly payment: PaymentStore;
  /** The pop-ups home shows, once per user or device until their version changes. */
  readonly popups: PopupStore;
  /** The footer's configured codes, phones and ICP filing number. */
  readonly siteInfo: SiteInfoStore;
  private readonly apiBase: string;
  /** Stores that only some screens use, made on first use (attach). */
  private readonly attached = new Map<string, unknown>();

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
    this.siteInfo = new SiteInfoStore(() => this.api.codes);
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

  /**
   * The store under `key`, made by `make` on first use and kept for the app's life. For stores that only screens of
   * mini program sub-packages use (the cart: stores/cart.ts), so their code stays out of the main package: each
   * sub-package that uses one carries its own copy of the code (Taro's optimizeMainPackage), and the instance kept
   * here is what makes them one store.
   */
  attach<T>(key: string, make: (root: RootStore) => T): T {
    if (!this.attached.has(key)) this.attached.set(key, make(this));
    return this.attached.get(key) as T;
  }

  /** Pictures of the API are site paths (/img/...); the mini program needs them on the API host. */
  imageUrl = (path: string | undefined | null): string => {
    if (!path) return '';
    if (/^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path;
    return `${this.apiBase.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
  };
}
