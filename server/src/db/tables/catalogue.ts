import type { Generated } from 'kysely';
import type { AdSlot, DeliveryTimeBucket, LinkType, PromotionKind } from '../../../../types/catalogue';

/**
 * Restaurants and what they sell, with their reviews, and the promotions, ads and pop-ups around them.
 * Coordinates are GCJ-02; money is integer fen; times are epoch milliseconds; booleans are 0/1.
 */
export interface RestaurantsTable {
  id: Generated<number>;
  city_id: number;
  area_id: number;
  name_cn: string;
  name_en: string;
  description_cn: string;
  description_en: string;
  address_cn: string;
  address_en: string;
  phone: string;
  lat: number;
  lng: number;
  delivery_radius_m: number;
  /** Goods only; the delivery fee does not count towards it. */
  min_order_fen: number;
  delivery_fee_fen: number;
  pay_wechat: number;
  pay_alipay: number;
  pay_cod: number;
  pay_balance: number;
  /** Delivers by courier / customers may collect at the counter. */
  delivery: number;
  collection: number;
  prep_minutes: number;
  logo: string;
  cover: string;
  /** Closed by the restaurant itself, whatever its hours say, until resume_at (null: until it reopens by hand). */
  closed: number;
  resume_at: number | null;
  /** Busy mode: no new orders until this time (epoch ms); it ends by itself. */
  busy_until: Generated<number | null>;
  created_at: number;
}

export interface CuisinesTable {
  id: Generated<number>;
  code: string;
  name_cn: string;
  name_en: string;
  icon: string;
  sort: number;
}

export interface RestaurantCuisinesTable {
  restaurant_id: number;
  cuisine_id: number;
}

/**
 * One opening window on a weekday (0 Sunday ... 6 Saturday), China time, in minutes after midnight: open_min in
 * [0, 1440), close_min in (open_min, open_min + 1440]. close_min above 1440 crosses midnight into the next day.
 */
export interface OpeningHoursTable {
  id: Generated<number>;
  restaurant_id: number;
  weekday: number;
  open_min: number;
  close_min: number;
}

export interface MenuCategoriesTable {
  id: Generated<number>;
  restaurant_id: number;
  name_cn: string;
  name_en: string;
  sort: number;
}

export interface MenuItemsTable {
  id: Generated<number>;
  restaurant_id: number;
  category_id: number;
  name_cn: string;
  name_en: string;
  description_cn: string;
  description_en: string;
  picture: string;
  price_fen: number;
  sold_out: number;
  sort: number;
}

export interface OptionGroupsTable {
  id: Generated<number>;
  item_id: number;
  name_cn: string;
  name_en: string;
  compulsory: number;
  min_select: number;
  max_select: number;
  sort: number;
}

export interface MenuOptionsTable {
  id: Generated<number>;
  group_id: number;
  name_cn: string;
  name_en: string;
  price_delta_fen: number;
  sold_out: number;
  sort: number;
}

/**
 * Seeded reviews have no order or user; an order's rating (saverating) fills both: one live rating per order (a
 * partial unique index), its photos in `uploads`. A rating its author deleted keeps its row with deleted_at set and is
 * shown nowhere (its order may be rated again).
 */
export interface ReviewsTable {
  id: Generated<number>;
  restaurant_id: number;
  order_id: number | null;
  user_id: number | null;
  author_name: string;
  food_rating: number;
  /** null for a collection order. */
  delivery_time: DeliveryTimeBucket | null;
  other_rating: number;
  comment: string;
  /** 'pass': shown to everyone; 'review': held by the content check, shown to its author only. */
  comment_check: Generated<'pass' | 'review'>;
  /** JSON array of picture paths (seeded reviews; a rating's own photos are rows of `uploads`). */
  photos: string;
  created_at: number;
  deleted_at: number | null;
}

/** Shared by promotions, ads and pop-ups: what a tap opens. */
export interface LinkColumns {
  link_type: LinkType;
  link_id: number | null;
  link_url: string;
}

export interface PromotionsTable extends LinkColumns {
  id: Generated<number>;
  /** What it does to prices (types/catalogue.ts PROMOTION_KINDS; migration 0014). */
  kind: Generated<PromotionKind>;
  /** Its scope: the restaurant, else the area, else the city, else every restaurant. */
  city_id: number | null;
  area_id: number | null;
  restaurant_id: number | null;
  /** spend_save: the goods it needs and what they save (fen). */
  min_goods_fen: Generated<number>;
  save_fen: Generated<number>;
  title_cn: string;
  title_en: string;
  description_cn: string;
  description_en: string;
  badge_cn: string;
  badge_en: string;
  picture: string;
  starts_at: number;
  ends_at: number;
  sort: number;
}

export interface AdsTable extends LinkColumns {
  id: Generated<number>;
  city_id: number | null;
  slot: AdSlot;
  title_cn: string;
  title_en: string;
  picture: string;
  starts_at: number;
  ends_at: number;
  sort: number;
}

/** Bump version whenever the content changes: viewers who saw an older version see it again. */
export interface PopupsTable extends LinkColumns {
  id: Generated<number>;
  title_cn: string;
  title_en: string;
  content_cn: string;
  content_en: string;
  picture: string;
  version: number;
  starts_at: number;
  ends_at: number;
  sort: number;
}

/** viewer is `u:<user id>` or `d:<device id>`. */
export interface PopupViewsTable {
  popup_id: number;
  viewer: string;
  version: number;
  seen_at: number;
}

export interface CatalogueTables {
  restaurants: RestaurantsTable;
  cuisines: CuisinesTable;
  restaurant_cuisines: RestaurantCuisinesTable;
  opening_hours: OpeningHoursTable;
  menu_categories: MenuCategoriesTable;
  menu_items: MenuItemsTable;
  option_groups: OptionGroupsTable;
  menu_options: MenuOptionsTable;
  reviews: ReviewsTable;
  promotions: PromotionsTable;
  ads: AdsTable;
  popups: PopupsTable;
  popup_views: PopupViewsTable;
}
