import { Image, Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { DayHours, StoreInfo } from '../../../../../types/api/stores';
import type { TFunction } from '../../../../i18n';
import { RestaurantContact } from '../../../../components/restaurant-contact';
import { StoreStatus } from '../../../../components/store-status';
import { distanceText } from '../../../../components/store-card';
import { useStores, useT } from '../../../../stores';
import { formatPrice } from '../../../../utils/price';
import { altText, pressable } from '../../../../utils/a11y';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

function windowsText(t: TFunction, day: DayHours | undefined): string {
  if (!day || day.windows.length === 0) return t('store.hours_closed_day');
  return day.windows
    .map((w) => `${w.open}–${w.close}${w.overnight ? t('store.hours_next_day') : ''}`)
    .join(t('menu.list_separator'));
}

/** Weekday in China time (opening hours are China time). */
const chinaWeekday = (now = Date.now()) => new Date(now + 8 * 3600_000).getUTCDay();

/** The restaurant's picture, name, rating, open state (closed: when it resumes), fees, payment and hours. */
export const StoreHeader = observer(function StoreHeader({ store }: { store: StoreInfo }) {
  const root = useStores();
  const t = useT();
  const [allHours, setAllHours] = useState(false);
  const today = chinaWeekday();
  const todayHours = store.hours.find((d) => d.weekday === today);
  const distance = distanceText(t, store.distance_m);
  const modes = [
    store.delivery ? t('store.mode_delivery') : '',
    store.collection ? t('store.mode_collection') : '',
  ].filter(Boolean);

  return (
    <View className='store-header'>
      {store.cover && (
        <Image
          className='store-header__cover picture-cover'
          src={root.imageUrl(store.cover)}
          mode='aspectFill'
          {...altText('')}
        />
      )}
      <View className='store-header__main'>
        <Image
          className='store-header__logo picture-cover'
          src={root.imageUrl(store.logo)}
          mode='aspectFill'
          {...altText('')}
        />
        <View className='store-header__titles'>
          <Text className='store-header__name'>{store.name}</Text>
          <View className='store-header__meta'>
            <Text className='store-header__rating'>
              {store.rating > 0 ? t('store.rating', { rating: store.rating.toFixed(1) }) : t('store.no_rating')}
            </Text>
            {store.review_count > 0 && <Text>{t('store.review_count', { count: store.review_count })}</Text>}
            <Text>{store.cuisines.map((c) => c.name).join(' · ')}</Text>
          </View>
          <StoreStatus state={store} className='store-header__status' />
        </View>
      </View>

      {!store.is_open && (
        <View className='store-header__closed'>
          <Text className='store-header__closed-title'>{t('store.closed_notice_title')}</Text>
          <Text className='store-header__closed-text'>{t('store.closed_notice')}</Text>
        </View>
      )}

      {store.description && <Text className='store-header__description'>{store.description}</Text>}

      <View className='store-header__facts'>
        <View className='store-header__fact store-header__min-order'>
          <Text className='store-header__fact-label'>{t('store.min_order_label')}</Text>
          <Text className='store-header__fact-value'>{formatPrice(store.min_order_fen)}</Text>
        </View>
        <View className='store-header__fact store-header__delivery-fee'>
          <Text className='store-header__fact-label'>{t('store.delivery_fee_label')}</Text>
          <Text className='store-header__fact-value'>{formatPrice(store.delivery_fee_fen)}</Text>
        </View>
        <View className='store-header__fact'>
          <Text className='store-header__fact-label'>{t('store.prep_label')}</Text>
          <Text className='store-header__fact-value'>{t('store.minutes', { minutes: store.prep_minutes })}</Text>
        </View>
        {distance && (
          <View className='store-header__fact'>
            <Text className='store-header__fact-label'>{t('store.distance_label')}</Text>
            <Text className='store-header__fact-value'>{distance}</Text>
          </View>
        )}
      </View>

      <View className='store-header__lines'>
        <Text className='store-header__line'>{t('store.address_line', { address: store.address })}</Text>
        {store.phone && (
          <RestaurantContact
            className='store-header__contact'
            place={{ name: store.name, address: store.address, phone: store.phone, lat: store.lat, lng: store.lng }}
            showAddress={false}
          />
        )}
        {modes.length > 0 && (
          <Text className='store-header__line'>
            {t('store.modes_line', { modes: modes.join(t('menu.list_separator')) })}
          </Text>
        )}
        {store.payment_methods.length > 0 && (
          <Text className='store-header__line store-header__payments'>
            {t('store.payments_line', {
              methods: store.payment_methods.map((m) => t(`store.pay_${m}`)).join(t('menu.list_separator')),
            })}
          </Text>
        )}
        <View className='store-header__line store-header__hours' {...pressable(() => setAllHours(!allHours))}>
          <Text>{t('store.hours_today', { hours: windowsText(t, todayHours) })}</Text>
          <Text className='store-header__hours-toggle'>{allHours ? t('store.hours_less') : t('store.hours_all')}</Text>
        </View>
        {allHours &&
          WEEKDAYS.map((d) => (
            <Text key={d} className={`store-header__day ${d === today ? 'store-header__day--today' : ''}`}>
              {t(`store.weekday_${d}`)}:{' '}
              {windowsText(
                t,
                store.hours.find((h) => h.weekday === d),
              )}
            </Text>
          ))}
      </View>
    </View>
  );
});
