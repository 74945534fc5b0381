import { Text, View } from '@tarojs/components';
import { useStores, useT } from '../../stores';
import './index.scss';
import { pressable } from '../../utils/a11y';

/** The foot of a paged list: a "load more" link, a spinner text while loading, the end, or a retry. */
export function LoadMore({
  hasMore,
  loading,
  error,
  onMore,
  endText,
}: {
  hasMore: boolean;
  loading: boolean;
  error?: unknown;
  onMore(): void;
  endText?: string;
}) {
  const { ui } = useStores();
  const t = useT();
  if (error) {
    return (
      <View className='load-more load-more--error'>
        <Text>{ui.errorMessage(error)}</Text>
        <Text className='load-more__action' {...pressable(onMore)}>
          {t('app.retry')}
        </Text>
      </View>
    );
  }
  if (loading) {
    return (
      <View className='load-more'>
        <Text>{t('app.loading')}</Text>
      </View>
    );
  }
  if (hasMore) {
    return (
      <View className='load-more load-more--more' {...pressable(onMore)}>
        <Text className='load-more__action'>{t('discover.load_more')}</Text>
      </View>
    );
  }
  return endText ? (
    <View className='load-more load-more--end'>
      <Text>{endText}</Text>
    </View>
  ) : null;
}
