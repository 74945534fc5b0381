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

/** One dish or option with its state and the button that turns it sold out or back on sale. */
const ToggleRow = observer(function ToggleRow({
  kind,
  id,
  name,
  soldOut,
}: {
  kind: 'dish' | 'option';
  id: number;
  name: string;
  soldOut: boolean;
}) {
  const manage = useManage();
  const t = useConsoleT();
  const busy = manage.toggling.has(`${kind === 'dish' ? 'd' : 'o'}${id}`);
  return (
    <View
      className={`console-row${kind === 'option' ? ' console-row--option' : ''}${soldOut ? ' console-row--off' : ''}`}
      data-soldout={`${kind}-${id}`}
    >
      <View className='console-row__main'>
        <Text className='console-row__name'>{name}</Text>
        <Text className='console-row__sub'>{t(soldOut ? 'sold_out' : 'on_sale')}</Text>
      </View>
      <Text
        className={`console-button${soldOut ? ' console-button--main' : ''}${busy ? ' console-button--off' : ''}`}
        {...pressable(() => void manage.setSoldOut(kind, id, !soldOut), {
          label: `${t(soldOut ? 'set_on_sale' : 'set_sold_out')}: ${name}`,
        })}
      >
        {t(soldOut ? 'set_on_sale' : 'set_sold_out')}
      </Text>
    </View>
  );
});

/**
 * Sold out (issue 18, merchant/soldout; staff and owners): the restaurant's dishes by category, each dish's options
 * under it, each with "mark sold out" / "back on sale". Customers' menus, carts and checkout see the change at once
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
            <View key={item.id}>
              <ToggleRow kind='dish' id={item.id} name={item.name} soldOut={item.sold_out} />
              {item.option_groups.flatMap((group) =>
                group.options.map((option) => (
                  <ToggleRow
                    key={option.id}
                    kind='option'
                    id={option.id}
                    name={`${group.name} · ${option.name}`}
                    soldOut={option.sold_out}
                  />
                )),
              )}
            </View>
          ))}
        </View>
      ))}
    </ConsoleFrame>
  );
}

export default observer(MerchantSoldOutPage);
