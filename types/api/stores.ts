import { Type, type Static } from '@sinclair/typebox';
import { DELIVERY_TIME_BUCKETS, PAYMENT_METHODS, STORE_SORTS } from '../catalogue';
import { PageQuery, Paged } from './common';
import { Nullable, OneOf } from './helpers';
import { Id, Lat, Lng, OptionalLatLng } from './places';

/**
 * Restaurants, their menus and reviews. Positions are GCJ-02; distances are straight-line metres; money is integer
 * fen; times are epoch milliseconds; opening hours are China time (UTC+8).
 */

export const PaymentMethodSchema = OneOf(PAYMENT_METHODS);
export const DeliveryTimeBucketSchema = OneOf(DELIVERY_TIME_BUCKETS);

export const CuisineRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type CuisineRef = Static<typeof CuisineRef>;

/**
 * Open now, or closed and when it opens again. closed_reason 'manual': the restaurant closed itself (resumes_at is the
 * time it said it would reopen, or null when it did not say); 'hours': outside its opening hours (resumes_at is the
 * next opening, null when it has no hours at all). closes_at: end of the current opening window when open.
 */
export const OpenState = Type.Object({
  is_open: Type.Boolean(),
  closed_reason: Nullable(Type.Union([Type.Literal('manual'), Type.Literal('hours')])),
  resumes_at: Nullable(Type.Integer(), 'epoch milliseconds; null when open or unknown'),
  closes_at: Nullable(Type.Integer(), 'epoch milliseconds; null when closed'),
});
export type OpenState = Static<typeof OpenState>;

/** One restaurant in a list (storelist, newstores). */
export const StoreSummary = Type.Composite([
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    logo: Type.String({ description: 'picture path on the site, e.g. /img/store/12-logo.svg' }),
    cover: Type.String(),
    address: Type.String(),
    city_id: Type.Integer(),
    area_id: Type.Integer(),
    area_name: Type.String(),
    lat: Type.Number({ description: 'GCJ-02' }),
    lng: Type.Number({ description: 'GCJ-02' }),
    cuisines: Type.Array(CuisineRef),
    rating: Type.Number({ description: 'average food rating 1-5, one decimal; 0 when not rated yet' }),
    review_count: Type.Integer(),
    min_order_fen: Type.Integer({ description: 'minimum goods value for delivery, delivery fee excluded' }),
    delivery_fee_fen: Type.Integer(),
    delivery_radius_m: Type.Integer(),
    prep_minutes: Type.Integer(),
    delivery: Type.Boolean({ description: 'delivers by courier' }),
    collection: Type.Boolean({ description: 'customers may collect at the counter' }),
    distance_m: Nullable(Type.Integer(), 'metres from the given position; null when no position was given'),
    created_at: Type.Integer({ description: 'epoch milliseconds; joined the platform' }),
  }),
  OpenState,
]);
export type StoreSummary = Static<typeof StoreSummary>;

/**
 * storelist: restaurants whose delivery radius covers the position, optionally of one cuisine, sorted by distance
 * (default, nearest first), rating (best first), min_order (lowest first) or newest (newest first); paged.
 */
export const StoreListQuery = Type.Composite([
  PageQuery,
  Type.Object({
    lat: Lat,
    lng: Lng,
    cuisine_id: Type.Optional(Id),
    sort: Type.Optional(OneOf(STORE_SORTS, { default: 'distance' })),
  }),
]);
export type StoreListQuery = Static<typeof StoreListQuery>;
export const StoreList = Paged(StoreSummary);

/** newstores: newest restaurants first; with lat and lng, only those delivering there. */
export const NewStoresQuery = Type.Composite([PageQuery, OptionalLatLng]);
export type NewStoresQuery = Static<typeof NewStoresQuery>;
export const NewStores = Paged(StoreSummary);

export const HoursWindow = Type.Object({
  open: Type.String({ description: 'HH:MM, China time' }),
  close: Type.String({ description: 'HH:MM, China time; earlier than open when overnight' }),
  overnight: Type.Boolean({ description: 'the window ends after midnight, on the next day' }),
});
export type HoursWindow = Static<typeof HoursWindow>;

export const DayHours = Type.Object({
  weekday: Type.Integer({ minimum: 0, maximum: 6, description: '0 Sunday ... 6 Saturday' }),
  windows: Type.Array(HoursWindow),
});
export type DayHours = Static<typeof DayHours>;

