import { createApi, createHttp, type Api } from '../services';
import type { Platform } from '../platform/types';
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

  constructor({ platform, apiBase, api }: RootDeps) {
    this.platform = platform;
    this.session = new SessionStore(platform.storage);
    this.ui = new UiStore(platform);
    this.search = new SearchStore();
    this.api =
      api ??
      createApi(
        createHttp({
          platform,
          baseUrl: apiBase,
          getToken: () => this.session.token,
          getLang: () => this.ui.lang,
          onSessionInvalid: () => this.session.logout(),
        }),
      );
  }
}
