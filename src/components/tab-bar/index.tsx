import { Image } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useStores, useT } from '../../stores';
import { pressable } from '../../utils/a11y';
import './index.scss';
import { Box, Line } from '../markup';

export type TabName = 'home' | 'orders' | 'mine';

const TABS: TabName[] = ['home', 'orders', 'mine'];

/**
 * H5's bottom tab bar on a phone (below 768 px; index.scss hides it on wider screens, where the top bar does the
 * job): the mini program's tabBar (src/app.config.ts) with the same icons, labels and colours. The icons are plain
 * files copied to /tab/ (config/index.ts), not bundled: they stay out of the first load.
 */
export const TabBar = observer(function TabBar({ current }: { current: TabName }) {
  const { platform } = useStores();
  const t = useT();
  return (
    <Box className='tab-bar' role='navigation' aria-label={t('topbar.tabs')}>
      {TABS.map((tab) => {
        const on = tab === current;
        return (
          <Box
            key={tab}
            className={`tab-bar__item tab-bar__item--${tab} ${on ? 'tab-bar__item--on' : ''}`}
            {...pressable(() => !on && void platform.navigation.go(tab))}
            aria-current={on ? 'page' : undefined}
          >
            <Image
              className='tab-bar__icon'
              src={`/tab/${tab}${on ? '-on' : ''}.png`}
              mode='aspectFit'
              imgProps={{ alt: '' }}
            />
            <Line className='tab-bar__label'>{t(`tab.${tab}`)}</Line>
          </Box>
        );
      })}
    </Box>
  );
});
