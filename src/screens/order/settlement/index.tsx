import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { LoginPrompt } from '../../../components/login-prompt';
import { PageShell } from '../../../components/page-shell';
import { Empty, ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { useCheckout } from '../../../stores/checkout';
import { useSubscribe } from '../../../stores/subscribe';
import type { CheckoutMissing } from '../../../stores/checkout-store';
import type { MessageKey } from '../../../i18n';
import { addressLine } from '../../../utils/address';
import { pressable } from '../../../utils/a11y';
import { useLoad } from '../../../utils/use-load';
import { useRouteParams } from '../../../utils/use-route-params';
import { CheckoutForm, type Sheet } from './parts/form';
import './index.scss';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/order';

const toId = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);

/** What the customer is told when a choice is missing. */
const MISSING: Record<CheckoutMissing, MessageKey> = {
  address: 'checkout.need_address',
  time: 'checkout.need_time',
  payment: 'checkout.need_payment',
  problems: 'checkout.cannot_submit',
};

/**
 * settlemt/{rid} (spec §2, §5): renders the checkout (CheckoutStore: the choices, the server's quote that follows
 * them, placing the order with one idempotency key per attempt) and goes where its outcome leads: payment success,
 * the payment sheet or cashier, or the order when the payment is left for later.
 */
function SettlementPage() {
  const { api, session, platform, ui, payment } = useStores();
  const checkout = useCheckout();
  const subscribe = useSubscribe();
  const t = useT();
  const nav = platform.navigation;
  const rid = toId(useRouteParams(nav, 'settlement').rid);
  const [sheet, setSheet] = useState<Sheet>();
  const placing = useRef(false);
  const [store] = useLoad(
    () => (rid ? api.restaurants.info(rid) : Promise.reject(new Error('bad id'))),
    [rid, ui.lang],
  );

  useEffect(() => {
    if (!rid) return;
    void subscribe.prepare();
    checkout.open(rid);
    return () => checkout.close();
  }, [checkout, rid, subscribe]);
  // Coming back from the edit-address screen: the book may have a new address.
  const shownOnce = useRef(false);
  useDidShow(() => {
    platform.setTitle(t('checkout.title'));
    if (shownOnce.current) void checkout.reloadAddresses();
    shownOnce.current = true;
  });

  const confirmAddress = () => {
    const a = checkout.address!;
    return platform.feedback.confirm(
      t('checkout.confirm_address', { address: `${a.name} ${a.phone}\n${addressLine(a)}` }),
      { confirmText: t('checkout.confirm_address_yes'), cancelText: t('checkout.confirm_address_no') },
    );
  };

  const place = async () => {
    if (placing.current || checkout.quoting || !checkout.quote) return;
    if (checkout.missing) return platform.feedback.toast(t(MISSING[checkout.missing]));
    // Mini program: WeChat asks about order messages only inside the tap, so before anything is awaited.
    void subscribe.askInTap();
    placing.current = true;
    try {
      if (checkout.mode === 'delivery' && !(await confirmAddress())) return setSheet('address');
      const outcome = await checkout.submit();
      if (outcome.kind === 'incomplete') platform.feedback.toast(t(MISSING[outcome.missing]));
      if (outcome.kind === 'refused') ui.showError(outcome.error);
      if (outcome.kind === 'paid') await nav.replace('paySuccess', { orderId: outcome.orderId });
      if (outcome.kind !== 'pay') return;
      const paid = await payment.pay(outcome.orderId);
      if (paid !== 'left')
        await nav.replace(paid === 'paid' ? 'paySuccess' : 'orderDetail', { orderId: outcome.orderId });
    } finally {
      placing.current = false;
    }
  };

  if (!session.isLoggedIn || !rid) {
    return (
      <PageShell>
        {session.isLoggedIn ? (
          <ErrorState message={t('store.not_found')} />
        ) : (
          <LoginPrompt message={t('checkout.login_prompt')} />
        )}
      </PageShell>
    );
  }

  const info = store.status === 'ready' ? store.data : undefined;
  const q = checkout.quote;
  return (
    <PageShell>
      <View className='settlement'>
        <Text className='settlement__title'>
          {t('checkout.title')}
          {info ? ` · ${info.name}` : ''}
        </Text>
        {checkout.quoting && !q && <Loading />}
        {checkout.quoteStatus === 'error' && (
          <ErrorState
            message={`${t('checkout.quote_failed')}: ${ui.errorMessage(checkout.quoteError)}`}
            onRetry={() => checkout.requote()}
          />
        )}
        {checkout.cartEmpty && (
          <View className='settlement__empty'>
            <Empty message={t('checkout.empty_cart')} />
            <Text className='settlement__link' {...pressable(() => void nav.go('restaurantDetail', { id: rid }))}>
              {t('checkout.back_to_menu')}
            </Text>
          </View>
        )}
        {q && !checkout.cartEmpty && (
          <CheckoutForm
            sheet={sheet}
            onSheet={setSheet}
            onPlace={() => void place()}
            {...(info
              ? {
                  place: {
                    name: info.name,
                    address: info.address,
                    phone: info.phone,
                    lat: info.lat,
                    lng: info.lng,
                  },
                }
              : {})}
          />
        )}
      </View>
    </PageShell>
  );
}

export default observer(SettlementPage);
