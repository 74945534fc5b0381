import { Type, type Static } from '@sinclair/typebox';
import { RATING_COMMENT_MAX, RATING_PHOTOS_MAX } from '../constants';
import { PageQuery, Paged } from './common';
import { Nullable } from './helpers';
import { DeliveryTimeBucketSchema } from './stores';

/**
 * Ratings of the customer's own orders (uploadphoto, saverating, delrating, ratingslist). All need a session; another
 * customer's order, rating or photo answers 1004 like a missing one. Times are epoch milliseconds.
 */
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Stars = Type.Integer({ minimum: 1, maximum: 5 });

/**
 * A photo's content check (WeChat content security in production): `pending` not answered yet, `pass` shown to
 * everyone, `review` held for a person to look at, `risky` refused. Only `pass` photos are shown to other customers.
 */
export const PHOTO_CHECKS = ['pending', 'pass', 'review', 'risky'] as const;
export type PhotoCheck = (typeof PHOTO_CHECKS)[number];
export const PhotoCheckSchema = Type.Union(PHOTO_CHECKS.map((c) => Type.Literal(c)));

/** uploadphoto's answer: the stored picture (re-encoded, metadata stripped), its display size and its thumbnail. */
export const UploadedPhoto = Type.Object({
  id: Type.Integer(),
  url: Type.String({
    description: 'the display size (JPEG, at most 1280 px on its long side), on this site or the bucket',
  }),
  thumb_url: Type.String({ description: 'a 320 px square thumbnail' }),
  width: Type.Integer(),
  height: Type.Integer(),
  check: PhotoCheckSchema,
});
export type UploadedPhoto = Static<typeof UploadedPhoto>;

/** What the OpenAPI document shows for uploadphoto's multipart body (the server reads the parts as a stream). */
export const UploadPhotoForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'the picture (JPEG, PNG or WebP); field name UPLOAD_FIELD_NAME' }),
});

/**
 * saverating: the order's owner, once it was delivered, completed or collected; one rating per order.
 * `delivery_time` is required for delivery orders and must be null (or absent) for collection orders.
 */
export const SaveRatingBody = Type.Object({
  order_id: Id,
  food_rating: Stars,
  delivery_time: Type.Optional(Nullable(DeliveryTimeBucketSchema)),
  other_rating: Stars,
  comment: Type.Optional(Type.String({ maxLength: RATING_COMMENT_MAX })),
  photo_ids: Type.Optional(Type.Array(Id, { maxItems: RATING_PHOTOS_MAX, uniqueItems: true })),
});
export type SaveRatingBody = Static<typeof SaveRatingBody>;

export const DelRatingBody = Type.Object({ id: Id });
export type DelRatingBody = Static<typeof DelRatingBody>;

export const RatingsListQuery = PageQuery;
export type RatingsListQuery = Static<typeof RatingsListQuery>;

/** A photo of one of the customer's own ratings, with its content check. */
export const MyRatingPhoto = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  thumb_url: Type.String(),
  check: PhotoCheckSchema,
});
export type MyRatingPhoto = Static<typeof MyRatingPhoto>;

/** One of the caller's ratings (ratingslist, saverating's answer). */
export const MyRating = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  order_no: Type.String(),
  restaurant_id: Type.Integer(),
  restaurant_name: Type.String({ description: 'in the request language' }),
  restaurant_logo: Type.String(),
  food_rating: Type.Integer(),
  delivery_time: Nullable(DeliveryTimeBucketSchema, 'null for a collection order'),
  other_rating: Type.Integer(),
  comment: Type.String(),
  /** `pass`: shown to others; `review`: held (shown only to its author until a person passes it). */
  comment_check: Type.Union([Type.Literal('pass'), Type.Literal('review')]),
  photos: Type.Array(MyRatingPhoto),
  created_at: Type.Integer(),
});
export type MyRating = Static<typeof MyRating>;

export const MyRatings = Paged(MyRating);
export type MyRatings = Static<typeof MyRatings>;

export const DelRatingResult = Type.Object({ id: Type.Integer(), deleted: Type.Boolean() });
export type DelRatingResult = Static<typeof DelRatingResult>;
