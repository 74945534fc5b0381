import type { Insertable } from 'kysely';
import type { AdsTable, PopupsTable, PromotionsTable } from '../../db/schema';

/** Running from 1 January 2025 to the end of 2030 (fixed so the seed is the same everywhere). */
const FROM = Date.UTC(2024, 11, 31, 16, 0, 0);
const UNTIL = Date.UTC(2030, 11, 31, 16, 0, 0);
/** An offer that has ended and one that has not started: never listed. */
const ENDED = [Date.UTC(2025, 8, 30, 16), Date.UTC(2025, 9, 7, 16)] as const;
const FUTURE = [Date.UTC(2031, 0, 20, 16), Date.UTC(2031, 1, 10, 16)] as const;

const none = { link_type: 'none', link_id: null, link_url: '' } as const;
const toRestaurant = (id: number) => ({ link_type: 'restaurant', link_id: id, link_url: '' }) as const;
const toArticle = (id: number) => ({ link_type: 'article', link_id: id, link_url: '' }) as const;

/**
 * Promotions that change a price are rules the checkout applies (kind, and min_goods_fen / save_fen for spend X save
 * Y; scope: restaurant, else area, else city, else everywhere); a banner says nothing about prices. A test places a
 * first order for every one of them (test/server/promotions.test.ts).
 */
// prettier-ignore
const PROMOTION_ROWS: Array<Insertable<PromotionsTable> & { id: number }> = [
  {
    id: 1, city_id: null, restaurant_id: null, ...toArticle(109), sort: 1, starts_at: FROM, ends_at: UNTIL,
    kind: 'first_order_free_delivery',
    title_cn: '新用户首单免配送费', title_en: 'No delivery fee on your first order',
    description_cn: '你的第一笔订单如果是外送，免配送费，全城通用。', description_en: 'If your first order is a delivery, it has no delivery fee, anywhere.',
    badge_cn: '首单免配送费', badge_en: 'Free 1st delivery', picture: '/img/promo/1.svg',
  },
  {
    id: 2, city_id: 3, area_id: 8, restaurant_id: null, ...toArticle(103), sort: 2, starts_at: FROM, ends_at: UNTIL,
    kind: 'spend_save', min_goods_fen: 8000, save_fen: 1500,
    title_cn: '天河区满 80 减 15', title_en: '¥15 off ¥80 in Tianhe',
    description_cn: '天河区的餐厅，菜品满 80 元立减 15 元。', description_en: 'At Tianhe restaurants, ¥80 of dishes get ¥15 off.',
    badge_cn: '满80减15', badge_en: '¥15 off ¥80', picture: '/img/promo/2.svg',
  },
  {
    id: 3, city_id: 1, restaurant_id: 1, ...toRestaurant(1), sort: 3, starts_at: FROM, ends_at: UNTIL,
    title_cn: '早茶点心现点现蒸', title_en: 'Morning dim sum, steamed to order',
    description_cn: '每天早上 7 点起供应早茶点心。', description_en: 'Dim sum every morning from 7 a.m.',
    badge_cn: '早茶', badge_en: 'Dim sum', picture: '/img/promo/3.svg',
  },
  {
    id: 4, city_id: 1, restaurant_id: 7, ...toRestaurant(7), sort: 4, starts_at: FROM, ends_at: UNTIL,
    kind: 'spend_save', min_goods_fen: 10000, save_fen: 2000,
    title_cn: '深夜烧烤满 100 减 20', title_en: '¥20 off ¥100 at Night Skewers',
    description_cn: '华强北深夜烧烤，菜品满 100 元减 20 元。', description_en: 'At Huaqiang Night Skewers, ¥100 of dishes get ¥20 off.',
    badge_cn: '满100减20', badge_en: '¥20 off ¥100', picture: '/img/promo/4.svg',
  },
  {
    id: 5, city_id: 4, restaurant_id: 27, ...toRestaurant(27), sort: 5, starts_at: FROM, ends_at: UNTIL,
    title_cn: '松山湖新店开业', title_en: 'New in Songshan Lake',
    description_cn: '泡菜屋在松山湖开业了。', description_en: 'Kimchi House has opened in Songshan Lake.',
    badge_cn: '新店', badge_en: 'New', picture: '/img/promo/5.svg',
  },
  {
    id: 6, city_id: 2, restaurant_id: 13, ...toRestaurant(13), sort: 6, starts_at: FROM, ends_at: UNTIL,
    title_cn: '银滩海鲜节', title_en: 'Silver Beach seafood festival',
    description_cn: '渔船直送的生蚝、扇贝正当季。', description_en: 'Oysters and scallops straight off the boats, in season now.',
    badge_cn: '海鲜节', badge_en: 'Seafood', picture: '/img/promo/6.svg',
  },
  {
    id: 7, city_id: null, restaurant_id: null, ...none, sort: 7, starts_at: ENDED[0], ends_at: ENDED[1],
    kind: 'spend_save', min_goods_fen: 5000, save_fen: 1000,
    title_cn: '国庆特惠', title_en: 'National Day special',
    description_cn: '已结束。', description_en: 'This offer has ended.',
    badge_cn: '已结束', badge_en: 'Ended', picture: '/img/promo/1.svg',
  },
  {
    id: 8, city_id: null, restaurant_id: null, ...none, sort: 8, starts_at: FUTURE[0], ends_at: FUTURE[1],
    title_cn: '春节年夜饭预订', title_en: 'Spring Festival dinner pre-orders',
    description_cn: '即将开始。', description_en: 'Coming soon.',
    badge_cn: '预告', badge_en: 'Soon', picture: '/img/promo/2.svg',
  },
];

