import { act } from 'react';
import RatingPage from '../../../src/screens/order/rating';
import { ApiError } from '../../../src/services';
import { order } from '../support/orders';
import { fakeApi, renderPage, withAccountDefaults } from '../support/page';
import { click, getByText, queryByText, waitFor } from '../support/render';
import type { UploadedPhoto } from '../../../types/api/ratings';
import type { PickedFile } from '../../../src/platform/types';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const EN = { _lang: 'en', token: 'tok' };
const CN = { _lang: 'cn', token: 'tok' };
const jpg = (name: string): PickedFile => ({ path: `blob:${name}`, size: 1000, name });
const uploaded = (id: number): UploadedPhoto => ({
  id,
  url: `/uploads/${id}.jpg`,
  thumb_url: `/uploads/${id}-t.jpg`,
  width: 10,
  height: 10,
  check: 'pass',
});

function api(extra: Parameters<typeof order>[1] = {}) {
  const a = withAccountDefaults(fakeApi());
  a.orders.info.mockResolvedValue(order(88, { status: 3, can_rate: true, rating_id: null, ...extra }));
  a.ratings.save.mockResolvedValue({} as never);
  let n = 0;
  a.ratings.uploadPhoto.mockImplementation(async (_f, cb) => {
    cb?.onProgress?.(50);
    return uploaded(++n);
  });
  return a;
}

const radio = (container: Element, group: string, label: string) =>
  container.querySelector<HTMLElement>(
    `[role=radiogroup][aria-label="${group}"] [role=radio][aria-label="${label}"]`,
  ) ??
  Array.from(container.querySelectorAll<HTMLElement>(`[role=radiogroup][aria-label="${group}"] [role=radio]`)).find(
    (el) => el.textContent === label,
  )!;

