import { Image } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { Lang } from '../../../types/lang';
import flagCn from '../../assets/flags/cn.svg';
import flagEn from '../../assets/flags/en.svg';
import logo from '../../assets/logo.svg';
import { useStores, useT } from '../../stores';
import { Dropdown } from '../dropdown';
import { QrDialog } from '../qr-dialog';
import { SearchBar, type SearchMode } from '../search-bar';
import './index.scss';
import { altText, pressable } from '../../utils/a11y';
import { Box, Line } from '../markup';

/** A back arrow that leads somewhere of the screen's choosing rather than back through the history. */
export interface BackTarget {
  label: string;
  go: () => void;
}

const FLAGS: Record<Lang, string> = { cn: flagCn, en: flagEn };

/** The H5 site's top bar (spec §2 "Top bar"). */
export const TopBar = observer(function TopBar({
  searchMode,
  onSearch,
  back = false,
  backTo,
}: {
  searchMode?: SearchMode;
  onSearch?: (value: string) => void;
  /**
   * An inner screen: a back arrow before the logo on a phone (index.scss); with no earlier screen to go back to, it
   * leads to the screen's parent (route-parents.ts parentOf: an order's screen -> the orders tab).
   */
  back?: boolean;
  /** Where this screen's back arrow leads instead of the history, and what it says (its label). */
  backTo?: BackTarget;
}) {
  const { session, ui, platform, api } = useStores();
  const t = useT();
  const [qrOpen, setQrOpen] = useState(false);
  const nav = platform.navigation;
  // The first screen tells the customer when the saved language could not be loaded (offline start-up).
  useEffect(() => ui.reportMissingPack(), [ui]);

  return (
    <Box className={`top-bar ${back ? 'top-bar--back' : ''}`}>
      <Box className='top-bar__inner'>
        {back && (
          <Box
            className='top-bar__back'
            {...pressable(backTo ? backTo.go : () => void nav.back(), { label: backTo?.label ?? t('topbar.back') })}
          >
            <Line className='top-bar__back-arrow' aria-hidden='true'>
              ‹
            </Line>
          </Box>
        )}
        <Image
          className='top-bar__logo'
          src={logo}
          mode='heightFix'
          {...altText(t('topbar.home'))}
          {...pressable(() => void nav.go('home'), { label: t('topbar.home') })}
        />
        {searchMode && (
          <Box className='top-bar__search'>
            <SearchBar mode={searchMode} onSubmit={onSearch} />
          </Box>
        )}
        <Box className='top-bar__actions'>
          <Line className='top-bar__item top-bar__mini-program' {...pressable(() => setQrOpen(true))}>
            {t('topbar.mini_program')}
          </Line>
          {session.isLoggedIn ? (
            <Dropdown
              className='top-bar__user'
              label={t('topbar.account_menu', { name: session.displayName || t('topbar.user_center') })}
              trigger={<Line className='top-bar__user-name'>{session.displayName || t('topbar.user_center')}</Line>}
              items={[
                { key: 'mine', label: t('topbar.user_center'), onSelect: () => void nav.go('mine') },
                { key: 'orders', label: t('topbar.my_orders'), onSelect: () => void nav.go('orders') },
                {
                  key: 'logout',
                  label: t('topbar.logout'),
                  onSelect: () => {
                    // Logged out here at once; the server revokes the token in the background.
                    void session.logout();
                    void nav.replace('home');
                  },
                },
              ]}
            />
          ) : (
            <>
              <Line className='top-bar__item top-bar__login' {...pressable(() => void nav.go('login'))}>
                {t('topbar.login')}
              </Line>
              <Line className='top-bar__item top-bar__signup' {...pressable(() => void nav.go('register'))}>
                {t('topbar.signup')}
              </Line>
            </>
          )}
          <Dropdown
            className={`top-bar__lang ${ui.switching ? 'top-bar__lang--busy' : ''}`}
            label={
              ui.switching
                ? t('topbar.lang_switching')
                : t('topbar.language_current', { name: t(`topbar.lang_${ui.lang}`) })
            }
            trigger={
              <>
                <Image
                  className='top-bar__flag'
                  src={FLAGS[ui.lang]}
                  mode='aspectFit'
                  aria-label={t('topbar.language')}
                  imgProps={{ alt: t(`topbar.lang_${ui.lang}`) }}
                />
                {/* While the chosen language's pack loads (H5: its own chunk). */}
                {ui.switching && <Box className='top-bar__lang-spinner' aria-hidden='true' />}
              </>
            }
            items={[
              // Each language named in its own script (spec §42's English(EN), Simplified Chinese(CN)), the
              // current one checked.
              {
                key: 'en',
                label: t('topbar.lang_en'),
                onSelect: () => void ui.setLang('en'),
                checked: ui.lang === 'en',
              },
              {
                key: 'cn',
                label: t('topbar.lang_cn'),
                onSelect: () => void ui.setLang('cn'),
                checked: ui.lang === 'cn',
              },
            ]}
          />
        </Box>
      </Box>
      <QrDialog
        open={qrOpen}
        title={t('topbar.mini_program')}
        image={api.codes.qrcodeUrl('miniprogram')}
        tip={t('topbar.mini_program_tip')}
        onClose={() => setQrOpen(false)}
      />
    </Box>
  );
});
