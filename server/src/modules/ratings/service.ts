import { randomBytes } from 'node:crypto';
import type { MyRating, MyRatings, SaveRatingBody, UploadedPhoto } from '../../../../types/api/ratings';
import { ErrorCode } from '../../../../types/errors';
import type { Lang } from '../../../../types/lang';
import { RATABLE_STATUSES } from '../../../../types/order-status';
import type { RateLimiter } from '../../auth/rate-limit';
import { cacheVersions } from '../../db/cache-versions';
import { isUniqueViolation } from '../../db/constraints';
import { AppError, conflict, failed, invalidField, notFound } from '../../errors';
import type { ContentCheck, Verdict } from '../../integrations/content-check';
import { ContentCheckError } from '../../integrations/content-check';
import type { PhotoStorage } from '../../integrations/storage';
import type { AppUnitOfWork } from '../repositories';
import type { OrdersService } from '../orders/service';
import { orderNo } from '../orders/service';
import { PictureError, processPicture } from './pictures';
import type { RatingsRepository } from './repository';
import { pictureUrl } from '../../cache/picture-urls';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface RatingsDeps {
  uow: AppUnitOfWork;
  storage: PhotoStorage;
  contentCheck: ContentCheck;
  limiter: RateLimiter;
  /** The order a rating is for (answers 1004 for another customer's). */
  orders: Pick<OrdersService, 'info'>;
  /** The author's masked name and mini program openid (accounts service). */
  author: (userId: number) => Promise<{ name: string; miniProgramOpenid?: string }>;
  /** The site's public origin: photo URLs handed to WeChat's check must be absolute. */
  publicOrigin: string;
  limits: { uploadsPerHour: number; maxKb: number };
  now: () => number;
  /** This process's catalogue cache: dropped after a rating write commits (other processes see the version bump). */
  catalogue?: { invalidate(): void };
  log?: (msg: string, err?: unknown) => void;
}

/**
 * The job runner's sweep: photos no rating uses a day after their upload. Each row goes first, by a conditional
 * DELETE (a rating that took the photo meanwhile keeps it), then its stored files.
 */
export async function purgeUnusedPhotos(
  repo: RatingsRepository,
  storage: PhotoStorage,
  at: number,
  log: (msg: string, err?: unknown) => void = () => undefined,
) {
  const before = at - DAY;
  let removed = 0;
  for (let round = 0; round < 20; round++) {
    const candidates = await repo.unusedBefore(before, 100);
    for (const { id } of candidates) {
      const gone = await repo.deleteUnused(id, before);
      if (!gone) continue;
      for (const key of [gone.storage_key, gone.thumb_key]) {
        try {
          await storage.delete(key);
        } catch (err) {
          log(`could not remove stored photo ${key}`, err);
        }
      }
      removed += 1;
    }
    if (candidates.length < 100) break;
  }
  return { removed };
}

/** A photo's storage keys: random, never reused, the thumbnail beside the display copy. */
function newKeys(at: number) {
  const month = new Date(at + 8 * HOUR).toISOString().slice(0, 7).replace('-', '');
  const name = randomBytes(16).toString('hex');
  return { display: `photos/${month}/${name}.jpg`, thumb: `photos/${month}/${name}_t.jpg` };
}

const PICTURE_ERRORS = {
  empty: 'upload.empty',
  not_picture: 'upload.not_picture',
  heic: 'upload.heic',
  too_many_pixels: 'upload.too_many_pixels',
  unreadable: 'upload.unreadable',
} as const;

/**
 * Ratings of delivered orders with their photos (DESIGN §5):
 * - uploadphoto: one slot of the customer's hourly limit is reserved first (one conditional statement); the bytes are
 *   re-encoded (pictures.ts), both copies stored, the display copy submitted to the content check, and only then the
 *   row written. Whatever fails removes what was stored: a refused or failed upload leaves nothing.
 * - saverating: the comment is checked (a network call, before the transaction); then one transaction writes the
 *   rating with a conditional INSERT … SELECT from the order (the owner's, in a ratable status; the live-rating unique
 *   index refuses a second one), attaches each photo with a conditional UPDATE (the user's, unused), moves the
 *   restaurant's summary (one upsert) and bumps the catalogue version (cached ratings and lists are dropped).
 * - delrating: one transaction: the author's live rating marked deleted by a conditional UPDATE, the summary moved
 *   back (conditional), its photos let go (the job runner removes them), the catalogue version bumped.
 */
