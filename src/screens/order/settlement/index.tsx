import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PaymentMethod, Problem, Quote, SubmitOrderBody } from '../../../../types/api/checkout';
import type { OrderMode } from '../../../../types/order-status';
import { LoginPrompt } from '../../../components/login-prompt';
import { PageShell } from '../../../components/page-shell';
import { Empty, ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { useCart } from '../../../stores/cart';
import { addressLine } from '../../../utils/address';
import { attemptDone, attemptKey } from '../../../utils/attempt-key';
import { pressable } from '../../../utils/a11y';
import { formatPrice } from '../../../utils/price';
import { useLoad } from '../../../utils/use-load';
import { Extras, PaymentMethods, VoucherPicker } from './parts/choices';
import { Amounts, ChangesList, Lines } from './parts/summary';
import { AddressChoice, CollectionTime, ModeTabs } from './parts/where';
import './index.scss';
import { useRouteParams } from '../../../utils/use-route-params';

const toId = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);
type Sheet = 'address' | 'time' | 'voucher' | undefined;

/** The problems a refused submit (1001) carries in `data`, if any. */
function problemsOf(err: unknown): Problem[] | undefined {
  const data = (err as { data?: { problems?: unknown } | null } | null)?.data;
  return data && Array.isArray(data.problems) ? (data.problems as Problem[]) : undefined;
}
const MODES: OrderMode[] = ['delivery', 'collection'];

/**
 * settlemt/{rid} (spec §2, §5): delivery to an address of the address book or collection at a time, the payment
 * methods the restaurant accepts, a voucher, cutlery and a comment; the server's quote (amounts and what changed since
 * the cart was filled) follows every choice. Placing the order is idempotent: one key per attempt, kept until it
 * succeeds, so a double tap or a retry after a timeout never makes two orders.
 */
