import { Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { ErrorCode } from '../../../../types/errors';
import { PageShell } from '../../../components/page-shell';
import { ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { formatDate } from '../../../utils/date';
import { useLoad } from '../../../utils/use-load';
import './index.scss';
import { useRouteParams } from '../../../utils/use-route-params';
import { pressable } from '../../../utils/a11y';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/misc';

/** /article/{id}: title, date and body in the current language. */
function ArticlePage() {
  const { api, ui, platform } = useStores();
  const t = useT();
  const rawId = useRouteParams(platform.navigation, 'article').id ?? '';
  const id = /^\d+$/.test(rawId) ? Number(rawId) : NaN;
  const [article, reload] = useLoad(
    () => (Number.isSafeInteger(id) && id > 0 ? api.articles.get(id) : Promise.reject(new Error('bad id'))),
    [id],
  );
  const title = article.status === 'ready' ? article.data.title : t('article.title');
  useEffect(() => platform.setTitle(title), [platform, title]);

  const notFound =
    article.status === 'error' &&
    (!(Number.isSafeInteger(id) && id > 0) || (article.error as { code?: number }).code === ErrorCode.NotFound);

  return (
    <PageShell searchMode={undefined}>
      <View className='article'>
        {article.status === 'loading' && <Loading />}
        {article.status === 'error' &&
          (notFound ? (
            <View className='article__missing'>
              <ErrorState message={t('article.not_found')} />
              <Text className='article__home' {...pressable(() => void platform.navigation.replace('home'))}>
                {t('app.back_home')}
              </Text>
            </View>
          ) : (
            <ErrorState message={ui.errorMessage(article.error)} onRetry={reload} />
          ))}
        {article.status === 'ready' && (
          <View className='article__content'>
            <Text className='article__title'>{article.data.title}</Text>
            <Text className='article__date'>
              {t('article.published', { date: formatDate(article.data.published_at, ui.lang) })}
            </Text>
            {article.data.body.split(/\n{2,}/).map((para, i) => (
              <Text key={i} className='article__para'>
                {para}
              </Text>
            ))}
          </View>
        )}
      </View>
    </PageShell>
  );
}

export default observer(ArticlePage);
