import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useStores } from '../../stores';
import type { SearchMode } from '../search-bar';
import { SiteFooter } from '../site-footer';
import { TopBar } from '../top-bar';
import './index.scss';

/**
 * Every screen sits in this shell: on H5 the top bar and footer of the specification; in the mini program the
 * native navigation bar and tab bar do that job, so only the content is rendered.
 */
export const PageShell = observer(function PageShell({
  searchMode,
  children,
}: {
  searchMode?: SearchMode;
  children?: ReactNode;
}) {
  const { platform, ui } = useStores();
  const t = ui.t;
  useEffect(() => {
    if (!platform.isH5) platform.setTabLabels([t('tab.home'), t('tab.orders'), t('tab.mine')]);
  }, [platform, t]);
  if (!platform.isH5) return <View className='page page--weapp'>{children}</View>;
  return (
    <View className='site'>
      <TopBar searchMode={searchMode} />
      <View className='site__main'>{children}</View>
      <SiteFooter />
    </View>
  );
});
