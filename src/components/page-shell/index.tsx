import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useStores } from '../../stores';
import { SearchBar, type SearchMode } from '../search-bar';
import { SiteFooter } from '../site-footer';
import { TopBar } from '../top-bar';
import './index.scss';

/**
 * Every screen sits in this shell: on H5 the top bar and footer of the specification; in the mini program the
 * native navigation bar and tab bar do that job, so only the content is rendered.
 */
export const PageShell = observer(function PageShell({
  searchMode,
  onSearch,
  children,
}: {
  searchMode?: SearchMode;
  /** Called after the search bar submits (its value is already in the search store). */
  onSearch?: (value: string) => void;
  children?: ReactNode;
}) {
  const { platform, ui } = useStores();
  const t = ui.t;
  useEffect(() => {
    if (!platform.isH5) platform.setTabLabels([t('tab.home'), t('tab.orders'), t('tab.mine')]);
  }, [platform, t]);
  if (!platform.isH5) {
    // No top bar in the mini program: the screens that search carry their search bar at the top of the page.
    return (
      <View className='page page--weapp'>
        {searchMode && (
          <View className='page__search'>
            <SearchBar mode={searchMode} onSubmit={onSearch} />
          </View>
        )}
        {children}
      </View>
    );
  }
  return (
    <View className='site'>
      <TopBar searchMode={searchMode} onSearch={onSearch} />
      <View className='site__main'>{children}</View>
      <SiteFooter />
    </View>
  );
});
