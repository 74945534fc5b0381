import IP2Region from 'ip2region';
import type { IpGeo, IpRegion } from './types';

/** ip2region reads its ~11 MB database into memory when constructed: once per process, on the first lookup. */
let shared: IP2Region | undefined;

function client(): IP2Region {
  shared ??= new IP2Region();
  return shared;
}

/** The npm package `ip2region` (database inside the package; nothing is downloaded at install or run time). */
export function createIp2RegionGeo(): IpGeo {
  return {
    lookup(ip: string): IpRegion | null {
      let found: ReturnType<IP2Region['search']>;
      try {
        found = client().search(ip);
      } catch {
        return null;
      }
      if (!found) return null;
      const { country, province, city } = found;
      // The database marks LAN and loopback ranges with these words instead of a place.
      const placeless = (s: string) => (s === '内网IP' || s === '本机地址' ? '' : s);
      const result = { country: placeless(country), province: placeless(province), city: placeless(city) };
      return result.country || result.province || result.city ? result : null;
    },
  };
}
