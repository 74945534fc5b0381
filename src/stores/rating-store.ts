import { makeAutoObservable, runInAction } from 'mobx';
import type { Order } from '../../types/api/orders';
import type { SaveRatingBody } from '../../types/api/ratings';
import type { DeliveryTimeBucket } from '../../types/catalogue';
import { PHOTO_MAX_KB, RATING_COMMENT_MAX, RATING_PHOTOS_MAX, UPLOAD_PROGRESS_HIDE_MS } from '../../types/constants';
import type { TFunction } from '../i18n';
import type { Feedback, Media, PhotoSource, PickedFile } from '../platform/types';
import type { OrdersApi, RatingsApi } from '../services';

export interface RatingDeps {
  ratings: () => RatingsApi;
  orders: () => OrdersApi;
  media: Media;
  feedback: Feedback;
  t: () => TFunction;
  errorMessage: (err: unknown) => string;
  /** Runs fn after ms (tests run it at once or never). */
  later?: (fn: () => void, ms: number) => void;
}

export type PhotoStatus = 'uploading' | 'done' | 'failed';

/** One picture of the rating being written: its local preview, its upload and, once uploaded, the server's id. */
export interface RatingPhoto {
  key: number;
  file: PickedFile;
  status: PhotoStatus;
  /** 0-100 while uploading. */
  progress: number;
  /** The progress bar is shown while uploading and for UPLOAD_PROGRESS_HIDE_MS after success (spec §9). */
  showProgress: boolean;
  id?: number;
  /** Why the upload failed (in the customer's language). */
  error?: string;
}

/** What keeps the rating from being sent. */
export type RatingMissing = 'food' | 'delivery' | 'other' | 'uploading' | 'failed_photos';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * Rating one order (rating/{orderId}, spec §3 Rating) and deleting the customer's ratings (Mine). The form: stars for
 * the food and for the rest, the delivery time bucket (delivery orders only), a comment of at most RATING_COMMENT_MAX
 * characters and up to RATING_PHOTOS_MAX photos, each uploaded as soon as it is chosen with its own progress bar
 * (hidden a second after success) and a retry when it failed. Sent once: a second tap while saving is ignored, and the
 * server keeps one rating per order.
 */
export class RatingStore {
  orderId = 0;
  order: Order | undefined = undefined;
  status: LoadStatus = 'idle';
  error: unknown = undefined;

  food = 0;
  other = 0;
  delivery: DeliveryTimeBucket | undefined = undefined;
  comment = '';
  photos: RatingPhoto[] = [];
  /** Shown once the customer tried to send with something missing. */
  tried = false;
  submitting = false;
  /** The order was rated by this form. */
  saved = false;

  private nextKey = 1;
  private loadRound = 0;

  constructor(private readonly deps: RatingDeps) {
    makeAutoObservable<RatingStore, 'deps' | 'nextKey' | 'loadRound'>(this, {
      deps: false,
      nextKey: false,
      loadRound: false,
    });
  }

  /** Starts rating orderId (a fresh form unless it is the order already being rated) and loads the order. */
  async open(orderId: number): Promise<void> {
    if (orderId !== this.orderId || this.saved) this.reset(orderId);
    await this.load();
  }

  async load(): Promise<void> {
    if (!this.orderId) return;
    const round = ++this.loadRound;
    this.status = this.order ? this.status : 'loading';
    try {
      const order = await this.deps.orders().info(this.orderId);
      runInAction(() => {
        if (round !== this.loadRound) return;
        this.order = order;
        this.status = 'ready';
        this.error = undefined;
        if (this.isCollection) this.delivery = undefined;
      });
    } catch (err) {
      runInAction(() => {
        if (round !== this.loadRound) return;
        this.error = err;
        this.status = this.order ? 'ready' : 'error';
      });
    }
  }

  private reset(orderId: number) {
    this.orderId = orderId;
    this.order = undefined;
    this.status = 'idle';
    this.error = undefined;
    this.food = 0;
    this.other = 0;
    this.delivery = undefined;
    this.comment = '';
    this.photos = [];
    this.tried = false;
    this.submitting = false;
    this.saved = false;
  }

  get isCollection(): boolean {
    return this.order?.mode === 'collection';
  }

  /** The order can be rated now (delivered, completed or collected, and not rated yet). */
  get canRate(): boolean {
    return !!this.order?.can_rate && !this.saved;
  }

  get photosLeft(): number {
    return Math.max(0, RATING_PHOTOS_MAX - this.photos.length);
  }

  get commentLeft(): number {
    return RATING_COMMENT_MAX - [...this.comment].length;
  }

  get missing(): RatingMissing[] {
    const missing: RatingMissing[] = [];
    if (this.food < 1) missing.push('food');
    if (!this.isCollection && !this.delivery) missing.push('delivery');
    if (this.other < 1) missing.push('other');
    if (this.photos.some((p) => p.status === 'uploading')) missing.push('uploading');
    if (this.photos.some((p) => p.status === 'failed')) missing.push('failed_photos');
    return missing;
  }

