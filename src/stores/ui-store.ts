import { makeAutoObservable, runInAction } from 'mobx';
import { DEFAULT_LANG, LANGS, type Lang } from '../../types/lang';
import { createT, hasPack, loadPack, type TFunction } from '../i18n';
import type { Platform } from '../platform/types';
import { ApiError, HttpError } from '../services';

export const LANG_KEY = '_lang';

/** The language chosen on this device (a valid `_lang`), else the default. */
export function savedLang(storage: Platform['storage']): Lang {
  const saved = storage.get<string>(LANG_KEY);
  return (LANGS as readonly string[]).includes(saved ?? '') ? (saved as Lang) : DEFAULT_LANG;
}

/**
 * Start-up, before the first render (H5, src/start-up.h5.ts): fetches the pack of the saved language so that a
 * customer who chose English sees English from the first paint. A pack that cannot be had is not an error here: the
 * store then shows this visit in Chinese and says so (UiStore.reportMissingPack).
 */
export async function loadSavedLang(storage: Platform['storage']): Promise<void> {
  const lang = savedLang(storage);
  try {
    await loadPack(lang);
  } catch (err) {
    console.warn(`Language pack ${lang} could not be loaded`, err);
  }
}

/** Language (spec §4: stored locally under `_lang`, default cn; a change reloads the page). */
export class UiStore {
  lang: Lang;
  /** The language being switched to while its pack loads (the switcher shows it is busy). */
  switching: Lang | null = null;
  /** The saved language whose pack could not be loaded at start-up (this visit is in Chinese). */
  private missingPack: Lang | null = null;
  /** Actions whose last answer was the service worker's saved copy, not the network's (H5 repeat visits). */
  readonly savedAnswers = new Set<string>();

  constructor(private readonly platform: Pick<Platform, 'storage' | 'reload' | 'feedback'>) {
    const saved = savedLang(platform.storage);
    // Only a language whose pack is here is shown (on H5 start-up fetched the saved one first, loadSavedLang).
    this.lang = hasPack(saved) ? saved : DEFAULT_LANG;
    if (this.lang !== saved) this.missingPack = saved;
    makeAutoObservable<UiStore, 'platform'>(this, { platform: false });
  }

  get t(): TFunction {
    return createT(this.lang);
  }

  /** The sentence to show for a failed call: the server's own message, or ours for a transport failure. */
  errorMessage(err: unknown): string {
    if (err instanceof ApiError && err.message) return err.message;
    if (err instanceof HttpError) {
      return err.kind === 'status'
        ? this.t('errors.status', { status: err.status ?? '' })
        : this.t(`errors.${err.kind}`);
    }
    return this.t('errors.unknown');
  }

  /** The one way a failed call reaches the customer: its message as an error toast. */
  showError(err: unknown) {
    this.platform.feedback.toast(this.errorMessage(err), 'error');
  }

  /** Every GET answer: whether the screen that asked shows saved data now. */
  noteAnswer(action: string, saved: boolean) {
    if (saved) this.savedAnswers.add(action);
    else this.savedAnswers.delete(action);
  }

  /** Whether the last answer of any of these actions was saved data (the screen then says so). */
  showsSaved(actions: readonly string[]): boolean {
    return actions.some((a) => this.savedAnswers.has(a));
  }

  /**
   * Switches to `lang`: its pack first (on H5 a chunk), then the choice is stored and the page reloads. When the
   * pack cannot be had (offline, a failed chunk) nothing changes and the customer is told, in the current language.
   */
  async setLang(lang: Lang): Promise<void> {
    if (this.switching) return;
    if (lang === this.lang) {
      this.platform.storage.set(LANG_KEY, lang);
      return;
    }
    this.switching = lang;
    try {
      await loadPack(lang);
    } catch (err) {
      console.warn(`Language pack ${lang} could not be loaded`, err);
      runInAction(() => (this.switching = null));
      this.platform.feedback.toast(this.t('topbar.lang_failed'), 'error');
      return;
    }
    runInAction(() => {
      this.platform.storage.set(LANG_KEY, lang);
      this.lang = lang;
    });
    // The page stays busy until it reloads.
    this.platform.reload();
  }

  /** Tells the customer once that the saved language could not be loaded at start-up (the app shows Chinese). */
  reportMissingPack() {
    if (!this.missingPack) return;
    this.missingPack = null;
    this.platform.feedback.toast(this.t('topbar.lang_failed'), 'error');
  }
}
