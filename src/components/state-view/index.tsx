import { Text, View } from '@tarojs/components';
import { AtActivityIndicator } from 'taro-ui';
import 'taro-ui/lib/style/components/activity-indicator.scss';
import 'taro-ui/lib/style/components/loading.scss';
import { useT } from '../../stores';
import './index.scss';
import { pressable } from '../../utils/a11y';

/** Loading, empty and error states, the same on every screen. */
/** `fill`: at least a screen high, for content that will be taller, so what follows stays below the fold. */
export function Loading({ fill = false }: { fill?: boolean }) {
  const t = useT();
  return (
    <View className={`state-view state-view--loading ${fill ? 'state-view--fill' : ''}`}>
      <AtActivityIndicator content={t('app.loading')} />
    </View>
  );
}

export function Empty({ message }: { message: string }) {
  return (
    <View className='state-view state-view--empty'>
      <Text>{message}</Text>
    </View>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <View className='state-view state-view--error'>
      <Text className='state-view__message'>{message}</Text>
      {onRetry && (
        <Text className='state-view__action' {...pressable(onRetry)}>
          {t('app.retry')}
        </Text>
      )}
    </View>
  );
}
