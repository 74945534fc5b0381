import { Text, View } from '@tarojs/components';
import { useDidHide, useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { BOARD_STATES, REJECT_REASONS, type MerchantOrder } from '../../../../types/api/merchant';
import { LoginPrompt } from '../../../components/login-prompt';
import { PageShell } from '../../../components/page-shell';
import { Empty, ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { useMerchant } from '../../../stores/merchant';
import { pressable } from '../../../utils/a11y';
import { formatDate, formatTime } from '../../../utils/date';
import { formatPrice } from '../../../utils/price';
import { ConsoleNav } from '../console-frame';
import './index.scss';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/merchant';

const PREP_STEP = 5;

/** One order on the board: what to cook, for whom and how, and accept / reject while it waits. */
const OrderCard = observer(function OrderCard({ order }: { order: MerchantOrder }) {
  const merchant = useMerchant();
  const { ui } = useStores();
  const t = useT();
  const [prep, setPrep] = useState(merchant.defaultPrepMinutes);
  const [rejecting, setRejecting] = useState(false);
  const minutesAgo = Math.max(0, Math.floor((Date.now() - order.created_at) / 60000));
  const busy = merchant.moving.has(order.id);
  return (
    <View className='merchant-card' data-order={order.id}>
      <View className='merchant-card__head'>
        <Text>#{order.order_no}</Text>
        <Text>{order.status_text}</Text>
      </View>
      <Text className='merchant-card__meta'>
        {t(order.mode === 'collection' ? 'merchant.mode_collection' : 'merchant.mode_delivery')} ·{' '}
        {t(order.paid ? 'merchant.paid' : 'merchant.unpaid')} · {formatPrice(order.total_fen)} ·{' '}
        {t('merchant.minutes_ago', { minutes: minutesAgo })}
      </Text>
      {order.lines.map((line, i) => (
        <Text key={i} className='merchant-card__line'>
          {line.quantity} × {line.name}
          {line.options.length > 0 ? ` (${line.options.join(', ')})` : ''}
        </Text>
      ))}
      {order.comment && (
        <Text className='merchant-card__comment'>{t('merchant.comment', { comment: order.comment })}</Text>
      )}
      <Text>{t(order.cutlery ? 'merchant.cutlery_yes' : 'merchant.cutlery_no')}</Text>
      {order.collection_time !== null && (
        <Text>{t('merchant.collect_at', { time: formatDate(order.collection_time, ui.lang, true) })}</Text>
      )}
      {order.customer && (
        <Text className='merchant-card__customer'>
          {order.customer.name} {order.customer.phone}
          {order.customer.address ? ` · ${order.customer.address}` : ''}
          {order.customer.distance_m !== null ? ` · ${t('merchant.distance', { m: order.customer.distance_m })}` : ''}
        </Text>
      )}
      {order.ready_at !== null && <Text>{t('merchant.ready_about', { time: formatTime(order.ready_at) })}</Text>}
      {order.state === 'new' && !rejecting && (
        <View className='merchant-card__actions'>
          <Text
            className='merchant-card__button'
            {...pressable(() => setPrep((m) => Math.max(PREP_STEP, m - PREP_STEP)), { label: t('merchant.prep_less') })}
          >
            −
          </Text>
          <Text className='merchant-card__prep'>{t('merchant.prep_minutes', { minutes: prep })}</Text>
          <Text
            className='merchant-card__button'
            {...pressable(() => setPrep((m) => Math.min(240, m + PREP_STEP)), { label: t('merchant.prep_more') })}
          >
            +
          </Text>
          <Text
            className='merchant-card__button merchant-card__button--main'
            {...pressable(() => !busy && void merchant.accept(order.id, prep))}
          >
            {t('merchant.accept')}
          </Text>
          <Text className='merchant-card__button' {...pressable(() => setRejecting(true))}>
            {t('merchant.reject')}
          </Text>
        </View>
      )}
      {order.state === 'new' && rejecting && (
        <View className='merchant-card__actions'>
          {REJECT_REASONS.map((reason) => (
            <Text
              key={reason}
              className='merchant-card__button'
              {...pressable(() => !busy && void merchant.reject(order.id, reason))}
            >
              {t(`merchant.reason_${reason}`)}
            </Text>
          ))}
          <Text className='merchant-card__button' {...pressable(() => setRejecting(false))}>
            {t('merchant.back')}
          </Text>
        </View>
      )}
    </View>
  );
});

/**
 * The restaurant console's order board (issue 18, merchant/orders): the staff member's restaurant, its orders by state
 * (new … done today, cancelled), accept with a preparation time or reject with a reason; read again every 10 s while
 * shown.
 */
function MerchantOrdersPage() {
  const { session, platform, ui } = useStores();
  const merchant = useMerchant();
  const t = useT();
  const loggedIn = session.isLoggedIn;

  useDidShow(() => {
    platform.setTitle(
      merchant.waiting > 0 ? t('merchant.title_waiting', { count: merchant.waiting }) : t('merchant.title'),
    );
    if (loggedIn) merchant.startPolling();
  });
  useDidHide(() => merchant.stopPolling());
  useEffect(() => {
    if (loggedIn) void merchant.open();
    return () => merchant.stopPolling();
  }, [loggedIn, merchant]);

  if (!loggedIn) {
    return (
      <PageShell>
        <LoginPrompt message={t('merchant.login_prompt')} />
      </PageShell>
    );
  }

  return (
    <PageShell>
      <View className='merchant-board'>
        <Text className='merchant-board__title' {...{ role: 'heading', 'aria-level': 1 }}>
          {merchant.restaurant?.name ?? t('merchant.title')}
          {merchant.waiting > 0 ? ` · ${t('merchant.waiting', { count: merchant.waiting })}` : ''}
        </Text>
        {merchant.restaurantsStatus === 'loading' && <Loading />}
        {merchant.restaurantsStatus === 'error' && (
          <ErrorState
            message={`${t('merchant.load_failed')}: ${ui.errorMessage(merchant.restaurantsError)}`}
            onRetry={() => void merchant.open()}
          />
        )}
        {merchant.restaurantsStatus === 'ready' && merchant.restaurants.length === 0 && (
          <Empty message={t('merchant.no_restaurant')} />
        )}
        {merchant.restaurantId > 0 && <ConsoleNav current='merchantOrders' />}
        {merchant.restaurants.length > 1 && (
          <View className='merchant-board__tabs'>
            {merchant.restaurants.map((r) => (
              <Text
                key={r.restaurant_id}
                className={`merchant-board__tab${r.restaurant_id === merchant.restaurantId ? ' merchant-board__tab--on' : ''}`}
                {...pressable(() => merchant.selectRestaurant(r.restaurant_id))}
              >
                {r.name}
              </Text>
            ))}
          </View>
        )}
        {merchant.restaurantId > 0 && (
          <>
            <View className='merchant-board__tabs' {...{ role: 'tablist' }}>
              {BOARD_STATES.map((s) => (
                <Text
                  key={s}
                  className={`merchant-board__tab${s === merchant.state ? ' merchant-board__tab--on' : ''}`}
                  {...pressable(() => merchant.selectState(s))}
                >
                  {t(`merchant.state_${s}`)}
                </Text>
              ))}
            </View>
            {merchant.status === 'loading' && <Loading />}
            {merchant.status === 'error' && (
              <ErrorState
                message={`${t('merchant.load_failed')}: ${ui.errorMessage(merchant.error)}`}
                onRetry={() => void merchant.loadOrders()}
              />
            )}
            {merchant.status === 'ready' && merchant.orders.length === 0 && <Empty message={t('merchant.empty')} />}
            {merchant.orders.map((o) => (
              <OrderCard key={o.id} order={o} />
            ))}
          </>
        )}
      </View>
    </PageShell>
  );
}

export default observer(MerchantOrdersPage);
