/**
 * Home and the restaurant list draw what arrives in slices (issue 15 §6, total blocking time on a phone), as the menu
 * does (menu-slices.test.tsx): the first few in the task the answer arrives in, the rest in later tasks, every one in
 * the end and in the server's order; the list's "load more" foot only once every card of the page is in.
 */
import type * as ReactTypes from 'react';
import { act } from 'react';
import type { MapViewProps } from '../../../src/components/map/types';
import RestaurantListPage from '../../../src/screens/discover/restaurant-list';
import HomePage from '../../../src/screens/main/home';
import type { PagedData } from '../../../types/api/common';
import type { StoreSummary } from '../../../types/api/stores';
import { store } from '../support/discover';
import { fakeApi, paged, renderPage, savedStorage, summary, withAccountDefaults } from '../support/page';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

// Leaflet is exercised in the browser tests; here the map is a plain box.
jest.mock('../../../src/components/map', () => {
  const React = jest.requireActual<typeof ReactTypes>('react');
  return { MapView: (_p: MapViewProps) => React.createElement('div', { className: 'fake-map' }) };
});

const stores = (n: number, from = 1) => Array.from({ length: n }, (_, i) => store(from + i, `Shop ${from + i}`));
const pageOf = (list: StoreSummary[], total: number): PagedData<StoreSummary> => ({
  list,
  total,
  page: 1,
  page_size: list.length,
  has_more: total > list.length,
});
const texts = (c: HTMLElement, selector: string) => [...c.querySelectorAll(selector)].map((e) => e.textContent);

/** Lets the answers in (their promises), then runs the next slice's timer `ticks` times. */
async function tick(ticks = 1) {
  for (let i = 0; i < ticks; i++) {
    await act(async () => {
      jest.advanceTimersByTime(0);
    });
  }
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('first screens drawn in slices', () => {
  it('the restaurant list: 4 cards with the answer, then 2 per task, all 10 in order, then the foot', async () => {
    const a = withAccountDefaults(fakeApi());
    a.catalogue.cuisines.mockResolvedValue([]);
    a.catalogue.promotions.mockResolvedValue([]);
    a.catalogue.ads.mockResolvedValue([]);
    a.restaurants.list.mockResolvedValue(pageOf(stores(10), 25));
    const { container } = await renderPage(RestaurantListPage, {
      api: a,
      storage: savedStorage(),
    });
    await act(async () => {});
    expect(texts(container, '.store-card__name')).toEqual(['Shop 1', 'Shop 2', 'Shop 3', 'Shop 4']);
    expect(container.querySelector('.load-more')).toBeNull();
    await tick();
    expect(texts(container, '.store-card__name')).toHaveLength(6);
    await tick(10);
    expect(texts(container, '.store-card__name')).toEqual(stores(10).map((s) => s.name));
    expect(container.querySelector('.load-more--more')).not.toBeNull();
  });

  it('home: nearby 2 then 2 per task, new restaurants 4 then 4, news 2 then 2; all in order in the end', async () => {
    const a = withAccountDefaults(fakeApi());
    a.restaurants.list.mockResolvedValue(pageOf(stores(6), 14));
    a.restaurants.newest.mockResolvedValue(pageOf(stores(8, 20), 8));
    a.articles.news.mockResolvedValue(paged([1, 2, 3, 4, 5].map((i) => summary(i, `News ${i}`))));
    const { container } = await renderPage(HomePage, { api: a, storage: savedStorage() });
    await act(async () => {});
    const nearby = () => texts(container, '.home__nearby .store-card__name');
    const newest = () => texts(container, '.home__new-name');
    const news = () => texts(container, '.home__news-title');
    expect([nearby().length, newest().length, news().length]).toEqual([2, 4, 2]);
    await tick();
    expect([nearby().length, newest().length, news().length]).toEqual([4, 8, 4]);
    await tick(5);
    expect(nearby()).toEqual(stores(6).map((s) => s.name));
    expect(newest()).toEqual(stores(8, 20).map((s) => s.name));
    expect(news()).toEqual(['News 1', 'News 2', 'News 3', 'News 4', 'News 5']);
  });
});