export const RatingSummary = Type.Object({
  count: Type.Integer(),
  average: Type.Number({ description: 'average food rating, one decimal; 0 when no reviews' }),
  food_average: Type.Number(),
  other_average: Type.Number(),
  stars: Type.Array(Type.Integer(), { description: 'how many food ratings of 1, 2, 3, 4 and 5 stars' }),
  delivery_time: Type.Object({
    within30: Type.Integer(),
    within40: Type.Integer(),
    within50: Type.Integer(),
    within60: Type.Integer(),
    over60: Type.Integer(),
  }),
});
export type RatingSummary = Static<typeof RatingSummary>;

/** storeinfo: everything the restaurant page shows. With lat/lng, whether that position is in delivery range. */
export const StoreInfoQuery = Type.Composite([Type.Object({ id: Id }), OptionalLatLng]);
export type StoreInfoQuery = Static<typeof StoreInfoQuery>;
export const StoreInfo = Type.Composite([
  StoreSummary,
  Type.Object({
    description: Type.String(),
    phone: Type.String(),
    city_name: Type.String(),
    hours: Type.Array(DayHours, { description: 'seven days, Sunday first' }),
    payment_methods: Type.Array(PaymentMethodSchema),
    rating_summary: RatingSummary,
    in_delivery_range: Nullable(Type.Boolean(), 'null when no position was given'),
  }),
]);
export type StoreInfo = Static<typeof StoreInfo>;

export const MenuOption = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price_delta_fen: Type.Integer({ description: 'added to the item price when chosen (may be 0)' }),
  sold_out: Type.Boolean(),
});
export type MenuOption = Static<typeof MenuOption>;

/** A choice on an item: compulsory groups need at least max(1, min_select) options; never more than max_select. */
export const OptionGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  compulsory: Type.Boolean(),
  min_select: Type.Integer(),
  max_select: Type.Integer(),
  options: Type.Array(MenuOption),
});
export type OptionGroup = Static<typeof OptionGroup>;

export const MenuItem = Type.Object({
  id: Type.Integer(),
  category_id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  picture: Type.String(),
  price_fen: Type.Integer(),
  sold_out: Type.Boolean(),
  option_groups: Type.Array(OptionGroup),
});
export type MenuItem = Static<typeof MenuItem>;

export const MenuCategory = Type.Object({ id: Type.Integer(), name: Type.String(), items: Type.Array(MenuItem) });
export type MenuCategory = Static<typeof MenuCategory>;

/** menulist: a restaurant's menu; keyword keeps dishes whose name (either language) contains it. */
export const MenuListQuery = Type.Object({
  restaurant_id: Id,
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type MenuListQuery = Static<typeof MenuListQuery>;
export const Menu = Type.Object({
  restaurant_id: Type.Integer(),
  item_count: Type.Integer({ description: 'items in categories below' }),
  categories: Type.Array(MenuCategory, { description: 'categories without a matching item are left out' }),
});
export type Menu = Static<typeof Menu>;

/**
 * One review as every customer sees it: words and photos only once they passed the content check (a held comment is
 * '', a photo not passed is left out).
 */
export const Review = Type.Object({
  id: Type.Integer(),
  author: Type.String(),
  food_rating: Type.Integer({ minimum: 1, maximum: 5 }),
  delivery_time: Nullable(DeliveryTimeBucketSchema, 'null for a collection order'),
  other_rating: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Type.String(),
  photos: Type.Array(Type.String(), { description: 'full-size pictures' }),
  thumbnails: Type.Array(Type.String(), { description: "thumbnails[i] is photos[i]'s small copy" }),
  created_at: Type.Integer({ description: 'epoch milliseconds' }),
});
export type Review = Static<typeof Review>;

/** storereview: a restaurant's reviews, newest first, paged, with the rating summary. */
export const StoreReviewQuery = Type.Composite([PageQuery, Type.Object({ restaurant_id: Id })]);
export type StoreReviewQuery = Static<typeof StoreReviewQuery>;
export const StoreReviews = Type.Composite([Paged(Review), Type.Object({ summary: RatingSummary })]);
export type StoreReviews = Static<typeof StoreReviews>;
