import { createIp2RegionGeo } from './ip2region';

/**
 * IP geolocation from an offline database. `lookup` answers what the database knows about an address (Chinese
 * names, as ip2region gives them: 中国 / 广东省 / 深圳市), or null for an invalid or unknown address.
 */
export interface IpRegion {
  country: string;
  province: string;
  city: string;
}

export interface IpGeo {
  lookup(ip: string): IpRegion | null;
}

/** The real database works offline, so it is also the default; tests may pass a fixed table instead. */
export function createIpGeo(): IpGeo {
  return createIp2RegionGeo();
}

/** A fixed table of answers (tests, or a deployment without the database). */
export function fixedIpGeo(table: Record<string, IpRegion>): IpGeo {
  return { lookup: (ip) => table[ip] ?? null };
}

export { isPrivateIp } from './private-ip';
