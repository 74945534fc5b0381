/**
 * Issue 10: on H5 English is not bundled. It is fetched when chosen (src/i18n/packs.h5.ts, a chunk of its own);
 * while it loads the switcher is busy; when it cannot be had the customer stays in Chinese and is told, in Chinese.
 * (One file, one module state: English is not loaded when it starts. test/app/i18n/saved-language.test.tsx covers
 * start-up with a saved English choice.)
 */
import HomePage from '../../../src/screens/main/home';
import cn from '../../../src/i18n/cn.json';
import en from '../../../src/i18n/en.json';
import { hasPack } from '../../../src/i18n';
import { fetchPack } from '../../../src/i18n/packs';
import type * as Packs from '../../../src/i18n/packs';
import { fakeApi, paged, renderPage } from '../support/page';
import { click, getByText, queryByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());
// The real loader (a dynamic import of en.json), watched; a test may make one call fail or wait.
jest.mock('../../../src/i18n/packs', () => {
  const actual = jest.requireActual('../../../src/i18n/packs');
  return { ...actual, fetchPack: jest.fn(actual.fetchPack) };
});
const fetchPackMock = fetchPack as jest.MockedFunction<typeof fetchPack>;

async function home() {
  const api = fakeApi();
  api.articles.news.mockResolvedValue(paged([]));
  const page = await renderPage(HomePage, { api });
  const topBar = page.container.querySelector<HTMLElement>('.top-bar')!;
  const trigger = () => topBar.querySelector<HTMLElement>('.top-bar__lang .dropdown__trigger')!;
  const choose = async (label: string) => {
    await click(trigger());
    await click(getByText(topBar, label));
  };
  return { ...page, topBar, trigger, choose };
}

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  fetchPackMock.mockClear();
});
afterEach(() => warn.mockRestore());

it('starts with Chinese only: English is not loaded until it is chosen', async () => {
  const { topBar } = await home();
  expect(getByText(topBar, cn.topbar.login)).toBeTruthy();
  expect(hasPack('cn')).toBe(true);
  expect(hasPack('en')).toBe(false);
  expect(fetchPackMock).not.toHaveBeenCalled();
  // The file's first render loads the home screen's modules (seconds on a busy machine; later tests reuse them).
}, 20_000);

it('when the English pack cannot be loaded, stays in Chinese and says so in Chinese', async () => {
  fetchPackMock.mockRejectedValueOnce(new Error('Loading chunk lang-en failed'));
  const { topBar, container, platform, trigger, choose } = await home();
  await choose(cn.topbar.lang_en);

  await waitFor(() => expect(platform.feedback.toast).toHaveBeenCalledWith(cn.topbar.lang_failed, 'error'));
  expect(fetchPackMock).toHaveBeenCalledWith('en');
  expect(platform.reload).not.toHaveBeenCalled();
  expect(platform.storage.set).not.toHaveBeenCalledWith('_lang', 'en');
  expect(getByText(topBar, cn.topbar.login)).toBeTruthy();
  expect(queryByText(container, en.topbar.login)).toBeNull();
  expect(getByText(container, cn.home.prompt)).toBeTruthy();
  // The switcher is not left busy.
  expect(topBar.querySelector('.top-bar__lang-spinner')).toBeNull();
  expect(trigger().getAttribute('aria-label')).toBe(cn.topbar.language_current.replace('{name}', cn.topbar.lang_cn));
  expect(hasPack('en')).toBe(false);
});

it('switching to English loads the pack (busy meanwhile), stores the choice, reloads and renders English', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const actual = jest.requireActual('../../../src/i18n/packs') as typeof Packs;
  fetchPackMock.mockImplementationOnce((lang) => gate.then(() => actual.fetchPack(lang)));
  const { topBar, container, platform, trigger, choose } = await home();
  await choose(cn.topbar.lang_en);

  // Loading: the switcher says so, nothing is stored yet, the page is still Chinese.
  expect(topBar.querySelector('.top-bar__lang-spinner')).not.toBeNull();
  expect(topBar.querySelector('.top-bar__lang--busy')).not.toBeNull();
  expect(trigger().getAttribute('aria-label')).toBe(cn.topbar.lang_switching);
  expect(platform.storage.data.get('_lang')).toBeUndefined();
  expect(platform.reload).not.toHaveBeenCalled();
  // A second choice while busy is ignored.
  await choose(cn.topbar.lang_cn);
  expect(fetchPackMock).toHaveBeenCalledTimes(1);

  release();
  await waitFor(() => expect(platform.reload).toHaveBeenCalledTimes(1));
  expect(platform.storage.data.get('_lang')).toBe('en');
  expect(hasPack('en')).toBe(true);
  await waitFor(() => expect(getByText(topBar, en.topbar.login)).toBeTruthy());
  expect(getByText(container, en.home.prompt)).toBeTruthy();
  expect(queryByText(container, cn.home.prompt)).toBeNull();
  expect(platform.feedback.toast).not.toHaveBeenCalled();
});
