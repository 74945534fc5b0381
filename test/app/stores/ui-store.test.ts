import { autorun } from 'mobx';
import { LANG_KEY, UiStore } from '../../../src/stores/ui-store';
import { ApiError, HttpError } from '../../../src/services/http';
import cn from '../../../src/i18n/cn.json';
import en from '../../../src/i18n/en.json';
import { loadPack } from '../../../src/i18n';
import { memoryStorage } from '../support/fake-platform';

// English is fetched before the first render on H5 (src/start-up.h5.ts); here it is at hand from the start.
// test/app/i18n/*-language.test.tsx cover a pack that is not there yet or cannot be had.
beforeAll(() => loadPack('en'));

function ui(saved?: unknown) {
  const storage = memoryStorage(saved === undefined ? {} : { _lang: saved });
  const reload = jest.fn();
  const feedback = { toast: jest.fn(), showBusy: jest.fn(), hideBusy: jest.fn(), confirm: jest.fn() };
  return { store: new UiStore({ storage, reload, feedback }), storage, reload, feedback };
}

describe('UiStore', () => {
  it('keeps the language under _lang', () => {
    expect(LANG_KEY).toBe('_lang');
  });

  it('defaults to cn', () => {
    expect(ui().store.lang).toBe('cn');
  });

  it('restores a saved language', () => {
    expect(ui('en').store.lang).toBe('en');
    expect(ui('cn').store.lang).toBe('cn');
  });

  it.each(['fr', 'EN', '', 42, null])('ignores an invalid saved value %p', (saved) => {
    expect(ui(saved).store.lang).toBe('cn');
  });

  it('setLang stores the choice and reloads once on a change', async () => {
    const { store, storage, reload } = ui();
    await store.setLang('en');
    expect(store.lang).toBe('en');
    expect(storage.data.get('_lang')).toBe('en');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('setLang to the current language stores it but does not reload', async () => {
    const { store, storage, reload } = ui('en');
    await store.setLang('en');
    expect(storage.set).toHaveBeenCalledWith('_lang', 'en');
    expect(reload).not.toHaveBeenCalled();
  });

  it('t() follows the language', async () => {
    const { store } = ui();
    const seen: string[] = [];
    const stop = autorun(() => seen.push(store.t('topbar.login')));
    await store.setLang('en');
    stop();
    expect(seen).toEqual([cn.topbar.login, en.topbar.login]);
    expect(seen).toEqual(['登录', 'Log In']);
  });

  describe('errorMessage', () => {
    it("shows the server's own message for an ApiError", () => {
      expect(ui('en').store.errorMessage(new ApiError(1005, 'This dish is sold out'))).toBe('This dish is sold out');
    });

    it('falls back to the generic message for an ApiError without a message', () => {
      expect(ui('en').store.errorMessage(new ApiError(1500, ''))).toBe(en.errors.unknown);
    });

    it.each(['network', 'timeout', 'cancel'] as const)(
      'has its own sentence for a %s failure, in each language',
      (kind) => {
        expect(ui('en').store.errorMessage(new HttpError(kind, 'x'))).toBe(en.errors[kind]);
        expect(ui('cn').store.errorMessage(new HttpError(kind, 'x'))).toBe(cn.errors[kind]);
      },
    );

    it('names the status of a status failure', () => {
      expect(ui('en').store.errorMessage(new HttpError('status', 'HTTP 502', 502))).toBe(
        'Server error (502). Please try again later.',
      );
      expect(ui('cn').store.errorMessage(new HttpError('status', 'HTTP 502', 502))).toBe(
        '服务器错误（502），请稍后再试',
      );
    });

    it('has a generic sentence for anything else', () => {
      expect(ui('en').store.errorMessage(new Error('boom'))).toBe(en.errors.unknown);
      expect(ui('cn').store.errorMessage('boom')).toBe(cn.errors.unknown);
    });
  });

  it('showError toasts the message of a failed call as an error', () => {
    const { store, feedback } = ui('en');
    store.showError(new ApiError(1001, 'Wrong e-mail or password'));
    store.showError(new HttpError('network', 'x'));
    expect(feedback.toast.mock.calls).toEqual([
      ['Wrong e-mail or password', 'error'],
      [en.errors.network, 'error'],
    ]);
  });
});

describe('saved answers (H5 service worker)', () => {
  it('shows saved data while the last answer of one of the actions was saved, until a fresh one', () => {
    const { store } = ui();
    const seen: boolean[] = [];
    autorun(() => seen.push(store.showsSaved(['storeinfo', 'menulist'])));
    store.noteAnswer('storelist', true);
    store.noteAnswer('menulist', false);
    store.noteAnswer('menulist', true);
    store.noteAnswer('storeinfo', true);
    store.noteAnswer('menulist', false);
    expect(store.showsSaved(['storelist'])).toBe(true);
    store.noteAnswer('storeinfo', false);
    // What an observer of the screen sees, change by change.
    expect(seen.filter((v, i) => i === 0 || v !== seen[i - 1])).toEqual([false, true, false]);
  });
});
