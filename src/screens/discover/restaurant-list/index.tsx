import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useCallback, useState } from 'react';
import { STORE_SORTS, type StoreSort } from '../../../../types/catalogue';
import type { StoreSummary } from '../../../../types/api/stores';
import { LoadMore } from '../../../components/load-more';
import { PageShell } from '../../../components/page-shell';
import { usePullRefresh } from '../../../components/pull-refresh';
import { AdStrip, PromoStrip } from '../../../components/promo-strip';
import { SavedNotice } from '../../../components/saved-notice';
import { Empty, ErrorState, Loading } from '../../../components/state-view';
import { StoreCard } from '../../../components/store-card';
import { useStores, useT } from '../../../stores';
import { useLoad } from '../../../utils/use-load';
import { usePaged } from '../../../utils/use-paged';
import { useProgressive } from '../../../utils/use-progressive';
import './index.scss';
import { pressable } from '../../../utils/a11y';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/discover';
import { Box, Line } from '../../../components/markup';

const PAGE_SIZE = 10;
/** Restaurant cards drawn in the task the list arrives in (more than a phone's first screen holds below the filters),
 * then this many more per task (issue 15 §6: no long task on a phone; nothing shown moves, the rest is below). */
const FIRST_CARDS = 4;
const MORE_CARDS = 2;
/** The answers of this screen the H5 service worker may give from its cache (config/index.ts). */
const SAVED_ACTIONS = ['storelist', 'cuisineslist'];

/** restaurant_list: every restaurant delivering to the chosen address, by cuisine and order, with promotions and ads. */
function RestaurantListPage() {
  const { api, ui, platform, location } = useStores();
  const t = useT();
  const nav = platform.navigation;
  const chosen = location.chosen;
  const [cuisineId, setCuisineId] = useState<number | undefined>();
  const [sort, setSort] = useState<StoreSort>('distance');
  useDidShow(() => platform.setTitle(t('discover.list_title')));

  const cityId = chosen?.city_id;
  const [cuisines, reloadCuisines, refreshCuisines] = useLoad(() => api.catalogue.cuisines(), [ui.lang]);
  const [promotions, , refreshPromotions] = useLoad(
    () => api.catalogue.promotions(cityId ? { city_id: cityId } : {}),
    [cityId, ui.lang],
  );
  const [ads, , refreshAds] = useLoad(
    () => api.catalogue.ads({ slot: 'list_top', ...(cityId ? { city_id: cityId } : {}) }),
    [cityId, ui.lang],
  );
  const list = usePaged<StoreSummary>(
    (page) =>
      chosen
        ? api.restaurants.list({
            lat: chosen.lat,
            lng: chosen.lng,
            page,
            page_size: PAGE_SIZE,
            sort,
            ...(cuisineId ? { cuisine_id: cuisineId } : {}),
          })
        : Promise.resolve({ list: [], total: 0, page, page_size: PAGE_SIZE, has_more: false }),
    [location.key, cuisineId, sort, ui.lang],
  );
  usePullRefresh(() => [refreshAds(), refreshPromotions(), refreshCuisines(), list.refresh()]);

  // One function for every render: the cards drawn in earlier slices are not drawn again (StoreCard is memoised).
  const open = useCallback((id: number) => void nav.go('restaurantDetail', { id }), [nav]);
  const cards = useProgressive(list.items.length, FIRST_CARDS, MORE_CARDS);
  // Until the strips and the cuisines above the list are in, one screen-high loading state: they then appear
  // together, and nothing already shown moves (issue 10: layout shift).
  const top = [ads, promotions, cuisines].some((s) => s.status === 'loading') ? 'loading' : 'settled';

  return (
    <PageShell searchMode='restaurants' onSearch={(keyword) => keyword && void nav.go('search', { keyword })}>
      <Box className='restaurant-list'>
        <Box className='restaurant-list__head'>
          <Line className='restaurant-list__title'>{t('discover.list_title')}</Line>
          {chosen ? (
            <Box className='restaurant-list__address'>
              <Line className='restaurant-list__address-name'>
                {t('discover.delivering_to', { name: chosen.name })}
              </Line>
              <Line className='restaurant-list__change' {...pressable(() => void nav.go('home'))}>
                {t('location.change')}
              </Line>
            </Box>
          ) : null}
        </Box>
        <SavedNotice actions={SAVED_ACTIONS} />

        {top === 'loading' ? (
          <Loading fill />
        ) : (
          <>
            {ads.status === 'ready' && <AdStrip ads={ads.data} />}
            {promotions.status === 'ready' && <PromoStrip promotions={promotions.data} />}

            {!chosen ? (
              <Box className='restaurant-list__no-address'>
                <Empty message={t('discover.need_address')} />
                <Line className='restaurant-list__go-home' {...pressable(() => void nav.go('home'))}>
                  {t('home.choose_address')}
                </Line>
              </Box>
            ) : (
              <>
                <Box className='restaurant-list__filters'>
                  <Box className='restaurant-list__chips'>
                    <Line
                      className={`restaurant-list__chip restaurant-list__cuisine ${cuisineId === undefined ? 'restaurant-list__chip--on' : ''}`}
                      {...pressable(() => setCuisineId(undefined), { pressed: cuisineId === undefined })}
                    >
                      {t('discover.all_cuisines')}
                    </Line>
                    {cuisines.status === 'ready' &&
                      cuisines.data.map((c) => (
                        <Line
                          key={c.id}
                          className={`restaurant-list__chip restaurant-list__cuisine ${cuisineId === c.id ? 'restaurant-list__chip--on' : ''}`}
                          {...pressable(() => setCuisineId(c.id), { pressed: cuisineId === c.id })}
                        >
                          {c.name}
                        </Line>
                      ))}
                    {cuisines.status === 'error' && (
                      <Line className='restaurant-list__chip' {...pressable(reloadCuisines)}>
                        {t('app.retry')}
                      </Line>
                    )}
                  </Box>
                </Box>
                <Box className='restaurant-list__sorts'>
                  <Line className='restaurant-list__sort-label'>{t('discover.sort_by')}</Line>
                  {STORE_SORTS.map((s) => (
                    <Line
                      key={s}
                      className={`restaurant-list__sort restaurant-list__sort--${s} ${sort === s ? 'restaurant-list__sort--on' : ''}`}
                      {...pressable(() => setSort(s), { pressed: sort === s })}
                    >
                      {t(`discover.sort_${s}`)}
                    </Line>
                  ))}
                </Box>

                {list.status === 'loading' && <Loading fill />}
                {list.status === 'error' && <ErrorState message={ui.errorMessage(list.error)} onRetry={list.reload} />}
                {list.status === 'ready' && list.items.length === 0 && (
                  <Empty message={cuisineId ? t('discover.none_of_cuisine') : t('discover.none_message')} />
                )}
                {list.status === 'ready' && list.items.length > 0 && (
                  <>
                    <Line className='restaurant-list__count'>{t('discover.count', { count: list.total })}</Line>
                    <Box className='restaurant-list__stores store-grid'>
                      {list.items.slice(0, cards).map((store) => (
                        <StoreCard key={store.id} store={store} onOpen={open} />
                      ))}
                    </Box>
                    {cards >= list.items.length && (
                      <LoadMore
                        hasMore={list.hasMore}
                        loading={list.loadingMore}
                        error={list.moreError}
                        onMore={list.loadMore}
                        endText={t('discover.list_end')}
                      />
                    )}
                  </>
                )}
              </>
            )}
          </>
        )}
      </Box>
    </PageShell>
  );
}

export default observer(RestaurantListPage);
