import { Image, Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { Menu, MenuCategory, MenuItem } from '../../../../../types/api/stores';
import { Empty } from '../../../../components/state-view';
import { useStores, useT } from '../../../../stores';
import { formatPrice } from '../../../../utils/price';
import { altText, pressable } from '../../../../utils/a11y';

/** Dishes whose name (or description) holds the text, case-insensitive; categories left empty are dropped. */
export function filterMenu(categories: MenuCategory[], text: string): MenuCategory[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return categories;
  return categories
    .map((c) => ({ ...c, items: c.items.filter((i) => `${i.name}\n${i.description}`.toLowerCase().includes(needle)) }))
    .filter((c) => c.items.length > 0);
}

/** The menu by category, with jump links to each; sold-out dishes are shown but cannot be chosen. */
export const MenuSection = observer(function MenuSection({
  menu,
  filter,
  highlight,
  onChoose,
}: {
  menu: Menu;
  /** The "Search For A Dish" text (search.menuName). */
  filter: string;
  /** A dish opened from the search results. */
  highlight?: number;
  onChoose(item: MenuItem): void;
}) {
  const root = useStores();
  const t = useT();
  const categories = filterMenu(menu.categories, filter);

  return (
    <View className='menu'>
      {filter && (
        <Text className='menu__filter-note'>
          {t('menu.filtered', { name: filter, count: categories.reduce((n, c) => n + c.items.length, 0) })}
        </Text>
      )}
      {categories.length === 0 ? (
        <Empty message={filter ? t('menu.no_match', { name: filter }) : t('menu.empty')} />
      ) : (
        <>
          <View className='menu__nav'>
            {categories.map((c) => (
              <Text
                key={c.id}
                className='menu__nav-link'
                {...pressable(() => root.platform.scrollTo(`#menu-cat-${c.id}`))}
              >
                {c.name}
              </Text>
            ))}
          </View>
          {categories.map((c) => (
            <View key={c.id} id={`menu-cat-${c.id}`} className='menu__category'>
              <Text className='menu__category-name'>{c.name}</Text>
              {c.items.map((item) => (
                <View
                  key={item.id}
                  id={`menu-item-${item.id}`}
                  className={[
                    'menu-item',
                    item.sold_out ? 'menu-item--sold-out' : '',
                    item.id === highlight ? 'menu-item--highlight' : '',
                  ].join(' ')}
                  aria-disabled={item.sold_out}
                  {...pressable(() => !item.sold_out && onChoose(item))}
                >
                  {item.picture ? (
                    <Image
                      className='menu-item__picture picture-cover'
                      src={root.imageUrl(item.picture)}
                      mode='aspectFill'
                      {...altText('')}
                      lazyLoad
                    />
                  ) : null}
                  <View className='menu-item__body'>
                    <Text className='menu-item__name'>{item.name}</Text>
                    {item.description && <Text className='menu-item__description'>{item.description}</Text>}
                    {item.option_groups.some((g) => g.compulsory) && (
                      <Text className='menu-item__options'>{t('menu.has_choices')}</Text>
                    )}
                    <View className='menu-item__foot'>
                      <Text className='menu-item__price'>{formatPrice(item.price_fen)}</Text>
                      {item.sold_out ? (
                        <Text className='menu-item__sold-out'>{t('menu.sold_out')}</Text>
                      ) : (
                        <Text className='menu-item__add' aria-label={t('menu.choose')}>
                          +
                        </Text>
                      )}
                    </View>
                  </View>
                </View>
              ))}
            </View>
          ))}
        </>
      )}
    </View>
  );
});
