import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { PageShell } from '../../components/page-shell';
import { useStores, useT } from '../../stores';
import './index.scss';

/** The user centre tab: sign-in prompt, or the user's name and log out (the rest comes with the accounts issue). */
function MinePage() {
  const { session, platform } = useStores();
  const t = useT();
  useDidShow(() => platform.setTitle(t('mine.title')));
  return (
    <PageShell>
      <View className='tab-page'>
        {session.isLoggedIn ? (
          <View className='tab-page__login'>
            <Text>{t('mine.hello', { name: session.displayName })}</Text>
            <Text
              className='tab-page__action'
              onClick={() => {
                session.logout();
                void platform.navigation.replace('home');
              }}
            >
              {t('topbar.logout')}
            </Text>
          </View>
        ) : (
          <View className='tab-page__login'>
            <Text>{t('mine.login_prompt')}</Text>
            <Text className='tab-page__action' onClick={() => void platform.navigation.go('login')}>
              {t('topbar.login')}
            </Text>
          </View>
        )}
      </View>
    </PageShell>
  );
}

export default observer(MinePage);
