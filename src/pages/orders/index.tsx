import { View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { LoginPrompt } from '../../components/login-prompt';
import { PageShell } from '../../components/page-shell';
import { Empty } from '../../components/state-view';
import { useStores, useT } from '../../stores';

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
          <LoginPrompt message={t('orders.login_prompt')} />
        )}
      </View>
    </PageShell>
  );
}

export default observer(OrdersPage);
