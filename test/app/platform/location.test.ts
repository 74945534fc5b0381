import Taro from '@tarojs/taro';
import { wgs84ToGcj02 } from '../../../src/platform/coords';
import {
  browserFailure,
  browserLocation,
  nativeMap,
  tileMap,
  weappFailure,
  weappLocation,
  type BrowserGeolocation,
} from '../../../src/platform/location';
import { GeolocationError } from '../../../src/platform/types';

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: { getLocation: jest.fn() } }));
const getLocation = Taro.getLocation as unknown as jest.Mock;

const geolocation = (
  answer: (ok: (p: unknown) => void, fail: (e: unknown) => void, options: unknown) => void,
): BrowserGeolocation => ({
  getCurrentPosition: jest.fn((ok, fail, options) =>
    answer(ok as (p: unknown) => void, fail as (e: unknown) => void, options),
  ),
});

describe('H5 browser location', () => {
  it('converts the browser position (WGS-84) to GCJ-02', async () => {
    const geo = geolocation((ok) => ok({ coords: { latitude: 22.5431, longitude: 114.0579 } }));
    const p = await browserLocation(() => geo).current();
    expect(p).toEqual(wgs84ToGcj02({ lat: 22.5431, lng: 114.0579 }));
    expect(geo.getCurrentPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      expect.objectContaining({ timeout: 15000 }),
    );
  });

  it('rejects as unsupported without navigator.geolocation', async () => {
    const err = await browserLocation(() => undefined)
      .current()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GeolocationError);
    expect(err).toMatchObject({ kind: 'unsupported' });
  });

  it('rejects with the reason of a failure (denied, timeout)', async () => {
    const geo = geolocation((_ok, fail) => fail({ code: 1, message: 'User denied Geolocation' }));
    const err = await browserLocation(() => geo)
      .current()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'failed', reason: 'User denied Geolocation', failure: 'denied' });
    const silent = geolocation((_ok, fail) => fail({ code: 3, message: '' }));
    expect(
      await browserLocation(() => silent)
        .current()
        .catch((e: unknown) => e),
    ).toMatchObject({ kind: 'failed', reason: 'code 3', failure: 'timeout' });
  });

  it('maps the standard codes to a reason the app can say in any language', () => {
    expect([1, 2, 3, 0, undefined].map(browserFailure)).toEqual([
      'denied',
      'unavailable',
      'timeout',
      'unknown',
      'unknown',
    ]);
  });
});

describe('mini program location', () => {
  beforeEach(() => getLocation.mockReset());

  it('asks WeChat for GCJ-02 and passes it through', async () => {
    getLocation.mockResolvedValue({ latitude: 22.54, longitude: 114.05 });
    expect(await weappLocation.current()).toEqual({ lat: 22.54, lng: 114.05 });
    expect(getLocation).toHaveBeenCalledWith({ type: 'gcj02' });
  });

  it('turns a refusal into a failed GeolocationError with WeChat errMsg', async () => {
    getLocation.mockRejectedValue({ errMsg: 'getLocation:fail auth deny' });
    expect(await weappLocation.current().catch((e: unknown) => e)).toMatchObject({
      kind: 'failed',
      reason: 'getLocation:fail auth deny',
      failure: 'denied',
    });
  });

  it.each([
    ['getLocation:fail auth deny', 'denied'],
    ['getLocation:fail auth denied', 'denied'],
    ['getLocation:fail system permission denied', 'denied'],
    ['getLocation:fail timeout', 'timeout'],
    ['getLocation:fail:ERROR_NOCELL&WIFI_LOCATIONSWITCHOFF', 'unavailable'],
    ['getLocation:fail:ERROR_NETWORK', 'unavailable'],
    ['getLocation:fail something new', 'unknown'],
  ])('maps WeChat errMsg %s to %s', (errMsg, failure) => {
    expect(weappFailure(errMsg)).toBe(failure);
  });
});

describe('map coordinate systems', () => {
  const p = { lat: 22.538, lng: 114.0575 };

  it('OpenStreetMap-style tiles (WGS-84): GCJ-02 positions are converted for display and taps converted back', () => {
    const map = tileMap('https://tiles.test/{z}/{x}/{y}.png', '© test', 'wgs84');
    expect(map.tileUrl).toBe('https://tiles.test/{z}/{x}/{y}.png');
    const shown = map.toMap(p);
    expect(shown).not.toEqual(p);
    const back = map.fromMap(shown);
    expect(back.lat).toBeCloseTo(p.lat, 8);
    expect(back.lng).toBeCloseTo(p.lng, 8);
  });

  it('GCJ-02 tiles and the native mini program map take positions as they are', () => {
    expect(tileMap('x', '', 'GCJ02').toMap(p)).toEqual(p);
    expect(nativeMap.toMap(p)).toEqual(p);
    expect(nativeMap.fromMap(p)).toEqual(p);
    expect(nativeMap.tileUrl).toBe('');
  });
});
