import RestaurantListPage from '../../../src/screens/discover/restaurant-list';
import { HttpError } from '../../../src/services/http';
import type { Ad, Promotion } from '../../../types/api/catalogue';
import type { StoreSummary } from '../../../types/api/stores';
import type { PagedData } from '../../../types/api/common';
import { EXCELLENCE, SAVED_LOCATION, store, typeIn } from '../support/discover';
import { fakeApi, renderPage, savedStorage, withAccountDefaults } from '../support/page';
import { click, getByText, queryAllByText, queryByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const link = { type: 'restaurant' as const, id: 12, url: '' };
const PROMO: Promotion = {
  id: 1,
  title: 'Free delivery on your first order',
  description: 'Everywhere',
  badge: 'Free delivery',
  kind: 'banner',
  picture: '',
  restaurant_id: null,
  city_id: null,
  link,
  starts_at: 0,
  ends_at: Date.UTC(2030, 0, 1),
};
const AD: Ad = {
  id: 5,
  title: 'Tonkotsu ramen',
  picture: '/img/ad/5.svg',
  slot: 'list_top',
  city_id: 1,
  link: { type: 'article', id: 42, url: '' },
};

const pageOf = (list: StoreSummary[], page: number, total: number): PagedData<StoreSummary> => ({
  list,
  total,
  page,
  page_size: 10,
  has_more: page * 10 < total,
});

function api() {
  const a = withAccountDefaults(fakeApi());
  a.catalogue.cuisines.mockResolvedValue([
    { id: 1, name: 'Cantonese', icon: '', store_count: 6 },
    { id: 5, name: 'Noodles', icon: '', store_count: 4 },
  ]);
  a.catalogue.promotions.mockResolvedValue([PROMO]);
  a.catalogue.ads.mockResolvedValue([AD]);
  return a;
}

const names = (c: HTMLElement) => [...c.querySelectorAll('.store-card__name')].map((e) => e.textContent);

describe('restaurant_list', () => {
  it('lists the restaurants delivering to the chosen address, nearest first, with promotions and ads of its city', async () => {
    const a = api();
    a.restaurants.list.mockResolvedValue(
      pageOf(
        [
          store(5, 'Hunan House'),
          store(12, 'Green Bowl', { is_open: false, closed_reason: 'hours', resumes_at: Date.now() + 3600_000 }),
        ],
        1,
        2,
      ),
    );
    const { container, platform } = await renderPage(RestaurantListPage, {
      api: a,
      storage: savedStorage(),
    });
    await waitFor(() => getByText(container, 'Hunan House'));
    expect(a.restaurants.list).toHaveBeenCalledWith({
      lat: 22.538,
      lng: 114.0575,
      page: 1,
      page_size: 10,
      sort: 'distance',
    });
    expect(a.catalogue.promotions).toHaveBeenCalledWith({ city_id: 1 });
    expect(a.catalogue.ads).toHaveBeenCalledWith({ slot: 'list_top', city_id: 1 });
    expect(names(container)).toEqual(['Hunan House', 'Green Bowl']);
    expect(getByText(container, 'Delivering to: Excellence Century Centre')).toBeTruthy();
    expect(queryAllByText(container, 'Min. order ¥20')).toHaveLength(2);
    expect(queryAllByText(container, '850 m')).toHaveLength(2);
    expect(container.querySelectorAll('.store-status--closed')).toHaveLength(1);
    expect(getByText(container, 'Free delivery')).toBeTruthy();
    expect(getByText(container, 'Tonkotsu ramen')).toBeTruthy();

    await click(getByText(container, 'Green Bowl'));
    expect(platform.navigation.go).toHaveBeenCalledWith('restaurantDetail', { id: 12 });
    await click(getByText(container, 'Free delivery').closest<HTMLElement>('.promo-strip__promo')!);
    expect(platform.navigation.go).toHaveBeenCalledWith('restaurantDetail', { id: 12 });
    await click(getByText(container, 'Tonkotsu ramen').closest<HTMLElement>('.ad-strip__ad')!);
    expect(platform.navigation.go).toHaveBeenCalledWith('article', { id: 42 });
  });

  it('an address chosen in Chinese reads in English after the language switch', async () => {
    const a = api();
    a.restaurants.list.mockResolvedValue(pageOf([store(5, 'Hunan House')], 1, 1));
    a.places.buildings.mockResolvedValue([{ ...EXCELLENCE, id: 5, name: 'Excellence Century Centre' }]);
    const { container } = await renderPage(RestaurantListPage, {
      api: a,
      storage: savedStorage({ ...SAVED_LOCATION, area_id: 2, name: '卓越世纪中心', lang: 'cn' }),
    });
    await waitFor(() => getByText(container, 'Delivering to: Excellence Century Centre'));
    expect(queryByText(container, /卓越/)).toBeNull();
  });

  it('filters by cuisine and sorts, asking the server again each time', async () => {
    const a = api();
    a.restaurants.list.mockResolvedValue(pageOf([store(9, 'Lanzhou Noodles')], 1, 1));
    const { container } = await renderPage(RestaurantListPage, {
      api: a,
      storage: savedStorage(),
    });
    await waitFor(() => getByText(container, 'Lanzhou Noodles'));
    await click(getByText(container, 'Noodles'));
    await waitFor(() =>
      expect(a.restaurants.list).toHaveBeenLastCalledWith(
        expect.objectContaining({ cuisine_id: 5, sort: 'distance', page: 1 }),
      ),
    );
    await click(getByText(container, 'Best rated'));
    await waitFor(() =>
      expect(a.restaurants.list).toHaveBeenLastCalledWith(expect.objectContaining({ cuisine_id: 5, sort: 'rating' })),
    );
    expect(container.querySelector('.restaurant-list__sort--rating')!.className).toContain('restaurant-list__sort--on');
    await click(getByText(container, 'All cuisines'));
    await waitFor(() =>
      expect(a.restaurants.list.mock.calls.at(-1)![0]).toEqual({
        lat: 22.538,
        lng: 114.0575,
        page: 1,
        page_size: 10,
        sort: 'rating',
      }),
    );
    for (const label of ['Nearest', 'Best rated', 'Lowest minimum order', 'Newest'])
      expect(getByText(container, label)).toBeTruthy();
  });

  it('loads more pages and says when there are no more', async () => {
    const a = api();
    const first = Array.from({ length: 10 }, (_, i) => store(i + 1, `Restaurant ${i + 1}`));
    a.restaurants.list
      .mockResolvedValueOnce(pageOf(first, 1, 12))
      .mockResolvedValueOnce(pageOf([store(11, 'Restaurant 11'), store(12, 'Restaurant 12')], 2, 12));
    const { container } = await renderPage(RestaurantListPage, {
      api: a,
      storage: savedStorage(),
    });
    await waitFor(() => getByText(container, 'Restaurant 10'));
    expect(getByText(container, '12 restaurants')).toBeTruthy();
    await click(getByText(container, 'Load more'));
    await waitFor(() => getByText(container, 'Restaurant 12'));
    expect(a.restaurants.list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    expect(names(container)).toHaveLength(12);
    expect(getByText(container, 'No more restaurants')).toBeTruthy();
    expect(queryByText(container, 'Load more')).toBeNull();
  });

  it('a failed further page keeps the list and offers a retry', async () => {
    const a = api();
    const first = Array.from({ length: 10 }, (_, i) => store(i + 1, `Restaurant ${i + 1}`));
    a.restaurants.list
      .mockResolvedValueOnce(pageOf(first, 1, 11))
      .mockRejectedValueOnce(new HttpError('network', 'offline'))
      .mockResolvedValueOnce(pageOf([store(11, 'Restaurant 11')], 2, 11));
    const { container } = await renderPage(RestaurantListPage, {
      api: a,
      storage: savedStorage(),
    });
    await waitFor(() => getByText(container, 'Restaurant 10'));
    await click(getByText(container, 'Load more'));
    await waitFor(() => getByText(container, 'Network error. Check your connection and try again.'));
    expect(names(container)).toHaveLength(10);
    await click(getByText(container.querySelector('.load-more')!, 'Try again'));
    await waitFor(() => getByText(container, 'Restaurant 11'));
  });

  it('empty, error, and no address', async () => {
    const a = api();
    a.restaurants.list.mockResolvedValueOnce(pageOf([], 1, 0)).mockRejectedValueOnce(new HttpError('timeout', 't'));
    const view = await renderPage(RestaurantListPage, { api: a, storage: savedStorage() });
    await waitFor(() =>
      getByText(view.container, 'There are no restaurants near the current area yet. Please try another address.'),
    );
    await click(getByText(view.container, 'Best rated'));
    await waitFor(() => getByText(view.container, 'The request timed out. Please try again later.'));
    await view.unmount();

    const none = await renderPage(RestaurantListPage, { api: api(), storage: { _lang: 'en' } });
    await waitFor(() =>
      getByText(none.container, 'Choose a delivery address first to see the restaurants that deliver there'),
    );
    expect(none.api.restaurants.list).not.toHaveBeenCalled();
    await click(getByText(none.container, 'Choose an address'));
    expect(none.platform.navigation.go).toHaveBeenCalledWith('home');
  });

  it('its search bar sets the keyword and opens the search results', async () => {
    const a = api();
    a.restaurants.list.mockResolvedValue(pageOf([], 1, 0));
    const {
      container,
      store: root,
      platform,
    } = await renderPage(RestaurantListPage, { api: a, storage: savedStorage() });
    const bar = container.querySelector<HTMLElement>('.top-bar .search-bar')!;
    expect(bar.querySelector('.search-bar__icon--button')).not.toBeNull();
    await typeIn(bar, '.search-bar__input', 'noodles');
    await click(bar.querySelector<HTMLElement>('.search-bar__icon--button')!);
    expect(root.search.keyword).toBe('noodles');
    expect(platform.navigation.go).toHaveBeenCalledWith('search', { keyword: 'noodles' });
  });
});
