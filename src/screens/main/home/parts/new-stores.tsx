import { Image, Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { Empty, ErrorState, Loading } from '../../../../components/state-view';
import { useStores, useT } from '../../../../stores';
import { altText, pressable } from '../../../../utils/a11y';
import type { PagedData } from '../../../../../types/api/common';
import type { StoreSummary } from '../../../../../types/api/stores';
import type { LoadState } from '../../../../utils/use-load';

/** How many new restaurants the row shows. */
export const NEW_COUNT = 8;

/**
 * "New restaurants" (newstores): the newest restaurants, in a row that scrolls sideways; with an address chosen, only
 * those that deliver there. Home loads it (and refreshes it with the rest of the page).
 */
export const NewStores = observer(function NewStores({
  state,
  onRetry: reload,
}: {
  state: LoadState<PagedData<StoreSummary>>;
  onRetry(): void;
}) {
  const root = useStores();
  const { ui, platform } = root;
  const t = useT();
  return (
    <View className='home__section home__new-stores'>
      <Text className='home__section-title'>{t('home.new_stores')}</Text>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <ErrorState message={ui.errorMessage(state.error)} onRetry={reload} />}
      {state.status === 'ready' && state.data.list.length === 0 && <Empty message={t('home.new_stores_empty')} />}
      {state.status === 'ready' && state.data.list.length > 0 && (
        <View className='home__new-row'>
          {state.data.list.map((store) => (
            <View
              key={store.id}
              className='home__new-store'
              {...pressable(() => void platform.navigation.go('restaurantDetail', { id: store.id }))}
            >
              <Image className='home__new-logo' src={root.imageUrl(store.logo)} mode='aspectFill' {...altText('')} />
              <Text className='home__new-name'>{store.name}</Text>
              <Text className='home__new-area'>{store.area_name}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  );
});
