import { Text, View } from '@tarojs/components';
import { useDidHide, useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { OrderSummary } from '../../../../types/api/orders';
import { LoadMore } from '../../../components/load-more';
import { LoginPrompt } from '../../../components/login-prompt';
import { OrderStatus } from '../../../components/order-status';
import { PageShell } from '../../../components/page-shell';
import { usePullRefresh } from '../../../components/pull-refresh';
import { Empty, ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { useOrderFeed } from '../../../stores/order-feed';
import { useSubscribe } from '../../../stores/subscribe';
import { formatDate } from '../../../utils/date';
import { formatPrice } from '../../../utils/price';
import { usePaged } from '../../../utils/use-paged';
import './index.scss';
import { pressable } from '../../../utils/a11y';

const PAGE_SIZE = 10;

/** The list's fields of a fresh order (orderinfo answers every field of the summary and more). */
const summaryOf = (o: OrderSummary, was: OrderSummary): OrderSummary =>
  Object.fromEntries(Object.keys(was).map((k) => [k, o[k as keyof OrderSummary]])) as unknown as OrderSummary;

/** The orders tab: the customer's orders, newest first, with load more; each opens its detail. */
function OrdersPage() {
  const { api, session, platform, ui, payment } = useStores();
  const t = useT();
  const loggedIn = session.isLoggedIn;
  const orders = usePaged<OrderSummary>(
    (page) =>
      loggedIn
        ? api.orders.list(page, PAGE_SIZE)
        : Promise.resolve({ list: [], total: 0, page, page_size: PAGE_SIZE, has_more: false }),
    [loggedIn, ui.lang],
  );
  usePullRefresh(() => (loggedIn ? [orders.refresh()] : []));
  // Back on the tab (after paying, or an order moved on): the list again from the top.
  const shownOnce = useRef(false);
  const [shown, setShown] = useState(true);
  useDidShow(() => {
    platform.setTitle(t('orders.title'));
    setShown(true);
    if (shownOnce.current && loggedIn) orders.reload();
    shownOnce.current = true;
  });
  useDidHide(() => setShown(false));
  // Live (issue 18): while shown, a changed order listed here is read again and its row replaced in place; an
  // order not listed (placed elsewhere) reads page 1 again, keeping the list shown meanwhile.
  const live = useOrderFeed((e) => {
    if (!orders.items.some((o) => o.id === e.order_id)) return void orders.refresh().catch(() => undefined);
    api.orders.info(e.order_id).then(
      (fresh) => orders.update((items) => items.map((o) => (o.id === fresh.id ? { ...o, ...summaryOf(fresh, o) } : o))),
      () => undefined,
    );
  }, shown && loggedIn);
  useEffect(() => {
    // Once the stream is up, page 1 once more: a change between the read and the stream is not missed.
    if (live) void orders.refresh().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live]);
  const subscribe = useSubscribe();
  useEffect(() => {
    void subscribe.prepare();
  }, [subscribe]);

  // An unpaid online order can be paid from the list; where it stands afterwards is on its detail page.
  const pay = async (orderId: number) => {
    // Mini program: asked inside the tap (WeChat requires it), before the payment is awaited.
    void subscribe.askInTap();
    const result = await payment.pay(orderId);
    if (result === 'paid') await platform.navigation.go('paySuccess', { orderId });
    else if (result !== 'left') orders.reload();
  };

  if (!loggedIn) {
    return (
      <PageShell tab='orders'>
        <View className='tab-page'>
          <LoginPrompt message={t('orders.login_prompt')} />
        </View>
      </PageShell>
    );
  }

  return (
    <PageShell tab='orders'>
      <View className='tab-page orders'>
        <Text className='orders__title'>{t('orders.title')}</Text>
        {orders.status === 'loading' && <Loading />}
        {orders.status === 'error' && (
          <ErrorState
            message={`${t('orders.load_failed')}: ${ui.errorMessage(orders.error)}`}
            onRetry={orders.reload}
          />
        )}
        {orders.status === 'ready' && orders.items.length === 0 && <Empty message={t('orders.empty')} />}
        {orders.items.map((o) => (
          <View
            key={o.id}
            className='order-card'
            {...pressable(() => void platform.navigation.go('orderDetail', { orderId: o.id }))}
          >
            <View className='order-card__head'>
              <Text className='order-card__name'>{o.restaurant_name}</Text>
              <OrderStatus order={o} />
            </View>
            <View className='order-card__foot'>
              <Text className='order-card__time'>{formatDate(o.created_at, ui.lang, true)}</Text>
              <Text className='order-card__count'>{t('orders.item_count', { count: o.item_count })}</Text>
              <Text className='order-card__total'>{formatPrice(o.total_fen)}</Text>
            </View>
            {(o.can_rate || o.rating_id !== null || o.needs_payment) && (
              <View className='order-card__actions'>
                {o.can_rate && (
                  <Text
                    className='order-card__rate'
                    {...pressable(() => void platform.navigation.go('rating', { orderId: o.id }), {
                      label: `${t('order.rate')} · ${o.restaurant_name}`,
                    })}
                    onClick={(e) => {
                      e.stopPropagation();
                      void platform.navigation.go('rating', { orderId: o.id });
                    }}
                  >
                    {t('order.rate')}
                  </Text>
                )}
                {o.rating_id !== null && <Text className='order-card__rated'>{t('order.rated')}</Text>}
                {o.needs_payment && (
                  <Text
                    className='order-card__pay'
                    onClick={(e) => {
                      e.stopPropagation();
                      void pay(o.id);
                    }}
                  >
                    {t('order.pay_now')}
                  </Text>
                )}
              </View>
            )}
          </View>
        ))}
        {orders.status === 'ready' && orders.items.length > 0 && (
          <LoadMore
            hasMore={orders.hasMore}
            loading={orders.loadingMore}
            error={orders.moreError}
            onMore={orders.loadMore}
            endText={t('orders.end')}
          />
        )}
      </View>
    </PageShell>
  );
}

export default observer(OrdersPage);
