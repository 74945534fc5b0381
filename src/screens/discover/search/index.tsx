import { Image, Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { MultipleSearch, SearchHit } from '../../../../types/api/search';
import { SEARCH_HIT_TYPES, SEARCH_KEYWORD_MAX, type SearchHitType } from '../../../../types/catalogue';
import { LoadMore } from '../../../components/load-more';
import { PageShell } from '../../../components/page-shell';
import { Empty, ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { formatPrice } from '../../../utils/price';
import { usePaged } from '../../../utils/use-paged';
import './index.scss';
import { altText, pressable } from '../../../utils/a11y';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/discover';

const PAGE_SIZE = 10;
type Filter = 'all' | SearchHitType;
const NOTHING: MultipleSearch = {
  list: [],
  total: 0,
  page: 1,
  page_size: PAGE_SIZE,
  has_more: false,
  keyword: '',
  counts: { restaurant: 0, dish: 0, news: 0 },
};

/** search: restaurants, dishes and news matching the top bar's keyword, with a filter by kind and load more. */
function SearchPage() {
  const root = useStores();
  const { api, ui, platform, search } = root;
  const t = useT();
  const nav = platform.navigation;
  const [filter, setFilter] = useState<Filter>('all');
  useDidShow(() => platform.setTitle(t('search.title')));

  // A link or reload of /search?keyword=... searches for it. The search bar waits for it: Taro's H5 <Input> fails
  // when its value changes before it has finished mounting.
  const [urlKeyword] = useState(() => (platform.navigation.params('search').keyword ?? '').trim());
  const [synced, setSynced] = useState(() => !urlKeyword || urlKeyword === search.keyword);
  useEffect(() => {
    if (synced) return;
    search.setKeyword(urlKeyword);
    setSynced(true);
  }, [synced, search, urlKeyword]);

  const keyword = synced ? search.keyword.slice(0, SEARCH_KEYWORD_MAX) : '';
  const results = usePaged<SearchHit, MultipleSearch>(
    (page) =>
      keyword
        ? api.search.multiple({ keyword, page, page_size: PAGE_SIZE, ...(filter === 'all' ? {} : { type: filter }) })
        : Promise.resolve(NOTHING),
    [keyword, filter, ui.lang],
  );
  const counts = results.first?.counts;

  const open = (hit: SearchHit) => {
    if (hit.type === 'restaurant') void nav.go('restaurantDetail', { id: hit.id });
    else if (hit.type === 'dish' && hit.restaurant_id)
      void nav.go('restaurantDetail', { id: hit.restaurant_id, item: hit.id });
    else if (hit.type === 'news') void nav.go('article', { id: hit.id });
  };

  return (
    <PageShell
      searchMode={synced ? 'restaurants' : undefined}
      // The address follows a new keyword (H5: /search?keyword=...), so a reload or a copied link shows this search.
      onSearch={(value) => void nav.setParams('search', value ? { keyword: value } : undefined)}
    >
      <View className='search'>
        {!synced ? null : !keyword ? (
          <Empty message={t('search.prompt')} />
        ) : (
          <>
            <Text className='search__heading'>{t('search.results_for', { keyword })}</Text>
            <View className='search__filters'>
              {(['all', ...SEARCH_HIT_TYPES] as Filter[]).map((f) => {
                const n = counts
                  ? f === 'all'
                    ? counts.restaurant + counts.dish + counts.news
                    : counts[f]
                  : undefined;
                return (
                  <Text
                    key={f}
                    className={`search__filter search__filter--${f} ${filter === f ? 'search__filter--on' : ''}`}
                    {...pressable(() => setFilter(f), { pressed: filter === f })}
                  >
                    {n === undefined
                      ? t(`search.type_${f}`)
                      : t('search.type_count', { type: t(`search.type_${f}`), count: n })}
                  </Text>
                );
              })}
            </View>
            {results.status === 'loading' && <Loading />}
            {results.status === 'error' && (
              <ErrorState message={ui.errorMessage(results.error)} onRetry={results.reload} />
            )}
            {results.status === 'ready' && results.items.length === 0 && (
              <Empty message={t('search.none', { keyword })} />
            )}
            {results.status === 'ready' && results.items.length > 0 && (
              <>
                <View className='search__hits store-grid'>
                  {results.items.map((hit) => (
                    <View
                      key={`${hit.type}-${hit.id}`}
                      className={`search__hit search__hit--${hit.type}`}
                      {...pressable(() => open(hit))}
                    >
                      {hit.picture ? (
                        <Image
                          className='search__picture picture-cover'
                          src={root.imageUrl(hit.picture)}
                          mode='aspectFill'
                          {...altText('')}
                          lazyLoad
                        />
                      ) : (
                        <View className='search__picture search__picture--none' />
                      )}
                      <View className='search__body'>
                        <View className='search__row'>
                          <Text className='search__type'>{t(`search.kind_${hit.type}`)}</Text>
                          <Text className='search__title'>{hit.title}</Text>
                        </View>
                        <Text className='search__subtitle'>{hit.subtitle}</Text>
                        {hit.price_fen !== null && <Text className='search__price'>{formatPrice(hit.price_fen)}</Text>}
                      </View>
                    </View>
                  ))}
                </View>
                <LoadMore
                  hasMore={results.hasMore}
                  loading={results.loadingMore}
                  error={results.moreError}
                  onMore={results.loadMore}
                  endText={t('search.end')}
                />
              </>
            )}
          </>
        )}
      </View>
    </PageShell>
  );
}

export default observer(SearchPage);
