import { makeAutoObservable } from 'mobx';
import { DEFAULT_LANG, LANGS, type Lang } from '../../types/lang';
import { createT, type TFunction } from '../i18n';
import type { Platform } from '../platform/types';
import { ApiError, HttpError } from '../services';

export const LANG_KEY = '_lang';

/** Language (spec §4: stored locally under `_lang`, default cn; a change reloads the page). */
export class UiStore {
  lang: Lang;
  /** Actions whose last answer was the service worker's saved copy, not the network's (H5 repeat visits). */
  readonly savedAnswers = new Set<string>();

  constructor(private readonly platform: Pick<Platform, 'storage' | 'reload' | 'feedback'>) {
    const saved = platform.storage.get<string>(LANG_KEY);
    this.lang = (LANGS as readonly string[]).includes(saved ?? '') ? (saved as Lang) : DEFAULT_LANG;
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

  setLang(lang: Lang) {
    this.platform.storage.set(LANG_KEY, lang);
    if (lang === this.lang) return;
    this.lang = lang;
    this.platform.reload();
  }
}
