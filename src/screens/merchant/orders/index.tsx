import { Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { BOARD_STATES, REJECT_REASONS, type MerchantOrder } from '../../../../types/api/merchant';
import { nextStatus, OrderStatus } from '../../../../types/order-status';
import { TextInput } from '../../../components/form';
import { LoginPrompt } from '../../../components/login-prompt';
import { statusLabel } from '../../../components/order-status';
import type { MessageKey } from '../../../i18n';
import { PageShell } from '../../../components/page-shell';
import { Empty, ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { useMerchant } from '../../../stores/merchant';
import { pressable } from '../../../utils/a11y';
import { formatDate, formatTime } from '../../../utils/date';
import { formatPrice } from '../../../utils/price';
import { ConsoleAlerts, useShown } from '../console-alert';
import { ConsoleNav } from '../console-frame';
import './index.scss';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/merchant';

const PREP_STEP = 5;
/** Preparation times offered with one tap, besides the restaurant's default. */
const PREP_CHOICES = [10, 15, 20, 30, 45, 60];

const STEP_KEYS: Partial<Record<number, MessageKey>> = {
  [OrderStatus.BeingPrepared]: 'merchant.advance_1',
  [OrderStatus.DriverAssigned]: 'merchant.advance_7',
  [OrderStatus.DriverOnTheWay]: 'merchant.advance_2',
  [OrderStatus.Delivered]: 'merchant.advance_3',
};

/** What the next step of an accepted order is called (the button that moves it there). */
function nextStepKey(order: MerchantOrder): MessageKey | null {
  if (order.state === 'new' || order.state === 'done' || order.state === 'cancelled') return null;
  const mode = order.mode === 'collection' ? 'collection' : 'delivery';
  const next = nextStatus(mode, order.status);
  if (next === null) return null;
  // A collection order is handed over against its code (CollectForm), never by a plain button.
  if (mode === 'collection' && next === OrderStatus.Completed) return null;
  return STEP_KEYS[next] ?? null;
}

/**
 * A collection order marked ready: the code the customer shows, checked by the server before handing over (the
 * server would hand over an unmarked one too; the board offers it once the customer has been told).
 */
const CollectForm = observer(function CollectForm({ order }: { order: MerchantOrder }) {
  const merchant = useMerchant();
  const t = useT();
  const [code, setCode] = useState('');
  const busy = merchant.moving.has(order.id);
  const submit = () => {
    if (!busy && code.trim()) void merchant.collect(order.id, code);
  };
  return (
    <View className='merchant-card__collect'>
      <Text className='merchant-card__collect-label'>{t('merchant.collect_label')}</Text>
      <View className='merchant-card__actions'>
        <View className='merchant-card__code'>
          <TextInput
            value={code}
            onChange={setCode}
            keyboard='code'
            maxlength={16}
            name='collect-code'
            placeholder={t('merchant.collect_placeholder')}
            onConfirm={submit}
          />
        </View>
        <Text
          className={`merchant-card__button merchant-card__button--main${code.trim() ? '' : ' merchant-card__button--off'}`}
          {...pressable(submit, { disabled: !code.trim() })}
        >
          {t('merchant.collect_button')}
        </Text>
      </View>
    </View>
  );
});

/** One order on the board: what to cook, for whom and how, and accept / reject while it waits. */
const OrderCard = observer(function OrderCard({ order }: { order: MerchantOrder }) {
  const merchant = useMerchant();
  const { ui } = useStores();
  const t = useT();
  const [prep, setPrep] = useState(merchant.defaultPrepMinutes);
  const [rejecting, setRejecting] = useState(false);
  const minutesAgo = Math.max(0, Math.floor((Date.now() - order.created_at) / 60000));
  const busy = merchant.moving.has(order.id);
  const reminded = merchant.reminders.has(order.id);
  const step = nextStepKey(order);
  // A collection order being prepared: marked ready (the customer is told), then handed over against its code.
  const collecting = order.mode === 'collection' && order.status === OrderStatus.BeingPrepared;
  const choices = [...new Set([merchant.defaultPrepMinutes, ...PREP_CHOICES])].sort((a, b) => a - b);
  return (
    <View
      className={`merchant-card${order.state === 'new' ? ' merchant-card--new' : ''}${reminded ? ' merchant-card--hurry' : ''}`}
      data-order={order.id}
    >
      <View className='merchant-card__head'>
        <Text className='merchant-card__no'>#{order.order_no}</Text>
        <Text className='merchant-card__status'>{statusLabel(t, order)}</Text>
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
      {order.ready_at !== null && !order.marked_ready_at && (
        <Text>{t('merchant.ready_about', { time: formatTime(order.ready_at) })}</Text>
      )}
      {order.marked_ready_at ? (
        <Text className='merchant-card__ready'>
          {t('merchant.marked_ready', { time: formatTime(order.marked_ready_at) })}
        </Text>
      ) : null}
      {order.hurry_count > 0 && order.hurry_at !== null && (
        <Text className='merchant-card__hurry' {...{ role: 'status' }}>
          {t('merchant.hurry', { count: order.hurry_count, time: formatTime(order.hurry_at) })}
        </Text>
      )}
      {order.state === 'new' && !rejecting && (
        <View className='merchant-card__actions merchant-card__choices' {...{ role: 'radiogroup' }}>
          {choices.map((m) => (
            <Text
              key={m}
              className={`merchant-card__chip${m === prep ? ' merchant-card__chip--on' : ''}`}
              {...pressable(() => setPrep(m), { role: 'radio', checked: m === prep })}
            >
              {t('merchant.minutes', { minutes: m })}
            </Text>
          ))}
        </View>
      )}
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
      {step && (
        <View className='merchant-card__actions'>
          <Text
            className='merchant-card__button merchant-card__button--main'
            {...pressable(() => !busy && void merchant.advance(order))}
          >
            {t(step)}
          </Text>
        </View>
      )}
      {collecting && order.state === 'preparing' && (
        <View className='merchant-card__actions'>
          <Text
            className='merchant-card__button merchant-card__button--main'
            {...pressable(() => !busy && void merchant.markReady(order.id))}
          >
            {t('merchant.mark_ready')}
          </Text>
        </View>
      )}
      {collecting && order.state === 'ready' && <CollectForm order={order} />}
    </View>
  );
});

/**
 * The board's alert banners: the chosen restaurant's orders waiting (tap: the new orders), the console's own (sound,
 * other restaurants: ConsoleAlerts) and the live connection's state.
 */
const AlertBanners = observer(function AlertBanners() {
  const merchant = useMerchant();
  const t = useT();
  return (
    <>
      <ConsoleAlerts onBoard />
      {merchant.following && merchant.waiting > 0 && (
        <Text
          className='merchant-banner merchant-banner--alert'
          {...{ 'aria-live': 'assertive' }}
          {...pressable(() => merchant.selectState('new'))}
        >
          {t('merchant.alert', { count: merchant.waiting })}
        </Text>
      )}
      {merchant.following && merchant.live !== 'live' && merchant.live !== 'idle' && (
        <Text className='merchant-banner merchant-banner--offline'>
          {t(merchant.live === 'unsupported' ? 'merchant.live_polling' : 'merchant.live_reconnecting')}
        </Text>
      )}
    </>
  );
});

/**
 * The restaurant console's order board (issue 18, merchant/orders): the staff member's restaurant, its orders by state
 * (new … done today, cancelled), accept with a preparation time or reject with a reason, move along, hand a
 * collection order over against its code. Follows the live events while shown (polling only without a stream); the
 * console's new-order alert (MerchantStore, also on the other console screens) rings (H5 sound once a tap unlocked
 * it, mini program vibration) and a banner shows while an order waits, one per other restaurant with orders waiting;
 * the title counts the waiting orders.
 */
function MerchantOrdersPage() {
  const { session, platform, ui } = useStores();
  const merchant = useMerchant();
  const t = useT();
  const loggedIn = session.isLoggedIn;
  // The title counts the orders waiting in all the account's restaurants (the heading, the chosen one's).
  const title =
    merchant.waitingTotal > 0 ? t('merchant.title_waiting', { count: merchant.waitingTotal }) : t('merchant.title');
  const shown = useShown();
  useEffect(() => {
    if (shown) platform.setTitle(title);
  }, [shown, title, platform]);
  useEffect(() => {
    if (!loggedIn || !shown) return undefined;
    void merchant.follow();
    return () => merchant.unfollow();
  }, [loggedIn, shown, merchant]);

  if (!loggedIn) {
    return (
      <PageShell>
        <LoginPrompt message={t('merchant.login_prompt')} />
      </PageShell>
    );
  }

  return (
    <PageShell>
      <View
        className='merchant-board'
        // Browsers let a page play sound only after a tap on it: the first tap anywhere turns the alert's sound on
        // (H5 only: the mini program vibrates, nothing to unlock).
        {...(platform.isH5
          ? {
              onClick: () => {
                if (!merchant.soundOn) void merchant.unlockSound();
              },
            }
          : {})}
      >
        <Text className='merchant-board__title' {...{ role: 'heading', 'aria-level': 1 }}>
          {merchant.restaurant?.name ?? t('merchant.title')}
          {merchant.waiting > 0 ? ` · ${t('merchant.waiting', { count: merchant.waiting })}` : ''}
        </Text>
        <AlertBanners />
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
