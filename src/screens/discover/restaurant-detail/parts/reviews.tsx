import { Image, Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { Review, StoreReviews } from '../../../../../types/api/stores';
import { DELIVERY_TIME_BUCKETS } from '../../../../../types/catalogue';
import { LoadMore } from '../../../../components/load-more';
import { Empty, ErrorState, Loading } from '../../../../components/state-view';
import { useStores, useT } from '../../../../stores';
import { formatDate } from '../../../../utils/date';
import { textLang } from '../../../../utils/text-lang';
import { usePaged } from '../../../../utils/use-paged';
import { altText, pressable } from '../../../../utils/a11y';
import { usePhotoViewer } from '../../../../components/photo-viewer';

const stars = (n: number) =>
  '★★★★★'.slice(0, Math.max(0, Math.min(5, n))) + '☆☆☆☆☆'.slice(0, 5 - Math.max(0, Math.min(5, n)));

/**
 * A review's words as its author wrote them; when they are in the other language than the page's, a small marker
 * says which ("In Chinese" on the English page, "英文评价" on the Chinese one).
 */
function ReviewComment({ text }: { text: string }) {
  const t = useT();
  const { ui } = useStores();
  const lang = textLang(text);
  return (
    <View className='review__comment-box'>
      {lang !== null && lang !== ui.lang && (
        <Text className={`review__lang review__lang--${lang}`}>{t(`store.review_in_${lang}`)}</Text>
      )}
      <Text className='review__comment'>{text}</Text>
    </View>
  );
}

/** The reviews tab: the rating summary, then the reviews, newest first, with load more. */
export const ReviewsSection = observer(function ReviewsSection({ restaurantId }: { restaurantId: number }) {
  const root = useStores();
  const { api, ui } = root;
  const t = useT();
  const reviews = usePaged<Review, StoreReviews>(
    (page) => api.restaurants.reviews(restaurantId, page, 10),
    [restaurantId, ui.lang],
  );
  const summary = reviews.first?.summary;
  const viewer = usePhotoViewer(t('store.photo_dialog'));

  if (reviews.status === 'loading') return <Loading />;
  if (reviews.status === 'error')
    return <ErrorState message={ui.errorMessage(reviews.error)} onRetry={reviews.reload} />;
  return (
    <View className='reviews'>
      {summary && summary.count > 0 && (
        <View className='reviews__summary'>
          <View className='reviews__average'>
            <Text className='reviews__average-value'>{summary.average.toFixed(1)}</Text>
            <Text className='reviews__average-stars'>{stars(Math.round(summary.average))}</Text>
            <Text className='reviews__average-count'>{t('store.review_count', { count: summary.count })}</Text>
          </View>
          <View className='reviews__facts'>
            <Text>{t('store.food_average', { rating: summary.food_average.toFixed(1) })}</Text>
            <Text>{t('store.other_average', { rating: summary.other_average.toFixed(1) })}</Text>
            <Text className='reviews__buckets-label'>{t('store.summary_buckets')}</Text>
            <View className='reviews__buckets'>
              {DELIVERY_TIME_BUCKETS.map((b) => (
                <Text key={b} className='reviews__bucket'>
                  {t('store.bucket_count', { bucket: t(`store.delivery_${b}`), count: summary.delivery_time[b] })}
                </Text>
              ))}
            </View>
          </View>
        </View>
      )}
      {reviews.items.length === 0 && <Empty message={t('store.no_reviews')} />}
      {reviews.items.map((r) => (
        <View key={r.id} className='review'>
          <View className='review__head'>
            <Text className='review__author'>{r.author}</Text>
            <Text className='review__date'>{formatDate(r.created_at, ui.lang)}</Text>
          </View>
          <View className='review__ratings'>
            <Text className='review__stars'>{stars(r.food_rating)}</Text>
            {r.delivery_time && <Text>{t(`store.delivery_${r.delivery_time}`)}</Text>}
            <Text>{t('store.other_rating', { rating: r.other_rating })}</Text>
          </View>
          {r.comment && <ReviewComment text={r.comment} />}
          {r.photos.length > 0 && (
            <View className='review__photos'>
              {r.photos.map((p, i) => (
                <View
                  key={p}
                  className='review__photo'
                  {...pressable(() => viewer.open(r.photos.map(root.imageUrl), i), {
                    label: t('store.open_photo', { index: i + 1 }),
                    popup: 'dialog',
                  })}
                >
                  <Image
                    className='review__photo-image picture-cover'
                    src={root.imageUrl(r.thumbnails[i] || p)}
                    mode='aspectFill'
                    {...altText(t('store.review_photo'))}
                    lazyLoad
                  />
                </View>
              ))}
            </View>
          )}
        </View>
      ))}
      {reviews.items.length > 0 && (
        <LoadMore
          hasMore={reviews.hasMore}
          loading={reviews.loadingMore}
          error={reviews.moreError}
          onMore={reviews.loadMore}
          endText={t('store.reviews_end')}
        />
      )}
      {viewer.viewer}
    </View>
  );
});
