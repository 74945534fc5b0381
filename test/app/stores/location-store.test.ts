import { observable, runInAction } from 'mobx';
import { GeolocationError, type LatLng } from '../../../src/platform/types';
import { createT, loadPack } from '../../../src/i18n';
import { DEFAULT_CENTER, LOCATION_KEY, LocationStore } from '../../../src/stores/location-store';
import cn from '../../../src/i18n/cn.json';
import en from '../../../src/i18n/en.json';
import { HttpError } from '../../../src/services/http';
import { memoryStorage } from '../support/fake-platform';
import { closest, EXCELLENCE, FUTIAN, SHENZHEN } from '../support/discover';
import type { City, IpLocation } from '../../../types/api/places';

// English is not bundled on H5 (test/app/i18n/lazy-language.test.tsx): here it is loaded first, as start-up does.
beforeAll(() => loadPack('en'));

const EXCELLENCE_CN = { ...EXCELLENCE, name: '卓越世纪中心', address: '福田区金田路2028号' };
const GUANGZHOU: City = { id: 3, code: 'guangzhou', name: 'Guangzhou', lat: 23.1291, lng: 113.2644 };

function setup(options: { saved?: unknown; position?: LatLng | Error; lang?: 'cn' | 'en' } = {}) {
  const lang = observable.box<'cn' | 'en'>(options.lang ?? 'en');
  const storage = memoryStorage(options.saved === undefined ? {} : { [LOCATION_KEY]: options.saved });
  const places = {
    closest: jest.fn(async (_lat: number, _lng: number) => closest()),
    ipLocation: jest.fn(async (): Promise<IpLocation> => ({
      ip: '113.108.1.1',
      city: GUANGZHOU,
      is_default: false,
      reason: 'located',
      region: '广东省广州市',
    })),
    // Names in the language of the moment, as the server answers by Accept-Language.
    buildings: jest.fn(async () => [lang.get() === 'en' ? EXCELLENCE : EXCELLENCE_CN]),
    areas: jest.fn(async () => [
      lang.get() === 'en'
        ? { ...SHENZHEN, areas: [FUTIAN] }
        : { ...SHENZHEN, name: '深圳', areas: [{ ...FUTIAN, name: '福田' }] },
    ]),
  };
  const current = jest.fn(async (): Promise<LatLng> => {
    if (options.position instanceof Error) throw options.position;
    return options.position ?? { lat: 22.5381, lng: 114.0576 };
  });
  const store = new LocationStore({
    storage,
    location: { current },
    places: () => places,
    t: () => createT(lang.get()),
    lang: () => lang.get(),
  });
  return { store, storage, places, current, lang };
}

