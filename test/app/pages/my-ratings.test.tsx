import MyRatingsPage from '../../../src/screens/order/my-ratings';
import MinePage from '../../../src/screens/main/mine';
import type { MyRating } from '../../../types/api/ratings';
import { orderSummary } from '../support/orders';
import { fakeApi, paged, renderPage, withAccountDefaults } from '../support/page';
import { actAsync, click, getByText, queryByText, waitFor } from '../support/render';
import { showAgain } from '../support/taro-page-hooks';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const rating = (id: number, extra: Partial<MyRating> = {}): MyRating => ({
  id,
  order_id: 80 + id,
  order_no: `SZ${id}`,
  restaurant_id: 1,
  restaurant_name: `Noodle Bar ${id}`,
  restaurant_logo: '',
  food_rating: 4,
  delivery_time: 'within40',
  other_rating: 5,
  comment: 'Tasty',
  comment_check: 'pass',
  photos: [{ id: 1, url: '/uploads/a.jpg', thumb_url: '/uploads/a-t.jpg', check: 'pass' }],
  created_at: Date.UTC(2030, 0, 2),
  ...extra,
});

describe('My ratings', () => {
  it('lists the ratings with their photos and deletes one after confirming', async () => {
    const a = withAccountDefaults(fakeApi());
    a.ratings.list.mockResolvedValueOnce(paged([rating(1), rating(2, { photos: [] })]));
    a.ratings.list.mockResolvedValueOnce(paged([rating(2, { photos: [] })]));
    a.ratings.remove.mockResolvedValue({ id: 1, deleted: true });
    const { container, platform } = await renderPage(MyRatingsPage, { storage: { _lang: 'en', token: 't' }, api: a });
    await waitFor(() => getByText(container, 'Noodle Bar 1'));
    expect(container.querySelector('.my-rating__scores')!.textContent).toContain('Within 40 minutes');
    // Taro's image element draws its <img> a moment after it is attached (later on a busy machine).
    await waitFor(() =>
      expect(container.querySelector('.my-rating img')?.getAttribute('src')).toBe('/uploads/a-t.jpg'),
    );
    await click(container.querySelector<HTMLElement>('[aria-label="Delete the rating of Noodle Bar 1"]')!);
    expect(platform.feedback.confirm).toHaveBeenCalledWith('Delete this rating? The order can then be rated again.', {
      confirmText: 'Delete',
      cancelText: 'Cancel',
    });
    expect(a.ratings.remove).toHaveBeenCalledWith(1);
    await waitFor(() => expect(queryByText(container, 'Noodle Bar 1')).toBeNull());
    expect(getByText(container, 'Noodle Bar 2')).toBeTruthy();
  });

  it('keeps the rating when the customer says no', async () => {
    const a = withAccountDefaults(fakeApi());
    a.ratings.list.mockResolvedValue(paged([rating(1)]));
    const { container } = await renderPage(MyRatingsPage, {
      storage: { _lang: 'cn', token: 't' },
      api: a,
      confirm: false,
    });
    await waitFor(() => getByText(container, '我的评价'));
    await click(getByText(container, '删除'));
    expect(a.ratings.remove).not.toHaveBeenCalled();
    expect(getByText(container, 'Noodle Bar 1')).toBeTruthy();
  });

  it('says when there are none, and tells the author a held photo is under review', async () => {
    const a = withAccountDefaults(fakeApi());
    a.ratings.list.mockResolvedValue(paged([]));
    a.orders.list.mockResolvedValue(paged([]));
    const empty = await renderPage(MyRatingsPage, { storage: { _lang: 'en', token: 't' }, api: a });
    const none = await waitFor(() => getByText(empty.container, 'You have not rated any order yet'));
    expect(none.textContent).toBe('You have not rated any order yet');
    expect(empty.container.querySelectorAll('.my-rating')).toHaveLength(0);
    const b = withAccountDefaults(fakeApi());
    b.ratings.list.mockResolvedValue(
      paged([rating(3, { photos: [{ id: 2, url: '/u/b.jpg', thumb_url: '/u/b-t.jpg', check: 'review' }] })]),
    );
    const held = await renderPage(MyRatingsPage, { storage: { _lang: 'en', token: 't' }, api: b });
    const note = await waitFor(() => getByText(held.container, 'Under review: only you can see it'));
    expect(note.textContent).toBe('Under review: only you can see it');
  });

  it('with none yet, offers the order waiting for a rating (issue 15), and not once it is rated', async () => {
    const a = withAccountDefaults(fakeApi());
    a.ratings.list.mockResolvedValue(paged([]));
    a.orders.list.mockResolvedValue(
      paged([
        orderSummary(70, { restaurant_name: 'Spicy Pot' }),
        orderSummary(71, { restaurant_name: 'Noodle Bar', can_rate: true }),
      ]),
    );
    const en = await renderPage(MyRatingsPage, { storage: { _lang: 'en', token: 't' }, api: a });
    await waitFor(() => getByText(en.container, 'Your order from Noodle Bar is waiting for your rating'));
    expect(getByText(en.container, 'You have not rated any order yet')).toBeTruthy();
    await click(getByText(en.container, 'Rate it now'));
    expect(en.platform.navigation.go).toHaveBeenCalledWith('rating', { orderId: 71 });
    expect(a.orders.list).toHaveBeenCalledWith(1, 20);
    // Back after rating it: the rating is listed and nothing is offered any more.
    a.ratings.list.mockResolvedValue(paged([rating(1, { order_id: 71, restaurant_name: 'Noodle Bar' })]));
    await actAsync(() => showAgain());
    await waitFor(() => expect(en.container.querySelector('.my-rating')).not.toBeNull());
    expect(queryByText(en.container, 'Rate it now')).toBeNull();
    expect(queryByText(en.container, 'You have not rated any order yet')).toBeNull();

    a.ratings.list.mockResolvedValue(paged([]));
    const cn = await renderPage(MyRatingsPage, { storage: { _lang: 'cn', token: 't' }, api: a });
    await waitFor(() => getByText(cn.container, 'Noodle Bar的订单还在等你评价'));
    await click(getByText(cn.container, '去评价'));
    expect(cn.platform.navigation.go).toHaveBeenCalledWith('rating', { orderId: 71 });
  });

  it('with none yet and no order waiting for a rating (or the orders could not be read), offers the orders tab', async () => {
    for (const [answer, lang, label] of [
      [() => Promise.resolve(paged([orderSummary(70)])), 'cn', '查看我的订单'],
      [() => Promise.reject(new Error('offline')), 'en', 'See my orders'],
    ] as const) {
      const b = withAccountDefaults(fakeApi());
      b.ratings.list.mockResolvedValue(paged([]));
      b.orders.list.mockImplementation(answer);
      const none = await renderPage(MyRatingsPage, { storage: { _lang: lang, token: 't' }, api: b });
      await waitFor(() => getByText(none.container, label));
      expect(none.container.querySelector('.my-ratings__waiting')).toBeNull();
      await click(getByText(none.container, label));
      expect(none.platform.navigation.go).toHaveBeenCalledWith('orders');
    }
  });

  it('is reached from Mine', async () => {
    const { container, platform } = await renderPage(MinePage, { storage: { _lang: 'en', token: 't' } });
    await click(await waitFor(() => getByText(container, 'My ratings')));
    expect(platform.navigation.go).toHaveBeenCalledWith('myRatings');
  });
});
