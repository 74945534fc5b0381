import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { LoginPrompt } from '../../../components/login-prompt';
import { PageShell } from '../../../components/page-shell';
import { usePullRefresh } from '../../../components/pull-refresh';
import { Empty, ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { pressable } from '../../../utils/a11y';
import { formatDate } from '../../../utils/date';
import { formatPrice } from '../../../utils/price';
import { useLoad } from '../../../utils/use-load';
import './index.scss';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/account';

/** The wallet (spec §3 "Wallet: balance"): the balance and the recent ledger lines that make it. */
function WalletPage() {
  const { api, session, platform, ui } = useStores();
  const t = useT();
  const loggedIn = session.isLoggedIn;
  const [wallet, reload, refresh] = useLoad(
    () => (loggedIn ? api.wallet.wallet() : Promise.resolve({ balance_fen: 0, list: [] })),
    [loggedIn, ui.lang],
  );
  usePullRefresh(() => (loggedIn ? [refresh()] : []));
  const shownOnce = useRef(false);
  useDidShow(() => {
    platform.setTitle(t('wallet.title'));
    if (shownOnce.current) reload();
    shownOnce.current = true;
  });

  if (!loggedIn) {
    return (
      <PageShell>
        <LoginPrompt message={t('wallet.login_prompt')} />
      </PageShell>
    );
  }

  return (
    <PageShell>
      <View className='wallet'>
        <Text className='wallet__title'>{t('wallet.title')}</Text>
        {wallet.status === 'loading' && <Loading />}
        {wallet.status === 'error' && <ErrorState message={ui.errorMessage(wallet.error)} onRetry={reload} />}
        {wallet.status === 'ready' && (
          <>
            <View className='wallet__balance-card'>
              <Text className='wallet__balance-label'>{t('wallet.balance')}</Text>
              <Text className='wallet__balance'>{formatPrice(wallet.data.balance_fen)}</Text>
            </View>
            <Text className='wallet__section'>{t('wallet.ledger')}</Text>
            {wallet.data.list.length === 0 && <Empty message={t('wallet.empty')} />}
            {wallet.data.list.map((line) => {
              // A line about an order names it by the number the orders screens show, and opens it.
              const { order_id: orderId, order_no: orderNo } = line;
              const opens = orderId !== null && !!orderNo;
              return (
                <View
                  key={line.id}
                  className={`ledger-line${opens ? ' ledger-line--link' : ''}`}
                  {...(opens ? pressable(() => void platform.navigation.go('orderDetail', { orderId })) : {})}
                >
                  <View className='ledger-line__main'>
                    <Text className='ledger-line__reason'>{line.reason_text || line.reason}</Text>
                    <Text className='ledger-line__time'>{formatDate(line.created_at, ui.lang, true)}</Text>
                    {opens && (
                      <Text className='ledger-line__order'>
                        {t('wallet.order_ref', { no: orderNo })}
                        <Text aria-hidden='true'> ›</Text>
                      </Text>
                    )}
                  </View>
                  <Text
                    className={`ledger-line__amount ${line.amount_fen < 0 ? 'ledger-line__amount--out' : 'ledger-line__amount--in'}`}
                  >
                    {line.amount_fen > 0 ? '+' : ''}
                    {formatPrice(line.amount_fen)}
                  </Text>
                </View>
              );
            })}
          </>
        )}
      </View>
    </PageShell>
  );
}

export default observer(WalletPage);
