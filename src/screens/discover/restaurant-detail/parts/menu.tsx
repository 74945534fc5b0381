import { Image, Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { Menu, MenuCategory, MenuItem } from '../../../../../types/api/stores';
import { Empty } from '../../../../components/state-view';
import { useStores, useT } from '../../../../stores';
import { useCart } from '../../../../stores/cart';
import { formatPrice } from '../../../../utils/price';
import { useProgressive } from '../../../../utils/use-progressive';
import { altText, announced, pressable, type PressableOptions } from '../../../../utils/a11y';

/** A control inside a dish card: pressing it does not also open the card's choice layer. */
function inCard(onPress: () => void, options: PressableOptions) {
  return {
    ...pressable(onPress, options),
    onClick: (e?: { stopPropagation?(): void }) => {
      e?.stopPropagation?.();
      onPress();
    },
  };
}

/** Dishes whose name (or description) holds the text, case-insensitive; categories left empty are dropped. */
export function filterMenu(categories: MenuCategory[], text: string): MenuCategory[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return categories;
  return categories
    .map((c) => ({ ...c, items: c.items.filter((i) => `${i.name}\n${i.description}`.toLowerCase().includes(needle)) }))
    .filter((c) => c.items.length > 0);
}

/** Dishes drawn in the first task (what a phone's first screen shows below the header), then this many more per task
 * (each dish is about 10 ms of a phone's main thread: a slice stays well under the 50 ms of a long task). */
const FIRST_DISHES = 3;
const MORE_DISHES = 2;

/** The categories with at most `limit` dishes in all, in order (the last one cut short). */
export function firstDishes(categories: MenuCategory[], limit: number): MenuCategory[] {
  const out: MenuCategory[] = [];
  let left = limit;
  for (const c of categories) {
    if (left <= 0) break;
    out.push(c.items.length <= left ? c : { ...c, items: c.items.slice(0, left) });
    left -= c.items.length;
  }
  return out;
}

/**
 * The menu by category, with jump links to each; sold-out dishes are shown but cannot be chosen. A long menu is drawn
 * in slices (useProgressive): the first dishes at once, the rest right after in short tasks; a filtered menu or one
 * with a dish to scroll to, at once.
 */
export const MenuSection = observer(function MenuSection({
  menu,
  filter,
  highlight,
  onChoose,
  onAdd,
  onRemove,
}: {
  menu: Menu;
  /** The "Search For A Dish" text (search.menuName). */
  filter: string;
  /** A dish opened from the search results. */
  highlight?: number;
  onChoose(item: MenuItem): void;
  /** One more of a dish without options, from its card (CartStore.addOne). */
  onAdd(item: MenuItem): void;
  /** One less of a dish without options, from its card (CartStore.removeOne). */
  onRemove(item: MenuItem): void;
}) {
  const root = useStores();
  const cart = useCart();
  const t = useT();
  const categories = filterMenu(menu.categories, filter);
  const dishCount = categories.reduce((n, c) => n + c.items.length, 0);
  const shown = useProgressive(dishCount, FIRST_DISHES, MORE_DISHES, !!filter || highlight !== undefined);
  const drawn = shown >= dishCount ? categories : firstDishes(categories, shown);

  return (
    <View className='menu'>
      {filter && <Text className='menu__filter-note'>{t('menu.filtered', { name: filter, count: dishCount })}</Text>}
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
          {drawn.map((c) => (
            <View key={c.id} id={`menu-cat-${c.id}`} className='menu__category'>
              <Text className='menu__category-name'>{c.name}</Text>
              {c.items.map((item) => {
                // A dish without options is added in one tap on its "+" and shows its count with -/+; its card is then
                // not a button itself (no control inside a control), a tap on it still shows the dish in the layer.
                const plain = item.option_groups.length === 0 && !item.sold_out;
                const count = cart.quantityOf(item.id);
                const line = plain ? cart.plainLineOf(item.id) : undefined;
                const busy = !!line && cart.busyLines.includes(line.cart_id);
                return (
                  <View
                    key={item.id}
                    id={`menu-item-${item.id}`}
                    className={[
                      'menu-item',
                      plain ? 'menu-item--plain' : '',
                      item.sold_out ? 'menu-item--sold-out' : '',
                      item.id === highlight ? 'menu-item--highlight' : '',
                    ].join(' ')}
                    {...(plain
                      ? { onClick: () => onChoose(item) }
                      : { 'aria-disabled': item.sold_out, ...pressable(() => !item.sold_out && onChoose(item)) })}
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
                        ) : plain ? (
                          <View className='menu-item__stepper'>
                            {count > 0 && (
                              <Text
                                className={`menu-item__step menu-item__minus ${busy ? 'menu-item__step--off' : ''}`}
                                {...inCard(() => !busy && onRemove(item), {
                                  label: t('menu.remove_one', { name: item.name }),
                                  disabled: busy,
                                })}
                              >
                                −
                              </Text>
                            )}
                            {count > 0 && (
                              <Text
                                className='menu-item__count'
                                aria-label={t('menu.in_cart', { count })}
                                {...announced()}
                              >
                                {count}
                              </Text>
                            )}
                            <Text
                              className='menu-item__step menu-item__add'
                              {...inCard(() => onAdd(item), { label: t('menu.add_one', { name: item.name }) })}
                            >
                              +
                            </Text>
                          </View>
                        ) : (
                          <View className='menu-item__stepper'>
                            {count > 0 && (
                              <Text className='menu-item__count' aria-label={t('menu.in_cart', { count })}>
                                {count}
                              </Text>
                            )}
                            <Text className='menu-item__add' aria-label={t('menu.choose')}>
                              +
                            </Text>
                          </View>
                        )}
                      </View>
                    </View>
                  </View>
                );
              })}
            </View>
          ))}
        </>
      )}
    </View>
  );
});
