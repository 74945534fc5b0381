import { View } from '@tarojs/components';
import type { ReactNode } from 'react';
import type { SearchMode } from '../search-bar';
import { SiteFooter } from '../site-footer';
import { TabBar, type TabName } from '../tab-bar';
import { TopBar, type BackTarget } from '../top-bar';
import './index.scss';
import './desktop.scss';

/**
 * Every H5 screen sits in this shell: the top bar and footer of the specification, and on a phone the tab bar of the
 * tab pages (`tab`) or a back arrow in the top bar of every other screen. The mini program builds index.weapp.tsx
 * instead (Taro picks the platform's file), where the native navigation bar and tab bar do that job.
 */
export function PageShell({
  searchMode,
  onSearch,
  tab,
  backTo,
  children,
}: {
  searchMode?: SearchMode;
  /** Called after the search bar submits (its value is already in the search store). */
  onSearch?: (value: string) => void;
  /** This screen is that tab of the tab bar (home, orders, mine); other screens are inner screens. */
  tab?: TabName;
  /**
   * An inner screen whose back arrow must not go back through the history (payment success: back there would be the
   * checkout or cashier just paid at); the mini program's native navigation bar ignores it.
   */
  backTo?: BackTarget;
  children?: ReactNode;
}) {
  return (
    <View className={`site ${tab ? 'site--tabs' : 'site--inner'}`}>
      <TopBar searchMode={searchMode} onSearch={onSearch} back={!tab} backTo={backTo} />
      <View className='site__main'>{children}</View>
      <SiteFooter />
      {tab && <TabBar current={tab} />}
    </View>
  );
}
