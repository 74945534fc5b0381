/**
 * A long menu is drawn in slices (issue 15 §6, total blocking time on a phone): the first dishes in the first render,
 * the rest in later short tasks; a filtered menu and a menu with a dish to scroll to are drawn at once.
 */
import { act } from 'react';
import { MenuSection, firstDishes } from '../../../src/screens/discover/restaurant-detail/parts/menu';
import type { Menu } from '../../../types/api/stores';
import { plainItem } from '../support/discover';
import { renderPage } from '../support/page';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

function bigMenu(): Menu {
  const categories = [1, 2, 3, 4].map((c) => ({
    id: c,
    name: `Category ${c}`,
    items: Array.from({ length: 10 }, (_, i) => plainItem(c * 100 + i, `Dish ${c}-${i}`, 1000, { category_id: c })),
  }));
  return { restaurant_id: 9, item_count: 40, categories };
}

const dishes = (c: HTMLElement) => c.querySelectorAll('.menu-item').length;

describe('menu slices', () => {
  it('firstDishes cuts the categories after that many dishes', () => {
    const cut = firstDishes(bigMenu().categories, 13);
    expect(cut.map((c) => c.items.length)).toEqual([10, 3]);
  });

  it('draws 3 dishes first, then the rest in later tasks; every category link is there from the start', async () => {
    jest.useFakeTimers();
    try {
      const { container } = await renderPage(() => (
        <MenuSection menu={bigMenu()} filter='' onChoose={() => {}} onAdd={() => {}} onRemove={() => {}} />
      ));
      expect(dishes(container)).toBe(3);
      expect(container.querySelectorAll('.menu__nav-link')).toHaveLength(4);
      await act(async () => {
        jest.advanceTimersByTime(0);
      });
      expect(dishes(container)).toBe(5);
      for (let i = 0; i < 20; i++) {
        await act(async () => {
          jest.advanceTimersByTime(0);
        });
      }
      expect(dishes(container)).toBe(40);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a filtered menu, or one with a dish to scroll to, is drawn at once', async () => {
    const filtered = await renderPage(() => (
      <MenuSection menu={bigMenu()} filter='Dish' onChoose={() => {}} onAdd={() => {}} onRemove={() => {}} />
    ));
    expect(dishes(filtered.container)).toBe(40);
    const highlighted = await renderPage(() => (
      <MenuSection
        menu={bigMenu()}
        filter=''
        highlight={409}
        onChoose={() => {}}
        onAdd={() => {}}
        onRemove={() => {}}
      />
    ));
    expect(dishes(highlighted.container)).toBe(40);
  });
});
