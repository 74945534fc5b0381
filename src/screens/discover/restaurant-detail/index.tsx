import { useDidShow, useShareAppMessage, useShareTimeline } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { MenuItem } from '../../../../types/api/stores';
import { ErrorCode } from '../../../../types/errors';
import { CartPanel } from '../../../components/cart-panel';
import { MenuItemChoice, type MenuChoice } from '../../../components/menu-item-choice';
import { NoticeDialog } from '../../../components/notice-dialog';
import { PageShell } from '../../../components/page-shell';
import { PromoStrip } from '../../../components/promo-strip';
import { SavedNotice } from '../../../components/saved-notice';
import { ErrorState, Loading } from '../../../components/state-view';
import { statusText } from '../../../components/store-status';
import { useStores, useT } from '../../../stores';
import { useCart } from '../../../stores/cart';
import { useLoad } from '../../../utils/use-load';
import { StoreHeader } from './parts/header';
import { MenuSection } from './parts/menu';
import { ReviewsSection } from './parts/reviews';
import { StoreCode } from './parts/store-code';
import './index.scss';
import { useRouteParams } from '../../../utils/use-route-params';
import { pressable } from '../../../utils/a11y';
import { sharedPage, sharedTimeline } from '../../../utils/share';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/discover';
import { Box, Line } from '../../../components/markup';

/** The answers of this screen the H5 service worker may give from its cache (config/index.ts). */
const SAVED_ACTIONS = ['storeinfo', 'menulist'];

const toId = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);

/**
 * restaurant_detail?id=12 (the spec gives no path parameter): the restaurant, its menu by category with the
 * "Search For A Dish" filter, the choice layer, and the reviews. `item` opens a dish found by the search.
 */
