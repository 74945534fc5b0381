import { Text, View } from '@tarojs/components';
import { useT } from '../../stores';
import './index.scss';
import { pressable } from '../../utils/a11y';

/** Loading, empty and error states, the same on every screen. */
/** `fill`: at least a screen high, for content that will be taller, so what follows stays below the fold. */
export function Loading({ fill = false }: { fill?: boolean }) {
  const t = useT();
  return (
    <View className={`state-view state-view--loading ${fill ? 'state-view--fill' : ''}`}>
      {/* A CSS ring of our own: taro-ui's activity indicator cost 11 KB of JS and styles in the mini program's main
          package (issue 10). */}
      <View className='state-view__loading'>
        <View className='state-view__spinner' />
        <Text className='state-view__loading-text'>{t('app.loading')}</Text>
      </View>
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
