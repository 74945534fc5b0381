import { Image } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { Empty, ErrorState, Loading } from '../../../../components/state-view';
import { useStores, useT } from '../../../../stores';
import { altText, pressable } from '../../../../utils/a11y';
import type { PagedData } from '../../../../../types/api/common';
import type { StoreSummary } from '../../../../../types/api/stores';
import type { LoadState } from '../../../../utils/use-load';
import { useProgressive } from '../../../../utils/use-progressive';
import { Box, Line } from '../../../../components/markup';

/** How many new restaurants the row shows. */
export const NEW_COUNT = 8;
/** Restaurants of the row drawn at once (more than a phone's width shows), then this many more per task. */
const FIRST_SHOWN = 4;
const MORE_SHOWN = 4;

/**
 * "New restaurants" (newstores): the newest restaurants, in a row that scrolls sideways; with an address chosen, only
 * those that deliver there. Home loads it (and refreshes it with the rest of the page). Drawn in slices.
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
  const list = state.status === 'ready' ? state.data.list : [];
  const shown = useProgressive(list.length, FIRST_SHOWN, MORE_SHOWN);
  return (
    <Box className='home__section home__new-stores'>
      <Line className='home__section-title'>{t('home.new_stores')}</Line>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <ErrorState message={ui.errorMessage(state.error)} onRetry={reload} />}
      {state.status === 'ready' && state.data.list.length === 0 && <Empty message={t('home.new_stores_empty')} />}
      {list.length > 0 && (
        <Box className='home__new-row'>
          {list.slice(0, shown).map((store) => (
            <Box
              key={store.id}
              className='home__new-store'
              {...pressable(() => void platform.navigation.go('restaurantDetail', { id: store.id }))}
            >
              <Image className='home__new-logo' src={root.imageUrl(store.logo)} mode='aspectFill' {...altText('')} />
              <Line className='home__new-name'>{store.name}</Line>
              <Line className='home__new-area'>{store.area_name}</Line>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
});
