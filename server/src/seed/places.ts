import type { Insertable } from 'kysely';
import type { AreasTable, BuildingsTable, CitiesTable } from '../db/schema';
import type { Executor } from '../db/unit-of-work';

/**
 * The four service cities (spec §1), their areas and buildings. Coordinates are GCJ-02, read off Chinese map tiles,
 * rounded to about 10 m. Ids are fixed so restaurants and tests can name them.
 *
 * Left without any restaurant on purpose, for the app's "no restaurants near the current area" dialog:
 * building 14 (Bao'an Airport Terminal 3, Shenzhen) and area 7 (Huicheng, Huizhou) with its building 20
 * (Jiangbei CBD). Every other building is inside the delivery radius of at least two restaurants.
 */

type City = Insertable<CitiesTable> & { id: number };
type Area = Insertable<AreasTable> & { id: number };
type Building = Insertable<BuildingsTable> & { id: number };

// prettier-ignore
export const CITIES: City[] = [
  { id: 1, code: 'shenzhen', name_cn: '深圳', name_en: 'Shenzhen', lat: 22.5431, lng: 114.0579, sort: 1 },
  { id: 2, code: 'huizhou', name_cn: '惠州（银滩）', name_en: 'Huizhou (Silver Beach)', lat: 22.7135, lng: 114.8835, sort: 2 },
  { id: 3, code: 'guangzhou', name_cn: '广州', name_en: 'Guangzhou', lat: 23.1291, lng: 113.2644, sort: 3 },
  { id: 4, code: 'dongguan', name_cn: '东莞', name_en: 'Dongguan', lat: 23.0205, lng: 113.7518, sort: 4 },
];

// prettier-ignore
export const AREAS: Area[] = [
  { id: 1, city_id: 1, name_cn: '南山区', name_en: 'Nanshan', lat: 22.5333, lng: 113.9305, sort: 1 },
  { id: 2, city_id: 1, name_cn: '福田区', name_en: 'Futian', lat: 22.541, lng: 114.055, sort: 2 },
  { id: 3, city_id: 1, name_cn: '罗湖区', name_en: 'Luohu', lat: 22.5485, lng: 114.1315, sort: 3 },
  { id: 4, city_id: 1, name_cn: '宝安区', name_en: "Bao'an", lat: 22.555, lng: 113.883, sort: 4 },
  { id: 5, city_id: 2, name_cn: '银滩', name_en: 'Silver Beach', lat: 22.7135, lng: 114.8835, sort: 1 },
  { id: 6, city_id: 2, name_cn: '惠东', name_en: 'Huidong', lat: 22.985, lng: 114.72, sort: 2 },
  { id: 7, city_id: 2, name_cn: '惠城区', name_en: 'Huicheng', lat: 23.084, lng: 114.383, sort: 3 },
  { id: 8, city_id: 3, name_cn: '天河区', name_en: 'Tianhe', lat: 23.125, lng: 113.361, sort: 1 },
  { id: 9, city_id: 3, name_cn: '越秀区', name_en: 'Yuexiu', lat: 23.129, lng: 113.267, sort: 2 },
  { id: 10, city_id: 3, name_cn: '海珠区', name_en: 'Haizhu', lat: 23.0835, lng: 113.3175, sort: 3 },
  { id: 11, city_id: 4, name_cn: '松山湖', name_en: 'Songshan Lake', lat: 22.918, lng: 113.885, sort: 1 },
  { id: 12, city_id: 4, name_cn: '南城', name_en: 'Nancheng', lat: 23.0115, lng: 113.746, sort: 2 },
  { id: 13, city_id: 4, name_cn: '东城', name_en: 'Dongcheng', lat: 23.032, lng: 113.775, sort: 3 },
];

const b = (
  id: number,
  area_id: number,
  name_cn: string,
  name_en: string,
  address_cn: string,
  address_en: string,
  lat: number,
  lng: number,
): Building => ({ id, area_id, name_cn, name_en, address_cn, address_en, lat, lng, sort: id });

