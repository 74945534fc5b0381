import type { Generated } from 'kysely';
import type { PhotoCheck } from '../../../../types/api/ratings';

/**
 * A customer's uploaded photo (uploadphoto): the re-encoded display copy and its thumbnail in the storage adapter
 * (local disk or an S3-compatible bucket) under random keys, its content check, and the rating it belongs to once
 * saverating used it (at most one; the job runner removes photos no rating uses after a day).
 */
export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  review_id: number | null;
  /** Its place among the rating's photos (0 first). */
  position: Generated<number>;
  storage_key: string;
  thumb_key: string;
  width: number;
  height: number;
  bytes: number;
  check_status: PhotoCheck;
  /** The content check's id for this picture (WeChat's trace_id), matched when its verdict arrives. */
  check_trace: string | null;
  created_at: number;
}

/**
 * A restaurant's rating summary, moved by conditional statements in the same transaction as the rating they count
 * (modules/ratings): how many live ratings, the sums of their food and other stars, how many gave each food star and
 * each delivery time bucket. Averages are sums / count.
 */
export interface RestaurantRatingsTable {
  restaurant_id: number;
  count: Generated<number>;
  food_sum: Generated<number>;
  other_sum: Generated<number>;
  food_1: Generated<number>;
  food_2: Generated<number>;
  food_3: Generated<number>;
  food_4: Generated<number>;
  food_5: Generated<number>;
  within30: Generated<number>;
  within40: Generated<number>;
  within50: Generated<number>;
  within60: Generated<number>;
  over60: Generated<number>;
}

export interface RatingsTables {
  uploads: UploadsTable;
  restaurant_ratings: RestaurantRatingsTable;
}
