import { fireEvent } from '@testing-library/react';
import RestaurantDetailPage from '../../../src/screens/discover/restaurant-detail';
import { ApiError } from '../../../src/services/http';
import { LOCATION_KEY } from '../../../src/stores';
import { ErrorCode } from '../../../types/errors';
import { menu, storeInfo } from '../support/discover';
import { cartData, cartLine } from '../support/orders';
import { deferred } from '../support/fake-platform';
import { fakeApi, paged, renderPage, withAccountDefaults, type FakeApi } from '../support/page';
import { actAsync, click, getByText, queryAllByText, queryByText, waitFor } from '../support/render';
import type { CartData } from '../../../types/api/cart';
import type { StoreInfo, StoreReviews } from '../../../types/api/stores';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const SAVED = {
  lat: 22.548,
  lng: 114.122,
  name: 'Dongmen Pedestrian Street',
  address: 'Dongmen Middle Road',
  source: 'building',
  building_id: 10,
};

function api(info: StoreInfo = storeInfo(9, 'Dongmen Lanzhou Noodles')) {
  const a = withAccountDefaults(fakeApi());
  a.restaurants.info.mockResolvedValue(info);
  a.restaurants.menu.mockResolvedValue(menu(9));
  a.catalogue.promotions.mockResolvedValue([]);
  return a;
}

async function page(
  a: FakeApi,
  params: Record<string, string> = { id: '9' },
  storage: Record<string, unknown> = { _lang: 'en', [LOCATION_KEY]: SAVED },
) {
  const view = await renderPage(RestaurantDetailPage, { api: a, params, storage });
  await waitFor(() => view.container.querySelector('.menu-item'));
  return view;
}

