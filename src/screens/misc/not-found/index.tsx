import { Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { PageShell } from '../../../components/page-shell';
import { useStores, useT } from '../../../stores';
import './index.scss';
import { pressable } from '../../../utils/a11y';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/misc';

/** Any path the site does not know (spec §2). */
function NotFoundPage() {
  const { platform } = useStores();
  const t = useT();
  useEffect(() => platform.setTitle(t('not_found.title')), [platform, t]);
  return (
    <PageShell>
      <View className='not-found'>
        <Text className='not-found__code'>404</Text>
        <Text className='not-found__title'>{t('not_found.title')}</Text>
        <Text className='not-found__message'>{t('not_found.message')}</Text>
        <Text className='not-found__home' {...pressable(() => void platform.navigation.replace('home'))}>
          {t('app.back_home')}
        </Text>
      </View>
    </PageShell>
  );
}

export default observer(NotFoundPage);
