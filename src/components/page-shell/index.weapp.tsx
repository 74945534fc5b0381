import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useStores } from '../../stores';
import { SearchBar, type SearchMode } from '../search-bar';
import type { TabName } from '../tab-bar';
import type { BackTarget } from '../top-bar';
import './weapp.scss';

/**
 * The mini program's page shell (Taro builds this file instead of index.tsx for weapp): the native navigation bar
 * and tab bar stand in for H5's top bar and footer, so those (and the QR dialog, flags and logo they carry) stay out
 * of the main package.
 */
export const PageShell = observer(function PageShell({
  searchMode,
  onSearch,
  children,
}: {
  searchMode?: SearchMode;
  /** Called after the search bar submits (its value is already in the search store). */
  onSearch?: (value: string) => void;
  /** The tab this screen is: the native tab bar shows it already (app.config.ts), nothing to draw here. */
  tab?: TabName;
  /** H5's top bar back arrow target: the native navigation bar has its own back (or home) button. */
  backTo?: BackTarget;
  children?: ReactNode;
}) {
  const { platform, ui } = useStores();
  const t = ui.t;
  useEffect(() => {
    platform.setTabLabels([t('tab.home'), t('tab.orders'), t('tab.mine')]);
  }, [platform, t]);
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
});
