import type { PaymentMethod } from '../../../../types/catalogue';

/**
 * Opening hours as [weekdays, open "HH:MM", close "HH:MM"] in China time; a close earlier than the open crosses
 * midnight, "24:00" closes at midnight. Weekdays: 0 Sunday ... 6 Saturday.
 */
export type HoursRule = [days: number[], open: string, close: string];

export interface RestaurantData {
  id: number;
  city_id: number;
  area_id: number;
  cn: string;
  en: string;
  descCn: string;
  descEn: string;
  addrCn: string;
  addrEn: string;
  phone: string;
  lat: number;
  lng: number;
  radius: number;
  minOrder: number;
  fee: number;
  pay: PaymentMethod[];
  delivery: boolean;
  collection: boolean;
  prep: number;
  /** Cuisine ids, the main one first. */
  cuisines: number[];
  hours: HoursRule[];
  /** Days before the seed date the restaurant joined. */
  joinedDaysAgo: number;
  /** Colour of its pictures. */
  color: string;
  /** Reviews to generate, and the restaurant's usual quality (1-5). */
  reviews: number;
  quality: number;
  closed?: { resumeAt: number };
}

const ALL = [0, 1, 2, 3, 4, 5, 6];
const DAILY = (open: string, close: string): HoursRule[] => [[ALL, open, close]];
const ONLINE: PaymentMethod[] = ['wechat', 'alipay', 'balance'];
const EVERY: PaymentMethod[] = ['wechat', 'alipay', 'cod', 'balance'];

/** Sea Breeze Desserts is closed for renovation until this time (10:00 China time, 1 January 2030). */
export const RENOVATION_RESUME_AT = Date.UTC(2030, 0, 1, 2, 0, 0);

/**
 * Restaurant ids with a special role in the demo and in tests:
 * 7 Huaqiang Night Skewers opens 17:00-03:00 every day (crosses midnight); 29 has a lunch window and an evening
 * window that crosses midnight; 8 is closed on Mondays; 9 opens around the clock; 15 is closed by hand until
 * RENOVATION_RESUME_AT; 30 is the newest and has no reviews yet.
 */