// prettier-ignore
export const BUILDINGS: Building[] = [
  // Shenzhen: Nanshan
  b(1, 1, '深圳湾科技生态园', 'Shenzhen Bay Eco-Technology Park', '南山区高新南十道', 'Gaoxin South 10th Road, Nanshan', 22.528, 113.946),
  b(2, 1, '科兴科学园', 'Kexing Science Park', '南山区科苑路15号', '15 Keyuan Road, Nanshan', 22.5485, 113.944),
  b(3, 1, '海岸城', 'Coastal City', '南山区文心五路33号', '33 Wenxin 5th Road, Nanshan', 22.517, 113.9365),
  b(4, 1, '蛇口花园城', 'Shekou Garden City', '南山区南海大道1079号', '1079 Nanhai Avenue, Nanshan', 22.4925, 113.918),
  // Futian
  b(5, 2, '卓越世纪中心', 'Excellence Century Centre', '福田区金田路2028号', '2028 Jintian Road, Futian', 22.538, 114.0575),
  b(6, 2, '天安数码城', "Tian'an Cyber Park", '福田区车公庙泰然九路', 'Tairan 9th Road, Chegongmiao, Futian', 22.537, 114.0215),
  b(7, 2, '赛格广场', 'SEG Plaza', '福田区华强北路1002号', '1002 Huaqiang North Road, Futian', 22.5435, 114.088),
  b(8, 2, '香蜜湖花园', 'Xiangmi Lake Gardens', '福田区香蜜湖路', 'Xiangmihu Road, Futian', 22.5545, 114.03),
  // Luohu
  b(9, 3, '国贸大厦', 'International Trade Centre', '罗湖区人民南路3002号', '3002 Renmin South Road, Luohu', 22.54, 114.118),
  b(10, 3, '东门步行街', 'Dongmen Pedestrian Street', '罗湖区东门中路', 'Dongmen Middle Road, Luohu', 22.5485, 114.1235),
  b(11, 3, '罗湖商业城', 'Luohu Commercial City', '罗湖区人民南路', 'Renmin South Road, Luohu', 22.5345, 114.1175),
  // Bao'an
  b(12, 4, '海雅缤纷城', 'Haiya Mega Mall', '宝安区建安一路99号', "99 Jian'an 1st Road, Bao'an", 22.557, 113.886),
  b(13, 4, '西乡东方广场', 'Xixiang Oriental Plaza', '宝安区西乡大道', "Xixiang Avenue, Bao'an", 22.578, 113.87),
  b(14, 4, '宝安机场T3航站楼', "Bao'an Airport Terminal 3", '宝安区机场道', "Airport Road, Bao'an", 22.6395, 113.815),
  // Huizhou: Silver Beach
  b(15, 5, '银滩度假村', 'Silver Beach Resort', '惠东县银滩海滨大道', 'Seafront Avenue, Silver Beach', 22.7135, 114.8835),
  b(16, 5, '海景公寓', 'Seaview Apartments', '惠东县银滩海景路8号', '8 Haijing Road, Silver Beach', 22.717, 114.888),
  b(17, 5, '银滩广场', 'Silver Beach Plaza', '惠东县银滩中心路', 'Central Road, Silver Beach', 22.7105, 114.88),
  // Huidong
  b(18, 6, '惠东万达广场', 'Huidong Wanda Plaza', '惠东县平山街道华侨城路', 'Huaqiaocheng Road, Pingshan, Huidong', 22.988, 114.717),
  b(19, 6, '平山老街', 'Pingshan Old Street', '惠东县平山街道', 'Pingshan Subdistrict, Huidong', 22.983, 114.7225),
  // Huicheng (no restaurants yet)
  b(20, 7, '江北中心区', 'Jiangbei CBD', '惠城区江北文昌一路', 'Wenchang 1st Road, Jiangbei, Huicheng', 23.109, 114.407),
  // Guangzhou: Tianhe
  b(21, 8, '珠江新城国际金融中心', 'Zhujiang New Town IFC', '天河区珠江西路5号', '5 Zhujiang West Road, Tianhe', 23.12, 113.324),
  b(22, 8, '天河城', 'Teemall', '天河区天河路208号', '208 Tianhe Road, Tianhe', 23.133, 113.3275),
  b(23, 8, '天河软件园', 'Tianhe Software Park', '天河区高唐路', 'Gaotang Road, Tianhe', 23.1565, 113.3715),
  // Yuexiu
  b(24, 9, '北京路步行街', 'Beijing Road Pedestrian Street', '越秀区北京路', 'Beijing Road, Yuexiu', 23.125, 113.27),
  b(25, 9, '越秀公园', 'Yuexiu Park', '越秀区解放北路988号', '988 Jiefang North Road, Yuexiu', 23.14, 113.266),
  // Haizhu
  b(26, 10, '广州塔', 'Canton Tower', '海珠区阅江西路222号', '222 Yuejiang West Road, Haizhu', 23.1065, 113.3245),
  b(27, 10, '琶洲会展中心', 'Pazhou Canton Fair Complex', '海珠区阅江中路380号', '380 Yuejiang Middle Road, Haizhu', 23.099, 113.366),
  b(28, 10, '中山大学南校园', 'Sun Yat-sen University South Campus', '海珠区新港西路135号', '135 Xingang West Road, Haizhu', 23.0965, 113.2985),
  // Dongguan: Songshan Lake
  b(29, 11, '松山湖科技产业园', 'Songshan Lake Hi-Tech Park', '松山湖大道', 'Songshanhu Avenue', 22.907, 113.878),
  b(30, 11, '松山湖大学城', 'Songshan Lake University Town', '松山湖大学路1号', '1 Daxue Road, Songshan Lake', 22.9225, 113.868),
  b(31, 11, '松湖智谷', 'Songhu Zhigu', '松山湖新城大道', 'Xincheng Avenue, Songshan Lake', 22.939, 113.892),
  // Nancheng
  b(32, 12, '第一国际', 'First International', '南城区鸿福路200号', '200 Hongfu Road, Nancheng', 23.015, 113.748),
  b(33, 12, '汇一城', 'Hui Yi Cheng', '南城区鸿福路106号', '106 Hongfu Road, Nancheng', 23.018, 113.739),
  // Dongcheng
  b(34, 13, '东城万达广场', 'Dongcheng Wanda Plaza', '东城区东纵大道208号', '208 Dongzong Avenue, Dongcheng', 23.036, 113.782),
  b(35, 13, '旗峰公园', 'Qifeng Park', '东城区东城中路', 'Dongcheng Middle Road, Dongcheng', 23.025, 113.7705),
];

/** Buildings that no restaurant delivers to (see the comment at the top). */
export const UNCOVERED_BUILDING_IDS = [14, 20];

export async function seedPlaces(trx: Executor): Promise<void> {
  await trx.insertInto('cities').values(CITIES).execute();
  await trx.insertInto('areas').values(AREAS).execute();
  await trx.insertInto('buildings').values(BUILDINGS).execute();
}
