import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { Empty, ErrorState, Loading } from '../../components/state-view';
import { PageShell } from '../../components/page-shell';
import { useStores, useT } from '../../stores';
import { formatDate } from '../../utils/date';
import { useLoad } from '../../utils/use-load';
import './index.scss';

/** Home: the address prompt (the map and nearby restaurants come with the discover issue) and what's new. */
function HomePage() {
  const { api, ui, platform } = useStores();
  const t = useT();
  const [news, reload] = useLoad(() => api.articles.news(1, 5), []);
  useDidShow(() => platform.setTitle(t('app.name')));

  return (
    <PageShell searchMode='home'>
      <View className='home'>
        <View className='home__hero'>
          <Text className='home__title'>{t('home.title')}</Text>
          <Text className='home__prompt'>{t('home.prompt')}</Text>
        </View>
        <View className='home__section'>
          <Text className='home__section-title'>{t('home.news')}</Text>
          {news.status === 'loading' && <Loading />}
          {news.status === 'error' && <ErrorState message={ui.errorMessage(news.error)} onRetry={reload} />}
          {news.status === 'ready' && news.data.list.length === 0 && <Empty message={t('home.news_empty')} />}
          {news.status === 'ready' &&
            news.data.list.map((item) => (
              <View
                key={item.id}
                className='home__news-item'
                onClick={() => void platform.navigation.go('article', { id: item.id })}
              >
                <Text className='home__news-title'>{item.title}</Text>
                <Text className='home__news-summary'>{item.summary}</Text>
                <Text className='home__news-date'>{formatDate(item.published_at, ui.lang)}</Text>
              </View>
            ))}
        </View>
      </View>
    </PageShell>
  );
}

export default observer(HomePage);