// prettier-ignore
export const RESTAURANTS: RestaurantData[] = [
  // Shenzhen: Nanshan
  {
    id: 1, city_id: 1, area_id: 1, cn: '粤品茶楼', en: 'Yue Pin Dim Sum House',
    descCn: '地道广式早茶和烧味，虾饺皮薄馅靓。', descEn: 'Proper Cantonese dim sum and roast meats; thin-skinned, generous har gow.',
    addrCn: '南山区文心五路海岸城西座 3 楼', addrEn: '3F West Wing, Coastal City, Wenxin 5th Road, Nanshan', phone: '0755-86001001',
    lat: 22.5205, lng: 113.9385, radius: 5000, minOrder: 3000, fee: 500, pay: ONLINE, delivery: true, collection: true, prep: 20,
    cuisines: [1], hours: [[ALL, '07:00', '14:30'], [ALL, '17:00', '21:30']], joinedDaysAgo: 820, color: '#c0392b', reviews: 12, quality: 4.5,
  },
  {
    id: 2, city_id: 1, area_id: 1, cn: '蜀香小馆', en: 'Shu Xiang Sichuan Kitchen',
    descCn: '成都师傅掌勺，麻辣鲜香。', descEn: 'A Chengdu chef at the wok: numbing, spicy and fragrant.',
    addrCn: '南山区科苑路 15 号科兴科学园 B 座 1 楼', addrEn: '1F Block B, Kexing Science Park, 15 Keyuan Road, Nanshan', phone: '0755-86001002',
    lat: 22.54, lng: 113.947, radius: 4500, minOrder: 2000, fee: 400, pay: EVERY, delivery: true, collection: true, prep: 18,
    cuisines: [2], hours: DAILY('10:30', '22:00'), joinedDaysAgo: 640, color: '#e74c3c', reviews: 10, quality: 4.3,
  },
  {
    id: 3, city_id: 1, area_id: 1, cn: '樱花寿司', en: 'Sakura Sushi Bar',
    descCn: '每日空运三文鱼，现点现做。', descEn: 'Salmon flown in daily, made to order.',
    addrCn: '南山区后海大道 2388 号', addrEn: '2388 Houhai Avenue, Nanshan', phone: '0755-86001003',
    lat: 22.512, lng: 113.93, radius: 5000, minOrder: 5000, fee: 800, pay: ONLINE, delivery: true, collection: true, prep: 25,
    cuisines: [6], hours: [[ALL, '11:30', '14:00'], [ALL, '17:30', '22:30']], joinedDaysAgo: 500, color: '#e84393', reviews: 9, quality: 4.6,
  },
  {
    id: 4, city_id: 1, area_id: 1, cn: '海湾汉堡', en: 'Bay Burger Co.',
    descCn: '蛇口的美式手工汉堡。', descEn: 'Handmade American-style burgers in Shekou.',
    addrCn: '南山区蛇口望海路 1 号', addrEn: '1 Wanghai Road, Shekou, Nanshan', phone: '0755-86001004',
    lat: 22.495, lng: 113.92, radius: 4000, minOrder: 2500, fee: 600, pay: ONLINE, delivery: true, collection: false, prep: 15,
    cuisines: [8], hours: DAILY('10:00', '23:00'), joinedDaysAgo: 300, color: '#d35400', reviews: 8, quality: 4.1,
  },
  // Futian
  {
    id: 5, city_id: 1, area_id: 2, cn: '湘里人家', en: 'Xiang Li Hunan Home',
    descCn: '家常湘菜，香辣下饭。', descEn: 'Home-style Hunan cooking: fragrant, hot and made for rice.',
    addrCn: '福田区福华三路 88 号', addrEn: '88 Fuhua 3rd Road, Futian', phone: '0755-83001005',
    lat: 22.54, lng: 114.05, radius: 5000, minOrder: 2000, fee: 300, pay: EVERY, delivery: true, collection: true, prep: 20,
    cuisines: [3], hours: DAILY('10:00', '21:30'), joinedDaysAgo: 760, color: '#b33939', reviews: 11, quality: 4.2,
  },
  {
    id: 6, city_id: 1, area_id: 2, cn: '潮汕牛肉火锅', en: 'Chaoshan Beef Hotpot',
    descCn: '当天现宰黄牛肉，手打牛肉丸。', descEn: 'Beef cut the same day and hand-beaten beef balls.',
    addrCn: '福田区车公庙泰然九路 6 号', addrEn: '6 Tairan 9th Road, Chegongmiao, Futian', phone: '0755-83001006',
    lat: 22.538, lng: 114.025, radius: 4000, minOrder: 6000, fee: 500, pay: ONLINE, delivery: true, collection: true, prep: 25,
    cuisines: [4], hours: DAILY('11:00', '23:00'), joinedDaysAgo: 450, color: '#8e44ad', reviews: 10, quality: 4.7,
  },
  {
    id: 7, city_id: 1, area_id: 2, cn: '华强北深夜烧烤', en: 'Huaqiang Night Skewers',
    descCn: '从傍晚烤到凌晨三点的炭火烧烤。', descEn: 'Charcoal skewers from dusk until three in the morning.',
    addrCn: '福田区华强北路 1019 号', addrEn: '1019 Huaqiang North Road, Futian', phone: '0755-83001007',
    lat: 22.545, lng: 114.085, radius: 5000, minOrder: 3000, fee: 600, pay: EVERY, delivery: true, collection: true, prep: 20,
    cuisines: [11], hours: DAILY('17:00', '03:00'), joinedDaysAgo: 380, color: '#2c3e50', reviews: 12, quality: 4.0,
  },
  // Luohu
  {
    id: 8, city_id: 1, area_id: 3, cn: '月亮披萨', en: 'Pizzeria Luna',
    descCn: '意大利石窑披萨，周一休息。', descEn: 'Stone-oven Neapolitan pizza; closed on Mondays.',
    addrCn: '罗湖区人民南路 3008 号', addrEn: '3008 Renmin South Road, Luohu', phone: '0755-82001008',
    lat: 22.542, lng: 114.12, radius: 4500, minOrder: 4000, fee: 500, pay: ONLINE, delivery: true, collection: true, prep: 25,
    cuisines: [9], hours: [[[0, 2, 3, 4, 5, 6], '11:00', '22:00']], joinedDaysAgo: 260, color: '#27ae60', reviews: 7, quality: 4.4,
  },
  {
    id: 9, city_id: 1, area_id: 3, cn: '东门兰州拉面', en: 'Dongmen Lanzhou Noodles',
    descCn: '二十四小时营业的手工拉面。', descEn: 'Hand-pulled noodles around the clock.',
    addrCn: '罗湖区东门中路 2046 号', addrEn: '2046 Dongmen Middle Road, Luohu', phone: '0755-82001009',
    lat: 22.548, lng: 114.122, radius: 4000, minOrder: 1500, fee: 300, pay: EVERY, delivery: true, collection: true, prep: 10,
    cuisines: [5], hours: DAILY('00:00', '24:00'), joinedDaysAgo: 900, color: '#16a085', reviews: 14, quality: 3.9,
  },
  // Bao'an
  {
    id: 10, city_id: 1, area_id: 4, cn: '首尔炸鸡', en: 'Seoul Fried Chicken',
    descCn: '韩式炸鸡配啤酒。', descEn: 'Korean fried chicken, best with beer.',
    addrCn: '宝安区新安四路 198 号', addrEn: "198 Xin'an 4th Road, Bao'an", phone: '0755-27001010',
    lat: 22.56, lng: 113.882, radius: 4500, minOrder: 3500, fee: 500, pay: ONLINE, delivery: true, collection: false, prep: 20,
    cuisines: [7], hours: DAILY('11:00', '23:30'), joinedDaysAgo: 200, color: '#f39c12', reviews: 6, quality: 4.2,
  },
  {
    id: 11, city_id: 1, area_id: 4, cn: '茶语甜品', en: 'Tea Words Desserts',
    descCn: '现煮奶茶和港式甜品。', descEn: 'Freshly brewed milk tea and Hong Kong desserts.',
    addrCn: '宝安区西乡大道 288 号', addrEn: "288 Xixiang Avenue, Bao'an", phone: '0755-27001011',
    lat: 22.57, lng: 113.876, radius: 4000, minOrder: 1500, fee: 400, pay: ONLINE, delivery: true, collection: true, prep: 10,
    cuisines: [12], hours: DAILY('10:00', '23:30'), joinedDaysAgo: 150, color: '#fd79a8', reviews: 8, quality: 4.5,
  },
  {
    id: 12, city_id: 1, area_id: 2, cn: '绿意轻食', en: 'Green Bowl Salads',
    descCn: '沙拉和波奇饭，工作日早上九点开门。', descEn: 'Salads and poke bowls; opens at nine on weekdays.',
    addrCn: '福田区深南大道 6008 号', addrEn: '6008 Shennan Avenue, Futian', phone: '0755-83001012',
    lat: 22.542, lng: 114.04, radius: 5000, minOrder: 2500, fee: 400, pay: ONLINE, delivery: true, collection: true, prep: 12,
    cuisines: [13], hours: [[[1, 2, 3, 4, 5], '09:00', '20:00'], [[0, 6], '10:00', '18:00']], joinedDaysAgo: 90, color: '#6ab04c', reviews: 5, quality: 4.4,
  },
  // Huizhou: Silver Beach
  {
    id: 13, city_id: 2, area_id: 5, cn: '银滩海鲜大排档', en: 'Silver Beach Seafood Stalls',
    descCn: '渔船直送的海鲜，按粤式做法。', descEn: 'Seafood straight off the boats, cooked the Cantonese way.',
    addrCn: '惠东县银滩海滨大道 16 号', addrEn: '16 Seafront Avenue, Silver Beach', phone: '0752-8801013',
    lat: 22.714, lng: 114.885, radius: 5000, minOrder: 5000, fee: 600, pay: EVERY, delivery: true, collection: true, prep: 30,
    cuisines: [1, 11], hours: DAILY('11:00', '23:00'), joinedDaysAgo: 420, color: '#0984e3', reviews: 9, quality: 4.3,
  },
  {
    id: 14, city_id: 2, area_id: 5, cn: '椰林泰式厨房', en: 'Coconut Grove Thai Kitchen',
    descCn: '海边的泰国和越南风味。', descEn: 'Thai and Vietnamese flavours by the sea.',
    addrCn: '惠东县银滩中心路 3 号', addrEn: '3 Central Road, Silver Beach', phone: '0752-8801014',
    lat: 22.712, lng: 114.882, radius: 4000, minOrder: 3000, fee: 500, pay: ONLINE, delivery: true, collection: true, prep: 20,
    cuisines: [10], hours: DAILY('10:30', '22:00'), joinedDaysAgo: 330, color: '#00b894', reviews: 7, quality: 4.4,
  },
  {
    id: 15, city_id: 2, area_id: 5, cn: '海风甜品站', en: 'Sea Breeze Desserts',
    descCn: '装修中，2030 年 1 月 1 日重新开业。', descEn: 'Closed for renovation; reopening on 1 January 2030.',
    addrCn: '惠东县银滩海景路 6 号', addrEn: '6 Haijing Road, Silver Beach', phone: '0752-8801015',
    lat: 22.716, lng: 114.886, radius: 3000, minOrder: 1500, fee: 300, pay: ONLINE, delivery: true, collection: true, prep: 10,
    cuisines: [12], hours: DAILY('10:00', '22:00'), joinedDaysAgo: 240, color: '#74b9ff', reviews: 6, quality: 4.1,
    closed: { resumeAt: RENOVATION_RESUME_AT },
  },
  // Huidong
  {
    id: 16, city_id: 2, area_id: 6, cn: '惠东客家菜', en: 'Huidong Hakka Kitchen',
    descCn: '盐焗鸡、酿豆腐和客家小炒。', descEn: 'Salt-baked chicken, stuffed tofu and Hakka stir-fries.',
    addrCn: '惠东县平山街道华侨城路 22 号', addrEn: '22 Huaqiaocheng Road, Pingshan, Huidong', phone: '0752-8801016',
    lat: 22.986, lng: 114.719, radius: 5000, minOrder: 2500, fee: 400, pay: EVERY, delivery: true, collection: true, prep: 25,
    cuisines: [1], hours: DAILY('10:30', '21:00'), joinedDaysAgo: 600, color: '#a0522d', reviews: 8, quality: 4.2,
  },
  {
    id: 17, city_id: 2, area_id: 6, cn: '平山牛肉粿条', en: 'Pingshan Beef Kway Teow',
    descCn: '潮汕牛肉粿条和手打牛丸。', descEn: 'Chaoshan beef kway teow and hand-beaten beef balls.',
    addrCn: '惠东县平山老街 58 号', addrEn: '58 Pingshan Old Street, Huidong', phone: '0752-8801017',
    lat: 22.984, lng: 114.721, radius: 4000, minOrder: 1500, fee: 300, pay: EVERY, delivery: true, collection: true, prep: 12,
    cuisines: [4, 5], hours: DAILY('06:30', '20:00'), joinedDaysAgo: 700, color: '#6d214f', reviews: 9, quality: 4.0,
  },
  // Guangzhou: Tianhe
  {
    id: 18, city_id: 3, area_id: 8, cn: '珠江点心', en: 'Pearl River Dim Sum',
    descCn: '珠江新城的老字号茶楼。', descEn: 'A long-standing teahouse in Zhujiang New Town.',
    addrCn: '天河区珠江西路 15 号', addrEn: '15 Zhujiang West Road, Tianhe', phone: '020-38001018',
    lat: 23.123, lng: 113.326, radius: 5000, minOrder: 3000, fee: 500, pay: ONLINE, delivery: true, collection: true, prep: 20,
    cuisines: [1], hours: [[ALL, '08:00', '15:00'], [ALL, '17:30', '22:00']], joinedDaysAgo: 850, color: '#c44569', reviews: 13, quality: 4.6,
  },
  {
    id: 19, city_id: 3, area_id: 8, cn: '东京拉面屋', en: 'Tokyo Ramen House',
    descCn: '豚骨拉面和日式小食。', descEn: 'Tonkotsu ramen and Japanese small plates.',
    addrCn: '天河区天河北路 233 号', addrEn: '233 Tianhe North Road, Tianhe', phone: '020-38001019',
    lat: 23.145, lng: 113.35, radius: 5500, minOrder: 3000, fee: 500, pay: ONLINE, delivery: true, collection: true, prep: 15,
    cuisines: [6, 5], hours: DAILY('11:00', '22:30'), joinedDaysAgo: 180, color: '#e17055', reviews: 8, quality: 4.3,
  },
  {
    id: 20, city_id: 3, area_id: 8, cn: '辣研所', en: 'Chili Lab Sichuan',
    descCn: '天河软件园旁的川菜研究所。', descEn: 'A Sichuan kitchen next to Tianhe Software Park.',
    addrCn: '天河区高唐路 230 号', addrEn: '230 Gaotang Road, Tianhe', phone: '020-38001020',
    lat: 23.15, lng: 113.365, radius: 5000, minOrder: 2000, fee: 400, pay: EVERY, delivery: true, collection: false, prep: 18,
    cuisines: [2], hours: DAILY('10:30', '21:30'), joinedDaysAgo: 120, color: '#d63031', reviews: 6, quality: 4.1,
  },
  // Yuexiu
  {
    id: 21, city_id: 3, area_id: 9, cn: '北京路烧鹅', en: 'Beijing Road Roast Goose',
    descCn: '三代人的烧鹅配方。', descEn: 'A roast goose recipe three generations old.',
    addrCn: '越秀区北京路 326 号', addrEn: '326 Beijing Road, Yuexiu', phone: '020-83001021',
    lat: 23.126, lng: 113.269, radius: 4500, minOrder: 2500, fee: 400, pay: EVERY, delivery: true, collection: true, prep: 15,
    cuisines: [1], hours: DAILY('10:00', '21:00'), joinedDaysAgo: 880, color: '#e58e26', reviews: 14, quality: 4.7,
  },
  {
    id: 22, city_id: 3, area_id: 9, cn: '西贡河粉', en: 'Saigon Pho',
    descCn: '越南河粉和法棍。', descEn: 'Vietnamese pho and banh mi.',
    addrCn: '越秀区中山五路 68 号', addrEn: '68 Zhongshan 5th Road, Yuexiu', phone: '020-83001022',
    lat: 23.13, lng: 113.272, radius: 4000, minOrder: 2000, fee: 400, pay: ONLINE, delivery: true, collection: true, prep: 15,
    cuisines: [10], hours: DAILY('10:00', '22:00'), joinedDaysAgo: 210, color: '#00a8ff', reviews: 7, quality: 4.2,
  },
  // Haizhu
  {
    id: 23, city_id: 3, area_id: 10, cn: '塔下汉堡', en: 'Canton Tower Burgers',
    descCn: '广州塔脚下的汉堡和炸鸡翅。', descEn: 'Burgers and wings at the foot of Canton Tower.',
    addrCn: '海珠区阅江西路 218 号', addrEn: '218 Yuejiang West Road, Haizhu', phone: '020-84001023',
    lat: 23.1, lng: 113.33, radius: 5000, minOrder: 2500, fee: 500, pay: ONLINE, delivery: true, collection: true, prep: 15,
    cuisines: [8], hours: DAILY('10:00', '23:00'), joinedDaysAgo: 20, color: '#e67e22', reviews: 3, quality: 4.0,
  },
  {
    id: 24, city_id: 3, area_id: 10, cn: '琶洲湘菜馆', en: 'Pazhou Hunan Kitchen',
    descCn: '会展中心旁的湘菜馆，工作餐首选。', descEn: 'Hunan cooking by the exhibition centre; a favourite for work lunches.',
    addrCn: '海珠区新港东路 1000 号', addrEn: '1000 Xingang East Road, Haizhu', phone: '020-84001024',
    lat: 23.098, lng: 113.36, radius: 4000, minOrder: 2000, fee: 300, pay: EVERY, delivery: true, collection: true, prep: 18,
    cuisines: [3], hours: DAILY('10:00', '21:30'), joinedDaysAgo: 540, color: '#4b6584', reviews: 9, quality: 4.1,
  },
  // Dongguan: Songshan Lake
  {
    id: 25, city_id: 4, area_id: 11, cn: '湖畔西餐厅', en: 'Lakeside Bistro',
    descCn: '松山湖边的披萨、意面和牛排。', descEn: 'Pizza, pasta and steak by Songshan Lake.',
    addrCn: '松山湖大道 8 号', addrEn: '8 Songshanhu Avenue', phone: '0769-22001025',
    lat: 22.915, lng: 113.88, radius: 5000, minOrder: 4000, fee: 600, pay: ONLINE, delivery: true, collection: true, prep: 25,
    cuisines: [9, 8], hours: DAILY('11:00', '22:00'), joinedDaysAgo: 310, color: '#1e8449', reviews: 8, quality: 4.4,
  },
  {
    id: 26, city_id: 4, area_id: 11, cn: '学府面馆', en: 'Campus Noodle Bar',
    descCn: '大学城学生最爱的面馆。', descEn: 'The noodle bar University Town students love.',
    addrCn: '松山湖大学路 9 号', addrEn: '9 Daxue Road, Songshan Lake', phone: '0769-22001026',
    lat: 22.92, lng: 113.87, radius: 4000, minOrder: 1200, fee: 200, pay: EVERY, delivery: true, collection: true, prep: 10,
    cuisines: [5], hours: DAILY('07:00', '22:00'), joinedDaysAgo: 470, color: '#3867d6', reviews: 11, quality: 4.0,
  },
  {
    id: 27, city_id: 4, area_id: 11, cn: '泡菜屋', en: 'Kimchi House',
    descCn: '石锅拌饭和部队锅。', descEn: 'Stone-pot bibimbap and army stew.',
    addrCn: '松山湖新城大道 3 号', addrEn: '3 Xincheng Avenue, Songshan Lake', phone: '0769-22001027',
    lat: 22.935, lng: 113.888, radius: 4500, minOrder: 3000, fee: 500, pay: ONLINE, delivery: true, collection: true, prep: 20,
    cuisines: [7], hours: DAILY('11:00', '22:00'), joinedDaysAgo: 10, color: '#eb3b5a', reviews: 2, quality: 4.3,
  },
  // Nancheng
  {
    id: 28, city_id: 4, area_id: 12, cn: '莞味烧腊饭', en: 'Dongguan Roast & Rice',
    descCn: '烧鹅、叉烧和白切鸡饭。', descEn: 'Roast goose, char siu and poached chicken on rice.',
    addrCn: '南城区鸿福路 128 号', addrEn: '128 Hongfu Road, Nancheng', phone: '0769-22001028',
    lat: 23.016, lng: 113.746, radius: 5000, minOrder: 1800, fee: 300, pay: EVERY, delivery: true, collection: true, prep: 12,
    cuisines: [1], hours: DAILY('09:30', '21:00'), joinedDaysAgo: 680, color: '#b7950b', reviews: 10, quality: 4.2,
  },
  // Dongcheng
  {
    id: 29, city_id: 4, area_id: 13, cn: '万达串串香', en: 'Wanda Hotpot Skewers',
    descCn: '午市川菜，晚市串串一直开到凌晨两点。', descEn: 'Sichuan lunches; skewers in the evening until 2 a.m.',
    addrCn: '东城区东纵大道 208 号万达广场 B1', addrEn: 'B1 Wanda Plaza, 208 Dongzong Avenue, Dongcheng', phone: '0769-22001029',
    lat: 23.034, lng: 113.78, radius: 4500, minOrder: 3000, fee: 500, pay: EVERY, delivery: true, collection: true, prep: 20,
    cuisines: [2, 11], hours: [[ALL, '11:00', '14:00'], [ALL, '17:00', '02:00']], joinedDaysAgo: 280, color: '#a93226', reviews: 9, quality: 4.1,
  },
  {
    id: 30, city_id: 4, area_id: 12, cn: '鲜享波奇饭', en: 'Fresh Poke',
    descCn: '新店开业：波奇饭和寿司卷。', descEn: 'Just opened: poke bowls and sushi rolls.',
    addrCn: '南城区鸿福路 106 号汇一城 1 楼', addrEn: '1F Hui Yi Cheng, 106 Hongfu Road, Nancheng', phone: '0769-22001030',
    lat: 23.017, lng: 113.742, radius: 4000, minOrder: 2500, fee: 400, pay: ONLINE, delivery: true, collection: true, prep: 12,
    cuisines: [13, 6], hours: DAILY('10:00', '21:00'), joinedDaysAgo: 5, color: '#20bf6b', reviews: 0, quality: 4.5,
  },
];