describe('LocationStore', () => {
  it('starts without a location, centred on central Shenzhen', () => {
    const { store } = setup();
    expect(store.chosen).toBeUndefined();
    expect(store.center).toEqual(DEFAULT_CENTER);
    expect(store.key).toBe('');
  });

  it('restores a saved location, and ignores a broken one', () => {
    const saved = {
      lat: 22.538,
      lng: 114.0575,
      name: 'Excellence Century Centre',
      address: '2028 Jintian Road',
      source: 'building',
      building_id: 5,
    };
    const { store } = setup({ saved });
    expect(store.chosen).toEqual(saved);
    expect(store.center).toEqual({ lat: 22.538, lng: 114.0575 });
    expect(store.key).toBe('22.538000,114.057500');
    for (const broken of [
      'x',
      { lat: 'a', lng: 1, name: 'n', source: 'map' },
      { lat: 95, lng: 1, name: 'n', source: 'map' },
      { lat: 1, lng: 1, source: 'map' },
      { lat: 1, lng: 1, name: 'n', source: 'gps' },
    ]) {
      expect(setup({ saved: broken }).store.chosen).toBeUndefined();
    }
  });

  it('saves a chosen building and area, and forgets on clear', () => {
    const { store, storage } = setup();
    store.chooseBuilding(EXCELLENCE);
    expect(storage.data.get(LOCATION_KEY)).toEqual({
      lat: 22.538,
      lng: 114.0575,
      name: 'Excellence Century Centre',
      address: '2028 Jintian Road, Futian',
      source: 'building',
      city_id: 1,
      area_id: 2,
      building_id: 5,
      lang: 'en',
    });
    store.chooseArea(FUTIAN, 'Shenzhen');
    expect(store.chosen).toMatchObject({
      name: 'Futian',
      address: 'Shenzhen',
      source: 'area',
      lat: FUTIAN.lat,
      area_id: 2,
    });
    store.clear();
    expect(store.chosen).toBeUndefined();
    expect(storage.data.has(LOCATION_KEY)).toBe(false);
  });

  it('names a point on the map after its nearest address (closestaddr), keeping the point itself', async () => {
    const { store, places, storage } = setup();
    const chosen = await store.choosePoint({ lat: 22.5391234567, lng: 114.0581234567 }, 'map');
    expect(places.closest).toHaveBeenCalledWith(22.539123, 114.058123);
    expect(chosen).toEqual({
      lat: 22.5391234567,
      lng: 114.0581234567,
      name: EXCELLENCE.name,
      address: EXCELLENCE.address,
      source: 'map',
      city_id: 1,
      area_id: 2,
      building_id: 5,
      distance_m: 120,
      lang: 'en',
    });
    expect(storage.data.get(LOCATION_KEY)).toEqual(chosen);
  });

  it('a failed closestaddr leaves the location as it was and reaches the caller', async () => {
    const { store, places } = setup();
    places.closest.mockRejectedValueOnce(new HttpError('network', 'offline'));
    await expect(store.choosePoint({ lat: 22.5, lng: 114 }, 'map')).rejects.toBeInstanceOf(HttpError);
    expect(store.chosen).toBeUndefined();
  });

  describe('locateDevice (use my location)', () => {
    it('success: the device position (GCJ-02 from the adapter) named after its nearest address', async () => {
      const { store, current } = setup({ position: { lat: 22.5382, lng: 114.0577 } });
      const pending = store.locateDevice();
      expect(store.locating).toBe(true);
      const found = await pending;
      expect(current).toHaveBeenCalledTimes(1);
      expect(found).toMatchObject({ lat: 22.5382, lng: 114.0577, name: EXCELLENCE.name, source: 'device' });
      expect(store.chosen).toEqual(found);
      expect(store.locating).toBe(false);
      expect(store.geoError).toBeUndefined();
    });

    it('unsupported: the specification message, in English and in Chinese, and the IP city for the map', async () => {
      const { store, places } = setup({ position: new GeolocationError('unsupported', '') });
      expect(await store.locateDevice()).toBeUndefined();
      expect(store.geoError).toBe('Geolocation is not supported by this browser.');
      expect(store.geoError).toBe(en.location.geo_unsupported);
      expect(places.ipLocation).toHaveBeenCalledTimes(1);
      expect(store.ipCity).toEqual(GUANGZHOU);
      expect(store.center).toEqual({ lat: GUANGZHOU.lat, lng: GUANGZHOU.lng });
      expect(store.chosen).toBeUndefined();
      expect(store.locating).toBe(false);

      const zh = setup({ position: new GeolocationError('unsupported', ''), lang: 'cn' }).store;
      await zh.locateDevice();
      expect(zh.geoError).toBe(cn.location.geo_unsupported);
    });

    it('error: "Error getting geolocation:" plus the standard reason in the customer\'s language', async () => {
      const { store } = setup({ position: new GeolocationError('failed', 'User denied Geolocation', 'denied') });
      await store.locateDevice();
      expect(store.geoError).toBe('Error getting geolocation: User denied the request for geolocation.');
      const cases = [
        ['denied', '获取地理位置出错：用户拒绝了地理定位请求。'],
        ['unavailable', '获取地理位置出错：位置信息不可用。'],
        ['timeout', '获取地理位置出错：获取位置的请求超时。'],
        ['unknown', '获取地理位置出错：发生未知错误。'],
      ] as const;
      for (const [failure, message] of cases) {
        const zh = setup({ position: new GeolocationError('failed', 'Timeout expired', failure), lang: 'cn' }).store;
        await zh.locateDevice();
        expect(zh.geoError).toBe(message);
        // Never the browser's English text in Chinese.
        expect(zh.geoError).not.toMatch(/[A-Za-z]/);
      }
      const slow = setup({ position: new GeolocationError('failed', 'x', 'timeout') }).store;
      await slow.locateDevice();
      expect(slow.geoError).toBe('Error getting geolocation: The request to get user location timed out.');
      const other = setup({ position: new Error('boom'), lang: 'cn' }).store;
      await other.locateDevice();
      expect(other.geoError).toBe(cn.location.geo_error.replace('{reason}', cn.location.geo_reason.unknown));
      expect(slow.geoError).toBe(en.location.geo_error.replace('{reason}', en.location.geo_reason.timeout));
    });

    it('a later success clears the message', async () => {
      const s = setup({ position: new GeolocationError('failed', 'denied') });
      await s.store.locateDevice();
      expect(s.store.geoError).toBeDefined();
      s.current.mockResolvedValueOnce({ lat: 22.5, lng: 114.05 });
      await s.store.locateDevice();
      expect(s.store.geoError).toBeUndefined();
      expect(s.store.chosen?.source).toBe('device');
    });
  });

  describe("followLanguage (the chosen address in the customer's language)", () => {
    const savedCn = {
      lat: 22.5381,
      lng: 114.0576,
      name: EXCELLENCE_CN.name,
      address: EXCELLENCE_CN.address,
      source: 'map',
      city_id: 1,
      area_id: 2,
      building_id: 5,
      distance_m: 12,
      lang: 'cn',
    };

    it('a building chosen in Chinese is named again in English: same ids and position, saved with its language', async () => {
      const { store, storage, places } = setup({ saved: savedCn, lang: 'en' });
      const key = store.key;
      await store.followLanguage();
      expect(places.buildings).toHaveBeenCalledWith({ area_id: 2 });
      expect(store.chosen).toEqual({ ...savedCn, name: EXCELLENCE.name, address: EXCELLENCE.address, lang: 'en' });
      expect(store.key).toBe(key);
      expect(storage.get(LOCATION_KEY)).toEqual(store.chosen);
      // Already in the language: nothing to ask.
      await store.followLanguage();
      expect(places.buildings).toHaveBeenCalledTimes(1);
    });

    it('an area is named again with its city', async () => {
      const saved = {
        lat: 22.541,
        lng: 114.055,
        name: 'Futian',
        address: 'Shenzhen',
        source: 'area',
        city_id: 1,
        area_id: 2,
        lang: 'en',
      };
      const { store, places } = setup({ saved, lang: 'cn' });
      await store.followLanguage();
      expect(places.areas).toHaveBeenCalledWith(1);
      expect(store.chosen).toMatchObject({ name: '福田', address: '深圳', area_id: 2, lang: 'cn', lat: 22.541 });
    });

    it('follows a language change without a new store (mini program reLaunch)', async () => {
      const { store, lang } = setup({ lang: 'cn' });
      store.chooseBuilding(EXCELLENCE_CN);
      expect(store.chosen?.lang).toBe('cn');
      runInAction(() => lang.set('en'));
      await new Promise((r) => setTimeout(r, 0));
      expect(store.chosen?.name).toBe(EXCELLENCE.name);
      expect(store.chosen?.lang).toBe('en');
    });

    it('a failed call keeps the names and tries again next time; a new choice meanwhile wins', async () => {
      const s = setup({ saved: savedCn, lang: 'en' });
      s.places.buildings.mockRejectedValueOnce(new HttpError('network', 'offline'));
      await s.store.followLanguage();
      expect(s.store.chosen?.name).toBe(EXCELLENCE_CN.name);
      let answer: (v: (typeof EXCELLENCE)[]) => void = () => undefined;
      s.places.buildings.mockImplementationOnce(() => new Promise((r) => (answer = r)));
      const pending = s.store.followLanguage();
      s.store.chooseArea(FUTIAN, 'Shenzhen');
      answer([EXCELLENCE]);
      await pending;
      expect(s.store.chosen).toMatchObject({ source: 'area', name: 'Futian' });
    });
  });

  describe('locateByIp (the fallback starting point)', () => {
    it('asks once and keeps the city', async () => {
      const { store, places } = setup();
      expect(await store.locateByIp()).toEqual(GUANGZHOU);
      expect(await store.locateByIp()).toEqual(GUANGZHOU);
      expect(places.ipLocation).toHaveBeenCalledTimes(1);
    });

    it('a chosen address wins over the IP city', async () => {
      const { store } = setup();
      await store.locateByIp();
      store.chooseBuilding(EXCELLENCE);
      expect(store.center).toEqual({ lat: EXCELLENCE.lat, lng: EXCELLENCE.lng });
    });

    it('a failure leaves the default centre and lets a later call ask again', async () => {
      const { store, places } = setup();
      places.ipLocation.mockRejectedValueOnce(new HttpError('network', 'offline'));
      expect(await store.locateByIp()).toBeUndefined();
      expect(store.center).toEqual(DEFAULT_CENTER);
      expect(await store.locateByIp()).toEqual(GUANGZHOU);
      expect(places.ipLocation).toHaveBeenCalledTimes(2);
      expect(SHENZHEN.id).toBe(1);
    });
  });
});
