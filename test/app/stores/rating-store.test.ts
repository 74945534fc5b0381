import type { Order } from '../../../types/api/orders';
import type { UploadedPhoto } from '../../../types/api/ratings';
import { PHOTO_MAX_KB, RATING_COMMENT_MAX, UPLOAD_PROGRESS_HIDE_MS } from '../../../types/constants';
import type { PickedFile } from '../../../src/platform/types';
import { ApiError, HttpError, type OrdersApi, type RatingsApi } from '../../../src/services';
import type { PhotoUploadCallbacks } from '../../../src/services/ratings';
import { RatingStore } from '../../../src/stores/rating-store';
import type { TFunction } from '../../../src/i18n';
import { fakePlatform } from '../support/fake-platform';

const order = (over: Partial<Order> = {}): Order =>
  ({
    id: 5,
    order_no: 'SZ5',
    restaurant_id: 1,
    restaurant_name: 'Noodle Bar',
    status: 3,
    status_text: 'Delivered',
    mode: 'delivery',
    can_rate: true,
    rating_id: null,
    ...over,
  }) as Order;

const jpg = (name = 'a.jpg', size = 1000): PickedFile => ({ path: `blob:${name}`, size, name });

function setup(
  opts: {
    order?: Order;
    picks?: PickedFile[][];
    upload?: (file: PickedFile, cb: PhotoUploadCallbacks) => Promise<UploadedPhoto | undefined>;
    confirm?: boolean;
  } = {},
) {
  const platform = fakePlatform({ picks: opts.picks, confirm: opts.confirm });
  let ids = 0;
  const ratings = {
    uploadPhoto: jest.fn(
      opts.upload ??
        (async (_f: PickedFile, cb: PhotoUploadCallbacks) => {
          cb.onProgress?.(40);
          cb.onProgress?.(100);
          return { id: ++ids, url: `/u/${ids}.jpg`, thumb_url: '', width: 1, height: 1, check: 'pass' as const };
        }),
    ),
    save: jest.fn(async () => ({ id: 9 })),
    remove: jest.fn(async (id: number) => ({ id, deleted: true })),
    list: jest.fn(),
  };
  const orders = { info: jest.fn(async () => opts.order ?? order()) };
  const timers: Array<() => void> = [];
  const later = jest.fn((fn: () => void, _ms: number) => void timers.push(fn));
  const t = (key: string, params?: Record<string, string | number>) =>
    params ? `${key} ${JSON.stringify(params)}` : key;
  const store = new RatingStore({
    ratings: () => ratings as unknown as RatingsApi,
    orders: () => orders as unknown as OrdersApi,
    media: platform.media,
    feedback: platform.feedback,
    t: () => t as TFunction,
    errorMessage: (err) => (err instanceof Error ? err.message : 'unknown'),
    later,
  });
  return { store, platform, ratings, orders, later, timers };
}

describe('RatingStore: the form', () => {
  it('loads the order and asks for food, delivery time and other before sending', async () => {
    const { store, ratings } = setup();
    await store.open(5);
    expect(store.status).toBe('ready');
    expect(store.canRate).toBe(true);
    expect(store.missing).toEqual(['food', 'delivery', 'other']);
    expect(await store.submit()).toBe(false);
    expect(store.tried).toBe(true);
    expect(ratings.save).not.toHaveBeenCalled();
    store.setFood(4);
    store.setDelivery('within40');
    store.setOther(5);
    expect(store.missing).toEqual([]);
  });

  it('sends the rating once with the uploaded photo ids, says "Rating Success"', async () => {
    const { store, ratings, platform } = setup({ picks: [[jpg('a.jpg'), jpg('b.png')]] });
    await store.open(5);
    store.setFood(4);
    store.setDelivery('over60');
    store.setOther(3);
    store.setComment('  Tasty  ');
    await store.addPhotos();
    const [first, second] = await Promise.all([store.submit(), store.submit()]);
    expect([first, second].sort()).toEqual([false, true]);
    expect(ratings.save).toHaveBeenCalledTimes(1);
    expect(ratings.save).toHaveBeenCalledWith({
      order_id: 5,
      food_rating: 4,
      delivery_time: 'over60',
      other_rating: 3,
      comment: 'Tasty',
      photo_ids: [1, 2],
    });
    expect(platform.feedback.toast).toHaveBeenCalledWith('rating.success', 'success');
    expect(store.saved).toBe(true);
    expect(store.canRate).toBe(false);
    // Another order (or the same one again) starts a fresh form.
    await store.open(6);
    expect(store.food).toBe(0);
    expect(store.photos).toEqual([]);
  });

  it('has no delivery time for a collection order, and sends null', async () => {
    const { store, ratings } = setup({ order: order({ mode: 'collection' }) });
    await store.open(5);
    store.setDelivery('within30');
    expect(store.delivery).toBeUndefined();
    store.setFood(5);
    store.setOther(5);
    expect(store.missing).toEqual([]);
    expect(await store.submit()).toBe(true);
    expect(ratings.save).toHaveBeenCalledWith(expect.objectContaining({ delivery_time: null, photo_ids: [] }));
  });

  it('keeps the comment within its limit, counting characters', () => {
    const { store } = setup();
    store.setComment('好'.repeat(RATING_COMMENT_MAX + 20));
    expect([...store.comment]).toHaveLength(RATING_COMMENT_MAX);
    expect(store.commentLeft).toBe(0);
    store.setComment('abc');
    expect(store.commentLeft).toBe(RATING_COMMENT_MAX - 3);
  });

  it('shows the server refusal and can send again', async () => {
    const { store, ratings, platform } = setup();
    await store.open(5);
    store.setFood(1);
    store.setDelivery('within30');
    store.setOther(1);
    ratings.save.mockRejectedValueOnce(new ApiError(1005, 'Already rated'));
    expect(await store.submit()).toBe(false);
    expect(platform.feedback.toast).toHaveBeenCalledWith('Already rated', 'error');
    expect(store.submitting).toBe(false);
    expect(await store.submit()).toBe(true);
  });
});

