import { makeAutoObservable, runInAction } from 'mobx';
import type { Popup } from '../../types/api/catalogue';
import { DEVICE_ID_PATTERN } from '../../types/catalogue';
import type { Storage } from '../platform/types';
import type { CatalogueApi } from '../services';
import { newKey } from '../utils/attempt-key';

/** Where this device's random id is kept (it names the viewer of pop-ups while nobody is logged in). */
export const DEVICE_ID_KEY = 'szeat.device_id';

export interface PopupDeps {
  storage: Storage;
  catalogue: () => CatalogueApi;
  /** Who is looking: the logged-in user's id, or '' on a device nobody is logged in on. */
  viewer: () => string;
  /** The language pop-ups are fetched in. */
  lang: () => string;
}

/**
 * The pop-ups home shows (spec: popuplist / updatepopup). The server answers only those the viewer (the logged-in
 * user, else this device) has not seen at their current version, and a closed one is recorded as seen, so each shows
 * once per person (the server counts what this device saw before a login or registration for the account too) until
 * its content changes. At most one shows per visit (an app start or a page load): once it is closed, the others wait
 * for the next visit, even when the customer logs in meanwhile. Failures are logged and show nothing: a pop-up is never
 * worth an error on home.
 */
export class PopupStore {
  queue: Popup[] = [];
  /** A pop-up was closed during this visit: no other shows before the next one. */
  closedThisVisit = false;
  /** The viewer and language the queue was loaded for. */
  private loadedFor: string | undefined;

  constructor(private readonly deps: PopupDeps) {
    makeAutoObservable<PopupStore, 'deps' | 'loadedFor'>(this, { deps: false, loadedFor: false });
  }

  get current(): Popup | undefined {
    return this.closedThisVisit ? undefined : this.queue[0];
  }

  /** This device's id, made once and kept. */
  deviceId(): string {
    const saved = this.deps.storage.get<string>(DEVICE_ID_KEY);
    if (typeof saved === 'string' && new RegExp(DEVICE_ID_PATTERN).test(saved)) return saved;
    const id = newKey();
    this.deps.storage.set(DEVICE_ID_KEY, id);
    return id;
  }

  /**
   * Fetches the unseen pop-ups, once per viewer and language (home calls it each time it shows); nothing more once one
   * was closed during this visit.
   */
  async load(): Promise<void> {
    if (this.closedThisVisit) return;
    const key = `${this.deps.viewer()}|${this.deps.lang()}`;
    if (this.loadedFor === key) return;
    this.loadedFor = key;
    try {
      const list = await this.deps.catalogue().popups(this.deviceId());
      runInAction(() => {
        if (this.loadedFor === key) this.queue = list;
      });
    } catch (err) {
      if (this.loadedFor === key) this.loadedFor = undefined;
      console.warn('pop-ups not loaded', err);
    }
  }

  /** The viewer closed (or followed) the current pop-up: it is recorded as seen, and no other shows this visit. */
  async dismiss(): Promise<void> {
    const popup = this.current;
    if (!popup) return;
    this.queue = [];
    this.closedThisVisit = true;
    try {
      await this.deps.catalogue().seePopup(popup.id, this.deviceId());
    } catch (err) {
      console.warn('pop-up not recorded as seen', err);
    }
  }
}