/** Every row with every column (a multi-row insert gives SQLite NULL, not the default, for a missing one). */
export const PROMOTIONS = PROMOTION_ROWS.map((p) => ({
  kind: 'banner' as const,
  area_id: null,
  min_goods_fen: 0,
  save_fen: 0,
  ...p,
}));

// prettier-ignore
export const ADS: Array<Insertable<AdsTable> & { id: number }> = [
  { id: 1, city_id: null, slot: 'home_banner', ...toArticle(102), sort: 1, starts_at: FROM, ends_at: UNTIL,
    title_cn: '微信小程序上线啦', title_en: 'Our WeChat mini program is live', picture: '/img/ad/1.svg' },
  { id: 2, city_id: null, slot: 'home_banner', ...toArticle(43), sort: 2, starts_at: FROM, ends_at: UNTIL,
    title_cn: '餐厅入驻 szeat', title_en: 'Bring your restaurant to szeat', picture: '/img/ad/2.svg' },
  { id: 3, city_id: 1, slot: 'home_banner', ...toRestaurant(2), sort: 3, starts_at: FROM, ends_at: UNTIL,
    title_cn: '南山人气川菜', title_en: 'Nanshan’s favourite Sichuan kitchen', picture: '/img/ad/3.svg' },
  { id: 4, city_id: null, slot: 'home_side', ...toArticle(106), sort: 1, starts_at: FROM, ends_at: UNTIL,
    title_cn: '用钱包余额付款', title_en: 'Pay with your wallet balance', picture: '/img/ad/4.svg' },
  { id: 5, city_id: 3, slot: 'list_top', ...toRestaurant(19), sort: 1, starts_at: FROM, ends_at: UNTIL,
    title_cn: '天河的豚骨拉面', title_en: 'Tonkotsu ramen in Tianhe', picture: '/img/ad/5.svg' },
  { id: 6, city_id: null, slot: 'home_banner', ...none, sort: 9, starts_at: ENDED[0], ends_at: ENDED[1],
    title_cn: '国庆快乐', title_en: 'Happy National Day', picture: '/img/ad/1.svg' },
];

// prettier-ignore
export const POPUPS: Array<Insertable<PopupsTable> & { id: number }> = [
  { id: 1, ...toArticle(42), version: 1, sort: 1, starts_at: FROM, ends_at: UNTIL, picture: '/img/popup/1.svg',
    title_cn: '欢迎来到 szeat', title_en: 'Welcome to szeat',
    content_cn: '深圳、惠州（银滩）、广州和东莞的好餐厅，送到你家门口。', content_en: 'Good restaurants in Shenzhen, Huizhou (Silver Beach), Guangzhou and Dongguan, delivered to your door.' },
  { id: 2, ...toArticle(111), version: 3, sort: 2, starts_at: FROM, ends_at: UNTIL, picture: '/img/popup/2.svg',
    title_cn: '台风天气配送提示', title_en: 'Deliveries during typhoon warnings',
    content_cn: '台风预警期间，部分区域可能暂停配送，请留意通知。', content_en: 'During typhoon warnings some areas may pause deliveries; watch for notices.' },
  { id: 3, ...none, version: 1, sort: 3, starts_at: ENDED[0], ends_at: ENDED[1], picture: '/img/popup/1.svg',
    title_cn: '国庆假期安排', title_en: 'National Day holiday hours',
    content_cn: '已结束。', content_en: 'This notice has ended.' },
];
