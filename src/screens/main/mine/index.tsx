import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { LoginPrompt } from '../../../components/login-prompt';
import { PageShell } from '../../../components/page-shell';
import { useStores, useT } from '../../../stores';
import { addressLine } from '../../../utils/address';
import { formatPrice } from '../../../utils/price';
import { useLoad } from '../../../utils/use-load';
import './index.scss';
import { pressable } from '../../../utils/a11y';

/** The user centre (spec §2 /mine): profile, then orders, address book, wallet and vouchers; Log Out. */
function MinePage() {
  const { session, platform, api } = useStores();
  const t = useT();
  const nav = platform.navigation;
  const [voucherCount, reloadCount] = useLoad(
    () => (session.isLoggedIn ? api.wallet.availableCount() : Promise.resolve({ count: 0 })),
    [session.isLoggedIn],
  );
  const shownOnce = useRef(false);
  useDidShow(() => {
    platform.setTitle(t('mine.title'));
    if (shownOnce.current) {
      reloadCount();
    }
    shownOnce.current = true;
    // Fresh name, balance, default address and memberships each time the screen is shown; a 1002 logs out (http
    // client).
    if (session.isLoggedIn) session.refresh().catch((err: unknown) => console.warn('me failed', err));
  });

  if (!session.isLoggedIn) {
    return (
      <PageShell tab='mine'>
        <LoginPrompt message={t('mine.login_prompt')} />
      </PageShell>
    );
  }

  const user = session.userInfo ?? {};
  const name = session.displayName;
  const entries = [
    { key: 'orders', label: t('mine.orders'), value: '', onClick: () => void nav.go('orders') },
    { key: 'ratings', label: t('mine.ratings'), value: '', onClick: () => void nav.go('myRatings') },
    { key: 'addresses', label: t('mine.addresses'), value: '', onClick: () => void nav.go('addresses') },
    {
      key: 'wallet',
      label: t('mine.wallet'),
      value: user.wallet_balance_fen !== undefined ? formatPrice(user.wallet_balance_fen) : '',
      onClick: () => void nav.go('wallet'),
    },
    {
      key: 'vouchers',
      label: t('mine.vouchers'),
      value:
        voucherCount.status === 'ready' && voucherCount.data.count > 0
          ? t('voucher.available_count', { count: voucherCount.data.count })
          : '',
      onClick: () => void nav.go('vouchers'),
    },
  ];
  // The restaurant console's entry, for accounts with a membership (`me` carries them; no call of its own).
  const restaurants = session.memberships;
  if (restaurants.length > 0) {
    entries.unshift({
      key: 'console',
      label: t('mine.console'),
      value: restaurants.length === 1 ? restaurants[0]!.name : t('mine.console_hint'),
      onClick: () => void nav.go('merchantOrders'),
    });
  }

  return (
    <PageShell tab='mine'>
      <View className='mine'>
        <View className='mine__profile'>
          <View className='mine__avatar'>{name.slice(0, 1).toUpperCase()}</View>
          <View className='mine__who'>
            <Text className='mine__name'>{t('mine.hello', { name })}</Text>
            {user.phone && <Text className='mine__detail mine__phone'>{user.phone}</Text>}
            {user.email && <Text className='mine__detail mine__email'>{user.email}</Text>}
          </View>
        </View>
        <View className='mine__default-address' {...pressable(() => void nav.go('addresses'))}>
          <Text className='mine__section-label'>{t('mine.default_address')}</Text>
          <Text className='mine__address-line'>
            {user.default_address ? addressLine(user.default_address) : t('mine.no_default_address')}
          </Text>
        </View>
        <View className='mine__entries'>
          {entries.map((e) => (
            <View key={e.key} className={`mine__entry mine__entry--${e.key}`} {...pressable(e.onClick)}>
              <Text className='mine__entry-label'>{e.label}</Text>
              <View className='mine__entry-end'>
                {e.value && <Text className='mine__entry-value'>{e.value}</Text>}
                <Text className='mine__entry-arrow'>›</Text>
              </View>
            </View>
          ))}
        </View>
        <View
          className='mine__logout'
          {...pressable(() => {
            void session.logout();
            void nav.replace('home');
          })}
        >
          {t('topbar.logout')}
        </View>
      </View>
    </PageShell>
  );
}

export default observer(MinePage);
