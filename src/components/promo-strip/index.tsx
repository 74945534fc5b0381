import { Image, Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { Ad, Link, Promotion } from '../../../types/api/catalogue';
import { useStores } from '../../stores';
import './index.scss';
import { altText, pressable } from '../../utils/a11y';
import { useOpenLink } from './open-link';

const linked = (link: Link) =>
  ((link.type === 'restaurant' || link.type === 'article') && !!link.id) || (link.type === 'url' && !!link.url);

/** Ads of a slot: pictures with their titles, side by side (they scroll sideways on a phone). */
export const AdStrip = observer(function AdStrip({ ads }: { ads: Ad[] }) {
  const root = useStores();
  const open = useOpenLink();
  if (ads.length === 0) return null;
  return (
    <View className='ad-strip'>
      {ads.map((ad) => (
        <View
          key={ad.id}
          className={`ad-strip__ad ${linked(ad.link) ? 'ad-strip__ad--link' : ''}`}
          {...pressable(() => void open(ad.link))}
        >
          <Image
            className='ad-strip__picture picture-cover'
            src={root.imageUrl(ad.picture)}
            mode='aspectFill'
            {...altText('')}
            lazyLoad
          />
          <Text className='ad-strip__title'>{ad.title}</Text>
        </View>
      ))}
    </View>
  );
});

/** Promotions: a badge ("¥15 off ¥80") with the title and description. */
export const PromoStrip = observer(function PromoStrip({
  promotions,
  compact,
}: {
  promotions: Promotion[];
  compact?: boolean;
}) {
  const open = useOpenLink();
  if (promotions.length === 0) return null;
  return (
    <View className={`promo-strip ${compact ? 'promo-strip--compact' : ''}`}>
      {promotions.map((p) => (
        <View
          key={p.id}
          className={`promo-strip__promo ${linked(p.link) ? 'promo-strip__promo--link' : ''}`}
          {...pressable(() => void open(p.link))}
        >
          <Text className='promo-strip__badge'>{p.badge}</Text>
          <View className='promo-strip__text'>
            <Text className='promo-strip__title'>{p.title}</Text>
            {!compact && p.description && <Text className='promo-strip__description'>{p.description}</Text>}
          </View>
        </View>
      ))}
    </View>
  );
});
