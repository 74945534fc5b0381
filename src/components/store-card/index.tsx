import { Image } from '@tarojs/components';
import { Box, Line } from '../markup';
import { observer } from 'mobx-react-lite';
import type { StoreSummary } from '../../../types/api/stores';
import type { TFunction } from '../../i18n';
import { useStores, useT } from '../../stores';
import { formatPrice } from '../../utils/price';
import { StoreStatus } from '../store-status';
import './index.scss';
import { altText, pressable } from '../../utils/a11y';

export function distanceText(t: TFunction, metres: number | null | undefined): string {
  if (metres === null || metres === undefined) return '';
  if (metres < 1000) return t('store.distance_m', { m: Math.max(10, Math.round(metres / 10) * 10) });
  return t('store.distance_km', { km: (metres / 1000).toFixed(1) });
}

/** One restaurant in a list: picture, name, rating, cuisines, fees, distance and whether it is open. */
export const StoreCard = observer(function StoreCard({
  store,
  onOpen,
}: {
  store: StoreSummary;
  onOpen(id: number): void;
}) {
  const root = useStores();
  const t = useT();
  const distance = distanceText(t, store.distance_m);
  return (
    <Box className={`store-card ${store.is_open ? '' : 'store-card--closed'}`} {...pressable(() => onOpen(store.id))}>
      <Image
        className='store-card__logo picture-cover'
        src={root.imageUrl(store.logo)}
        mode='aspectFill'
        {...altText('')}
        lazyLoad
      />
      <Box className='store-card__body'>
        <Box className='store-card__row'>
          <Line className='store-card__name'>{store.name}</Line>
          {distance && <Line className='store-card__distance'>{distance}</Line>}
        </Box>
        <Box className='store-card__row store-card__meta'>
          <Line className='store-card__rating'>
            {store.rating > 0 ? t('store.rating', { rating: store.rating.toFixed(1) }) : t('store.no_rating')}
          </Line>
          {store.review_count > 0 && (
            <Line className='store-card__reviews'>{t('store.review_count', { count: store.review_count })}</Line>
          )}
          <Line className='store-card__cuisines'>{store.cuisines.map((c) => c.name).join(' · ')}</Line>
        </Box>
        <Box className='store-card__row store-card__fees'>
          <Line>{t('store.min_order', { price: formatPrice(store.min_order_fen) })}</Line>
          <Line>{t('store.delivery_fee', { price: formatPrice(store.delivery_fee_fen) })}</Line>
          <Line>{t('store.prep_minutes', { minutes: store.prep_minutes })}</Line>
        </Box>
        <StoreStatus state={store} className='store-card__status' />
      </Box>
    </Box>
  );
});
