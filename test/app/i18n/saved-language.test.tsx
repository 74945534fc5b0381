/**
 * Start-up with a saved English choice (H5, issue 10): src/start-up.h5.ts waits for loadSavedLang before Taro
 * renders, so the first render is English; when the pack cannot be had this visit is in Chinese and the customer is
 * told. (Its own file: English is not loaded when it starts.)
 */
import HomePage from '../../../src/screens/main/home';
import cn from '../../../src/i18n/cn.json';
import en from '../../../src/i18n/en.json';
import { hasPack } from '../../../src/i18n';
import { fetchPack } from '../../../src/i18n/packs';
import { loadSavedLang, RootStore, StoreProvider } from '../../../src/stores';
import { fakePlatform } from '../support/fake-platform';
import { fakeApi, paged, withAccountDefaults } from '../support/page';
import { render, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());
jest.mock('../../../src/i18n/packs', () => {
  const actual = jest.requireActual('../../../src/i18n/packs');
  return { ...actual, fetchPack: jest.fn(actual.fetchPack) };
});
const fetchPackMock = fetchPack as jest.MockedFunction<typeof fetchPack>;

/**
 * Starts as app.tsx does (start-up, then the store) and renders home; returns every text the page showed on the way
 * (a MutationObserver's view of the document from before the first render).
 */
async function start(saved?: string) {
  const platform = fakePlatform({ storage: saved ? { _lang: saved } : {} });
  const api = withAccountDefaults(fakeApi());
  api.articles.news.mockResolvedValue(paged([]));
  await loadSavedLang(platform.storage);
  const store = new RootStore({ platform, apiBase: '', api });
  const seen: string[] = [];
  const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  const { container } = await render(
    <StoreProvider store={store}>
      <HomePage />
    </StoreProvider>,
  );
  await waitFor(() => expect(container.querySelector('.top-bar__login')).not.toBeNull());
  await new Promise((r) => setTimeout(r, 0));
  observer.disconnect();
  const shown = seen.join('\n') + container.textContent;
  return { platform, store, shown, text: container.textContent ?? '' };
}

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

it('a Chinese visit does not load English', async () => {
  const { text, store } = await start();
  expect(text).toContain(cn.topbar.login);
  expect(text).toContain(cn.home.prompt);
  expect(store.ui.lang).toBe('cn');
  expect(fetchPackMock).not.toHaveBeenCalled();
  expect(hasPack('en')).toBe(false);
});

it('a saved English choice whose pack cannot be had opens in Chinese, keeps the choice and says so once', async () => {
  fetchPackMock.mockRejectedValueOnce(new Error('Loading chunk lang-en failed'));
  const { text, shown, store, platform } = await start('en');
  expect(text).toContain(cn.topbar.login);
  expect(shown).not.toContain(en.topbar.login);
  expect(store.ui.lang).toBe('cn');
  expect(platform.storage.data.get('_lang')).toBe('en');
  // The first screen says so, once.
  expect(platform.feedback.toast.mock.calls).toEqual([[cn.topbar.lang_failed, 'error']]);
  store.ui.reportMissingPack();
  expect(platform.feedback.toast).toHaveBeenCalledTimes(1);
});

it('a saved English choice renders English in the first render, never Chinese first', async () => {
  const { text, shown, store, platform } = await start('en');
  expect(fetchPackMock).toHaveBeenLastCalledWith('en');
  expect(store.ui.lang).toBe('en');
  expect(text).toContain(en.topbar.login);
  expect(text).toContain(en.home.prompt);
  // Not once, from the first render on.
  expect(shown).not.toContain(cn.topbar.login);
  expect(shown).not.toContain(cn.home.prompt);
  expect(shown).toContain(en.topbar.login);
  // Nothing to report.
  store.ui.reportMissingPack();
  expect(platform.feedback.toast).not.toHaveBeenCalled();
});
