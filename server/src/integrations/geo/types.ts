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
