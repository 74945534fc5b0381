import { Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import type { RouteName } from '../../routes';
import { LoginPrompt } from '../../components/login-prompt';
import { PageShell } from '../../components/page-shell';
import { Empty, ErrorState, Loading } from '../../components/state-view';
import { useStores } from '../../stores';
import { useConsoleT, useManage, type ConsoleKey } from '../../stores/merchant-manage';
import { pressable } from '../../utils/a11y';
import { ConsoleAlerts, useAlertTitle, useConsoleWatch, useShown } from './console-alert';
import './console.scss';

/** The console's screens, in the order of its menu; owner-only ones are left out for staff (the server refuses too). */
const LINKS: Array<{ route: RouteName; label: ConsoleKey; ownerOnly: boolean }> = [
  { route: 'merchantOrders', label: 'nav_orders', ownerOnly: false },
  { route: 'merchantSoldOut', label: 'nav_soldout', ownerOnly: false },
  { route: 'merchantBusy', label: 'nav_busy', ownerOnly: true },
  { route: 'merchantToday', label: 'nav_today', ownerOnly: true },
  { route: 'merchantMembers', label: 'nav_members', ownerOnly: true },
];

/**
 * The console's menu (order board, sold out, busy / closed, today, members), as a mini program user expects it: the
 * board opens a screen above itself (back returns to the board); another screen takes the current one's place
 * (redirect: back still returns to the board), and the board is gone back to when it is below (backTo), never
 * stacked again.
 */
export const ConsoleNav = observer(function ConsoleNav({ current }: { current: RouteName }) {
  const { platform } = useStores();
  const manage = useManage();
  const t = useConsoleT();
  const links = LINKS.filter((l) => !l.ownerOnly || manage.isOwner);
  const open = (route: RouteName) => {
    const nav = platform.navigation;
    if (current === 'merchantOrders') void nav.go(route);
    else if (route === 'merchantOrders') void nav.backTo(route);
    else void nav.redirect(route);
  };
  return (
    <View className='console-nav' {...{ role: 'navigation', 'aria-label': t('nav_label') }}>
      {links.map((l) => (
        <Text
          key={l.route}
          className={`console-nav__link${l.route === current ? ' console-nav__link--on' : ''}`}
          {...(l.route === current ? { 'aria-current': 'page' } : pressable(() => open(l.route)))}
        >
          {t(l.label)}
        </Text>
      ))}
    </View>
  );
});

/**
 * What every management screen shows around its content: the login prompt, the account's restaurants loading or
 * failing, "not a member of any restaurant", the menu, and for an owner-only screen a staff member's notice. The
 * content is drawn only once the restaurant (and, for ownerOnly, the owner role) is known. While shown it keeps the
 * console's new-order alert on (banners of the restaurants with orders waiting, the count in the title; on H5 the
 * first tap turns the sound on).
 */
export const ConsoleFrame = observer(function ConsoleFrame({
  current,
  title,
  ownerOnly = false,
  children,
}: {
  current: RouteName;
  title: string;
  ownerOnly?: boolean;
  children?: ReactNode;
}) {
  const { session, ui, platform } = useStores();
  const manage = useManage();
  const board = manage.board;
  const t = useConsoleT();
  const shown = useShown();
  const fullTitle = useAlertTitle(title);
  useConsoleWatch(session.isLoggedIn && shown);
  useEffect(() => {
    if (shown) platform.setTitle(fullTitle);
  }, [platform, fullTitle, shown]);
  if (!session.isLoggedIn) {
    return (
      <PageShell>
        <LoginPrompt message={t('login_prompt')} />
      </PageShell>
    );
  }
  const ready = board.restaurantsStatus === 'ready' && manage.restaurantId > 0;
  return (
    <PageShell>
      <View
        className='console'
        // Browsers let a page play sound only after a tap on it (H5; the mini program vibrates).
        {...(platform.isH5 ? { onClick: () => void (board.soundOn || board.unlockSound()) } : {})}
      >
        <Text className='console__title' {...{ role: 'heading', 'aria-level': 1 }}>
          {board.restaurant ? `${board.restaurant.name} · ${title}` : title}
        </Text>
        {ready && <ConsoleAlerts onBoard={false} />}
        {ready && <ConsoleNav current={current} />}
        {board.restaurantsStatus === 'loading' && <Loading />}
        {board.restaurantsStatus === 'error' && (
          <ErrorState
            message={`${t('load_failed')}: ${ui.errorMessage(board.restaurantsError)}`}
            onRetry={() => void board.loadRestaurants()}
          />
        )}
        {board.restaurantsStatus === 'ready' && board.restaurants.length === 0 && (
          <Empty message={t('no_restaurant')} />
        )}
        {board.restaurants.length > 1 && (
          <View className='console-nav'>
            {board.restaurants.map((r) => (
              <Text
                key={r.restaurant_id}
                className={`console-nav__link${r.restaurant_id === board.restaurantId ? ' console-nav__link--on' : ''}`}
                {...pressable(() => board.selectRestaurant(r.restaurant_id))}
              >
                {r.name}
              </Text>
            ))}
          </View>
        )}
        {ready && ownerOnly && !manage.isOwner && <Empty message={t('owner_only')} />}
        {ready && (!ownerOnly || manage.isOwner) && children}
      </View>
    </PageShell>
  );
});