export function createRatingsService(deps: RatingsDeps) {
  const { uow, storage, contentCheck, limiter, now } = deps;
  const { repos } = uow;
  const log = deps.log ?? (() => undefined);
  const absolute = (url: string) => (url.startsWith('/') ? `${deps.publicOrigin}${url}` : url);

  async function removeStored(keys: string[]) {
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (err) {
        log(`could not remove stored photo ${key}`, err);
      }
    }
  }

  async function reserveUpload(userId: number) {
    const limit = { max: deps.limits.uploadsPerHour, windowMs: HOUR };
    const key = { key: `upload:user:${userId}`, limit };
    if (await limiter.reserve(key)) {
      const minutes = Math.max(1, Math.ceil((await limiter.remainingMs(key)) / 60000));
      throw new AppError(ErrorCode.RateLimited, 'upload.rate_limited', { max: limit.max, minutes });
    }
  }

  async function checkText(content: string, openid: string | undefined): Promise<Verdict> {
    try {
      return await contentCheck.checkText({ content, ...(openid ? { openid } : {}) });
    } catch (err) {
      if (err instanceof ContentCheckError) {
        log('content check of a comment failed', err);
        throw new AppError(ErrorCode.Unavailable, 'content_check.unavailable');
      }
      throw err;
    }
  }

  async function ratingsOf(rows: Awaited<ReturnType<typeof repos.ratings.page>>['rows'], lang: Lang) {
    const photos = await repos.ratings.photosOf(
      rows.map((r) => r.id),
      false,
    );
    return rows.map((r): MyRating => ({
      id: r.id,
      order_id: r.order_id!,
      order_no: orderNo({ id: r.order_id!, created_at: r.order_created_at }),
      restaurant_id: r.restaurant_id,
      restaurant_name: lang === 'en' ? r.name_en || r.name_cn : r.name_cn || r.name_en,
      restaurant_logo: pictureUrl(r.logo),
      food_rating: r.food_rating,
      delivery_time: r.delivery_time,
      other_rating: r.other_rating,
      comment: r.comment,
      comment_check: r.comment_check,
      photos: photos
        .filter((p) => p.review_id === r.id)
        .map((p) => ({
          id: p.id,
          url: storage.url(p.storage_key),
          thumb_url: storage.url(p.thumb_key),
          check: p.check_status,
        })),
      created_at: Number(r.created_at),
    }));
  }

  /**
   * A picture's verdict from the content check (WeChat's push): 'applied' once, 'unchanged' for a repeat, 'unknown'
   * for a trace we have no row for (yet: the caller answers so that WeChat sends it again).
   */
  async function applyVerdict(trace: string, verdict: Verdict): Promise<'applied' | 'unchanged' | 'unknown'> {
    if (await repos.ratings.setVerdict(trace, verdict)) return 'applied';
    return (await repos.ratings.traceKnown(trace)) ? 'unchanged' : 'unknown';
  }

  return {
    /**
     * `read` gives the uploaded bytes (the route reads the multipart part, refusing more than the limit); it is
     * called only after the hourly slot is taken.
     */
    async uploadPhoto(userId: number, read: () => Promise<Buffer>): Promise<UploadedPhoto> {
      await reserveUpload(userId);
      const bytes = await read();
      let picture;
      try {
        picture = await processPicture(bytes);
      } catch (e) {
        if (e instanceof PictureError) {
          throw new AppError(ErrorCode.Validation, PICTURE_ERRORS[e.problem], e.params, { field: 'file' });
        }
        throw e;
      }
      const at = now();
      const keys = newKeys(at);
      const stored: string[] = [];
      try {
        await storage.put(keys.display, picture.display, 'image/jpeg');
        stored.push(keys.display);
        await storage.put(keys.thumb, picture.thumb, 'image/jpeg');
        stored.push(keys.thumb);
      } catch (err) {
        log('storing a photo failed', err);
        await removeStored([keys.display, keys.thumb]);
        throw new AppError(ErrorCode.Unavailable, 'upload.unavailable');
      }
      try {
        const { miniProgramOpenid } = await deps.author(userId);
        let submission;
        try {
          submission = await contentCheck.submitImage({
            url: absolute(storage.url(keys.display)),
            image: picture.display,
            ...(miniProgramOpenid ? { openid: miniProgramOpenid } : {}),
          });
        } catch (err) {
          if (!(err instanceof ContentCheckError)) throw err;
          log('content check of a photo failed', err);
          throw new AppError(ErrorCode.Unavailable, 'content_check.unavailable');
        }
        const check = submission.verdict ?? 'pending';
        const id = await repos.ratings.insertUpload({
          user_id: userId,
          review_id: null,
          storage_key: keys.display,
          thumb_key: keys.thumb,
          width: picture.width,
          height: picture.height,
          bytes: picture.display.length,
          check_status: check,
          check_trace: submission.traceId,
          created_at: at,
        });
        return {
          id,
          url: storage.url(keys.display),
          thumb_url: storage.url(keys.thumb),
          width: picture.width,
          height: picture.height,
          check,
        };
      } catch (err) {
        await removeStored(stored);
        throw err;
      }
    },

    async save(userId: number, body: SaveRatingBody, lang: Lang): Promise<MyRating> {
      const order = await deps.orders.info(userId, body.order_id, lang);
      if (!RATABLE_STATUSES.includes(order.status as never)) throw failed('rating.order_not_ratable');
      const bucket = body.delivery_time ?? null;
      if (order.mode === 'delivery' && bucket === null) {
        throw invalidField('delivery_time', 'rating.bucket_required');
      }
      if (order.mode === 'collection' && bucket !== null) {
        throw invalidField('delivery_time', 'rating.bucket_collection');
      }
      const comment = (body.comment ?? '').trim();
      const author = await deps.author(userId);
      const verdict = comment ? await checkText(comment, author.miniProgramOpenid) : 'pass';
      if (verdict === 'risky') throw new AppError(ErrorCode.Failed, 'rating.comment_refused', {}, { field: 'comment' });
      const photoIds = body.photo_ids ?? [];
      const at = now();
      let id: number;
      try {
        id = await uow.transaction(async (tx) => {
          const rating = await tx.ratings.insertRating({
            orderId: body.order_id,
            userId,
            authorName: author.name,
            foodRating: body.food_rating,
            otherRating: body.other_rating,
            deliveryTime: bucket,
            comment,
            commentCheck: verdict,
            at,
          });
          // The order stopped being ratable since it was read (refunded, say): nothing written.
          if (!rating) throw failed('rating.order_not_ratable');
          for (const [position, photoId] of photoIds.entries()) {
            if (!(await tx.ratings.attachPhoto(photoId, userId, rating.id, position))) {
              throw notFound('rating.photo_not_found', { id: photoId });
            }
          }
          await tx.ratings.countIn({
            restaurant_id: rating.restaurant_id,
            food_rating: body.food_rating,
            other_rating: body.other_rating,
            delivery_time: bucket,
          });
          await cacheVersions(tx.db).bump('catalogue');
          return rating.id;
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict('rating.exists');
        throw e;
      }
      deps.catalogue?.invalidate();
      const [rating] = await ratingsOf(await repos.ratings.one(userId, id), lang);
      if (!rating) throw notFound('rating.not_found', { id });
      return rating;
    },

    async remove(userId: number, id: number): Promise<{ id: number; deleted: boolean }> {
      await uow.transaction(async (tx) => {
        const counted = await tx.ratings.markDeleted(id, userId, now());
        if (!counted) throw notFound('rating.not_found', { id });
        if (!(await tx.ratings.countOut(counted))) {
          throw new Error(`rating ${id}: the restaurant's summary did not count it`);
        }
        await tx.ratings.detachPhotos(id);
        await cacheVersions(tx.db).bump('catalogue');
      });
      deps.catalogue?.invalidate();
      return { id, deleted: true };
    },

    async list(userId: number, page: number, pageSize: number, lang: Lang): Promise<MyRatings> {
      const { rows, total } = await repos.ratings.page(userId, (page - 1) * pageSize, pageSize);
      return {
        list: await ratingsOf(rows, lang),
        total,
        page,
        page_size: pageSize,
        has_more: page * pageSize < total,
      };
    },

    /**
     * The photos every customer may see (passed the content check) of these reviews, in order, as URLs: what the
     * restaurant's reviews show (stores service).
     */
    async shownPhotos(reviewIds: number[]): Promise<Map<number, { urls: string[]; thumbs: string[] }>> {
      const rows = await repos.ratings.photosOf(reviewIds, true);
      const out = new Map<number, { urls: string[]; thumbs: string[] }>();
      for (const p of rows) {
        const entry = out.get(p.review_id!) ?? { urls: [], thumbs: [] };
        entry.urls.push(storage.url(p.storage_key));
        entry.thumbs.push(storage.url(p.thumb_key));
        out.set(p.review_id!, entry);
      }
      return out;
    },

    applyVerdict,

    /** WeChat's URL check of the push address: the echo to answer, or null (wrong signature; always in the sandbox). */
    pushEcho: (query: Record<string, string | undefined>) => contentCheck.pushEcho(query),

    /**
     * A message push: 'refused' (signature or encryption wrong), 'ignored' (not a content check), or what the
     * verdict did (applyVerdict).
     */
    async push(query: Record<string, string | undefined>, body: unknown) {
      const message = contentCheck.readPush({ query, body });
      if (!message) return 'refused' as const;
      if (message.kind !== 'media_check') return 'ignored' as const;
      return applyVerdict(message.traceId, message.verdict);
    },

    /** The job runner's sweep (purgeUnusedPhotos). */
    purgeUnused: (at: number) => purgeUnusedPhotos(repos.ratings, storage, at, log),
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
