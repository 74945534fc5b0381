export const places = {
  'place.city_not_found': { cn: '城市不存在（编号 {id}）', en: 'City {id} was not found' },
  'place.area_not_found': { cn: '区域不存在（编号 {id}）', en: 'Area {id} was not found' },
  'place.no_address': { cn: '附近没有已知地址', en: 'No known address was found nearby' },
  'place.no_city': { cn: '还没有开通服务的城市', en: 'No city is served yet' },
  'geo.lat_lng_pair': { cn: '经度和纬度需要同时提供', en: 'lat and lng must be given together' },
} as const;
