/**
 * WGS-84 (GPS, browsers, OpenStreetMap tiles) <-> GCJ-02 (China's mandated offset system: WeChat's location API,
 * Chinese map tiles, and every position of our API). The forward transform is the published GCJ-02 formula; the
 * inverse has no closed form and is found by iterating the forward one. Outside China the two systems coincide.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

const A = 6378245.0;
const EE = 0.006693421622965943;

/** The rough box GCJ-02 applies to (mainland China and around it); outside it positions are left as they are. */
export function outOfChina({ lat, lng }: LatLng): boolean {
  return lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function transformLat(x: number, y: number): number {
  let ret = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return ret;
}

function transformLng(x: number, y: number): number {
  let ret = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return ret;
}

function offset({ lat, lng }: LatLng): LatLng {
  const dLat0 = transformLat(lng - 105.0, lat - 35.0);
  const dLng0 = transformLng(lng - 105.0, lat - 35.0);
  const radLat = (lat / 180.0) * Math.PI;
  const magic = 1 - EE * Math.sin(radLat) * Math.sin(radLat);
  const sqrtMagic = Math.sqrt(magic);
  return {
    lat: (dLat0 * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI),
    lng: (dLng0 * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI),
  };
}

export function wgs84ToGcj02(p: LatLng): LatLng {
  if (outOfChina(p)) return { lat: p.lat, lng: p.lng };
  const d = offset(p);
  return { lat: p.lat + d.lat, lng: p.lng + d.lng };
}

/** Inverse of wgs84ToGcj02 to well under a centimetre (a few fixed-point steps). */
export function gcj02ToWgs84(p: LatLng): LatLng {
  if (outOfChina(p)) return { lat: p.lat, lng: p.lng };
  let guess = { lat: p.lat, lng: p.lng };
  for (let i = 0; i < 10; i++) {
    const there = wgs84ToGcj02(guess);
    const dLat = there.lat - p.lat;
    const dLng = there.lng - p.lng;
    guess = { lat: guess.lat - dLat, lng: guess.lng - dLng };
    if (Math.abs(dLat) < 1e-10 && Math.abs(dLng) < 1e-10) break;
  }
  return guess;
}

/** Straight-line distance in metres (haversine), for tests and labels. */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const R = 6371008.8;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}
