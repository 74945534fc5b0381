/**
 * Values of the places and catalogue contract that the app needs at run time (kept free of TypeBox so the app
 * bundles none of it; the schemas in api/ are built from these lists).
 */

/** Accepted ways to pay (spec §9): WeChat Pay, Alipay, pay on delivery, wallet balance. */
export const PAYMENT_METHODS = ['wechat', 'alipay', 'cod', 'balance'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The methods paid online through a provider (the order waits for the payment); the others settle at once. */
export const ONLINE_PAYMENT_METHODS: readonly PaymentMethod[] = ['wechat', 'alipay'];
export const isOnlinePayment = (method: string) => (ONLINE_PAYMENT_METHODS as readonly string[]).includes(method);

/** Delivery time rating buckets (spec §9): within 30, 40, 50, 60 minutes, over one hour. */
export const DELIVERY_TIME_BUCKETS = ['within30', 'within40', 'within50', 'within60', 'over60'] as const;
export type DeliveryTimeBucket = (typeof DELIVERY_TIME_BUCKETS)[number];

/** storelist orders: nearest first, best rated first, lowest minimum order first, newest first. */
export const STORE_SORTS = ['distance', 'rating', 'min_order', 'newest'] as const;
export type StoreSort = (typeof STORE_SORTS)[number];

/** What a multiplesearch hit opens: a restaurant page, a dish on its restaurant's page, or a news article. */
export const SEARCH_HIT_TYPES = ['restaurant', 'dish', 'news'] as const;
export type SearchHitType = (typeof SEARCH_HIT_TYPES)[number];

/** Where an ad is shown. */
export const AD_SLOTS = ['home_banner', 'home_side', 'list_top'] as const;
export type AdSlot = (typeof AD_SLOTS)[number];

/** What a promotion, ad or pop-up opens when tapped. */
export const LINK_TYPES = ['restaurant', 'article', 'url', 'none'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/**
 * What a promotion does to prices (issue 15 §1): the first order that stands has no delivery fee; goods of at least
 * a minimum save an amount; or nothing (a banner says nothing about prices).
 */
export const PROMOTION_KINDS = ['banner', 'first_order_free_delivery', 'spend_save'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** multiplesearch keyword length after trimming. */
export const SEARCH_KEYWORD_MAX = 50;

/** An anonymous viewer's device id (pop-ups are shown once per user or device): 8-64 of [A-Za-z0-9_-]. */
export const DEVICE_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';

/** Opening hours are China time (UTC+8, no daylight saving). */
export const CHINA_UTC_OFFSET_MINUTES = 480;

/** iplocation's answer for private, unknown and unserved addresses. */
export const DEFAULT_CITY_CODE = 'shenzhen';
