import { Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { PagedData } from '../../../../../types/api/common';
import type { StoreSummary } from '../../../../../types/api/stores';
import { StoreCard } from '../../../../components/store-card';
import { Empty, ErrorState, Loading } from '../../../../components/state-view';
import { useStores, useT } from '../../../../stores';
import type { LoadState } from '../../../../utils/use-load';
import { pressable } from '../../../../utils/a11y';

/** The restaurants that deliver to the chosen address, nearest first, with a link to the whole list. */
export const Nearby = observer(function Nearby({
  state,
  onRetry,
}: {
  state: LoadState<PagedData<StoreSummary> | undefined>;
  onRetry(): void;
}) {
  const { ui, platform, location } = useStores();
  const t = useT();
  const nav = platform.navigation;
  return (
    <View className='home__section home__nearby'>
      <View className='home__section-head'>
        <Text className='home__section-title'>{t('discover.nearby_title')}</Text>
        {state.status === 'ready' && state.data && state.data.total > 0 && (
          <Text className='home__view-all' {...pressable(() => void nav.go('restaurantList'))}>
            {t('discover.view_all', { count: state.data.total })}
          </Text>
        )}
      </View>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <ErrorState message={ui.errorMessage(state.error)} onRetry={onRetry} />}
      {state.status === 'ready' && state.data && state.data.total === 0 && (
        <Empty message={t('discover.none_near', { name: location.chosen?.name ?? '' })} />
      )}
      {state.status === 'ready' && state.data && state.data.list.length > 0 && (
        <View className='home__stores store-grid'>
          {state.data.list.map((store) => (
            <StoreCard key={store.id} store={store} onOpen={(id) => void nav.go('restaurantDetail', { id })} />
          ))}
        </View>
      )}
    </View>
  );
});
