import { Text, View } from '@tarojs/components';
import { useStores, useT } from '../../stores';
import './index.scss';
import { pressable } from '../../utils/a11y';

/** A screen that needs a session, seen logged out: why, and Log In (which comes back here). */
export function LoginPrompt({ message }: { message: string }) {
  const { platform } = useStores();
  const t = useT();
  return (
    <View className='login-prompt'>
      <Text>{message}</Text>
      <Text className='login-prompt__action' {...pressable(() => void platform.navigation.go('login', { isBack: 1 }))}>
        {t('topbar.login')}
      </Text>
    </View>
  );
}
