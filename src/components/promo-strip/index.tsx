import { Image } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { Ad, Link, Promotion } from '../../../types/api/catalogue';
import { useStores } from '../../stores';
import './index.scss';
import { altText, pressable } from '../../utils/a11y';
import { useOpenLink } from './open-link';
import { Box, Line } from '../markup';

const linked = (link: Link) =>
  ((link.type === 'restaurant' || link.type === 'article') && !!link.id) || (link.type === 'url' && !!link.url);

/** Ads of a slot: pictures with their titles, side by side (they scroll sideways on a phone). */
export const AdStrip = observer(function AdStrip({ ads }: { ads: Ad[] }) {
  const root = useStores();
  const open = useOpenLink();
  if (ads.length === 0) return null;
  return (
    <Box className='ad-strip'>
      {ads.map((ad) => (
        <Box
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
          <Line className='ad-strip__title'>{ad.title}</Line>
        </Box>
      ))}
    </Box>
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
    <Box className={`promo-strip ${compact ? 'promo-strip--compact' : ''}`}>
      {promotions.map((p) => (
        <Box
          key={p.id}
          className={`promo-strip__promo ${linked(p.link) ? 'promo-strip__promo--link' : ''}`}
          {...pressable(() => void open(p.link))}
        >
          <Line className='promo-strip__badge'>{p.badge}</Line>
          <Box className='promo-strip__text'>
            <Line className='promo-strip__title'>{p.title}</Line>
            {!compact && p.description && <Line className='promo-strip__description'>{p.description}</Line>}
          </Box>
        </Box>
      ))}
    </Box>
  );
});
