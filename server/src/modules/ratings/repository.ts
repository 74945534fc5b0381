import type { Insertable, Selectable } from 'kysely';
import type { DeliveryTimeBucket } from '../../../../types/catalogue';
import type { PhotoCheck } from '../../../../types/api/ratings';
import { RATABLE_STATUSES } from '../../../../types/order-status';
import type { RestaurantRatingsTable, UploadsTable } from '../../db/schema';
import type { Executor } from '../../db/unit-of-work';

export type UploadRow = Selectable<UploadsTable>;
export type NewUpload = Omit<Insertable<UploadsTable>, 'id'>;

/** What a rating adds to (or, deleted, takes from) its restaurant's summary. */
export interface Counted {
  restaurant_id: number;
  food_rating: number;
  other_rating: number;
  delivery_time: DeliveryTimeBucket | null;
}

type SummaryColumn = keyof Omit<RestaurantRatingsTable, 'restaurant_id'>;
const foodColumn = (stars: number) => `food_${stars}` as SummaryColumn;

export interface NewRating {
  orderId: number;
  userId: number;
  authorName: string;
  foodRating: number;
  otherRating: number;
  deliveryTime: DeliveryTimeBucket | null;
  comment: string;
  commentCheck: 'pass' | 'review';
  at: number;
}

/**
 * The SQL of ratings and photos: a rating is written by one conditional INSERT … SELECT from the order (only the
 * owner's, only a ratable status: the database decides, a racing second rating hits the live-rating unique index),
 * photos are attached and the restaurant's summary moved by conditional statements, all in the caller's transaction.
 */
