import { observer } from 'mobx-react-lite';
import type { PagedData } from '../../../../../types/api/common';
import type { ArticleSummary } from '../../../../../types/api/articles';
import { Empty, ErrorState, Loading } from '../../../../components/state-view';
import { useStores, useT } from '../../../../stores';
import { pressable } from '../../../../utils/a11y';
import { formatDate } from '../../../../utils/date';
import type { LoadState } from '../../../../utils/use-load';
import { useProgressive } from '../../../../utils/use-progressive';
import { Box, Line } from '../../../../components/markup';

/** News items drawn in the task the list arrives in, then this many more per task (issue 15 §6). */
const FIRST_SHOWN = 2;
const MORE_SHOWN = 2;

/** Home's news: the latest articles, each opening the article; drawn in slices, at the foot of the page. */
export const News = observer(function News({
  state,
  onRetry,
}: {
  state: LoadState<PagedData<ArticleSummary>>;
  onRetry(): void;
}) {
  const { ui, platform } = useStores();
  const t = useT();
  const list = state.status === 'ready' ? state.data.list : [];
  const shown = useProgressive(list.length, FIRST_SHOWN, MORE_SHOWN);
  return (
    <Box className='home__section home__news'>
      <Line className='home__section-title'>{t('home.news')}</Line>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <ErrorState message={ui.errorMessage(state.error)} onRetry={onRetry} />}
      {state.status === 'ready' && list.length === 0 && <Empty message={t('home.news_empty')} />}
      {list.slice(0, shown).map((item) => (
        <Box
          key={item.id}
          className='home__news-item'
          {...pressable(() => void platform.navigation.go('article', { id: item.id }))}
        >
          <Line className='home__news-title'>{item.title}</Line>
          <Line className='home__news-summary'>{item.summary}</Line>
          <Line className='home__news-date'>{formatDate(item.published_at, ui.lang)}</Line>
        </Box>
      ))}
    </Box>
  );
});
