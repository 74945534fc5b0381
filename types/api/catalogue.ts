import { Type, type Static } from '@sinclair/typebox';
import { AD_SLOTS, DEVICE_ID_PATTERN, LINK_TYPES, PROMOTION_KINDS } from '../catalogue';
import { Nullable, OneOf } from './helpers';
import { Id } from './places';

/** What a promotion, ad or pop-up opens: a restaurant (id), an article (id), a URL (url), or nothing. */
export const Link = Type.Object({
  type: OneOf(LINK_TYPES),
  id: Nullable(Type.Integer()),
  url: Type.String(),
});
export type Link = Static<typeof Link>;

/** cuisineslist: every cuisine with how many restaurants serve it. */
export const Cuisine = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  icon: Type.String({ description: 'picture path on the site, e.g. /img/cuisine/sichuan.svg' }),
  store_count: Type.Integer(),
});
export type Cuisine = Static<typeof Cuisine>;
export const CuisineListQuery = Type.Object({});
export const CuisineList = Type.Array(Cuisine);
export type CuisineList = Static<typeof CuisineList>;

/** promolist: promotions running now, site-wide ones and those of the given city or restaurant. */
export const Promotion = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  badge: Type.String({ description: 'short label, e.g. "满80减15" / "¥15 off ¥80"' }),
  /** What it does to prices: a banner nothing; the others are applied by the checkout's quote as their own lines. */
  kind: OneOf(PROMOTION_KINDS),
  picture: Type.String(),
  restaurant_id: Nullable(Type.Integer()),
  city_id: Nullable(Type.Integer()),
  link: Link,
  starts_at: Type.Integer({ description: 'epoch milliseconds' }),
  ends_at: Type.Integer({ description: 'epoch milliseconds' }),
});
export type Promotion = Static<typeof Promotion>;
export const PromoListQuery = Type.Object({ city_id: Type.Optional(Id), restaurant_id: Type.Optional(Id) });
export type PromoListQuery = Static<typeof PromoListQuery>;
export const PromoList = Type.Array(Promotion);
export type PromoList = Static<typeof PromoList>;

/** adslist: ads running now, optionally of one slot and city (site-wide ads always included). */
export const Ad = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  picture: Type.String(),
  slot: OneOf(AD_SLOTS),
  city_id: Nullable(Type.Integer()),
  link: Link,
});
export type Ad = Static<typeof Ad>;
export const AdListQuery = Type.Object({ slot: Type.Optional(OneOf(AD_SLOTS)), city_id: Type.Optional(Id) });
export type AdListQuery = Static<typeof AdListQuery>;
export const AdList = Type.Array(Ad);
export type AdList = Static<typeof AdList>;

export const DeviceId = Type.String({
  pattern: DEVICE_ID_PATTERN,
  description: 'a random id the app keeps per device (8-64 of A-Z a-z 0-9 _ -); required when not logged in',
});

/**
 * popuplist: active pop-ups the viewer has not seen at their current version. The viewer is the logged-in user, or
 * else the device (device_id required). A pop-up whose content changes gets a new version and shows again.
 */
export const Popup = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  picture: Type.String(),
  link: Link,
  version: Type.Integer(),
  starts_at: Type.Integer({ description: 'epoch milliseconds' }),
  ends_at: Type.Integer({ description: 'epoch milliseconds' }),
});
export type Popup = Static<typeof Popup>;
export const PopupListQuery = Type.Object({ device_id: Type.Optional(DeviceId) });
export type PopupListQuery = Static<typeof PopupListQuery>;
export const PopupList = Type.Array(Popup);
export type PopupList = Static<typeof PopupList>;

/** updatepopup: records that the viewer has seen a pop-up at its current version (idempotent). */
export const UpdatePopupBody = Type.Object({ popup_id: Id, device_id: Type.Optional(DeviceId) });
export type UpdatePopupBody = Static<typeof UpdatePopupBody>;
export const UpdatePopupResult = Type.Object({ popup_id: Type.Integer(), version: Type.Integer() });
export type UpdatePopupResult = Static<typeof UpdatePopupResult>;
