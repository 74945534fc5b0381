import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { Order } from '../../../../types/api/orders';
import { LoginPrompt } from '../../../components/login-prompt';
import { PageShell } from '../../../components/page-shell';
import { RestaurantContact } from '../../../components/restaurant-contact';
import { ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { formatTime } from '../../../utils/date';
import { formatWhenInSentence } from '../../../utils/date-in-sentence';
import { formatPrice } from '../../../utils/price';
import './index.scss';
import { useRouteParams } from '../../../utils/use-route-params';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/order';

type State = { kind: 'loading' } | { kind: 'error'; error: unknown } | { kind: 'done'; order: Order; paid: boolean };

const ONLINE = ['wechat', 'alipay'];

/**
 * paySucc/{orderId}: where an order lands after it is placed, and where the H5 cashier page comes back to. The
 * server decides whether it is paid (check-order-pay asks the provider when no notification came); an online order
 * still unpaid asks the specification's "cancel the payment?" question, and "no" offers the payment again.
 */
function PaySuccessPage() {
  const { api, session, platform, ui, payment } = useStores();
  const t = useT();
  const nav = platform.navigation;
  const params = useRouteParams(nav, 'paySuccess');
  const raw = params.orderId ?? '';
  // The cashier page sends a cancelled payment back with cancelled=1, after asking the question itself.
  const cancelledAtCashier = params.cancelled === '1';
  const orderId = /^\d{1,12}$/.test(raw) ? Number(raw) : 0;
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const asked = useRef(false);

  useDidShow(() => platform.setTitle(t('pay.success_title')));

  useEffect(() => {
    if (!orderId || !session.isLoggedIn) return undefined;
    let live = true;
    setState({ kind: 'loading' });
    (async () => {
      const order = await api.orders.info(orderId);
      let paid = order.paid;
      if (ONLINE.includes(order.payment_method) && !paid) paid = (await payment.check(orderId)).paid;
      return { order, paid };
    })().then(
      ({ order, paid }) => live && setState({ kind: 'done', order, paid }),
      (error: unknown) => live && setState({ kind: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [api, payment, orderId, session.isLoggedIn, attempt]);

  const payAgain = async () => {
    const result = await payment.pay(orderId);
    if (result === 'paid') setAttempt((a) => a + 1);
    else if (result === 'unpaid') await nav.replace('orderDetail', { orderId });
  };

  // Came back from the cashier without paying: the question, once.
  const unpaidOnline = state.kind === 'done' && !state.paid && ONLINE.includes(state.order.payment_method);
  const cancelled = state.kind === 'done' && (state.order.status === 4 || state.order.status === 5);
  useEffect(() => {
    if (!unpaidOnline || cancelled || cancelledAtCashier || asked.current) return;
    asked.current = true;
    void payment.confirmCancel().then((yes) => (yes ? nav.replace('orderDetail', { orderId }) : payAgain()));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unpaidOnline, cancelled, cancelledAtCashier]);

  // The mini program reLaunches this screen after paying, so its navigation bar offers only home; H5's back arrow
  // goes home too, never back through the history to the checkout or cashier just paid at.
  const backHome = { label: t('pay.back_home'), go: () => void nav.replace('home') };

  if (!session.isLoggedIn) {
    return (
      <PageShell backTo={backHome}>
        <LoginPrompt message={t('order.login_prompt')} />
      </PageShell>
    );
  }

  let body;
  if (!orderId) body = <ErrorState message={t('order.not_found')} />;
  else if (state.kind === 'loading') body = <Loading />;
  else if (state.kind === 'error')
    body = <ErrorState message={ui.errorMessage(state.error)} onRetry={() => setAttempt((a) => a + 1)} />;
  else {
    const { order, paid } = state;
    const title = order.payment_method === 'cod' ? t('pay.placed') : paid ? t('pay.success') : t('pay.unpaid');
    const note =
      order.payment_method === 'cod'
        ? order.mode === 'collection'
          ? t('order_after.pay_at_counter_note')
          : t('pay.cod_note')
        : order.payment_method === 'balance'
          ? t('pay.balance_note')
          : '';
    body = (
      <View className={`pay-success__card ${paid || order.payment_method === 'cod' ? 'pay-success__card--ok' : ''}`}>
        <Text className='pay-success__icon'>{paid || order.payment_method === 'cod' ? '✓' : '!'}</Text>
        <Text className='pay-success__title'>{title}</Text>
        <Text className='pay-success__amount'>{t('pay.amount', { price: formatPrice(order.total_fen) })}</Text>
        <Text className='pay-success__order-no'>{t('order_after.order_no', { no: order.order_no })}</Text>
        {order.estimate && !cancelled && (
          <Text className='pay-success__estimate'>
            {order.estimate.kind === 'ready'
              ? t('order_after.ready_at', { time: formatWhenInSentence(order.estimate.from, ui.lang) })
              : t('order_after.deliver_by', {
                  time: `${formatWhenInSentence(order.estimate.from, ui.lang)}–${formatTime(order.estimate.to)}`,
                })}
          </Text>
        )}
        {note && <Text className='pay-success__note'>{note}</Text>}
        {order.mode === 'collection' && (
          <RestaurantContact
            className='pay-success__restaurant'
            place={{
              name: order.restaurant_name,
              address: order.restaurant_address,
              phone: order.restaurant_phone,
              lat: order.restaurant_lat,
              lng: order.restaurant_lng,
            }}
          />
        )}
        <View className='pay-success__actions'>
          {unpaidOnline && !cancelled && (
            <Text className='pay-success__action pay-success__pay' onClick={() => void payAgain()}>
              {t('pay.pay_now')}
            </Text>
          )}
          <Text
            className='pay-success__action pay-success__view'
            onClick={() => void nav.replace('orderDetail', { orderId })}
          >
            {t('pay.view_order')}
          </Text>
          <Text className='pay-success__action pay-success__home' onClick={() => void nav.replace('home')}>
            {t('pay.back_home')}
          </Text>
        </View>
      </View>
    );
  }

  return (
    <PageShell backTo={backHome}>
      <View className='pay-success'>{body}</View>
    </PageShell>
  );
}

export default observer(PaySuccessPage);
