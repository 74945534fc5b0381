/** Home's address choice, map and nearby restaurants (the discover issue); home.test.tsx covers its news. */
import type * as ReactTypes from 'react';
import type { MapViewProps } from '../../../src/components/map/types';
import HomePage from '../../../src/screens/main/home';
import { GeolocationError } from '../../../src/platform/types';
import { HttpError } from '../../../src/services/http';
import { LOCATION_KEY } from '../../../src/stores';
import type { AreaList } from '../../../types/api/places';
import type { PagedData } from '../../../types/api/common';
import type { StoreSummary } from '../../../types/api/stores';
import { closest, EXCELLENCE, FUTIAN, SHENZHEN, store, typeIn } from '../support/discover';
import { fakeApi, paged, renderPage, withAccountDefaults } from '../support/page';
import { click, getByText, queryByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

// Leaflet is exercised in the browser tests; here a stand-in shows what the page hands the map and taps it.
jest.mock('../../../src/components/map', () => {
  const React = jest.requireActual<typeof ReactTypes>('react');
  type P = MapViewProps;
  return {
    MapView: (p: P) =>
      React.createElement(
        'div',
        {
          className: 'fake-map',
          'data-center': JSON.stringify(p.center),
          'data-point': JSON.stringify(p.point ? { lat: p.point.lat, lng: p.point.lng } : null),
          'data-markers': JSON.stringify(p.markers ?? []),
        },
        React.createElement('button', {
          className: 'fake-map__pick',
          onClick: () => p.onPick?.({ lat: 22.5391, lng: 114.0581 }),
        }),
        React.createElement('button', {
          className: 'fake-map__marker',
          onClick: () => p.onMarkerTap?.(p.markers?.[0]?.id ?? 0),
        }),
      ),
  };
});

const SAVED = {
  lat: 22.538,
  lng: 114.0575,
  name: 'Excellence Century Centre',
  address: '2028 Jintian Road, Futian',
  source: 'building',
  city_id: 1,
  area_id: 2,
  building_id: 5,
};
const AREAS: AreaList = [
  { ...SHENZHEN, areas: [FUTIAN, { id: 3, city_id: 1, name: 'Luohu', lat: 22.5485, lng: 114.1315 }] },
  {
    id: 2,
    code: 'huizhou',
    name: 'Huizhou (Silver Beach)',
    lat: 22.7135,
    lng: 114.8835,
    areas: [{ id: 5, city_id: 2, name: 'Silver Beach', lat: 22.7135, lng: 114.8835 }],
  },
];
const GUANGZHOU = { id: 3, code: 'guangzhou', name: 'Guangzhou', lat: 23.1291, lng: 113.2644 };

function nearby(list: StoreSummary[], total = list.length): PagedData<StoreSummary> {
  return { ...paged(list), total, page_size: 6, has_more: total > list.length };
}

function api() {
  const a = withAccountDefaults(fakeApi());
  a.articles.news.mockResolvedValue(paged([]));
  a.places.ipLocation.mockResolvedValue({
    ip: '1.2.3.4',
    city: GUANGZHOU,
    is_default: false,
    reason: 'located',
    region: '',
  });
  a.places.areas.mockResolvedValue(AREAS);
  a.places.buildings.mockResolvedValue([EXCELLENCE]);
  a.places.closest.mockResolvedValue(closest());
  a.restaurants.list.mockResolvedValue(nearby([store(5, 'Hunan House'), store(12, 'Green Bowl')], 14));
  return a;
}

const mapData = (c: HTMLElement, key: 'center' | 'point' | 'markers') =>
  JSON.parse(c.querySelector('.fake-map')!.getAttribute(`data-${key}`)!);

describe('home: address, map and nearby restaurants', () => {
  it('without an address: the prompt, the map on the IP city, and no nearby list', async () => {
    const a = api();
    const { container } = await renderPage(HomePage, { api: a, storage: { _lang: 'en' } });
    expect(getByText(container, 'Select an address to get nearby restaurants')).toBeTruthy();
    await waitFor(() => expect(mapData(container, 'center')).toEqual({ lat: GUANGZHOU.lat, lng: GUANGZHOU.lng }));
    expect(a.places.ipLocation).toHaveBeenCalledTimes(1);
    expect(mapData(container, 'point')).toBeNull();
    expect(a.restaurants.list).not.toHaveBeenCalled();
    expect(container.querySelector('.home__nearby')).toBeNull();
  });

  it.each([
    ['en', { name: '卓越世纪中心', address: '福田区金田路2028号', lang: 'cn' }, 'Excellence Century Centre'],
    ['cn', { lang: 'en' }, '卓越世纪中心'],
  ])('an address chosen in another language is shown in %s after the switch (same ids)', async (lang, was, shown) => {
    const a = api();
    const names = { en: EXCELLENCE, cn: { ...EXCELLENCE, name: '卓越世纪中心', address: '福田区金田路2028号' } };
    a.places.buildings.mockResolvedValue([names[lang as 'en' | 'cn']]);
    const { container, store: root } = await renderPage(HomePage, {
      api: a,
      storage: { _lang: lang, [LOCATION_KEY]: { ...SAVED, ...was } },
    });
    await waitFor(() => getByText(container, shown));
    expect(a.places.buildings).toHaveBeenCalledWith({ area_id: 2 });
    expect(root.location.chosen).toMatchObject({ building_id: 5, lat: SAVED.lat, lng: SAVED.lng, lang });
    // The restaurants near it were asked once: the position did not change.
    await waitFor(() => getByText(container, 'Green Bowl'));
    expect(a.restaurants.list).toHaveBeenCalledTimes(1);
  });

  it('with a saved address: where it delivers, the nearest restaurants, markers, and the links', async () => {
    const a = api();
    const { container, platform } = await renderPage(HomePage, {
      api: a,
      storage: { _lang: 'en', [LOCATION_KEY]: SAVED },
    });
    expect(getByText(container, 'Deliver to')).toBeTruthy();
    expect(getByText(container, 'Excellence Century Centre')).toBeTruthy();
    expect(queryByText(container, 'Select an address to get nearby restaurants')).toBeNull();
    await waitFor(() => getByText(container, 'Green Bowl'));
    expect(a.restaurants.list).toHaveBeenCalledWith({
      lat: 22.538,
      lng: 114.0575,
      page: 1,
      page_size: 6,
      sort: 'distance',
    });
    expect(a.places.ipLocation).not.toHaveBeenCalled();
    expect(mapData(container, 'point')).toEqual({ lat: 22.538, lng: 114.0575 });
    expect(mapData(container, 'markers').map((m: { id: number }) => m.id)).toEqual([5, 12]);

    await click(getByText(container, 'See all 14'));
    expect(platform.navigation.go).toHaveBeenLastCalledWith('restaurantList');
    await click(getByText(container, 'Hunan House'));
    expect(platform.navigation.go).toHaveBeenLastCalledWith('restaurantDetail', { id: 5 });
    await click(container.querySelector<HTMLElement>('.fake-map__marker')!);
    expect(platform.navigation.go).toHaveBeenLastCalledWith('restaurantDetail', { id: 5 });
  });

  it('search: typing finds buildings and areas; choosing one saves it and loads its restaurants', async () => {
    const a = api();
    const { container, store: root } = await renderPage(HomePage, { api: a, storage: { _lang: 'en' } });
    await click(getByText(container, 'Choose an address'));
    await waitFor(() => container.querySelector('.address-picker__city'));
    await typeIn(container, '.address-picker__input', 'futian');
    await waitFor(() => expect(a.places.buildings).toHaveBeenCalledWith({ keyword: 'futian' }));
    await waitFor(() => getByText(container, 'Area of Shenzhen'));
    await waitFor(() => container.querySelector('.address-picker__building'));
    await click(container.querySelector<HTMLElement>('.address-picker__building')!);
    expect(root.location.chosen).toMatchObject({
      name: 'Excellence Century Centre',
      source: 'building',
      building_id: 5,
    });
    expect(root.platform.storage.get(LOCATION_KEY)).toMatchObject({ building_id: 5 });
    expect(container.querySelector('.address-picker')).toBeNull();
    await waitFor(() => getByText(container, 'Hunan House'));
    expect(a.restaurants.list).toHaveBeenCalledWith(expect.objectContaining({ lat: 22.538, lng: 114.0575 }));
  });

  it('browse: a city, an area, then a building or the whole area', async () => {
    const a = api();
    const { container, store: root } = await renderPage(HomePage, { api: a, storage: { _lang: 'en' } });
    await click(getByText(container, 'Choose an address'));
    const picker = () => container.querySelector<HTMLElement>('.address-picker')!;
    await waitFor(() => getByText(picker(), 'Huizhou (Silver Beach)'));
    expect(getByText(picker(), 'Choose an area to see its buildings, or tap a point on the map')).toBeTruthy();
    await click(getByText(picker(), 'Futian'));
    await waitFor(() => expect(a.places.buildings).toHaveBeenCalledWith({ area_id: 2 }));
    await waitFor(() => getByText(container, '2028 Jintian Road, Futian'));
    await click(getByText(container, 'Anywhere in Futian'));
    expect(root.location.chosen).toMatchObject({ name: 'Futian', address: 'Shenzhen', source: 'area', area_id: 2 });
  });

  it('a tap on the map chooses that point, named after the nearest address', async () => {
    const a = api();
    a.places.closest.mockResolvedValue(closest(EXCELLENCE, 180));
    const { container, store: root } = await renderPage(HomePage, { api: a, storage: { _lang: 'en' } });
    await click(container.querySelector<HTMLElement>('.fake-map__pick')!);
    await waitFor(() => getByText(container, 'Excellence Century Centre'));
    expect(a.places.closest).toHaveBeenCalledWith(22.5391, 114.0581);
    expect(root.location.chosen).toMatchObject({ lat: 22.5391, lng: 114.0581, source: 'map', distance_m: 180 });
    expect(getByText(container, 'about 180 m away · 2028 Jintian Road, Futian')).toBeTruthy();
    await waitFor(() => getByText(container, 'Hunan House'));
  });

  it('a failed map lookup says why through the error toast', async () => {
    const a = api();
    a.places.closest.mockRejectedValue(new HttpError('network', 'offline'));
    const { container, platform } = await renderPage(HomePage, { api: a, storage: { _lang: 'en' } });
    await click(container.querySelector<HTMLElement>('.fake-map__pick')!);
    await waitFor(() =>
      expect(platform.feedback.toast).toHaveBeenCalledWith(
        'Network error. Check your connection and try again.',
        'error',
      ),
    );
  });

  it('use my location: the device position, named after its nearest address', async () => {
    const a = api();
    const { container, store: root } = await renderPage(HomePage, {
      api: a,
      storage: { _lang: 'en' },
      position: { lat: 22.5382, lng: 114.0577 },
    });
    await click(getByText(container, 'Use my location'));
    await waitFor(() => getByText(container, 'Excellence Century Centre'));
    expect(a.places.closest).toHaveBeenCalledWith(22.5382, 114.0577);
    expect(root.location.chosen?.source).toBe('device');
  });

  it.each([
    [
      'en',
      new GeolocationError('failed', 'User denied Geolocation', 'denied'),
      'Error getting geolocation: User denied the request for geolocation.',
    ],
    // The browser's reason is English; in Chinese the customer reads the standard reason in Chinese.
    [
      'cn',
      new GeolocationError('failed', 'User denied Geolocation', 'denied'),
      '获取地理位置出错：用户拒绝了地理定位请求。',
    ],
    ['cn', new GeolocationError('failed', 'Timeout expired', 'timeout'), '获取地理位置出错：获取位置的请求超时。'],
    [
      'en',
      new GeolocationError('failed', 'Position unavailable', 'unavailable'),
      'Error getting geolocation: Location information is unavailable.',
    ],
    ['en', new GeolocationError('unsupported', ''), 'Geolocation is not supported by this browser.'],
    ['cn', new GeolocationError('unsupported', ''), '此浏览器不支持地理定位。'],
  ])('use my location (%s): a failure shows the specification message: %s', async (lang, error, message) => {
    const a = api();
    const { container } = await renderPage(HomePage, { api: a, storage: { _lang: lang }, position: error });
    await click(container.querySelector<HTMLElement>('.home__locate')!);
    await waitFor(() => expect(container.querySelector('.home__geo-error')!.textContent).toBe(message));
  });

  it('no restaurants near the chosen address: the dialog, which can open the address choice', async () => {
    const a = api();
    a.restaurants.list.mockResolvedValue(nearby([], 0));
    const { container } = await renderPage(HomePage, { api: a, storage: { _lang: 'en', [LOCATION_KEY]: SAVED } });
    const dialog = () => container.querySelector<HTMLElement>('.home__none-dialog')!;
    await waitFor(() => expect(dialog().className).toContain('at-modal--active'));
    expect(getByText(dialog(), 'No restaurants nearby')).toBeTruthy();
    expect(
      getByText(dialog(), 'There are no restaurants near the current area yet. Please try another address.'),
    ).toBeTruthy();
    expect(getByText(container, 'No restaurants near Excellence Century Centre yet')).toBeTruthy();
    await click(getByText(dialog(), 'Change address'));
    expect(dialog().className).not.toContain('at-modal--active');
    expect(container.querySelector('.address-picker')).not.toBeNull();
  });

  it('the nearby list shows its loading failure with a retry', async () => {
    const a = api();
    a.restaurants.list
      .mockRejectedValueOnce(new HttpError('timeout', 't'))
      .mockResolvedValueOnce(nearby([store(5, 'Hunan House')]));
    const { container } = await renderPage(HomePage, { api: a, storage: { _lang: 'en', [LOCATION_KEY]: SAVED } });
    await waitFor(() => expect(getByText(container, 'The request timed out. Please try again later.')).toBeTruthy());
    await click(getByText(container.querySelector('.home__nearby')!, 'Try again'));
    await waitFor(() => expect(getByText(container, 'Hunan House')).toBeTruthy());
    expect(a.restaurants.list).toHaveBeenCalledTimes(2);
  });
});
