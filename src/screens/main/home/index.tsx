import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { MapView, type MapMarker, type MapPoint } from '../../../components/map';
import { NoticeDialog } from '../../../components/notice-dialog';
import { PageShell } from '../../../components/page-shell';
import { usePullRefresh } from '../../../components/pull-refresh';
import { distanceText } from '../../../components/store-card';
import { useStores, useT } from '../../../stores';
import { useLoad } from '../../../utils/use-load';
import { AddressPicker } from './parts/address-picker';
import { HomePopup } from './parts/home-popup';
import { Nearby } from './parts/nearby';
import { NEW_COUNT, NewStores } from './parts/new-stores';
import { News } from './parts/news';
import { useLaunchScene } from './parts/use-launch-scene';
import './index.scss';
import { pressable } from '../../../utils/a11y';
import { Box, Line } from '../../../components/markup';

/** How many nearby restaurants home shows before "view all". */
const NEARBY_COUNT = 6;

/**
 * Home (keepAlive, spec §2): the address choice (search, the map, the device's position), the map, the restaurants
 * that deliver there, and what's new. Its state lives in the LocationStore and in this page, which the H5 router keeps
 * while a restaurant is open on top of it.
 */
function HomePage() {
  const { api, ui, platform, location } = useStores();
  const t = useT();
  const nav = platform.navigation;
  const chosen = location.chosen;
  const [news, reloadNews, refreshNews] = useLoad(() => api.articles.news(1, 5), []);
  const [picking, setPicking] = useState(false);
  const [finding, setFinding] = useState(false);
  const [dismissedFor, setDismissedFor] = useState('');
  useDidShow(() => platform.setTitle(t('app.name')));
  useLaunchScene();

  // Without a saved address the map starts on the city of the visitor's IP address.
  useEffect(() => {
    if (!location.chosen) void location.locateByIp();
  }, [location]);

  const [nearby, reloadNearby, refreshNearby] = useLoad(
    () =>
      chosen
        ? api.restaurants.list({ lat: chosen.lat, lng: chosen.lng, page: 1, page_size: NEARBY_COUNT, sort: 'distance' })
        : Promise.resolve(undefined),
    [location.key, ui.lang],
  );
  const [newStores, reloadNewStores, refreshNewStores] = useLoad(
    () =>
      api.restaurants.newest({
        page: 1,
        page_size: NEW_COUNT,
        ...(chosen ? { lat: chosen.lat, lng: chosen.lng } : {}),
      }),
    [location.key, ui.lang],
  );
  usePullRefresh(() => [refreshNearby(), refreshNewStores(), refreshNews()]);
  const markers = useMemo<MapMarker[]>(
    () =>
      nearby.status === 'ready' && nearby.data
        ? nearby.data.list.map((s) => ({ id: s.id, lat: s.lat, lng: s.lng, label: s.name }))
        : [],
    [nearby],
  );
  const noneNear = nearby.status === 'ready' && !!nearby.data && nearby.data.total === 0;

  const pickPoint = async (point: MapPoint) => {
    setFinding(true);
    try {
      await location.choosePoint(point, 'map');
      setPicking(false);
    } catch (err) {
      ui.showError(err);
    } finally {
      setFinding(false);
    }
  };

  const locateMe = async () => {
    if (location.locating) return;
    try {
      if (await location.locateDevice()) setPicking(false);
    } catch (err) {
      ui.showError(err);
    }
  };

  const near =
    chosen && (chosen.source === 'map' || chosen.source === 'device') && (chosen.distance_m ?? 0) > 50
      ? t('location.near', { distance: distanceText(t, chosen.distance_m) })
      : '';

  return (
    <PageShell searchMode='home' tab='home'>
      <Box className='home'>
        <Box className='home__hero'>
          <Line className='home__title'>{t('home.title')}</Line>
          {chosen ? (
            <Box className='home__address'>
              <Line className='home__address-label'>{t('location.deliver_to')}</Line>
              <Line className='home__address-name'>{chosen.name}</Line>
              {(chosen.address || near) && (
                <Line className='home__address-detail'>{[near, chosen.address].filter(Boolean).join(' · ')}</Line>
              )}
            </Box>
          ) : (
            <Line className='home__prompt'>{t('home.prompt')}</Line>
          )}
          <Box className='home__actions'>
            <Line className='home__action home__choose' {...pressable(() => setPicking(!picking))}>
              {picking ? t('location.close_picker') : chosen ? t('location.change') : t('home.choose_address')}
            </Line>
            <Line className='home__action home__locate' {...pressable(() => void locateMe())}>
              {location.locating ? t('location.locating') : t('location.use_mine')}
            </Line>
          </Box>
          {location.geoError && <Line className='home__geo-error'>{location.geoError}</Line>}
        </Box>

        {picking && (
          <Box className='home__picker'>
            <AddressPicker onChosen={() => setPicking(false)} />
          </Box>
        )}

        <Box className='home__map-box'>
          <MapView
            className='home__map'
            center={location.center}
            point={chosen}
            markers={markers}
            zoom={chosen ? 14 : 12}
            onPick={(p) => void pickPoint(p)}
            onMarkerTap={(id) => void nav.go('restaurantDetail', { id })}
            label={t('location.map_label')}
            openLabel={t('location.open_map')}
          />
          <Line className='home__map-hint'>{finding ? t('location.finding_address') : t('location.map_hint')}</Line>
        </Box>

        {chosen && <Nearby state={nearby} onRetry={reloadNearby} />}

        <NewStores state={newStores} onRetry={reloadNewStores} />

        <News state={news} onRetry={reloadNews} />
      </Box>
      <NoticeDialog
        className='home__none-dialog'
        open={noneNear && dismissedFor !== location.key}
        title={t('discover.none_title')}
        message={t('discover.none_message')}
        onClose={() => setDismissedFor(location.key)}
        buttons={[
          {
            key: 'change',
            label: t('location.change'),
            onClick: () => {
              setDismissedFor(location.key);
              setPicking(true);
            },
          },
          { key: 'ok', label: t('discover.ok'), primary: true, onClick: () => setDismissedFor(location.key) },
        ]}
      />
      <HomePopup />
    </PageShell>
  );
}

export default observer(HomePage);
