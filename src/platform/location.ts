import Taro from '@tarojs/taro';
import { gcj02ToWgs84, wgs84ToGcj02, type LatLng } from './coords';
import { GeolocationError, type GeolocationFailure, type Location, type MapSupport } from './types';

export interface BrowserGeolocation {
  getCurrentPosition(
    success: (position: { coords: { latitude: number; longitude: number } }) => void,
    error?: (error: { code: number; message: string }) => void,
    options?: { enableHighAccuracy?: boolean; timeout?: number; maximumAge?: number },
  ): void;
}

/**
 * H5: the browser's geolocation (WGS-84), converted to GCJ-02 for our API. The two failures are the
 * specification's (§8): no geolocation at all, or an error with its reason.
 */
export function browserLocation(geolocation: () => BrowserGeolocation | undefined): Location {
  return {
    current() {
      const geo = geolocation();
      if (!geo) return Promise.reject(new GeolocationError('unsupported', ''));
      return new Promise<LatLng>((resolve, reject) => {
        geo.getCurrentPosition(
          (pos) => resolve(wgs84ToGcj02({ lat: pos.coords.latitude, lng: pos.coords.longitude })),
          (err) =>
            reject(
              new GeolocationError('failed', err?.message || `code ${err?.code ?? '?'}`, browserFailure(err?.code)),
            ),
          { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
        );
      });
    },
  };
}

/** GeolocationPositionError codes: 1 PERMISSION_DENIED, 2 POSITION_UNAVAILABLE, 3 TIMEOUT. */
export function browserFailure(code: number | undefined): GeolocationFailure {
  return code === 1 ? 'denied' : code === 2 ? 'unavailable' : code === 3 ? 'timeout' : 'unknown';
}

/**
 * WeChat's getLocation errMsg: "getLocation:fail auth deny" / "…auth denied" / "…system permission denied" when
 * refused, "…timeout", "…ERROR_NOCELL&WIFI_LOCATIONSWITCHOFF" or "…ERROR_NETWORK" when no position can be had.
 */
export function weappFailure(errMsg: string): GeolocationFailure {
  if (/auth|den(y|ied)|permission/i.test(errMsg)) return 'denied';
  if (/time\s?out/i.test(errMsg)) return 'timeout';
  if (/switchoff|nocell|unavailable|error_network|no_?location/i.test(errMsg)) return 'unavailable';
  return 'unknown';
}

/** Mini program: WeChat answers in GCJ-02 directly when asked to. */
export const weappLocation: Location = {
  async current() {
    try {
      const res = await Taro.getLocation({ type: 'gcj02' });
      return { lat: res.latitude, lng: res.longitude };
    } catch (err) {
      const reason = (err as { errMsg?: string; message?: string })?.errMsg ?? (err as Error)?.message ?? String(err);
      throw new GeolocationError('failed', reason, weappFailure(reason));
    }
  },
};

/**
 * H5 map tiles: OpenStreetMap-style tiles are drawn in WGS-84, Chinese providers' in GCJ-02 (the build says which).
 * The map component converts our GCJ-02 positions for display and its clicks back.
 */
export function tileMap(tileUrl: string, attribution: string, tileCoords: string): MapSupport {
  const gcj = tileCoords.toLowerCase() === 'gcj02';
  return {
    tileUrl,
    attribution,
    toMap: (p) => (gcj ? { lat: p.lat, lng: p.lng } : gcj02ToWgs84(p)),
    fromMap: (p) => (gcj ? { lat: p.lat, lng: p.lng } : wgs84ToGcj02(p)),
  };
}

/** The mini program's native map takes GCJ-02, as our API does. */
export const nativeMap: MapSupport = {
  tileUrl: '',
  attribution: '',
  toMap: (p) => ({ lat: p.lat, lng: p.lng }),
  fromMap: (p) => ({ lat: p.lat, lng: p.lng }),
};
