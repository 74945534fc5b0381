import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { PageShell } from '../../components/page-shell';
import { Empty } from '../../components/state-view';
import { useStores, useT } from '../../stores';
import '../mine/index.scss';

/** The orders tab. The order list itself comes with the orders issue; until then a signed-in customer has none. */
function OrdersPage() {
  const { session, platform } = useStores();
  const t = useT();
  useDidShow(() => platform.setTitle(t('orders.title')));
  return (
    <PageShell>
      <View className='tab-page'>
        {session.isLoggedIn ? (
          <Empty message={t('orders.empty')} />
        ) : (
          <View className='tab-page__login'>
            <Text>{t('orders.login_prompt')}</Text>
            <Text className='tab-page__action' onClick={() => void platform.navigation.go('login')}>
              {t('topbar.login')}
            </Text>
          </View>
        )}
      </View>
    </PageShell>
  );
}

export default observer(OrdersPage);
