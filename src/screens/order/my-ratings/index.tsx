import { Image, Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { OrderSummary } from '../../../../types/api/orders';
import type { MyRating } from '../../../../types/api/ratings';
import { LoadMore } from '../../../components/load-more';
import { LoginPrompt } from '../../../components/login-prompt';
import { PageShell } from '../../../components/page-shell';
import { usePhotoViewer } from '../../../components/photo-viewer';
import { ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { useRating } from '../../../stores/rating';
import { altText, pressable } from '../../../utils/a11y';
import { formatDate } from '../../../utils/date';
import { usePaged } from '../../../utils/use-paged';
import './index.scss';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/order';

const PAGE_SIZE = 10;
/** How many recent orders are looked through for one waiting for a rating (the orders tab lists them all). */
const RECENT_ORDERS = 20;
const stars = (n: number) => '★'.repeat(Math.max(0, Math.min(5, n))) + '☆'.repeat(5 - Math.max(0, Math.min(5, n)));

/**
 * Mine > My ratings (ratingslist): the customer's ratings, newest first, with their restaurant, stars, delivery time,
 * comment and photos (each with its content check: held or refused ones say so to their author), and delete after a
 * confirmation (the order can then be rated again).
 */
function MyRatingsPage() {
  const root = useStores();
  const { api, session, platform, ui } = root;
  const rating = useRating();
  const t = useT();
  const loggedIn = session.isLoggedIn;
  const list = usePaged<MyRating>(
    (page) =>
      loggedIn
        ? api.ratings.list(page, PAGE_SIZE)
        : Promise.resolve({ list: [], total: 0, page, page_size: PAGE_SIZE, has_more: false }),
    [loggedIn, ui.lang],
  );
  const viewer = usePhotoViewer(t('store.photo_dialog'));
  // Coming back (from rating the order offered below, say): the list again, quietly.
  const [shows, setShows] = useState(0);
  useDidShow(() => setShows((n) => n + 1));
  const { refresh } = list;
  useEffect(() => {
    if (shows > 1) refresh().catch(() => undefined);
  }, [shows, refresh]);
  // No rating yet: a recent order waiting for one (null: none, or the orders could not be read), to offer a way on.
  const empty = loggedIn && list.status === 'ready' && list.items.length === 0;
  const [waiting, setWaiting] = useState<OrderSummary | null | undefined>(undefined);
  useEffect(() => {
    if (!empty) return;
    let live = true;
    setWaiting(undefined);
    api.orders.list(1, RECENT_ORDERS).then(
      (r) => live && setWaiting(r.list.find((o) => o.can_rate) ?? null),
      () => live && setWaiting(null),
    );
    return () => {
      live = false;
    };
  }, [empty, api, ui.lang, shows]);
  useDidShow(() => platform.setTitle(t('rating.mine_title')));

  const remove = async (r: MyRating) => {
    if (await rating.remove(r.id)) list.reload();
  };

  if (!loggedIn) {
    return (
      <PageShell>
        <LoginPrompt message={t('rating.login_prompt')} />
      </PageShell>
    );
  }

  return (
    <PageShell>
      <View className='my-ratings'>
        <Text className='my-ratings__title' {...{ role: 'heading', 'aria-level': 1 }}>
          {t('rating.mine_title')}
        </Text>
        {list.status === 'loading' && <Loading />}
        {list.status === 'error' && (
          <ErrorState
            message={`${t('rating.mine_load_failed')}: ${ui.errorMessage(list.error)}`}
            onRetry={list.reload}
          />
        )}
        {empty && (
          <View className='state-view state-view--empty my-ratings__empty'>
            <Text className='my-ratings__empty-text'>{t('rating.mine_empty')}</Text>
            {waiting && (
              <Text className='my-ratings__waiting'>
                {t('rating.mine_waiting', { restaurant: waiting.restaurant_name })}
              </Text>
            )}
            {waiting !== undefined && (
              <Text
                className={`my-ratings__go ${waiting ? 'my-ratings__go--rate' : 'my-ratings__go--orders'}`}
                {...pressable(() =>
                  waiting
                    ? void platform.navigation.go('rating', { orderId: waiting.id })
                    : void platform.navigation.go('orders'),
                )}
              >
                {waiting ? t('rating.mine_rate_now') : t('rating.mine_see_orders')}
              </Text>
            )}
          </View>
        )}
        {list.items.map((r) => {
          const shown = r.photos.map((p) => root.imageUrl(p.url));
          return (
            <View key={r.id} className='my-rating'>
              <View className='my-rating__head'>
                <Text
                  className='my-rating__name'
                  {...pressable(() => void platform.navigation.go('orderDetail', { orderId: r.order_id }))}
                >
                  {r.restaurant_name}
                </Text>
                <Text className='my-rating__date'>{formatDate(r.created_at, ui.lang)}</Text>
              </View>
              <View className='my-rating__scores'>
                <Text>
                  {t('rating.food')} <Text aria-hidden='true'>{stars(r.food_rating)}</Text>
                  <Text className='sr-only'>{t('rating.stars_value', { count: r.food_rating })}</Text>
                </Text>
                <Text>
                  {t('rating.other')} <Text aria-hidden='true'>{stars(r.other_rating)}</Text>
                  <Text className='sr-only'>{t('rating.stars_value', { count: r.other_rating })}</Text>
                </Text>
                {r.delivery_time && <Text>{t(`store.delivery_${r.delivery_time}`)}</Text>}
              </View>
              {r.comment && <Text className='my-rating__comment'>{r.comment}</Text>}
              {r.comment && r.comment_check === 'review' && (
                <Text className='my-rating__held'>{t('rating.comment_held')}</Text>
              )}
              {r.photos.length > 0 && (
                <View className='my-rating__photos'>
                  {r.photos.map((p, i) => (
                    <View key={p.id} className='my-rating__photo'>
                      <View
                        className='my-rating__thumb'
                        {...pressable(() => viewer.open(shown, i), { label: t('store.open_photo', { index: i + 1 }) })}
                      >
                        <Image
                          className='my-rating__image'
                          src={root.imageUrl(p.thumb_url || p.url)}
                          mode='aspectFill'
                          {...altText('')}
                          lazyLoad
                        />
                      </View>
                      {p.check === 'pending' || p.check === 'review' ? (
                        <Text className='my-rating__check'>{t('rating.photo_held')}</Text>
                      ) : p.check === 'risky' ? (
                        <Text className='my-rating__check my-rating__check--risky'>{t('rating.photo_refused')}</Text>
                      ) : null}
                    </View>
                  ))}
                </View>
              )}
              <View className='my-rating__foot'>
                <Text
                  className='my-rating__delete'
                  {...pressable(() => void remove(r), {
                    label: t('rating.delete_rating', { restaurant: r.restaurant_name }),
                  })}
                >
                  {t('rating.delete')}
                </Text>
              </View>
            </View>
          );
        })}
        {list.status === 'ready' && list.items.length > 0 && (
          <LoadMore
            hasMore={list.hasMore}
            loading={list.loadingMore}
            error={list.moreError}
            onMore={list.loadMore}
            endText={t('rating.mine_end')}
          />
        )}
      </View>
      {viewer.viewer}
    </PageShell>
  );
}

export default observer(MyRatingsPage);