  setFood(stars: number) {
    this.food = Math.max(1, Math.min(5, Math.round(stars)));
  }

  setOther(stars: number) {
    this.other = Math.max(1, Math.min(5, Math.round(stars)));
  }

  setDelivery(bucket: DeliveryTimeBucket) {
    if (!this.isCollection) this.delivery = bucket;
  }

  setComment(text: string) {
    this.comment = [...text].slice(0, RATING_COMMENT_MAX).join('');
  }

  /** Chooses pictures (camera, album or either) and uploads each one; nothing when the form is full. */
  async addPhotos(source: PhotoSource = 'any'): Promise<void> {
    const room = this.photosLeft;
    if (room === 0) {
      this.deps.feedback.toast(this.deps.t()('rating.photos_full', { max: RATING_PHOTOS_MAX }), 'none');
      return;
    }
    let files: PickedFile[];
    try {
      files = await this.deps.media.pickPhotos({ count: room, source });
    } catch {
      this.deps.feedback.toast(this.deps.t()('rating.pick_failed'), 'error');
      return;
    }
    const added = files.slice(0, this.photosLeft).map((file) => this.addPhoto(file));
    await Promise.all(added.map((photo) => this.upload(photo)));
  }

  private addPhoto(file: PickedFile): RatingPhoto {
    const photo: RatingPhoto = { key: this.nextKey++, file, status: 'uploading', progress: 0, showProgress: true };
    this.photos.push(photo);
    // The observable copy (makeAutoObservable wraps what is pushed).
    return this.photos[this.photos.length - 1]!;
  }

  /** Tries a failed upload again. */
  async retry(key: number): Promise<void> {
    const photo = this.photos.find((p) => p.key === key);
    if (!photo || photo.status !== 'failed') return;
    await this.upload(photo);
  }

  /** Takes a picture off the rating (an uploaded one stays unused on the server, which removes it after a day). */
  removePhoto(key: number) {
    this.photos = this.photos.filter((p) => p.key !== key);
  }

  private async upload(photo: RatingPhoto): Promise<void> {
    const t = this.deps.t();
    photo.status = 'uploading';
    photo.progress = 0;
    photo.showProgress = true;
    photo.error = undefined;
    let refused: string | undefined;
    try {
      const uploaded = await this.deps.ratings().uploadPhoto(photo.file, {
        onProgress: (percent) => runInAction(() => (photo.progress = Math.max(photo.progress, percent))),
        onFormatError: () => (refused = t('rating.bad_format')),
        onSizeError: () => (refused = t('rating.too_large', { max: Math.round(PHOTO_MAX_KB / 1024) })),
      });
      runInAction(() => {
        if (!uploaded) {
          // Refused before sending: it never joins the rating.
          this.removePhoto(photo.key);
          this.deps.feedback.toast(refused ?? t('rating.bad_format'), 'error');
          return;
        }
        photo.id = uploaded.id;
        photo.status = 'done';
        photo.progress = 100;
      });
      if (uploaded) {
        (this.deps.later ?? ((fn, ms) => void setTimeout(fn, ms)))(
          () => runInAction(() => (photo.showProgress = false)),
          UPLOAD_PROGRESS_HIDE_MS,
        );
      }
    } catch (err) {
      runInAction(() => {
        photo.status = 'failed';
        photo.showProgress = false;
        photo.error = this.deps.errorMessage(err);
      });
    }
  }

  /**
   * Sends the rating. True when it was saved ("Rating Success" shown); false when something is missing (`missing`
   * says what), the server refused it (its message shown) or a send is already under way.
   */
  async submit(): Promise<boolean> {
    if (this.submitting || this.saved || !this.order) return false;
    this.tried = true;
    if (this.missing.length > 0) return false;
    const body: SaveRatingBody = {
      order_id: this.orderId,
      food_rating: this.food,
      delivery_time: this.isCollection ? null : (this.delivery ?? null),
      other_rating: this.other,
      comment: this.comment.trim(),
      photo_ids: this.photos.map((p) => p.id!).filter((id) => id > 0),
    };
    this.submitting = true;
    try {
      await this.deps.ratings().save(body);
      runInAction(() => {
        this.saved = true;
      });
      this.deps.feedback.toast(this.deps.t()('rating.success'), 'success');
      return true;
    } catch (err) {
      this.deps.feedback.toast(this.deps.errorMessage(err), 'error');
      return false;
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  /** Deletes one of the customer's ratings after asking; true when it is gone. */
  async remove(id: number): Promise<boolean> {
    const t = this.deps.t();
    const sure = await this.deps.feedback.confirm(t('rating.delete_confirm'), {
      confirmText: t('rating.delete'),
      cancelText: t('rating.cancel'),
    });
    if (!sure) return false;
    try {
      await this.deps.ratings().remove(id);
      this.deps.feedback.toast(t('rating.deleted'), 'success');
      return true;
    } catch (err) {
      this.deps.feedback.toast(this.deps.errorMessage(err), 'error');
      return false;
    }
  }
}