function SettlementPage() {
  const { api, session, platform, ui, payment } = useStores();
  const cart = useCart();
  const t = useT();
  const nav = platform.navigation;
  const rid = toId(useRouteParams(nav, 'settlement').rid);
  const loggedIn = session.isLoggedIn;

  const [mode, setMode] = useState<OrderMode>('delivery');
  const [addressId, setAddressId] = useState<number | undefined>();
  const [collectionTime, setCollectionTime] = useState<number | undefined>();
  const [method, setMethod] = useState<PaymentMethod | undefined>();
  const [voucherId, setVoucherId] = useState<number | undefined>();
  const [cutlery, setCutlery] = useState(false);
  const [comment, setComment] = useState('');
  const [sheet, setSheet] = useState<Sheet>();
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);

  const [store] = useLoad(
    () => (rid ? api.restaurants.info(rid) : Promise.reject(new Error('bad id'))),
    [rid, ui.lang],
  );
  const [addresses, reloadAddresses] = useLoad(
    () => (loggedIn ? api.addresses.list() : Promise.resolve({ list: [] })),
    [loggedIn],
  );
  const [quote, reloadQuote] = useLoad(
    () =>
      rid && loggedIn
        ? api.orders.confirm({
            restaurant_id: rid,
            mode,
            ...(mode === 'delivery' ? { address_id: addressId } : { collection_time: collectionTime }),
            voucher_id: voucherId,
            payment_method: method,
          })
        : Promise.reject(new Error('no quote')),
    [rid, loggedIn, mode, addressId, collectionTime, voucherId, method, ui.lang],
  );

  // Coming back from the edit-address screen: the book may have a new address.
  const shownOnce = useRef(false);
  useDidShow(() => {
    platform.setTitle(t('checkout.title'));
    if (shownOnce.current) reloadAddresses();
    shownOnce.current = true;
  });

  const list = addresses.status === 'ready' ? addresses.data.list : undefined;
  // The default address until the customer chooses (or the chosen one is gone).
  useEffect(() => {
    if (!list || list.length === 0) return;
    if (addressId === undefined || !list.some((a) => a.id === addressId)) {
      setAddressId((list.find((a) => a.is_default) ?? list[0]!).id);
    }
  }, [list, addressId]);
  const chosenAddress = list?.find((a) => a.id === addressId);

  const info = store.status === 'ready' ? store.data : undefined;

  // The last quote stays on screen while the next one (after a change of choice) is on its way.
  const [lastQuote, setLastQuote] = useState<Quote | undefined>();
  useEffect(() => {
    if (quote.status === 'ready') setLastQuote(quote.data);
  }, [quote]);
  const q = quote.status === 'ready' ? quote.data : lastQuote;
  const quoting = quote.status === 'loading';

  // The modes the restaurant offers: the quote's (the server's word), else the restaurant's while it loads.
  const quotedModes = q?.modes;
  const modes = useMemo<OrderMode[]>(() => {
    if (quotedModes && quotedModes.length > 0) return quotedModes;
    return info ? MODES.filter((m) => (m === 'delivery' ? info.delivery : info.collection)) : MODES;
  }, [info, quotedModes]);
  useEffect(() => {
    if (modes.length > 0 && !modes.includes(mode)) setMode(modes[0]!);
  }, [modes, mode]);
  // A refused order's reasons (1001 carries the problems the server found) until the next quote answers.
  const [refused, setRefused] = useState<Problem[] | undefined>();
  useEffect(() => {
    if (quote.status === 'ready') setRefused(undefined);
  }, [quote]);
  // A voucher or method the new quote no longer offers is dropped.
  useEffect(() => {
    if (!q) return;
    if (voucherId !== undefined && !q.vouchers.some((v) => v.id === voucherId)) setVoucherId(undefined);
    if (method !== undefined && !q.payment_methods.includes(method)) setMethod(undefined);
  }, [q, voucherId, method]);

  const submit = async () => {
    if (!rid || !q || quoting || sendingRef.current) return;
    if (mode === 'delivery' && !chosenAddress) return platform.feedback.toast(t('checkout.need_address'));
    if (mode === 'collection' && !collectionTime) return platform.feedback.toast(t('checkout.need_time'));
    if (!method) return platform.feedback.toast(t('checkout.need_payment'));
    if (!q.can_submit) return platform.feedback.toast(t('checkout.cannot_submit'));
    sendingRef.current = true;
    setSending(true);
    try {
      if (mode === 'delivery' && chosenAddress) {
        const yes = await platform.feedback.confirm(
          t('checkout.confirm_address', {
            address: `${chosenAddress.name} ${chosenAddress.phone}\n${addressLine(chosenAddress)}`,
          }),
          { confirmText: t('checkout.confirm_address_yes'), cancelText: t('checkout.confirm_address_no') },
        );
        if (!yes) {
          setSheet('address');
          return;
        }
      }
      const body: Omit<SubmitOrderBody, 'idempotency_key'> = {
        restaurant_id: rid,
        mode,
        ...(mode === 'delivery' ? { address_id: chosenAddress!.id } : { collection_time: collectionTime }),
        payment_method: method,
        voucher_id: voucherId,
        comment: comment.trim() || undefined,
        cutlery,
        expected_total_fen: q.total_fen,
      };
      const scope = `checkout_attempt_${rid}`;
      const idempotencyKey = attemptKey(platform.storage, scope, body);
      let result;
      try {
        result = await api.orders.submit({ ...body, idempotency_key: idempotencyKey });
      } catch (err) {
        // The key stays: trying again with the same order is the same attempt. The new quote shows what changed.
        ui.showError(err);
        const problems = problemsOf(err);
        if (problems) setRefused(problems);
        reloadQuote();
        return;
      }
      attemptDone(platform.storage, scope);
      cart.forget(rid);
      const orderId = result.order_id;
      if (!result.needs_payment) {
        await nav.replace('paySuccess', { orderId });
        return;
      }
      const paid = await payment.pay(orderId);
      if (paid === 'left') return;
      await nav.replace(paid === 'paid' ? 'paySuccess' : 'orderDetail', { orderId });
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  if (!loggedIn) {
    return (
      <PageShell>
        <LoginPrompt message={t('checkout.login_prompt')} />
      </PageShell>
    );
  }
  if (!rid) {
    return (
      <PageShell>
        <ErrorState message={t('store.not_found')} />
      </PageShell>
    );
  }

  const cartEmpty = q && q.lines.length === 0;
  return (
    <PageShell>
      <View className='settlement'>
        <Text className='settlement__title'>
          {t('checkout.title')}
          {info ? ` · ${info.name}` : ''}
        </Text>
        {quoting && !q && <Loading />}
        {quote.status === 'error' && (
          <ErrorState
            message={`${t('checkout.quote_failed')}: ${ui.errorMessage(quote.error)}`}
            onRetry={reloadQuote}
          />
        )}
        {cartEmpty && (
          <View className='settlement__empty'>
            <Empty message={t('checkout.empty_cart')} />
            <Text className='settlement__link' {...pressable(() => void nav.go('restaurantDetail', { id: rid }))}>
              {t('checkout.back_to_menu')}
            </Text>
          </View>
        )}
        {q && !cartEmpty && (
          <>
            {modes.length > 1 && <ModeTabs modes={modes} mode={mode} onChange={setMode} />}
            {mode === 'delivery' ? (
              <AddressChoice
                addresses={list}
                chosen={chosenAddress}
                open={sheet === 'address'}
                onOpen={() => setSheet('address')}
                onClose={() => setSheet(undefined)}
                onChoose={setAddressId}
              />
            ) : (
              <CollectionTime
                times={q.collection_times}
                chosen={collectionTime}
                open={sheet === 'time'}
                onOpen={() => setSheet('time')}
                onClose={() => setSheet(undefined)}
                onChoose={setCollectionTime}
              />
            )}
            <ChangesList problems={refused && refused.length > 0 && quoting ? refused : q.problems} />
            <Lines lines={q.lines} />
            <PaymentMethods
              methods={q.payment_methods}
              chosen={method}
              balanceFen={q.wallet_balance_fen}
              onChoose={setMethod}
            />
            <VoucherPicker
              vouchers={q.vouchers}
              chosenId={voucherId}
              open={sheet === 'voucher'}
              onOpen={() => setSheet('voucher')}
              onClose={() => setSheet(undefined)}
              onChoose={setVoucherId}
            />
            <Extras cutlery={cutlery} comment={comment} onCutlery={setCutlery} onComment={setComment} />
            <Amounts quote={q} />
            <View className='settlement__bar'>
              <Text className='settlement__bar-total'>{formatPrice(q.total_fen)}</Text>
              <View
                className={`settlement__submit ${sending || quoting ? 'settlement__submit--off' : ''}`}
                {...pressable(() => void submit(), { disabled: sending || quoting })}
              >
                <Text>{sending ? t('checkout.submitting') : t('checkout.submit')}</Text>
              </View>
            </View>
          </>
        )}
      </View>
    </PageShell>
  );
}

export default observer(SettlementPage);
