/** Home's seeded pop-ups (popuplist / updatepopup) and its "new restaurants" row (newstores), in both languages. */
import HomePage from '../../../src/screens/main/home';
import { HttpError } from '../../../src/services/http';
import { LOCATION_KEY } from '../../../src/stores';
import type { Popup } from '../../../types/api/catalogue';
import { store } from '../support/discover';
import { fakeApi, paged, renderPage } from '../support/page';
import { act } from 'react';
import { USER } from '../support/forms';
import { click, getByText, queryByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const popup = (id: number, extra: Partial<Popup> = {}): Popup => ({
  id,
  title: `Welcome ${id}`,
  content: `Content ${id}`,
  picture: '/img/popup/welcome.svg',
  link: { type: 'none', id: null, url: '' },
  version: 1,
  starts_at: 0,
  ends_at: 0,
  ...extra,
});

function homeApi() {
  const api = fakeApi();
  api.articles.news.mockResolvedValue(paged([]));
  return api;
}

describe('home pop-ups', () => {
  it('shows the unseen pop-up, asks with the device id, and records it as seen when closed', async () => {
    const api = homeApi();
    api.catalogue.popups.mockResolvedValue([popup(1), popup(2)]);
    const { store: root } = await renderPage(HomePage, { api, storage: { _lang: 'en' } });
    await waitFor(() => getByText(document.body, 'Welcome 1'));
    expect(getByText(document.body, 'Content 1')).toBeTruthy();
    const deviceId = root.popups.deviceId();
    expect(api.catalogue.popups).toHaveBeenCalledWith(deviceId);
    expect(api.catalogue.popups).toHaveBeenCalledTimes(1);

    await click(getByText(document.body, 'Close'));
    expect(api.catalogue.seePopup).toHaveBeenCalledWith(1, deviceId);
    await waitFor(() => expect(queryByText(document.body, 'Welcome 1')).toBeNull());
    // At most one pop-up per visit (issue 15): the second waits for the next visit, a login brings none either.
    expect(queryByText(document.body, 'Welcome 2')).toBeNull();
    expect(document.body.querySelector('.home-popup')).toBeNull();
    await act(async () => {
      root.session.setToken('tok');
      root.session.setUserInfo(USER);
    });
    expect(document.body.querySelector('.home-popup')).toBeNull();
    expect(api.catalogue.popups).toHaveBeenCalledTimes(1);
    expect(api.catalogue.seePopup).toHaveBeenCalledTimes(1);
  });

  it('follows a linked pop-up (View) and records it as seen, in Chinese', async () => {
    const api = homeApi();
    api.catalogue.popups.mockResolvedValue([popup(3, { link: { type: 'restaurant', id: 12, url: '' } })]);
    const { platform } = await renderPage(HomePage, { api });
    await waitFor(() => getByText(document.body, 'Welcome 3'));
    expect(getByText(document.body, '关闭')).toBeTruthy();
    await click(getByText(document.body, '查看'));
    expect(platform.navigation.go).toHaveBeenCalledWith('restaurantDetail', { id: 12 });
    expect(api.catalogue.seePopup).toHaveBeenCalledWith(3, expect.any(String));
  });

  it('shows no pop-up when there is none unseen, or the list fails', async () => {
    const api = homeApi();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    api.catalogue.popups.mockRejectedValue(new HttpError('network', 'offline'));
    const { container } = await renderPage(HomePage, { api, storage: { _lang: 'en' } });
    await waitFor(() => expect(api.catalogue.popups).toHaveBeenCalled());
    expect(document.body.querySelector('.home-popup')).toBeNull();
    expect(queryByText(container, 'offline')).toBeNull();
    warn.mockRestore();
  });
});

describe('new restaurants row', () => {
  it('lists the newest restaurants and opens one', async () => {
    const api = homeApi();
    api.restaurants.newest.mockResolvedValue(paged([store(21, 'Fresh Noodles'), store(22, 'New Dim Sum')]));
    const { container, platform } = await renderPage(HomePage, { api, storage: { _lang: 'en' } });
    await waitFor(() => getByText(container, 'Fresh Noodles'));
    expect(getByText(container, 'New restaurants')).toBeTruthy();
    expect(api.restaurants.newest).toHaveBeenCalledWith({ page: 1, page_size: 8 });
    const names = Array.from(container.querySelectorAll('.home__new-name')).map((el) => el.textContent);
    expect(names).toEqual(['Fresh Noodles', 'New Dim Sum']);
    await click(container.querySelector<HTMLElement>('.home__new-store')!);
    expect(platform.navigation.go).toHaveBeenCalledWith('restaurantDetail', { id: 21 });
  });

  it('asks for those delivering to the chosen address', async () => {
    const api = homeApi();
    api.restaurants.list.mockResolvedValue(paged([]));
    api.restaurants.newest.mockResolvedValue(paged([]));
    const chosen = {
      lat: 22.538,
      lng: 114.0575,
      name: 'Excellence Century Centre',
      address: '',
      source: 'building',
      lang: 'en',
    };
    await renderPage(HomePage, { api, storage: { _lang: 'en', [LOCATION_KEY]: chosen } });
    await waitFor(() => expect(api.restaurants.newest).toHaveBeenCalled());
    expect(api.restaurants.newest).toHaveBeenLastCalledWith({ page: 1, page_size: 8, lat: 22.538, lng: 114.0575 });
  });

  it('shows the empty message in Chinese', async () => {
    const api = homeApi();
    const { container } = await renderPage(HomePage, { api });
    await waitFor(() => getByText(container, '暂时没有新店'));
    expect(getByText(container, '新店上线')).toBeTruthy();
  });

  it('offers a retry when the list fails', async () => {
    const api = homeApi();
    api.restaurants.newest
      .mockRejectedValueOnce(new HttpError('timeout', 'request:fail timeout'))
      .mockResolvedValueOnce(paged([store(23, 'Back Again')]));
    const { container } = await renderPage(HomePage, { api, storage: { _lang: 'en' } });
    await waitFor(() => expect(getByText(container, 'The request timed out. Please try again later.')).toBeTruthy());
    await click(getByText(container.querySelector('.home__new-stores')!, 'Try again'));
    await waitFor(() => expect(getByText(container, 'Back Again')).toBeTruthy());
    expect(api.restaurants.newest).toHaveBeenCalledTimes(2);
  });
});
