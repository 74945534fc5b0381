import { observer } from 'mobx-react-lite';
import { useCallback } from 'react';
import type { PagedData } from '../../../../../types/api/common';
import type { StoreSummary } from '../../../../../types/api/stores';
import { StoreCard } from '../../../../components/store-card';
import { Empty, ErrorState, Loading } from '../../../../components/state-view';
import { useStores, useT } from '../../../../stores';
import type { LoadState } from '../../../../utils/use-load';
import { pressable } from '../../../../utils/a11y';
import { useProgressive } from '../../../../utils/use-progressive';
import { Box, Line } from '../../../../components/markup';

/** Cards drawn in the task the list arrives in, then this many more per task (issue 15 §6: no long task on a phone). */
const FIRST_CARDS = 2;
const MORE_CARDS = 2;

/** The restaurants that deliver to the chosen address, nearest first, with a link to the whole list; the cards in slices. */
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
  const list = state.status === 'ready' && state.data ? state.data.list : [];
  // One function for every render: cards drawn in an earlier slice are not drawn again (StoreCard is memoised).
  const open = useCallback((id: number) => void nav.go('restaurantDetail', { id }), [nav]);
  const shown = useProgressive(list.length, FIRST_CARDS, MORE_CARDS);
  return (
    <Box className='home__section home__nearby'>
      <Box className='home__section-head'>
        <Line className='home__section-title'>{t('discover.nearby_title')}</Line>
        {state.status === 'ready' && state.data && state.data.total > 0 && (
          <Line className='home__view-all' {...pressable(() => void nav.go('restaurantList'))}>
            {t('discover.view_all', { count: state.data.total })}
          </Line>
        )}
      </Box>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <ErrorState message={ui.errorMessage(state.error)} onRetry={onRetry} />}
      {state.status === 'ready' && state.data && state.data.total === 0 && (
        <Empty message={t('discover.none_near', { name: location.chosen?.name ?? '' })} />
      )}
      {list.length > 0 && (
        <Box className='home__stores store-grid'>
          {list.slice(0, shown).map((store) => (
            <StoreCard key={store.id} store={store} onOpen={open} />
          ))}
        </Box>
      )}
    </Box>
  );
});