function RestaurantDetailPage() {
  const { api, ui, platform, location, search, session } = useStores();
  const cart = useCart();
  const t = useT();
  const nav = platform.navigation;
  const params = useRouteParams(nav, 'restaurantDetail');
  const id = toId(params.id);
  const itemId = toId(params.item);
  const chosen = location.chosen;
  const [tab, setTab] = useState<'menu' | 'reviews'>('menu');
  const [choosing, setChoosing] = useState<MenuItem | undefined>();
  const [rangeDismissed, setRangeDismissed] = useState(false);

  const [info, reloadInfo] = useLoad(
    () =>
      id
        ? api.restaurants.info(id, chosen ? { lat: chosen.lat, lng: chosen.lng } : undefined)
        : Promise.reject(new Error('bad id')),
    [id, location.key, ui.lang],
  );
  const [menu, reloadMenu] = useLoad(
    () => (id ? api.restaurants.menu(id) : Promise.reject(new Error('bad id'))),
    [id, ui.lang],
  );
  const [promotions] = useLoad(
    () => (id ? api.catalogue.promotions({ restaurant_id: id }) : Promise.resolve([])),
    [id, ui.lang],
  );

  // The dish search belongs to this screen: leaving it hides the bar, which clears menuName (spec §4).
  useEffect(() => {
    search.showBar();
    return () => search.hideBar();
  }, [search]);

  const name = info.status === 'ready' ? info.data.name : '';
  useEffect(() => platform.setTitle(name || t('store.title')), [platform, name, t]);

  // Shared to a friend or to Moments (mini program), the restaurant's name opening this restaurant.
  useEffect(() => platform.showShareMenu(), [platform]);
  useShareAppMessage(() => sharedPage('restaurantDetail', { id }, name || t('store.title')));
  useShareTimeline(() => sharedTimeline({ id }, name || t('store.title')));

  const outOfRange = info.status === 'ready' && info.data.in_delivery_range === false;
  const blockedReason = info.status === 'ready' && !info.data.is_open ? statusText(t, ui.lang, info.data) : undefined;

  // A dish picked in the search results: scroll to it and open it, once.
  const openedItem = useRef(false);
  useEffect(() => {
    if (openedItem.current || !itemId || menu.status !== 'ready' || info.status !== 'ready') return;
    openedItem.current = true;
    const item = menu.data.categories.flatMap((c) => c.items).find((i) => i.id === itemId);
    if (!item) return;
    platform.scrollTo(`#menu-item-${item.id}`);
    if (!item.sold_out && info.data.in_delivery_range !== false) setChoosing(item);
  }, [itemId, menu, info, platform]);

  // This restaurant's cart: loaded with the page, and again when it comes back into view (after checkout or login).
  useEffect(() => {
    if (id) void cart.load(id);
  }, [cart, id, session.isLoggedIn]);
  const shownOnce = useRef(false);
  useDidShow(() => {
    if (shownOnce.current && id) void cart.load(id);
    shownOnce.current = true;
  });

  const onConfirm = async (choice: MenuChoice) => {
    // 0: the reason was shown (or the login screen opened); the layer stays so the choice is not lost.
    if (!(await cart.add(choice))) return;
    setChoosing(undefined);
    platform.feedback.toast(t('menu.added'), 'success');
  };

  // A dish without options, from its card: added at once (a closed restaurant says why, as the layer would).
  const onAdd = (item: MenuItem) => {
    if (!id) return;
    if (blockedReason) platform.feedback.toast(blockedReason, 'none');
    else void cart.addOne(id, item);
  };
  const onRemove = (item: MenuItem) => void cart.removeOne(item.id);

  // Until the restaurant and its promotions are in, one screen-high loading state: the header, the promotions and
  // the tabs then appear together, and nothing already shown moves (issue 10: layout shift).
  const top = info.status === 'loading' || promotions.status === 'loading' ? 'loading' : 'settled';
  const notFound =
    !id || (info.status === 'error' && (info.error as { code?: number } | undefined)?.code === ErrorCode.NotFound);

  return (
    <PageShell searchMode='dish'>
      {/* The menu and the cart: on a phone the cart is a bar at the bottom, on a wide screen a column beside the menu. */}
      <Box className='restaurant-layout'>
        <Box className='restaurant restaurant--with-cart'>
          <SavedNotice actions={SAVED_ACTIONS} />
          {notFound ? (
            <Box className='restaurant__missing'>
              <ErrorState message={t('store.not_found')} />
              <Line className='restaurant__home' {...pressable(() => void nav.replace('home'))}>
                {t('app.back_home')}
              </Line>
            </Box>
          ) : top === 'loading' ? (
            <Loading fill />
          ) : (
            <>
              {info.status === 'error' && <ErrorState message={ui.errorMessage(info.error)} onRetry={reloadInfo} />}
              {info.status === 'ready' && <StoreHeader store={info.data} />}
              {info.status === 'ready' && <StoreCode id={info.data.id} />}
              {promotions.status === 'ready' && <PromoStrip promotions={promotions.data} compact />}

              <Box className='restaurant__tabs'>
                <Line
                  className={`restaurant__tab restaurant__tab--menu ${tab === 'menu' ? 'restaurant__tab--on' : ''}`}
                  {...pressable(() => setTab('menu'), { pressed: tab === 'menu' })}
                >
                  {t('store.tab_menu')}
                </Line>
                <Line
                  className={`restaurant__tab restaurant__tab--reviews ${tab === 'reviews' ? 'restaurant__tab--on' : ''}`}
                  {...pressable(() => setTab('reviews'), { pressed: tab === 'reviews' })}
                >
                  {info.status === 'ready' && info.data.review_count > 0
                    ? t('store.tab_reviews_count', { count: info.data.review_count })
                    : t('store.tab_reviews')}
                </Line>
              </Box>

              {tab === 'menu' && (
                <>
                  {menu.status === 'loading' && <Loading fill />}
                  {menu.status === 'error' && <ErrorState message={ui.errorMessage(menu.error)} onRetry={reloadMenu} />}
                  {menu.status === 'ready' && (
                    <MenuSection
                      menu={menu.data}
                      filter={search.menuName}
                      highlight={itemId}
                      onChoose={setChoosing}
                      onAdd={onAdd}
                      onRemove={onRemove}
                    />
                  )}
                </>
              )}
              {tab === 'reviews' && id && <ReviewsSection restaurantId={id} />}
            </>
          )}
        </Box>

        {id && !notFound && (
          <CartPanel
            collectable={info.status === 'ready' && info.data.collection}
            onCheckout={() => void nav.go('settlement', { rid: id })}
          />
        )}
      </Box>

      {choosing && id && (
        <MenuItemChoice
          key={choosing.id}
          item={choosing}
          restaurantId={id}
          blockedReason={blockedReason}
          onClose={() => setChoosing(undefined)}
          onConfirm={onConfirm}
        />
      )}

      <NoticeDialog
        className='restaurant__range-dialog'
        open={outOfRange && !rangeDismissed}
        title={t('store.out_of_range_title')}
        message={t('store.out_of_range', { name, address: chosen?.name ?? '' })}
        onClose={() => setRangeDismissed(true)}
        buttons={[
          { key: 'home', label: t('store.go_home'), onClick: () => void nav.go('home') },
          { key: 'menu', label: t('store.view_menu'), primary: true, onClick: () => setRangeDismissed(true) },
        ]}
      />
    </PageShell>
  );
}

export default observer(RestaurantDetailPage);