describe('restaurant_detail', () => {
  it('loads the restaurant with the chosen position, and shows its header, fees and menu by category', async () => {
    const a = api();
    const { container, platform } = await page(a);
    expect(a.restaurants.info).toHaveBeenCalledWith(9, { lat: 22.548, lng: 114.122 });
    expect(a.restaurants.menu).toHaveBeenCalledWith(9);
    expect(a.catalogue.promotions).toHaveBeenCalledWith({ restaurant_id: 9 });
    expect(container.querySelector('.store-header__name')!.textContent).toBe('Dongmen Lanzhou Noodles');
    expect(container.querySelector('.store-header__min-order .store-header__fact-value')!.textContent).toBe('¥20');
    expect(container.querySelector('.store-header__delivery-fee .store-header__fact-value')!.textContent).toBe('¥5');
    expect(getByText(container, 'Payment: WeChat Pay, Alipay')).toBeTruthy();
    expect([...container.querySelectorAll('.menu__category-name')].map((e) => e.textContent)).toEqual([
      'Noodles',
      'Drinks',
    ]);
    expect([...container.querySelectorAll('.menu__nav-link')].map((e) => e.textContent)).toEqual(['Noodles', 'Drinks']);
    expect(platform.setTitle).toHaveBeenCalledWith('Dongmen Lanzhou Noodles');
    // No dialog: the address is in range.
    expect(container.querySelector('.restaurant__range-dialog.at-modal--active')).toBeNull();
  });

  it('the category links jump to their category', async () => {
    const { container, platform } = await page(api());
    await click(getByText(container.querySelector('.menu__nav')!, 'Drinks'));
    expect(platform.scrollTo).toHaveBeenCalledWith('#menu-cat-2');
    expect(container.querySelector('#menu-cat-2')).not.toBeNull();
  });

  it('a sold-out dish is marked and does not open', async () => {
    const { container } = await page(api());
    const soldOut = getByText(container, 'Pickled Cabbage Noodles').closest<HTMLElement>('.menu-item')!;
    expect(soldOut.className).toContain('menu-item--sold-out');
    expect(soldOut.getAttribute('aria-disabled')).toBe('true');
    expect(soldOut.textContent).toContain('Sold out');
    await click(soldOut);
    expect(container.querySelector('.menu-choice')).toBeNull();
  });

  it('a dish opens the choice layer; a valid choice goes to addcart, and the cart reloads and shows it', async () => {
    const a = api();
    a.cart.list.mockResolvedValueOnce(cartData([]));
    a.cart.add.mockResolvedValue({ cart_id: 31 });
    a.cart.list.mockResolvedValue(
      cartData([cartLine(31, 'Lanzhou Beef Noodles', 2000, 1, { option_names: ['Thin'] })]),
    );
    const { container, platform } = await page(a, { id: '9' }, { _lang: 'en', token: 'tok', [LOCATION_KEY]: SAVED });
    expect(a.cart.list).toHaveBeenCalledWith(9);
    expect(container.querySelector('.cart-panel__empty')!.textContent).toBe('Your cart is empty: choose a dish or two');
    await click(getByText(container, 'Lanzhou Beef Noodles').closest<HTMLElement>('.menu-item')!);
    const layer = container.querySelector<HTMLElement>('.menu-choice')!;
    expect(layer).not.toBeNull();
    await click(layer.querySelector<HTMLElement>('.menu-choice__confirm')!);
    expect(layer.querySelector('.menu-choice__notice')!.textContent).toBe('Please choose: Noodles');
    expect(a.cart.add).not.toHaveBeenCalled();

    await click(getByText(layer, 'Thin').closest<HTMLElement>('.menu-choice__option')!);
    await click(getByText(layer, 'Fried egg').closest<HTMLElement>('.menu-choice__option')!);
    await click(layer.querySelector<HTMLElement>('.menu-choice__confirm')!);
    await waitFor(() => expect(container.querySelector('.menu-choice')).toBeNull());
    expect(a.cart.add).toHaveBeenCalledWith({ restaurant_id: 9, dish_id: 159, quantity: 1, option_ids: [111, 121] });
    expect(platform.feedback.toast).toHaveBeenCalledWith('Added to the cart', 'success');
    await waitFor(() => expect(container.querySelector('.cart-panel__count')!.textContent).toBe('1'));
    expect(container.querySelector('.cart-panel__total')!.textContent).toBe('¥20');
    expect(a.cart.list).toHaveBeenCalledTimes(2);
  });

  it('a dish without options is added with one tap on its card and shows its count with -/+ (issue 15)', async () => {
    const a = api();
    a.cart.list.mockResolvedValueOnce(cartData([]));
    a.cart.add.mockResolvedValue({ cart_id: 41 });
    const tea = (q: number) => cartData(q ? [cartLine(41, 'Herbal Tea', 800, q, { dish_id: 177 })] : []);
    a.cart.list.mockResolvedValueOnce(tea(1));
    const { container } = await page(a, { id: '9' }, { _lang: 'en', token: 'tok', [LOCATION_KEY]: SAVED });
    const card = () => getByText(container, 'Herbal Tea').closest<HTMLElement>('.menu-item')!;
    // The card holds controls, so it is not a button itself.
    expect(card().getAttribute('role')).toBeNull();
    expect(card().querySelector('.menu-item__minus')).toBeNull();
    const plus = card().querySelector<HTMLElement>('.menu-item__add')!;
    expect(plus.getAttribute('role')).toBe('button');
    expect(plus.getAttribute('aria-label')).toBe('Add one Herbal Tea');
    await click(plus);
    expect(a.cart.add).toHaveBeenCalledWith({ restaurant_id: 9, dish_id: 177, quantity: 1, option_ids: [] });
    expect(container.querySelector('.menu-choice')).toBeNull();
    await waitFor(() => expect(card().querySelector('.menu-item__count')!.textContent).toBe('1'));
    expect(container.querySelector('.cart-panel__count')!.textContent).toBe('1');

    a.cart.edit.mockResolvedValue({ cart_id: 41 });
    a.cart.list.mockResolvedValueOnce(tea(2));
    await click(card().querySelector<HTMLElement>('.menu-item__add')!);
    await waitFor(() => expect(card().querySelector('.menu-item__count')!.textContent).toBe('2'));
    a.cart.list.mockResolvedValueOnce(tea(1));
    await click(card().querySelector<HTMLElement>('.menu-item__minus')!);
    expect(a.cart.edit).toHaveBeenCalledWith({ cart_id: 41, quantity: 1 });
    await waitFor(() => expect(card().querySelector('.menu-item__count')!.textContent).toBe('1'));
    a.cart.remove.mockResolvedValue(null);
    a.cart.list.mockResolvedValueOnce(tea(0));
    await click(card().querySelector<HTMLElement>('.menu-item__minus')!);
    expect(a.cart.remove).toHaveBeenCalledWith({ cart_id: 41 });
    await waitFor(() => expect(card().querySelector('.menu-item__count')).toBeNull());
    expect(container.querySelector('.menu-choice')).toBeNull();
    // A dish with options still opens its layer from the card and its "+".
    const noodlesCard = getByText(container, 'Lanzhou Beef Noodles').closest<HTMLElement>('.menu-item')!;
    expect(noodlesCard.getAttribute('role')).toBe('button');
    expect(a.cart.add).toHaveBeenCalledTimes(2);
  });

  it("a refused add shows the server's message and keeps the layer open; 1002 goes to log in and back", async () => {
    const a = api();
    a.cart.list.mockResolvedValue(cartData([]));
    a.cart.add.mockRejectedValueOnce(new ApiError(1001, 'Herbal Tea has just sold out'));
    const { container, platform } = await page(a, { id: '9' }, { _lang: 'en', token: 'tok', [LOCATION_KEY]: SAVED });
    await click(getByText(container, 'Herbal Tea').closest<HTMLElement>('.menu-item')!);
    await click(container.querySelector<HTMLElement>('.menu-choice__confirm')!);
    await waitFor(() => expect(platform.feedback.toast).toHaveBeenCalledWith('Herbal Tea has just sold out', 'error'));
    expect(container.querySelector('.menu-choice')).not.toBeNull();

    a.cart.add.mockRejectedValueOnce(new ApiError(ErrorCode.SessionInvalid, 'Please log in'));
    await click(container.querySelector<HTMLElement>('.menu-choice__confirm')!);
    await waitFor(() => expect(platform.navigation.go).toHaveBeenCalledWith('login', { isBack: 1 }));
    expect(platform.feedback.toast).toHaveBeenCalledTimes(1);
  });

  it('the cart panel works from the keyboard: its controls are tab stops that Enter and Space press', async () => {
    const a = api();
    a.cart.list.mockResolvedValue(cartData([cartLine(31, 'Lanzhou Beef Noodles', 2000, 1, {})]));
    a.cart.edit.mockResolvedValue({ cart_id: 31 });
    a.cart.remove.mockResolvedValue(null);
    const { container } = await page(a, { id: '9' }, { _lang: 'en', token: 'tok', [LOCATION_KEY]: SAVED });
    await waitFor(() => expect(container.querySelector('.cart-panel__count')!.textContent).toBe('1'));
    const press = async (el: Element, key: string) =>
      actAsync(async () => {
        fireEvent.keyDown(el, { key });
      });
    const summary = container.querySelector<HTMLElement>('.cart-panel__summary')!;
    expect(summary.getAttribute('tabindex')).toBe('0');
    expect(summary.getAttribute('aria-expanded')).toBe('false');
    await press(summary, 'Enter');
    expect(summary.getAttribute('aria-expanded')).toBe('true');
    const sheet = container.querySelector<HTMLElement>('.cart-panel__sheet')!;
    for (const cls of ['.cart-panel__clear', '.cart-line__minus', '.cart-line__plus', '.cart-line__delete']) {
      const el = sheet.querySelector<HTMLElement>(cls)!;
      expect([cls, el.getAttribute('role'), el.getAttribute('tabindex')]).toEqual([cls, 'button', '0']);
    }
    await press(sheet.querySelector('.cart-line__plus')!, 'Enter');
    await waitFor(() => expect(a.cart.edit).toHaveBeenCalledWith({ cart_id: 31, quantity: 2 }));
    await press(sheet.querySelector('.cart-line__delete')!, ' ');
    await waitFor(() => expect(a.cart.remove).toHaveBeenCalledWith({ cart_id: 31 }));
    const checkout = container.querySelector<HTMLElement>('.cart-panel__checkout')!;
    expect([checkout.getAttribute('role'), checkout.getAttribute('tabindex')]).toEqual(['button', '0']);
  });

  it.each([
    ['en', 'Delivery fee ¥5', 'Free delivery on your first order'],
    ['cn', '配送费 ¥5', '首单免配送费'],
  ] as const)(
    'the open cart says the delivery fee that will be charged, or that the first order has none (%s)',
    async (lang, charged, waived) => {
      const noodles = [cartLine(31, 'Lanzhou Beef Noodles', 2000, 1, {})];
      /** The open cart's sheet for this cartlist answer. */
      const sheetOf = async (cart: CartData) => {
        const a = api();
        a.cart.list.mockResolvedValue(cart);
        const view = await page(a, { id: '9' }, { _lang: lang, token: 'tok', [LOCATION_KEY]: SAVED });
        await waitFor(() => expect(view.container.querySelector('.cart-panel__count')!.textContent).toBe('1'));
        await click(view.container.querySelector('.cart-panel__summary')!);
        return view;
      };
      const paying = await sheetOf(cartData(noodles, { delivery_fee_fen: 500 }));
      expect(paying.container.querySelector('.cart-panel__fee')!.textContent).toBe(charged);
      paying.unmount();

      // Waived for this customer (cartlist names the promotion): no "¥0" fee, the sheet says why there is none.
      const first = await sheetOf(
        cartData(noodles, {
          delivery_fee_fen: 0,
          delivery_fee_waiver: {
            promotion_id: 1,
            kind: 'first_order_free_delivery',
            name: 'No delivery fee on your first order',
            waived_fen: 500,
          },
        }),
      );
      expect(first.container.querySelector('.cart-panel__fee')!.textContent).toBe(waived);
      expect(first.container.querySelector('.cart-panel__sheet')!.textContent).not.toContain('¥0');
    },
  );

  it.each([
    ['en', '¥4 more to order'],
    ['cn', '还差¥4起送'],
  ] as const)('below the minimum the checkout button says what is missing and is disabled (%s)', async (lang, text) => {
    const a = api();
    a.restaurants.info.mockResolvedValue({ ...storeInfo(9, 'Dongmen Lanzhou Noodles'), collection: false });
    a.cart.list.mockResolvedValue(
      cartData([cartLine(31, 'Lanzhou Beef Noodles', 1600, 1, {})], { min_order_fen: 2000 }),
    );
    const { container } = await page(a, { id: '9' }, { _lang: lang, token: 'tok', [LOCATION_KEY]: SAVED });
    await waitFor(() => expect(container.querySelector('.cart-panel__count')!.textContent).toBe('1'));
    const checkout = container.querySelector<HTMLElement>('.cart-panel__checkout')!;
    await waitFor(() => expect(checkout.textContent).toBe(text));
    expect(checkout.getAttribute('aria-disabled')).toBe('true');
  });

  it('keeps its own restaurant when it re-renders under another screen (logged in on the login page over it)', async () => {
    const a = api();
    a.cart.list.mockResolvedValue(cartData([]));
    const { container, platform, store } = await page(a);
    // The login screen is on top now: the platform reads its parameters.
    platform.navigation.params.mockReturnValue({ isBack: '1' });
    await actAsync(async () => store.session.setToken('tok-new'));
    await waitFor(() => expect(a.cart.list).toHaveBeenCalledWith(9));
    expect(container.querySelector('.store-header__name')!.textContent).toBe('Dongmen Lanzhou Noodles');
    expect(queryByText(container, 'This restaurant does not exist or is no longer listed')).toBeNull();
  });

  it('"Search For A Dish" filters the menu by menuName, and leaving clears it', async () => {
    const view = await page(api());
    const { container, store } = view;
    expect(store.search.barShown).toBe(true);
    await actAsync(() => store.search.setMenuName('noodles'));
    expect([...container.querySelectorAll('.menu-item__name')].map((e) => e.textContent)).toEqual([
      'Lanzhou Beef Noodles',
      'Pickled Cabbage Noodles',
    ]);
    expect(getByText(container, 'Dishes matching “noodles”: 2')).toBeTruthy();
    await actAsync(() => store.search.setMenuName('pizza'));
    expect(container.querySelectorAll('.menu-item')).toHaveLength(0);
    expect(getByText(container, 'No dish matches “pizza”')).toBeTruthy();
    // The top bar's box on this screen is the dish search.
    expect(container.querySelector('.top-bar .search-bar input, .top-bar .search-bar taro-input-core')).not.toBeNull();
    await view.unmount();
    expect(store.search.menuName).toBe('');
    expect(store.search.barShown).toBe(false);
  });

  it('a closed restaurant shows when it resumes, and the layer will not confirm', async () => {
    const resumes = Date.UTC(2030, 0, 1, 2, 0); // 10:00 China time
    const a = api(
      storeInfo(15, 'Sea Breeze Desserts', { is_open: false, closed_reason: 'manual', resumes_at: resumes }),
    );
    const { container } = await page(a, { id: '15' });
    expect(container.querySelector('.store-header__status')!.textContent).toBe(
      'Temporarily closed · opens again on 2030-01-01 10:00',
    );
    expect(getByText(container, 'This restaurant is closed right now')).toBeTruthy();
    await click(getByText(container, 'Herbal Tea').closest<HTMLElement>('.menu-item')!);
    expect(container.querySelector('.menu-choice__notice')!.textContent).toBe(
      'Temporarily closed · opens again on 2030-01-01 10:00',
    );
    await click(container.querySelector<HTMLElement>('.menu-choice__confirm')!);
    expect(a.cart.add).not.toHaveBeenCalled();
  });

  it('outside the delivery radius: the dialog offers Home Page and View Menu', async () => {
    const a = api(storeInfo(9, 'Dongmen Lanzhou Noodles', { in_delivery_range: false }));
    const { container, platform } = await page(a);
    const dialog = container.querySelector('.restaurant__range-dialog')!;
    expect(dialog.className).toContain('at-modal--active');
    expect(getByText(dialog as HTMLElement, 'Address outside delivery radius')).toBeTruthy();
    expect(
      getByText(
        dialog as HTMLElement,
        'Your address (Dongmen Pedestrian Street) is outside the delivery radius of Dongmen Lanzhou Noodles.',
      ),
    ).toBeTruthy();
    await click(getByText(dialog as HTMLElement, 'Home Page'));
    expect(platform.navigation.go).toHaveBeenCalledWith('home');
    await click(getByText(dialog as HTMLElement, 'View Menu'));
    expect(container.querySelector('.restaurant__range-dialog')!.className).not.toContain('at-modal--active');
  });

  it('without a chosen address asks storeinfo without a position', async () => {
    const a = api(storeInfo(9, 'Dongmen Lanzhou Noodles', { in_delivery_range: null }));
    await page(a, { id: '9' }, { _lang: 'en' });
    expect(a.restaurants.info).toHaveBeenCalledWith(9, undefined);
  });

  it('a dish from the search results is scrolled to, highlighted and opened', async () => {
    const { container, platform } = await page(api(), { id: '9', item: '159' });
    await waitFor(() => expect(container.querySelector('.menu-choice')).not.toBeNull());
    expect(platform.scrollTo).toHaveBeenCalledWith('#menu-item-159');
    expect(container.querySelector('#menu-item-159')!.className).toContain('menu-item--highlight');
    expect(container.querySelector('.menu-choice__title')!.textContent).toBe('Lanzhou Beef Noodles');
  });

  it('the reviews tab shows the summary and the reviews, with load more', async () => {
    const a = api();
    const review = (id: number) => ({
      id,
      author: `Guest ${id}`,
      food_rating: 4,
      delivery_time: 'within40' as const,
      other_rating: 5,
      comment: `Comment ${id}`,
      photos: [],
      thumbnails: [],
      created_at: Date.UTC(2026, 9, id),
    });
    const summary = storeInfo(9, 'x').rating_summary;
    const first: StoreReviews = { ...paged([review(1), review(2)]), total: 3, has_more: true, summary };
    const second: StoreReviews = { ...paged([review(3)]), total: 3, page: 2, has_more: false, summary };
    a.restaurants.reviews.mockResolvedValueOnce(first).mockResolvedValueOnce(second);
    const { container } = await page(a);
    await click(container.querySelector<HTMLElement>('.restaurant__tab--reviews')!);
    await waitFor(() => getByText(container, 'Comment 2'));
    expect(a.restaurants.reviews).toHaveBeenCalledWith(9, 1, 10);
    expect(getByText(container, 'Within 40 minutes: 4')).toBeTruthy();
    expect(container.querySelector('.reviews__average-value')!.textContent).toBe('4.5');
    await click(getByText(container, 'Load more'));
    await waitFor(() => getByText(container, 'Comment 3'));
    expect(a.restaurants.reviews).toHaveBeenLastCalledWith(9, 2, 10);
    expect(getByText(container, 'No more reviews')).toBeTruthy();
    expect(queryAllByText(container, /^Guest \d$/)).toHaveLength(3);
  });

  it('a review in the other language than the page is marked with its own; one in the page language is not', async () => {
    const reviewIn = (id: number, comment: string) => ({
      id,
      author: `Guest ${id}`,
      food_rating: 5,
      delivery_time: null,
      other_rating: 5,
      comment,
      photos: [],
      thumbnails: [],
      created_at: Date.UTC(2026, 9, id),
    });
    const summary = storeInfo(9, 'x').rating_summary;
    const list = paged([reviewIn(1, '兰州牛肉面味道很正宗，下次还点。'), reviewIn(2, 'Great portion of noodles.')]);
    for (const lang of ['en', 'cn'] as const) {
      const a = api();
      a.restaurants.reviews.mockResolvedValue({ ...list, total: 2, has_more: false, summary });
      const { container } = await renderPage(RestaurantDetailPage, {
        api: a,
        params: { id: '9' },
        storage: { _lang: lang },
      });
      await click(container.querySelector<HTMLElement>('.restaurant__tab--reviews')!);
      await waitFor(() => getByText(container, 'Great portion of noodles.'));
      const marks = [...container.querySelectorAll('.review')].map(
        (r) => r.querySelector('.review__lang')?.textContent ?? null,
      );
      expect(marks).toEqual(lang === 'en' ? ['In Chinese', null] : [null, '英文评价']);
    }
  });

  it('review photos are thumbnails that open full size: a dialog on H5 (Escape closes), previewImage in the mini program', async () => {
    const withPhotos = (): StoreReviews => ({
      ...paged([
        {
          id: 1,
          author: 'Guest 1',
          food_rating: 5,
          delivery_time: null,
          other_rating: 4,
          comment: 'Lovely',
          photos: ['/uploads/a.jpg', '/uploads/b.jpg'],
          thumbnails: ['/uploads/a-t.jpg', '/uploads/b-t.jpg'],
          created_at: Date.UTC(2026, 9, 1),
        },
      ]),
      summary: storeInfo(9, 'x').rating_summary,
    });
    const a = api();
    a.restaurants.reviews.mockResolvedValue(withPhotos());
    const { container, platform } = await page(a);
    await click(container.querySelector<HTMLElement>('.restaurant__tab--reviews')!);
    await waitFor(() => getByText(container, 'Lovely'));
    expect(getByText(container, 'Delivery time')).toBeTruthy();
    const thumbs = [...container.querySelectorAll<HTMLElement>('.review__photo')];
    await waitFor(() =>
      expect(thumbs.map((t) => t.querySelector('img')?.getAttribute('src'))).toEqual([
        '/uploads/a-t.jpg',
        '/uploads/b-t.jpg',
      ]),
    );
    expect(thumbs[1]!.getAttribute('aria-label')).toBe('View photo 2 full size');
    await click(thumbs[1]!);
    expect(platform.media.preview).toHaveBeenCalledWith(['/uploads/a.jpg', '/uploads/b.jpg'], '/uploads/b.jpg');
    const dialog = await waitFor(() => container.querySelector<HTMLElement>('.photo-viewer [role=dialog]')!);
    await waitFor(() => expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/uploads/b.jpg'));
    expect(dialog.textContent).toContain('Photo 2 of 2');
    await click(dialog.querySelector<HTMLElement>('[aria-label="Next photo"]')!);
    await waitFor(() =>
      expect(container.querySelector('.photo-viewer img')?.getAttribute('src')).toBe('/uploads/a.jpg'),
    );
    await actAsync(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(container.querySelector('.photo-viewer')).toBeNull();

    // The mini program shows them itself (previewImage through the platform): no dialog.
    const b = api();
    b.restaurants.reviews.mockResolvedValue(withPhotos());
    const weapp = await renderPage(RestaurantDetailPage, {
      api: b,
      params: { id: '9' },
      storage: { _lang: 'en', [LOCATION_KEY]: SAVED },
      isH5: false,
    });
    await waitFor(() => weapp.container.querySelector('.menu-item'));
    await click(weapp.container.querySelector<HTMLElement>('.restaurant__tab--reviews')!);
    await click(await waitFor(() => weapp.container.querySelector<HTMLElement>('.review__photo')!));
    expect(weapp.platform.media.preview).toHaveBeenCalledWith(['/uploads/a.jpg', '/uploads/b.jpg'], '/uploads/a.jpg');
    expect(weapp.container.querySelector('.photo-viewer')).toBeNull();
  });

  it('loading, then errors with retry, and not-found for an unknown id', async () => {
    const a = api();
    const info = deferred<StoreInfo>();
    a.restaurants.info.mockReturnValueOnce(info.promise);
    const view = await renderPage(RestaurantDetailPage, { api: a, params: { id: '9' }, storage: { _lang: 'en' } });
    expect(view.container.querySelector('.state-view--loading')).not.toBeNull();
    await actAsync(() => info.reject(new ApiError(ErrorCode.Internal, 'Server is busy')));
    expect(getByText(view.container, 'Server is busy')).toBeTruthy();
    await click(getByText(view.container, 'Try again'));
    await waitFor(() => view.container.querySelector('.store-header'));
    await view.unmount();

    const missing = api();
    missing.restaurants.info.mockRejectedValue(new ApiError(ErrorCode.NotFound, 'Not found'));
    const gone = await renderPage(RestaurantDetailPage, {
      api: missing,
      params: { id: '999' },
      storage: { _lang: 'en' },
    });
    await waitFor(() => getByText(gone.container, 'This restaurant does not exist or is no longer listed'));
    await click(getByText(gone.container, 'Back to home'));
    expect(gone.platform.navigation.replace).toHaveBeenCalledWith('home');
    await gone.unmount();

    const bad = await renderPage(RestaurantDetailPage, { api: api(), params: { id: 'abc' }, storage: { _lang: 'en' } });
    expect(getByText(bad.container, 'This restaurant does not exist or is no longer listed')).toBeTruthy();
    expect(queryByText(bad.container, 'Menu')).toBeNull();
  });
});
