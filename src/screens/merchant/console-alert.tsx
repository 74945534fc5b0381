import { Text } from '@tarojs/components';
import { useDidHide, useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores, useT } from '../../stores';
import { useMerchant } from '../../stores/merchant';
import { pressable } from '../../utils/a11y';

/**
 * Whether the screen is shown (a mini program page below another is hidden but stays mounted; so does a Taro H5
 * page under a navigateTo).
 */
export function useShown(): boolean {
  const [shown, setShown] = useState(true);
  useDidShow(() => setShown(true));
  useDidHide(() => setShown(false));
  return shown;
}

/**
 * A console screen (any of merchant/…) keeps the console's one new-order alert on while it is shown and the user is
 * logged in (MerchantStore.watch/unwatch): the board is not the only screen that rings.
 */
export function useConsoleWatch(active: boolean): void {
  const merchant = useMerchant();
  useEffect(() => {
    if (!active) return undefined;
    void merchant.watch();
    return () => merchant.unwatch();
  }, [active, merchant]);
}

/** What the title of a console screen says: the count of orders waiting in all the account's restaurants first. */
export function useAlertTitle(title: string): string {
  const count = useMerchant().waitingTotal;
  return count > 0 ? `(${count}) ${title}` : title;
}

/**
 * The console's alert banners on every console screen: on H5 until sound is unlocked, "tap to turn on the sound"
 * (browsers play nothing before a tap); and for each restaurant whose waiting orders this screen does not list (on
 * the board the other restaurants, elsewhere all of them) a banner that opens that restaurant's board at its new
 * orders (back to the board when it is below this screen). They go as soon as nothing waits, whoever accepted.
 */
export const ConsoleAlerts = observer(function ConsoleAlerts({ onBoard }: { onBoard: boolean }) {
  const merchant = useMerchant();
  const { platform } = useStores();
  const t = useT();
  const open = (restaurantId: number) => {
    merchant.showNew(restaurantId);
    if (!onBoard) void platform.navigation.backTo('merchantOrders');
  };
  return (
    <>
      {platform.isH5 && !merchant.soundOn && merchant.restaurants.length > 0 && (
        <Text
          className='merchant-banner merchant-banner--sound'
          {...pressable(() => void merchant.unlockSound(), { label: t('merchant.sound_enable') })}
        >
          {t('merchant.sound_enable')}
        </Text>
      )}
      {merchant.waitingElsewhere.map(({ restaurant, count }) => (
        <Text
          key={restaurant.restaurant_id}
          className='merchant-banner merchant-banner--alert'
          data-restaurant={restaurant.restaurant_id}
          {...{ 'aria-live': 'assertive' }}
          {...pressable(() => open(restaurant.restaurant_id))}
        >
          {t('merchant.alert_at', { restaurant: restaurant.name, count })}
        </Text>
      ))}
    </>
  );
});
