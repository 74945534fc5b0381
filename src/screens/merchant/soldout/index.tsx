import { Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Empty, ErrorState, Loading } from '../../../components/state-view';
import { useStores } from '../../../stores';
import { useConsoleT, useManage } from '../../../stores/merchant-manage';
import { pressable } from '../../../utils/a11y';
import { ConsoleFrame } from '../console-frame';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/merchant';

/** A dish with its state and the button that turns it sold out or back on sale. */
const DishRow = observer(function DishRow({ id, name, soldOut }: { id: number; name: string; soldOut: boolean }) {
  const manage = useManage();
  const t = useConsoleT();
  const busy = manage.toggling.has(`d${id}`);
  return (
    <View className={`console-row${soldOut ? ' console-row--off' : ''}`} data-soldout={`dish-${id}`}>
      <View className='console-row__main'>
        <Text className='console-row__name'>{name}</Text>
        <Text className='console-row__sub'>{t(soldOut ? 'sold_out' : 'on_sale')}</Text>
      </View>
      <Text
        className={`console-button${soldOut ? ' console-button--main' : ''}${busy ? ' console-button--off' : ''}`}
        {...pressable(() => void manage.setSoldOut('dish', id, !soldOut), {
          label: `${t(soldOut ? 'set_on_sale' : 'set_sold_out')}: ${name}`,
        })}
      >
        {t(soldOut ? 'set_on_sale' : 'set_sold_out')}
      </Text>
    </View>
  );
});

/** An option as a chip: tapping it marks it sold out or back on sale; a sold-out one is struck through and says so. */
const OptionChip = observer(function OptionChip({
  id,
  group,
  name,
  soldOut,
}: {
  id: number;
  group: string;
  name: string;
  soldOut: boolean;
}) {
  const manage = useManage();
  const t = useConsoleT();
  const busy = manage.toggling.has(`o${id}`);
  return (
    <View
      className={`console-chip${soldOut ? ' console-chip--off' : ''}${busy ? ' console-button--off' : ''}`}
      data-soldout={`option-${id}`}
      {...pressable(() => void manage.setSoldOut('option', id, !soldOut), {
        label: `${t(soldOut ? 'set_on_sale' : 'set_sold_out')}: ${group} · ${name}`,
        pressed: soldOut,
      })}
    >
      <Text className='console-chip__name'>{name}</Text>
      {soldOut && <Text className='console-chip__state'>{t('sold_out')}</Text>}
    </View>
  );
});

/**
 * Sold out (issue 18, merchant/soldout; staff and owners): the restaurant's dishes by category, each dish's options
 * under it as chips, each with "mark sold out" / "back on sale". Customers' menus, carts and checkout see the change at once
 * (the server bumps the catalogue version and tells the read cache).
 */
function MerchantSoldOutPage() {
  const { ui } = useStores();
  const manage = useManage();
  const t = useConsoleT();
  const restaurantId = manage.restaurantId;

  useEffect(() => {
    void manage.open();
  }, [manage]);
  useEffect(() => {
    if (restaurantId) void manage.loadMenu();
  }, [manage, restaurantId]);

  const menu = manage.menu;
  return (
    <ConsoleFrame current='merchantSoldOut' title={t('soldout_title')}>
      <Text className='console__hint'>{t('soldout_hint')}</Text>
      {manage.menuStatus === 'loading' && <Loading />}
      {manage.menuStatus === 'error' && (
        <ErrorState
          message={`${t('load_failed')}: ${ui.errorMessage(manage.menuError)}`}
          onRetry={() => void manage.loadMenu()}
        />
      )}
      {manage.menuStatus === 'ready' && menu && menu.categories.length === 0 && <Empty message={t('soldout_empty')} />}
      {menu?.categories.map((category) => (
        <View key={category.id} className='console-section'>
          <Text className='console-section__title'>{category.name}</Text>
          {category.items.map((item) => (
            <View key={item.id} className='console-dish'>
              <DishRow id={item.id} name={item.name} soldOut={item.sold_out} />
              {item.option_groups.map((group) => (
                <View key={group.id} className='console-options'>
                  <Text className='console-options__group'>{group.name}</Text>
                  {group.options.map((option) => (
                    <OptionChip
                      key={option.id}
                      id={option.id}
                      group={group.name}
                      name={option.name}
                      soldOut={option.sold_out}
                    />
                  ))}
                </View>
              ))}
            </View>
          ))}
        </View>
      ))}
    </ConsoleFrame>
  );
}

export default observer(MerchantSoldOutPage);