describe('rating/{orderId}', () => {
  it('rates a delivered order: stars, bucket, comment, a photo with its progress; Rating Success; back to the order', async () => {
    const a = api();
    const { container, platform } = await renderPage(RatingPage, {
      api: a,
      params: { orderId: '88', from: 'detail' },
      storage: EN,
      picks: [[jpg('a.jpg')]],
    });
    await waitFor(() => getByText(container, 'Rate your order'));
    expect(platform.setTitle).toHaveBeenCalledWith('Rate your order');
    // The five buckets, the comment's limit, the photo count.
    for (const b of ['Within 30 minutes', 'Within 40 minutes', 'Within 50 minutes', 'Within 60 minutes', 'Over 1 hour'])
      expect(getByText(container, b)).toBeTruthy();
    expect(getByText(container, '500 characters left')).toBeTruthy();
    expect(getByText(container, 'Photos (0/6)')).toBeTruthy();

    // Sending with nothing chosen says what is missing.
    await click(getByText(container, 'Submit'));
    expect(getByText(container, 'Please rate the food')).toBeTruthy();
    expect(getByText(container, 'Please choose the delivery time')).toBeTruthy();
    expect(a.ratings.save).not.toHaveBeenCalled();

    await click(radio(container, 'Food', '4 stars'));
    expect(radio(container, 'Food', '4 stars').getAttribute('aria-checked')).toBe('true');
    await click(radio(container, 'Delivery time', 'Within 40 minutes'));
    await click(radio(container, 'Service and packaging', '5 stars'));
    expect(queryByText(container, 'Please rate the food')).toBeNull();

    await click(getByText(container, 'Add photos'));
    await waitFor(() => getByText(container, 'Photos (1/6)'));
    expect(platform.media.pickPhotos).toHaveBeenCalledWith({ count: 6, source: 'any' });
    const bar = container.querySelector('[role=progressbar]')!;
    expect(bar.getAttribute('aria-label')).toBe('Uploading photo 1');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(container.querySelector('[aria-label="Remove photo 1"]')).toBeTruthy();

    await click(getByText(container, 'Submit'));
    expect(a.ratings.save).toHaveBeenCalledWith({
      order_id: 88,
      food_rating: 4,
      delivery_time: 'within40',
      other_rating: 5,
      comment: '',
      photo_ids: [1],
    });
    expect(platform.feedback.toast).toHaveBeenCalledWith('Rating Success', 'success');
    expect(platform.navigation.back).toHaveBeenCalled();
  });

  it('has no delivery time for a collection order; from the orders tab it lands on the order', async () => {
    const a = api({ mode: 'collection' });
    const { container, platform } = await renderPage(RatingPage, { api: a, params: { orderId: '88' }, storage: EN });
    await waitFor(() => getByText(container, 'Rate your order'));
    expect(queryByText(container, 'Within 30 minutes')).toBeNull();
    await click(radio(container, 'Food', '3 stars'));
    await click(radio(container, 'Service and packaging', '2 stars'));
    await click(getByText(container, 'Submit'));
    expect(a.ratings.save).toHaveBeenCalledWith(expect.objectContaining({ delivery_time: null, food_rating: 3 }));
    expect(platform.navigation.replace).toHaveBeenCalledWith('orderDetail', { orderId: 88 });
  });

  it('removes a photo, and a failed upload offers a retry', async () => {
    const a = api();
    a.ratings.uploadPhoto.mockRejectedValueOnce(new ApiError(1003, 'Not a picture')).mockResolvedValue(uploaded(7));
    const { container } = await renderPage(RatingPage, {
      api: a,
      params: { orderId: '88' },
      storage: EN,
      picks: [[jpg('a.jpg'), jpg('b.jpg')]],
    });
    await waitFor(() => getByText(container, 'Add photos'));
    await click(getByText(container, 'Add photos'));
    await waitFor(() => getByText(container, 'Upload failed: Not a picture'));
    await click(getByText(container, 'Retry'));
    await waitFor(() => expect(queryByText(container, 'Retry')).toBeNull());
    await click(container.querySelector<HTMLElement>('[aria-label="Remove photo 1"]')!);
    expect(getByText(container, 'Photos (1/6)')).toBeTruthy();
  });

  it('opens a photo full size in a dialog on H5, closed by Escape', async () => {
    const a = api();
    const { container } = await renderPage(RatingPage, {
      api: a,
      params: { orderId: '88' },
      storage: EN,
      picks: [[jpg('a.jpg')]],
    });
    await waitFor(() => getByText(container, 'Add photos'));
    await click(getByText(container, 'Add photos'));
    await waitFor(() => container.querySelector('[aria-label="View photo 1"]'));
    await click(container.querySelector<HTMLElement>('[aria-label="View photo 1"]')!);
    const dialog = await waitFor(() => container.querySelector<HTMLElement>('.photo-viewer [role=dialog]')!);
    expect(dialog.textContent).toContain('Photo 1 of 1');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // Taro's image element draws its <img> a moment after it is attached (later on a busy machine).
    await waitFor(() => expect(dialog.querySelector('img')?.getAttribute('src')).toBe('blob:a.jpg'));
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(container.querySelector('.photo-viewer')).toBeNull();
  });

  it('says when the order was already rated, in Chinese', async () => {
    const a = api({ can_rate: false, rating_id: 5 });
    const { container } = await renderPage(RatingPage, { api: a, params: { orderId: '88' }, storage: CN });
    await waitFor(() => getByText(container, '你已评价过该订单'));
    expect(queryByText(container, '提交评价')).toBeNull();
  });

  it('shows the form in Chinese', async () => {
    const { container } = await renderPage(RatingPage, { api: api(), params: { orderId: '88' }, storage: CN });
    await waitFor(() => getByText(container, '评价订单'));
    expect(getByText(container, '30分钟内送达')).toBeTruthy();
    expect(getByText(container, '还可以输入 500 字')).toBeTruthy();
    expect(getByText(container, '添加照片')).toBeTruthy();
  });
});
