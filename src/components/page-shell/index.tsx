import { View } from '@tarojs/components';
import type { ReactNode } from 'react';
import type { SearchMode } from '../search-bar';
import { SiteFooter } from '../site-footer';
import { TopBar } from '../top-bar';
import './index.scss';

/**
 * Every H5 screen sits in this shell: the top bar and footer of the specification. The mini program builds
 * index.weapp.tsx instead (Taro picks the platform's file), where the native navigation bar and tab bar do that job.
 */
export function PageShell({
  searchMode,
  onSearch,
  children,
}: {
  searchMode?: SearchMode;
  /** Called after the search bar submits (its value is already in the search store). */
  onSearch?: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <View className='site'>
      <TopBar searchMode={searchMode} onSearch={onSearch} />
      <View className='site__main'>{children}</View>
      <SiteFooter />
    </View>
  );
}
