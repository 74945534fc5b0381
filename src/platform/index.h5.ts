import Taro from '@tarojs/taro';
import { taroStorage } from './common';
import { h5Media } from './media-h5';
import { feedbackWith, onDemand } from './feedback';
import { fetchRequest } from './fetch-request';
import { h5Links } from './links';
import { h5Navigation } from './navigation-h5';
import { h5Login } from './login';
import { browserLocation, tileMap } from './location';
import { h5ScrollTo } from './scroll';
import { h5Payment } from './payment';
import { repairPullToRefresh } from './pull-refresh-h5';
import { registerServiceWorker } from './service-worker';
import { h5Contact } from './contact';
import { h5EventStreams } from './event-stream';
import { h5Alerts } from './alerts';
import { h5Subscribe } from './subscribe';
import type { Platform } from './types';

export * from './types';

if (typeof document !== 'undefined') repairPullToRefresh(document);

export const platform: Platform = {
  name: 'h5',
  isH5: true,
  storage: taroStorage,
  request: (req) => fetchRequest(req),
  // Photo uploads (reviews) are rare: their code loads with the first upload, not with the first page.
  upload: (options) => import('./xhr-upload').then((m) => m.xhrUpload(options)),
  subscribe: h5Subscribe,
  media: h5Media(),
  navigation: h5Navigation,
  login: h5Login,
  location: browserLocation(() => (typeof navigator !== 'undefined' ? navigator.geolocation : undefined)),
  payment: h5Payment,
  contact: h5Contact(),
  eventStreams: h5EventStreams(),
  alerts: h5Alerts(),
  map: tileMap(SZEAT_MAP_TILE_URL, SZEAT_MAP_ATTRIBUTION, SZEAT_MAP_TILE_COORDS),
  scrollTo: h5ScrollTo,
  startOfflineCache: () => registerServiceWorker(),
  // Taro's toast, modal and loading (and the modal's accessibility) load with the first message, not the first page.
  feedback: feedbackWith(onDemand(() => import('./h5-interaction').then((m) => m.h5Interaction))),
  ...h5Links(),
  reload() {
    window.location.reload();
  },
  setTitle(title) {
    document.title = title;
  },
  stopPullDownRefresh() {
    // Taro's pull-to-refresh element (pages with enablePullDownRefresh) listens for this.
    void Taro.stopPullDownRefresh();
  },
  showShareMenu() {
    // The browser shares the page's address; there is no menu to enable.
  },
  setTabLabels() {
    // The H5 site has a top bar and footer instead of a tab bar.
  },
};
