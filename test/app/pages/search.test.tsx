import SearchPage from '../../../src/screens/discover/search';
import type { MultipleSearch, SearchHit } from '../../../types/api/search';
import { typeIn } from '../support/discover';
import { fakeApi, renderPage, withAccountDefaults } from '../support/page';
import {
  actAsync,
  click,
  getByText,
  getBySelector,
  inputSelector,
  queryAllByText,
  queryByText,
  waitFor,
} from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const hit = (type: SearchHit['type'], id: number, title: string, extra: Partial<SearchHit> = {}): SearchHit => ({
  type,
  id,
  title,
  subtitle: `${title} subtitle`,
  picture: '',
  restaurant_id: type === 'news' ? null : type === 'restaurant' ? id : 9,
  price_fen: type === 'dish' ? 2000 : null,
  ...extra,
});

function answer(
  list: SearchHit[],
  page: number,
  total: number,
  counts = { restaurant: 1, dish: 2, news: 1 },
): MultipleSearch {
  return { list, total, page, page_size: 10, has_more: page * 10 < total, keyword: 'noodles', counts };
}

function api() {
  return withAccountDefaults(fakeApi());
}

describe('search', () => {
  it('asks for a keyword when there is none', async () => {
    const a = api();
    const { container } = await renderPage(SearchPage, { api: a, storage: { _lang: 'en' } });
    expect(getByText(container, 'Type a restaurant, dish or news keyword in the search bar above')).toBeTruthy();
    expect(a.search.multiple).not.toHaveBeenCalled();
  });

  it('searches the keyword of the search state: restaurants, dishes and news, with counts, and opens each kind', async () => {
    const a = api();
    a.search.multiple.mockResolvedValue(
      answer(
        [
          hit('restaurant', 9, 'Lanzhou Noodles'),
          hit('dish', 159, 'Beef Noodles'),
          hit('dish', 160, 'Braised Noodles'),
          hit('news', 7, 'Noodle week'),
        ],
        1,
        4,
      ),
    );
    const { container, store, platform } = await renderPage(SearchPage, { api: a, storage: { _lang: 'en' } });
    // Set from elsewhere (the bar of another screen) once this screen's bar is up.
    await waitFor(() => getBySelector(container, '.top-bar input.search-bar__input'), 3000);
    await actAsync(() => store.search.setKeyword('  noodles '));
    await waitFor(() => getByText(container, 'Beef Noodles'));
    expect(a.search.multiple).toHaveBeenCalledWith({ keyword: 'noodles', page: 1, page_size: 10 });
    expect(getByText(container, 'Results for “noodles”')).toBeTruthy();
    expect([...container.querySelectorAll('.search__filter')].map((e) => e.textContent)).toEqual([
      'All (4)',
      'Restaurants (1)',
      'Dishes (2)',
      'News (1)',
    ]);
    expect(queryAllByText(container, '¥20')).toHaveLength(2);
    expect([...container.querySelectorAll('.search__type')].map((e) => e.textContent)).toEqual([
      'Restaurant',
      'Dish',
      'Dish',
      'News',
    ]);

    await click(getByText(container, 'Lanzhou Noodles'));
    expect(platform.navigation.go).toHaveBeenLastCalledWith('restaurantDetail', { id: 9 });
    await click(getByText(container, 'Beef Noodles'));
    expect(platform.navigation.go).toHaveBeenLastCalledWith('restaurantDetail', { id: 9, item: 159 });
    await click(getByText(container, 'Noodle week'));
    expect(platform.navigation.go).toHaveBeenLastCalledWith('article', { id: 7 });
  });

  it('the kind filter asks for one type; load more appends', async () => {
    const a = api();
    const dishes = Array.from({ length: 10 }, (_, i) => hit('dish', 100 + i, `Dish ${i + 1}`));
    a.search.multiple
      .mockResolvedValueOnce(answer(dishes.slice(0, 4), 1, 4))
      .mockResolvedValueOnce(answer(dishes, 1, 12, { restaurant: 0, dish: 12, news: 0 }))
      .mockResolvedValueOnce(
        answer([hit('dish', 200, 'Dish 11'), hit('dish', 201, 'Dish 12')], 2, 12, { restaurant: 0, dish: 12, news: 0 }),
      );
    const { container } = await renderPage(SearchPage, {
      api: a,
      storage: { _lang: 'en' },
      params: { keyword: 'noodles' },
    });
    await waitFor(() => getByText(container, 'Dish 1'));
    await click(container.querySelector<HTMLElement>('.search__filter--dish')!);
    await waitFor(() => getByText(container, 'Dish 10'));
    expect(a.search.multiple).toHaveBeenLastCalledWith({ keyword: 'noodles', page: 1, page_size: 10, type: 'dish' });
    await click(getByText(container, 'Load more'));
    await waitFor(() => getByText(container, 'Dish 12'));
    expect(a.search.multiple).toHaveBeenLastCalledWith({ keyword: 'noodles', page: 2, page_size: 10, type: 'dish' });
    expect(container.querySelectorAll('.search__hit')).toHaveLength(12);
    expect(getByText(container, 'No more results')).toBeTruthy();
  });

  it('takes the keyword of the URL (/search?keyword=...) and of its own search bar; says when nothing matches', async () => {
    const a = api();
    a.search.multiple.mockResolvedValue(answer([], 1, 0, { restaurant: 0, dish: 0, news: 0 }));
    const { container, store, platform } = await renderPage(SearchPage, {
      api: a,
      storage: { _lang: 'en' },
      params: { keyword: 'pizza' },
    });
    await waitFor(() => getByText(container, 'Nothing matches “pizza”'));
    expect(store.search.keyword).toBe('pizza');
    const bar = container.querySelector<HTMLElement>('.top-bar .search-bar')!;
    // The box shows the keyword of the link.
    await waitFor(
      () => expect(bar.querySelector<HTMLInputElement>(inputSelector('.search-bar__input'))?.value).toBe('pizza'),
      3000,
    );
    await typeIn(bar, '.search-bar__input', 'dumplings');
    await click(bar.querySelector<HTMLElement>('.search-bar__icon--button')!);
    await waitFor(() =>
      expect(a.search.multiple).toHaveBeenLastCalledWith({ keyword: 'dumplings', page: 1, page_size: 10 }),
    );
    await waitFor(() => getByText(container, 'Nothing matches “dumplings”'));
    // The address follows (H5: /search?keyword=dumplings), so a reload shows the same search.
    expect(platform.navigation.setParams).toHaveBeenCalledWith('search', { keyword: 'dumplings' });
  });

  it('shows a failure with a retry', async () => {
    const a = api();
    a.search.multiple
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValueOnce(answer([hit('news', 1, 'Back')], 1, 1));
    const { container } = await renderPage(SearchPage, { api: a, storage: { _lang: 'cn' }, params: { keyword: 'x' } });
    await waitFor(() => expect(getByText(container, '出错了，请稍后再试')).toBeTruthy());
    await click(getByText(container, '重试'));
    await waitFor(() => expect(getByText(container, 'Back')).toBeTruthy());
    expect(queryByText(container, '出错了，请稍后再试')).toBeNull();
  });
});
