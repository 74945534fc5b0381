import { Image } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { Menu, MenuCategory, MenuItem } from '../../../../../types/api/stores';
import { Empty } from '../../../../components/state-view';
import { useStores, useT } from '../../../../stores';
import { useCart } from '../../../../stores/cart';
import { formatPrice } from '../../../../utils/price';
import { useProgressive } from '../../../../utils/use-progressive';
import { altText, announced, pressable, type PressableOptions } from '../../../../utils/a11y';
import { Box, Line } from '../../../../components/markup';

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
 * One dish (memoised, as every observer: a later slice of the menu does not draw the earlier dishes again). Plain markup
 * on H5 (Box, Line), each dish being a dozen elements.
 */
const DishCard = observer(function DishCard({
  item,
  highlighted,
  onChoose,
  onAdd,
  onRemove,
}: {
  item: MenuItem;
  highlighted: boolean;
  onChoose(item: MenuItem): void;
  onAdd(item: MenuItem): void;
  onRemove(item: MenuItem): void;
}) {
  const root = useStores();
  const cart = useCart();
  const t = useT();
  // A dish without options is added in one tap on its "+" and shows its count with -/+; its card is then
  // not a button itself (no control inside a control), a tap on it still shows the dish in the layer.
  const plain = item.option_groups.length === 0 && !item.sold_out;
  const count = cart.quantityOf(item.id);
  const line = plain ? cart.plainLineOf(item.id) : undefined;
  const busy = !!line && cart.busyLines.includes(line.cart_id);
  return (
    <Box
      id={`menu-item-${item.id}`}
      className={[
        'menu-item',
        plain ? 'menu-item--plain' : '',
        item.sold_out ? 'menu-item--sold-out' : '',
        highlighted ? 'menu-item--highlight' : '',
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
      <Box className='menu-item__body'>
        <Line className='menu-item__name'>{item.name}</Line>
        {item.description && <Line className='menu-item__description'>{item.description}</Line>}
        {item.option_groups.some((g) => g.compulsory) && (
          <Line className='menu-item__options'>{t('menu.has_choices')}</Line>
        )}
        <Box className='menu-item__foot'>
          <Line className='menu-item__price'>{formatPrice(item.price_fen)}</Line>
          {item.sold_out ? (
            <Line className='menu-item__sold-out'>{t('menu.sold_out')}</Line>
          ) : plain ? (
            <Box className='menu-item__stepper'>
              {count > 0 && (
                <Line
                  className={`menu-item__step menu-item__minus ${busy ? 'menu-item__step--off' : ''}`}
                  {...inCard(() => !busy && onRemove(item), {
                    label: t('menu.remove_one', { name: item.name }),
                    disabled: busy,
                  })}
                >
                  −
                </Line>
              )}
              {count > 0 && (
                <Line className='menu-item__count' aria-label={t('menu.in_cart', { count })} {...announced()}>
                  {count}
                </Line>
              )}
              <Line
                className='menu-item__step menu-item__add'
                {...inCard(() => onAdd(item), { label: t('menu.add_one', { name: item.name }) })}
              >
                +
              </Line>
            </Box>
          ) : (
            <Box className='menu-item__stepper'>
              {count > 0 && (
                <Line className='menu-item__count' aria-label={t('menu.in_cart', { count })}>
                  {count}
                </Line>
              )}
              <Line className='menu-item__add' aria-label={t('menu.choose')}>
                +
              </Line>
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
});

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
  const t = useT();
  const categories = filterMenu(menu.categories, filter);
  const dishCount = categories.reduce((n, c) => n + c.items.length, 0);
  const shown = useProgressive(dishCount, FIRST_DISHES, MORE_DISHES, !!filter || highlight !== undefined);
  const drawn = shown >= dishCount ? categories : firstDishes(categories, shown);

  return (
    <Box className='menu'>
      {filter && <Line className='menu__filter-note'>{t('menu.filtered', { name: filter, count: dishCount })}</Line>}
      {categories.length === 0 ? (
        <Empty message={filter ? t('menu.no_match', { name: filter }) : t('menu.empty')} />
      ) : (
        <>
          <Box className='menu__nav'>
            {categories.map((c) => (
              <Line
                key={c.id}
                className='menu__nav-link'
                {...pressable(() => root.platform.scrollTo(`#menu-cat-${c.id}`))}
              >
                {c.name}
              </Line>
            ))}
          </Box>
          {drawn.map((c) => (
            <Box key={c.id} id={`menu-cat-${c.id}`} className='menu__category'>
              <Line className='menu__category-name'>{c.name}</Line>
              {c.items.map((item) => (
                <DishCard
                  key={item.id}
                  item={item}
                  highlighted={item.id === highlight}
                  onChoose={onChoose}
                  onAdd={onAdd}
                  onRemove={onRemove}
                />
              ))}
            </Box>
          ))}
        </>
      )}
    </Box>
  );
});
