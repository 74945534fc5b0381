import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import type { Voucher } from '../../../../types/api/wallet';
import { LoadMore } from '../../../components/load-more';
import { LoginPrompt } from '../../../components/login-prompt';
import { PageShell } from '../../../components/page-shell';
import { usePullRefresh } from '../../../components/pull-refresh';
import { Empty, ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { pressable } from '../../../utils/a11y';
import { formatDate } from '../../../utils/date';
import { formatPrice } from '../../../utils/price';
import { usePaged } from '../../../utils/use-paged';
import { voucherLimit } from '../../../utils/voucher-limit';
import '../wallet/index.scss';
import './index.scss';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/account';

/**
 * The customer's vouchers (spec §3 "Voucher: valid-until date"), usable ones first as the server sorts them: the
 * amount and its minimum, the name, the restaurant it is limited to if any, and validity, and for a usable one "Use now"
 * to where it can be spent.
 */
function VouchersPage() {
  const { api, session, platform, ui } = useStores();
  const t = useT();
  const loggedIn = session.isLoggedIn;
  const vouchers = usePaged<Voucher>(
    (page) =>
      loggedIn
        ? api.wallet.vouchers(page, 10)
        : Promise.resolve({ list: [], total: 0, page, page_size: 10, has_more: false }),
    [loggedIn, ui.lang],
  );
  useDidShow(() => platform.setTitle(t('voucher.title')));
  usePullRefresh(() => (loggedIn ? [vouchers.refresh()] : []));

  if (!loggedIn) {
    return (
      <PageShell>
        <LoginPrompt message={t('voucher.login_prompt')} />
      </PageShell>
    );
  }
  const now = Date.now();
  // Where the voucher is spent: its restaurant's menu, or (good anywhere) home, where restaurants are chosen.
  const spendVoucher = (v: Voucher) =>
    v.restaurant_id === null
      ? platform.navigation.go('home')
      : platform.navigation.go('restaurantDetail', { id: v.restaurant_id });
  return (
    <PageShell>
      <View className='vouchers'>
        <Text className='wallet__title'>{t('voucher.title')}</Text>
        {vouchers.status === 'loading' && <Loading />}
        {vouchers.status === 'error' && (
          <ErrorState message={ui.errorMessage(vouchers.error)} onRetry={vouchers.reload} />
        )}
        {vouchers.status === 'ready' && vouchers.items.length === 0 && <Empty message={t('voucher.empty')} />}
        {vouchers.items.map((v) => {
          // The server's word, except a voucher that ran out while the list was open.
          const state = v.state === 'usable' && v.valid_until < now ? 'expired' : v.state;
          return (
            <View key={v.id} className={`voucher-card voucher-card--${state}`}>
              <View className='voucher-card__value'>
                <Text className='voucher-card__discount'>{formatPrice(v.discount_fen)}</Text>
                <Text className='voucher-card__minimum'>
                  {v.min_goods_fen > 0
                    ? t('voucher.min_goods', { price: formatPrice(v.min_goods_fen) })
                    : t('voucher.no_minimum')}
                </Text>
              </View>
              <View className='voucher-card__main'>
                <Text className='voucher-card__name'>{v.name}</Text>
                {/* Limited to one restaurant: said, with its name; a voucher good anywhere says nothing more. */}
                {v.restaurant_id !== null && <Text className='voucher-card__where'>{voucherLimit(t, v)}</Text>}
                <Text className='voucher-card__until'>
                  {t('voucher.valid_until', { date: formatDate(v.valid_until, ui.lang) })}
                </Text>
              </View>
              {state === 'usable' ? (
                <Text
                  className='voucher-card__use'
                  {...pressable(() => void spendVoucher(v), { label: `${t('wallet.use_voucher')}: ${v.name}` })}
                >
                  {t('wallet.use_voucher')}
                </Text>
              ) : (
                <Text className='voucher-card__badge'>{t(`voucher.${state}`)}</Text>
              )}
            </View>
          );
        })}
        {vouchers.status === 'ready' && vouchers.items.length > 0 && (
          <LoadMore
            hasMore={vouchers.hasMore}
            loading={vouchers.loadingMore}
            error={vouchers.moreError}
            onMore={vouchers.loadMore}
          />
        )}
      </View>
    </PageShell>
  );
}

export default observer(VouchersPage);
