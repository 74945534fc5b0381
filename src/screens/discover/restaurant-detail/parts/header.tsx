import { Image } from '@tarojs/components';
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
import { Box, Line } from '../../../../components/markup';

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
    <Box className='store-header'>
      {store.cover && (
        <Image
          className='store-header__cover picture-cover'
          src={root.imageUrl(store.cover)}
          mode='aspectFill'
          {...altText('')}
        />
      )}
      <Box className='store-header__main'>
        <Image
          className='store-header__logo picture-cover'
          src={root.imageUrl(store.logo)}
          mode='aspectFill'
          {...altText('')}
        />
        <Box className='store-header__titles'>
          <Line className='store-header__name'>{store.name}</Line>
          <Box className='store-header__meta'>
            <Line className='store-header__rating'>
              {store.rating > 0 ? t('store.rating', { rating: store.rating.toFixed(1) }) : t('store.no_rating')}
            </Line>
            {store.review_count > 0 && <Line>{t('store.review_count', { count: store.review_count })}</Line>}
            <Line>{store.cuisines.map((c) => c.name).join(' · ')}</Line>
          </Box>
          <StoreStatus state={store} className='store-header__status' />
        </Box>
      </Box>

      {!store.is_open && (
        <Box className='store-header__closed'>
          <Line className='store-header__closed-title'>{t('store.closed_notice_title')}</Line>
          <Line className='store-header__closed-text'>{t('store.closed_notice')}</Line>
        </Box>
      )}

      {store.description && <Line className='store-header__description'>{store.description}</Line>}

      <Box className={`store-header__facts ${distance ? 'store-header__facts--four' : ''}`}>
        <Box className='store-header__fact store-header__min-order'>
          <Line className='store-header__fact-label'>{t('store.min_order_label')}</Line>
          <Line className='store-header__fact-value'>{formatPrice(store.min_order_fen)}</Line>
        </Box>
        <Box className='store-header__fact store-header__delivery-fee'>
          <Line className='store-header__fact-label'>{t('store.delivery_fee_label')}</Line>
          <Line className='store-header__fact-value'>{formatPrice(store.delivery_fee_fen)}</Line>
        </Box>
        <Box className='store-header__fact'>
          <Line className='store-header__fact-label'>{t('store.prep_label')}</Line>
          <Line className='store-header__fact-value'>{t('store.minutes', { minutes: store.prep_minutes })}</Line>
        </Box>
        {distance && (
          <Box className='store-header__fact'>
            <Line className='store-header__fact-label'>{t('store.distance_label')}</Line>
            <Line className='store-header__fact-value'>{distance}</Line>
          </Box>
        )}
      </Box>

      <Box className='store-header__lines'>
        <Line className='store-header__line'>{t('store.address_line', { address: store.address })}</Line>
        {store.phone && (
          <RestaurantContact
            className='store-header__contact'
            place={{ name: store.name, address: store.address, phone: store.phone, lat: store.lat, lng: store.lng }}
            showAddress={false}
          />
        )}
        {modes.length > 0 && (
          <Line className='store-header__line'>
            {t('store.modes_line', { modes: modes.join(t('menu.list_separator')) })}
          </Line>
        )}
        {store.payment_methods.length > 0 && (
          <Line className='store-header__line store-header__payments'>
            {t('store.payments_line', {
              methods: store.payment_methods.map((m) => t(`store.pay_${m}`)).join(t('menu.list_separator')),
            })}
          </Line>
        )}
        <Box className='store-header__line store-header__hours' {...pressable(() => setAllHours(!allHours))}>
          <Line>{t('store.hours_today', { hours: windowsText(t, todayHours) })}</Line>
          <Line className='store-header__hours-toggle'>{allHours ? t('store.hours_less') : t('store.hours_all')}</Line>
        </Box>
        {allHours &&
          WEEKDAYS.map((d) => (
            <Line key={d} className={`store-header__day ${d === today ? 'store-header__day--today' : ''}`}>
              {t(`store.weekday_${d}`)}:{' '}
              {windowsText(
                t,
                store.hours.find((h) => h.weekday === d),
              )}
            </Line>
          ))}
      </Box>
    </Box>
  );
});
