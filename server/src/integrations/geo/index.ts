import { createIp2RegionGeo } from './ip2region';
import type { IpGeo, IpRegion } from './types';

export type { IpGeo, IpRegion } from './types';

/** The real database works offline, so it is also the default; tests may pass a fixed table instead. */
export function createIpGeo(): IpGeo {
  return createIp2RegionGeo();
}

/** A fixed table of answers (tests, or a deployment without the database). */
export function fixedIpGeo(table: Record<string, IpRegion>): IpGeo {
  return { lookup: (ip) => table[ip] ?? null };
}

export { isPrivateIp } from './private-ip';