describe('RatingStore: photos', () => {
  it('uploads each chosen picture with its own progress, hidden a second after success', async () => {
    const progress: number[][] = [];
    const { store, later, timers } = setup({
      picks: [[jpg('a.jpg')]],
      upload: async (_f, cb) => {
        cb.onProgress?.(30);
        progress.push(store.photos.map((p) => p.progress));
        cb.onProgress?.(100);
        return { id: 11, url: '/u/11.jpg', thumb_url: '', width: 1, height: 1, check: 'pass' };
      },
    });
    await store.open(5);
    await store.addPhotos();
    expect(progress).toEqual([[30]]);
    expect(store.photos[0]).toMatchObject({ status: 'done', progress: 100, id: 11, showProgress: true });
    expect(later).toHaveBeenCalledWith(expect.any(Function), UPLOAD_PROGRESS_HIDE_MS);
    timers.forEach((fn) => fn());
    expect(store.photos[0]!.showProgress).toBe(false);
  });

  it('asks for no more pictures than are left of six, and says so when full', async () => {
    const six = Array.from({ length: 8 }, (_, i) => jpg(`p${i}.jpg`));
    const { store, platform, ratings } = setup({ picks: [six.slice(0, 4), six] });
    await store.open(5);
    await store.addPhotos('camera');
    expect(platform.media.pickPhotos).toHaveBeenLastCalledWith({ count: 6, source: 'camera' });
    await store.addPhotos();
    expect(platform.media.pickPhotos).toHaveBeenLastCalledWith({ count: 2, source: 'any' });
    expect(store.photos).toHaveLength(6);
    expect(ratings.uploadPhoto).toHaveBeenCalledTimes(6);
    await store.addPhotos();
    expect(platform.media.pickPhotos).toHaveBeenCalledTimes(2);
    expect(platform.feedback.toast).toHaveBeenCalledWith('rating.photos_full {"max":6}', 'none');
  });

  it('drops a picture refused before sending (format or size) and says why', async () => {
    const { store, platform } = setup({
      picks: [[jpg('a.gif'), jpg('big.jpg')]],
      upload: async (f, cb) => {
        if (f.name === 'a.gif') cb.onFormatError?.(f);
        else cb.onSizeError?.(f);
        return undefined;
      },
    });
    await store.open(5);
    await store.addPhotos();
    expect(store.photos).toEqual([]);
    expect(platform.feedback.toast).toHaveBeenCalledWith('rating.bad_format', 'error');
    expect(platform.feedback.toast).toHaveBeenCalledWith(
      `rating.too_large {"max":${Math.round(PHOTO_MAX_KB / 1024)}}`,
      'error',
    );
  });

  it('marks a failed upload, keeps the rating from being sent, and retries it', async () => {
    let fail = true;
    const { store, ratings } = setup({
      picks: [[jpg('a.jpg')]],
      upload: async () => {
        if (fail) throw new HttpError('status', 'HTTP 502', 502);
        return { id: 3, url: '/u/3.jpg', thumb_url: '', width: 1, height: 1, check: 'pass' };
      },
    });
    await store.open(5);
    store.setFood(5);
    store.setDelivery('within50');
    store.setOther(5);
    await store.addPhotos();
    expect(store.photos[0]).toMatchObject({ status: 'failed', error: 'HTTP 502', showProgress: false });
    expect(store.missing).toEqual(['failed_photos']);
    expect(await store.submit()).toBe(false);
    fail = false;
    await store.retry(store.photos[0]!.key);
    expect(store.photos[0]).toMatchObject({ status: 'done', id: 3 });
    expect(ratings.uploadPhoto).toHaveBeenCalledTimes(2);
    expect(await store.submit()).toBe(true);
  });

  it('waits for uploads under way, and a removed picture is not sent', async () => {
    let finish!: () => void;
    const { store, ratings } = setup({
      picks: [[jpg('a.jpg'), jpg('b.jpg')]],
      upload: (f) =>
        new Promise((resolve) => {
          const id = f.name === 'a.jpg' ? 1 : 2;
          const done = () => resolve({ id, url: '', thumb_url: '', width: 1, height: 1, check: 'pass' });
          if (id === 1) done();
          else finish = done;
        }),
    });
    await store.open(5);
    store.setFood(5);
    store.setDelivery('within50');
    store.setOther(5);
    const adding = store.addPhotos();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.missing).toEqual(['uploading']);
    finish();
    await adding;
    store.removePhoto(store.photos[0]!.key);
    await store.submit();
    expect(ratings.save).toHaveBeenCalledWith(expect.objectContaining({ photo_ids: [2] }));
  });
});

describe('RatingStore: deleting a rating', () => {
  it('asks first and deletes only when confirmed', async () => {
    const no = setup({ confirm: false });
    expect(await no.store.remove(4)).toBe(false);
    expect(no.ratings.remove).not.toHaveBeenCalled();
    const yes = setup({ confirm: true });
    expect(await yes.store.remove(4)).toBe(true);
    expect(yes.ratings.remove).toHaveBeenCalledWith(4);
    expect(yes.platform.feedback.confirm).toHaveBeenCalledWith('rating.delete_confirm', {
      confirmText: 'rating.delete',
      cancelText: 'rating.cancel',
    });
    expect(yes.platform.feedback.toast).toHaveBeenCalledWith('rating.deleted', 'success');
  });
});
