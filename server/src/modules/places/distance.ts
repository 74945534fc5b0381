/**
 * Straight-line distances on GCJ-02 coordinates. GCJ-02 is WGS-84 shifted by at most a few hundred metres, and the
 * shift barely changes across a city, so haversine on it is accurate to metres at city scale.
 */
const EARTH_RADIUS_M = 6371008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function distanceM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A latitude/longitude box (degrees). */
export interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** A latitude/longitude box containing every point within radiusM of the centre (for an indexable prefilter). */
export function boundingBox(lat: number, lng: number, radiusM: number): Box {
  const dLat = (radiusM / EARTH_RADIUS_M) * (180 / Math.PI);
  const cos = Math.max(Math.cos(rad(lat)), 0.01);
  const dLng = Math.min(180, dLat / cos);
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}