export function createRatingsRepository(db: Executor) {
  const mine = (userId: number) =>
    db
      .selectFrom('reviews')
      .innerJoin('restaurants', 'restaurants.id', 'reviews.restaurant_id')
      .innerJoin('orders', 'orders.id', 'reviews.order_id')
      .select([
        'reviews.id',
        'reviews.order_id',
        'reviews.restaurant_id',
        'reviews.food_rating',
        'reviews.delivery_time',
        'reviews.other_rating',
        'reviews.comment',
        'reviews.comment_check',
        'reviews.created_at',
        'restaurants.name_cn',
        'restaurants.name_en',
        'restaurants.logo',
        'orders.created_at as order_created_at',
      ])
      .where('reviews.user_id', '=', userId)
      .where('reviews.deleted_at', 'is', null);

  return {
    async insertUpload(values: NewUpload): Promise<number> {
      return (await db.insertInto('uploads').values(values).returning('id').executeTakeFirstOrThrow()).id;
    },

    /** The rating of `userId`'s order, if the order is theirs and ratable now; undefined otherwise (nothing written). */
    async insertRating(r: NewRating): Promise<{ id: number; restaurant_id: number } | undefined> {
      return db
        .insertInto('reviews')
        .columns([
          'restaurant_id',
          'order_id',
          'user_id',
          'author_name',
          'food_rating',
          'delivery_time',
          'other_rating',
          'comment',
          'comment_check',
          'photos',
          'created_at',
        ])
        .expression((eb) =>
          eb
            .selectFrom('orders')
            .select((s) => [
              'orders.restaurant_id',
              'orders.id',
              'orders.user_id',
              s.val(r.authorName).as('author_name'),
              s.val(r.foodRating).as('food_rating'),
              s.val(r.deliveryTime).as('delivery_time'),
              s.val(r.otherRating).as('other_rating'),
              s.val(r.comment).as('comment'),
              s.val(r.commentCheck).as('comment_check'),
              s.val('[]').as('photos'),
              s.val(r.at).as('created_at'),
            ])
            .where('orders.id', '=', r.orderId)
            .where('orders.user_id', '=', r.userId)
            .where('orders.status', 'in', RATABLE_STATUSES),
        )
        .returning(['id', 'restaurant_id'])
        .executeTakeFirst();
    },

    /** Gives an unused photo of the user to a rating (false when it is not theirs or another rating has it). */
    async attachPhoto(photoId: number, userId: number, reviewId: number, position: number): Promise<boolean> {
      const res = await db
        .updateTable('uploads')
        .set({ review_id: reviewId, position })
        .where('id', '=', photoId)
        .where('user_id', '=', userId)
        .where('review_id', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** One statement: the restaurant's summary counts the rating (its row is made by the first rating). */
    async countIn(r: Counted): Promise<void> {
      const row: Insertable<RestaurantRatingsTable> = {
        restaurant_id: r.restaurant_id,
        count: 1,
        food_sum: r.food_rating,
        other_sum: r.other_rating,
        [foodColumn(r.food_rating)]: 1,
        ...(r.delivery_time ? { [r.delivery_time]: 1 } : {}),
      };
      const moved = [foodColumn(r.food_rating), ...(r.delivery_time ? [r.delivery_time as SummaryColumn] : [])];
      await db
        .insertInto('restaurant_ratings')
        .values(row)
        .onConflict((oc) =>
          oc.column('restaurant_id').doUpdateSet((eb) => ({
            count: eb('restaurant_ratings.count', '+', 1),
            food_sum: eb('restaurant_ratings.food_sum', '+', r.food_rating),
            other_sum: eb('restaurant_ratings.other_sum', '+', r.other_rating),
            ...Object.fromEntries(moved.map((c) => [c, eb(`restaurant_ratings.${c}`, '+', 1)])),
          })),
        )
        .execute();
    },

    /** One conditional statement: the summary stops counting the rating (false if it never counted it). */
    async countOut(r: Counted): Promise<boolean> {
      const moved = [foodColumn(r.food_rating), ...(r.delivery_time ? [r.delivery_time as SummaryColumn] : [])];
      let q = db
        .updateTable('restaurant_ratings')
        .set((eb) => ({
          count: eb('count', '-', 1),
          food_sum: eb('food_sum', '-', r.food_rating),
          other_sum: eb('other_sum', '-', r.other_rating),
          ...Object.fromEntries(moved.map((c) => [c, eb(c, '-', 1)])),
        }))
        .where('restaurant_id', '=', r.restaurant_id)
        .where('count', '>', 0);
      for (const c of moved) q = q.where(c, '>', 0);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Marks the author's live rating deleted; answers what it counted, or undefined (not theirs, or already gone). */
    markDeleted(id: number, userId: number, at: number): Promise<Counted | undefined> {
      return db
        .updateTable('reviews')
        .set({ deleted_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .returning(['restaurant_id', 'food_rating', 'other_rating', 'delivery_time'])
        .executeTakeFirst();
    },

    /** A deleted rating's photos are no longer used (the job runner removes them after a day). */
    async detachPhotos(reviewId: number): Promise<void> {
      await db.updateTable('uploads').set({ review_id: null }).where('review_id', '=', reviewId).execute();
    },

    /** The user's live ratings, newest first, with their restaurant and order. */
    async page(userId: number, offset: number, limit: number) {
      const [rows, count] = await Promise.all([
        mine(userId)
          .orderBy('reviews.created_at', 'desc')
          .orderBy('reviews.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('reviews')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** One of the user's live ratings, as `page` lists them. */
    one: (userId: number, id: number) => mine(userId).where('reviews.id', '=', id).execute(),

    /** The photos of these ratings in their order; `passedOnly`: only those every customer may see. */
    photosOf(reviewIds: number[], passedOnly: boolean) {
      if (reviewIds.length === 0) return Promise.resolve([]);
      let q = db
        .selectFrom('uploads')
        .select(['id', 'review_id', 'storage_key', 'thumb_key', 'check_status'])
        .where('review_id', 'in', reviewIds);
      if (passedOnly) q = q.where('check_status', '=', 'pass');
      return q.orderBy('review_id').orderBy('position').orderBy('id').execute();
    },

    /** A pending check's verdict, once (the row count decides between repeated pushes). */
    async setVerdict(trace: string, verdict: PhotoCheck): Promise<boolean> {
      const res = await db
        .updateTable('uploads')
        .set({ check_status: verdict })
        .where('check_trace', '=', trace)
        .where('check_status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    traceKnown: async (trace: string) =>
      !!(await db.selectFrom('uploads').select('id').where('check_trace', '=', trace).executeTakeFirst()),

    /** Photos no rating uses, uploaded before `before` (oldest first). */
    unusedBefore: (before: number, limit: number) =>
      db
        .selectFrom('uploads')
        .select('id')
        .where('review_id', 'is', null)
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute(),

    /** Removes the photo's row if still unused (a rating that took it meanwhile keeps it); answers its keys. */
    deleteUnused: (id: number, before: number) =>
      db
        .deleteFrom('uploads')
        .where('id', '=', id)
        .where('review_id', 'is', null)
        .where('created_at', '<', before)
        .returning(['storage_key', 'thumb_key'])
        .executeTakeFirst(),
  };
}

export type RatingsRepository = ReturnType<typeof createRatingsRepository>;
