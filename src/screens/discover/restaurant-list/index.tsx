import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
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
import './index.scss';
import { pressable } from '../../../utils/a11y';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/discover';

const PAGE_SIZE = 10;
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

  const open = (id: number) => void nav.go('restaurantDetail', { id });
  // Until the strips and the cuisines above the list are in, one screen-high loading state: they then appear
  // together, and nothing already shown moves (issue 10: layout shift).
  const top = [ads, promotions, cuisines].some((s) => s.status === 'loading') ? 'loading' : 'settled';

  return (
    <PageShell searchMode='restaurants' onSearch={(keyword) => keyword && void nav.go('search', { keyword })}>
      <View className='restaurant-list'>
        <View className='restaurant-list__head'>
          <Text className='restaurant-list__title'>{t('discover.list_title')}</Text>
          {chosen ? (
            <View className='restaurant-list__address'>
              <Text className='restaurant-list__address-name'>
                {t('discover.delivering_to', { name: chosen.name })}
              </Text>
              <Text className='restaurant-list__change' {...pressable(() => void nav.go('home'))}>
                {t('location.change')}
              </Text>
            </View>
          ) : null}
        </View>
        <SavedNotice actions={SAVED_ACTIONS} />

        {top === 'loading' ? (
          <Loading fill />
        ) : (
          <>
            {ads.status === 'ready' && <AdStrip ads={ads.data} />}
            {promotions.status === 'ready' && <PromoStrip promotions={promotions.data} />}

            {!chosen ? (
              <View className='restaurant-list__no-address'>
                <Empty message={t('discover.need_address')} />
                <Text className='restaurant-list__go-home' {...pressable(() => void nav.go('home'))}>
                  {t('home.choose_address')}
                </Text>
              </View>
            ) : (
              <>
                <View className='restaurant-list__filters'>
                  <View className='restaurant-list__chips'>
                    <Text
                      className={`restaurant-list__chip restaurant-list__cuisine ${cuisineId === undefined ? 'restaurant-list__chip--on' : ''}`}
                      {...pressable(() => setCuisineId(undefined), { pressed: cuisineId === undefined })}
                    >
                      {t('discover.all_cuisines')}
                    </Text>
                    {cuisines.status === 'ready' &&
                      cuisines.data.map((c) => (
                        <Text
                          key={c.id}
                          className={`restaurant-list__chip restaurant-list__cuisine ${cuisineId === c.id ? 'restaurant-list__chip--on' : ''}`}
                          {...pressable(() => setCuisineId(c.id), { pressed: cuisineId === c.id })}
                        >
                          {c.name}
                        </Text>
                      ))}
                    {cuisines.status === 'error' && (
                      <Text className='restaurant-list__chip' {...pressable(reloadCuisines)}>
                        {t('app.retry')}
                      </Text>
                    )}
                  </View>
                </View>
                <View className='restaurant-list__sorts'>
                  <Text className='restaurant-list__sort-label'>{t('discover.sort_by')}</Text>
                  {STORE_SORTS.map((s) => (
                    <Text
                      key={s}
                      className={`restaurant-list__sort restaurant-list__sort--${s} ${sort === s ? 'restaurant-list__sort--on' : ''}`}
                      {...pressable(() => setSort(s), { pressed: sort === s })}
                    >
                      {t(`discover.sort_${s}`)}
                    </Text>
                  ))}
                </View>

                {list.status === 'loading' && <Loading fill />}
                {list.status === 'error' && <ErrorState message={ui.errorMessage(list.error)} onRetry={list.reload} />}
                {list.status === 'ready' && list.items.length === 0 && (
                  <Empty message={cuisineId ? t('discover.none_of_cuisine') : t('discover.none_message')} />
                )}
                {list.status === 'ready' && list.items.length > 0 && (
                  <>
                    <Text className='restaurant-list__count'>{t('discover.count', { count: list.total })}</Text>
                    <View className='restaurant-list__stores store-grid'>
                      {list.items.map((store) => (
                        <StoreCard key={store.id} store={store} onOpen={open} />
                      ))}
                    </View>
                    <LoadMore
                      hasMore={list.hasMore}
                      loading={list.loadingMore}
                      error={list.moreError}
                      onMore={list.loadMore}
                      endText={t('discover.list_end')}
                    />
                  </>
                )}
              </>
            )}
          </>
        )}
      </View>
    </PageShell>
  );
}

export default observer(RestaurantListPage);
