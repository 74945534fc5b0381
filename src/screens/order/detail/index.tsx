import { Text, View } from '@tarojs/components';
import { useDidHide, useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Order } from '../../../../types/api/orders';
import { ErrorCode } from '../../../../types/errors';
import { OrderStatus as S } from '../../../../types/order-status';
import { LoginPrompt } from '../../../components/login-prompt';
import { OrderStatus } from '../../../components/order-status';
import { PageShell } from '../../../components/page-shell';
import { RestaurantContact } from '../../../components/restaurant-contact';
import { ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { useOrderActions } from '../../../stores/order-actions';
import { useSubscribe } from '../../../stores/subscribe';
import { useOrderFeed } from '../../../stores/order-feed';
import { pressable } from '../../../utils/a11y';
import { formatDate, formatWhen } from '../../../utils/date';
import { formatWhenInSentence } from '../../../utils/date-in-sentence';
import { formatPrice } from '../../../utils/price';
import { usePolling } from '../../../utils/use-polling';
import { methodLabel } from '../settlement/parts/choices';
import './index.scss';
import { useRouteParams } from '../../../utils/use-route-params';
import { orderAgain } from './order-again';
import { endText, OrderPromise } from './promise';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/order';

/** Nothing moves these any more (an unpaid cancelled order stays cancelled; a paid one is refunded at once). */
const ENDED: readonly number[] = [S.Cancelled, S.Refunded, S.Accomplished];
export const isOpen = (o: Pick<Order, 'status'>) => !ENDED.includes(o.status);

/** Issue 9: the open page shows a new status within 5 seconds. */
export const ORDER_POLL_MS = 4000;

/**
 * order_detail/{orderId}: every field of the specification's Order, the progress steps, the collection code and the
 * disclaimer about disputes after collection. While the page is shown it follows the customer's live order events
 * (reading the order again on each change of it); while that stream is not up it asks again every few seconds; it
 * stops when hidden or closed.
 */
function OrderDetailPage() {
  const { api, session, platform, ui, payment } = useStores();
  const actions = useOrderActions();
  const subscribe = useSubscribe();
  const t = useT();
  const nav = platform.navigation;
  const raw = useRouteParams(nav, 'orderDetail').orderId ?? '';
  const orderId = /^\d{1,12}$/.test(raw) ? Number(raw) : 0;
  const [order, setOrder] = useState<Order | undefined>();
  const [error, setError] = useState<unknown>();
  const [shown, setShown] = useState(true);
  const latest = useRef(0);

  const load = useCallback(() => {
    if (!orderId || !session.isLoggedIn) return;
    const call = ++latest.current;
    api.orders.info(orderId).then(
      (data) => {
        if (call !== latest.current) return;
        setOrder(data);
        setError(undefined);
      },
      (err: unknown) => {
        // A failed refresh keeps what is on screen.
        if (call === latest.current) setError(err);
      },
    );
  }, [api, orderId, session.isLoggedIn]);

  useEffect(load, [load, ui.lang]);
  // Mini program: the message templates, read ahead for the Pay now tap.
  useEffect(() => {
    void subscribe.prepare();
  }, [subscribe]);
  const shownOnce = useRef(false);
  useDidShow(() => {
    platform.setTitle(t('order.title'));
    setShown(true);
    // Back from rating it: "Rated" now.
    if (shownOnce.current) load();
    shownOnce.current = true;
  });
  useDidHide(() => setShown(false));
  const following = shown && !!order && isOpen(order);
  // Live (issue 18): a change of this order is read at once; the 4 s poll runs only while the stream is not up.
  const live = useOrderFeed((e) => {
    if (e.order_id === orderId) load();
  }, following);
  usePolling(load, ORDER_POLL_MS, following && !live);
  // Once the stream is up, read once more: a change between the first read and the stream is not missed.
  useEffect(() => {
    if (live) load();
  }, [live, load]);

  const pay = async () => {
    // Mini program: asked inside the tap (WeChat requires it), before the payment is awaited.
    void subscribe.askInTap();
    const result = await payment.pay(orderId);
    if (result === 'paid') load();
  };

  const cancel = async () => {
    const yes = await platform.feedback.confirm(t('order_after.cancel_confirm'), {
      confirmText: t('order_after.cancel_yes'),
      cancelText: t('order_after.cancel_no'),
    });
    if (!yes) return;
    const next = await actions.cancel(orderId);
    if (!next) return load();
    ++latest.current;
    setOrder(next);
    platform.feedback.toast(t('order_after.cancelled'), 'success');
  };

  if (!session.isLoggedIn) {
    return (
      <PageShell>
        <LoginPrompt message={t('order.login_prompt')} />
      </PageShell>
    );
  }
  const notFound = !orderId || (error as { code?: number } | undefined)?.code === ErrorCode.NotFound;
  if (notFound && !order) {
    return (
      <PageShell>
        <ErrorState message={t('order.not_found')} />
      </PageShell>
    );
  }
  if (!order) {
    return (
      <PageShell>{error ? <ErrorState message={ui.errorMessage(error)} onRetry={load} /> : <Loading />}</PageShell>
    );
  }

  const online = order.payment_method === 'wechat' || order.payment_method === 'alipay';
  const open = isOpen(order);
  const canPay = online && !order.paid && order.status === 0;
  const rows: Array<[string, string, string]> = [
    ['id', t('order.id'), order.order_no || String(order.id)],
    ['time', t('order.time'), formatDate(order.created_at, ui.lang, true)],
    ['restaurant', t('order.restaurant'), order.restaurant_name],
    ['mode', t('order.mode'), t(`checkout.${order.mode}`)],
    ...(order.mode === 'collection' && order.collection_time
      ? [
          ['collection-time', t('order.collection_time'), formatWhen(order.collection_time, ui.lang)] as [
            string,
            string,
            string,
          ],
        ]
      : []),
    ['payment-method', t('order.payment_method'), methodLabel(t, order.payment_method, order.mode)],
    ...(order.payment_method !== 'cod'
      ? [
          ['paid', t('order.payment_status'), order.paid ? t('order.paid') : t('order.unpaid')] as [
            string,
            string,
            string,
          ],
        ]
      : []),
    // A collection order has nobody to deliver to.
    ...(order.recipient_name
      ? [['recipient', t('order.recipient'), order.recipient_name] as [string, string, string]]
      : []),
    ...(order.phone ? [['phone', t('order.phone'), order.phone] as [string, string, string]] : []),
    ...(order.mode === 'delivery' ? [['address', t('order.address'), order.address] as [string, string, string]] : []),
    ['cutlery', t('order.cutlery'), order.cutlery ? t('order.cutlery_yes') : t('order.cutlery_no')],
    ['comment', t('order.comment'), order.comment || t('order.no_comment')],
  ];

  return (
    <PageShell>
      <View className='order-detail'>
        {/* Where the order is (status, actions, collection, timeline) and what it is (lines, amounts, details): one
            column on a phone, side by side on a desktop. */}
        <View className='order-detail__side'>
          <View className='order-detail__card order-detail__head'>
            <OrderStatus order={order} />
            {endText(t, order) && <Text className='order-detail__reason'>{endText(t, order)}</Text>}
            <OrderPromise order={order} t={t} />
            <Text className='order-detail__live'>{open ? t('order.live') : t('order_after.ended')}</Text>
            {canPay && order.pay_before ? (
              <Text className='order-detail__pay-before'>
                {t('order.pay_before', { time: formatWhenInSentence(order.pay_before, ui.lang) })}
              </Text>
            ) : null}
            <View className='order-detail__actions'>
              {canPay && (
                <Text className='order-detail__action order-detail__pay' {...pressable(() => void pay())}>
                  {t('order.pay_now')}
                </Text>
              )}
              {order.can_cancel && (
                <Text className='order-detail__action order-detail__cancel' {...pressable(() => void cancel())}>
                  {t('order_after.cancel')}
                </Text>
              )}
              <Text
                className='order-detail__action order-detail__again'
                {...pressable(() => void orderAgain({ actions, platform, t }, order))}
              >
                {t('order_after.reorder')}
              </Text>
              {order.can_rate && (
                <Text
                  className='order-detail__action order-detail__rate'
                  {...pressable(() => void nav.go('rating', { orderId: order.id, from: 'detail' }))}
                >
                  {t('order.rate')}
                </Text>
              )}
            </View>
            {order.rating_id !== null && <Text className='order-detail__rated'>{t('order.rated')}</Text>}
          </View>

          {order.collection_code && (
            <View className='order-detail__card order-detail__code'>
              <Text className='order-detail__code-label'>{t('order.collection_code')}</Text>
              <Text className='order-detail__code-value'>{order.collection_code}</Text>
            </View>
          )}

          <View className='order-detail__card order-detail__restaurant'>
            <RestaurantContact
              place={{
                name: order.restaurant_name,
                address: order.restaurant_address,
                phone: order.restaurant_phone,
                lat: order.restaurant_lat,
                lng: order.restaurant_lng,
              }}
              showAddress={order.mode === 'collection'}
            />
          </View>

          <View className='order-detail__card order-detail__steps'>
            <Text className='order-detail__card-title'>{t('order.progress')}</Text>
            <View className='order-timeline'>
              {order.steps.map((step, i) => {
                const reachedNext = order.steps[i + 1]?.done ?? false;
                const ended = step.key === 'cancelled' || step.key === 'refunded';
                return (
                  <View
                    key={step.key}
                    className={`order-step ${step.done ? 'order-step--done' : ''} ${ended ? 'order-step--ended' : ''} ${
                      step.done && !reachedNext ? 'order-step--current' : ''
                    }`}
                  >
                    <View className='order-step__rail' aria-hidden='true'>
                      <View className='order-step__dot' />
                      {i < order.steps.length - 1 && (
                        <View className={`order-step__line ${reachedNext ? 'order-step__line--done' : ''}`} />
                      )}
                    </View>
                    <View className='order-step__body'>
                      <Text className='order-step__label'>{step.label}</Text>
                      {step.at ? <Text className='order-step__time'>{formatWhen(step.at, ui.lang)}</Text> : null}
                    </View>
                  </View>
                );
              })}
            </View>
          </View>
        </View>

        <View className='order-detail__main'>
          <View className='order-detail__card order-detail__items'>
            <Text className='order-detail__card-title'>{t('order.items')}</Text>
            {order.lines.map((line, i) => (
              <View key={`${line.dish_id}-${i}`} className='order-detail__line'>
                <View className='order-detail__line-main'>
                  <Text className='order-detail__line-name'>{line.name}</Text>
                  {line.option_names.length > 0 && (
                    <Text className='order-detail__line-options'>
                      {line.option_names.join(t('menu.list_separator'))}
                    </Text>
                  )}
                </View>
                <Text className='order-detail__line-quantity'>×{line.quantity}</Text>
                <Text className='order-detail__line-price'>{formatPrice(line.line_total_fen)}</Text>
              </View>
            ))}
            <View className='order-detail__row order-detail__row--goods'>
              <Text>{t('order.goods')}</Text>
              <Text>{formatPrice(order.goods_fen)}</Text>
            </View>
            {/* The price lines stored with the order, as settlement showed them (the fee, each promotion, the
              voucher); nobody delivers a collection order: no fee row. */}
            {order.price_lines
              .filter((l) => !(l.kind === 'delivery_fee' && order.mode === 'collection'))
              .map((l, i) => (
                <View
                  key={`${l.kind}-${l.promotion_id ?? l.voucher_id ?? i}`}
                  className={`order-detail__row order-detail__row--${
                    l.kind === 'delivery_fee' ? 'delivery-fee' : l.kind === 'voucher' ? 'discount' : 'promotion'
                  }`}
                >
                  <Text>{l.name}</Text>
                  <Text>{l.amount_fen < 0 ? `-${formatPrice(-l.amount_fen)}` : formatPrice(l.amount_fen)}</Text>
                </View>
              ))}
            <View className='order-detail__row order-detail__row--total'>
              <Text>{t('order.total')}</Text>
              <Text className='order-detail__total'>{formatPrice(order.total_fen)}</Text>
            </View>
          </View>

          <View className='order-detail__card order-detail__info'>
            {rows.map(([key, label, value]) => (
              <View key={key} className={`order-detail__row order-detail__row--${key}`}>
                <Text className='order-detail__label'>{label}</Text>
                <Text className='order-detail__value'>{value}</Text>
              </View>
            ))}
          </View>

          <Text className='order-detail__disclaimer'>
            {order.mode === 'delivery' ? t('order_after.disclaimer_delivery') : t('order.disclaimer')}
          </Text>
        </View>
      </View>
    </PageShell>
  );
}

export default observer(OrderDetailPage);
