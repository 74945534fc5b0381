import Taro from '@tarojs/taro';
import { taroRequest, taroStorage, taroUpload } from './common';
import { feedbackWith } from './feedback';
import { taroInteraction } from './taro-interaction';
import { parseHostList, weappLinks } from './links';
import { weappNavigation } from './navigation';
import { weappLogin } from './login';
import { nativeMap, weappLocation } from './location';
import { taroScrollTo } from './scroll';
import { weappMedia } from './media-weapp';
import { weappPayment } from './payment';
import { ROUTES } from '../routes';
import { weappContact } from './contact';
import { weappEventStreams } from './event-stream-weapp';
import { weappAlerts } from './alerts-weapp';
import { weappSubscribe } from './subscribe';
import type { Platform } from './types';

export * from './types';

export const platform: Platform = {
  name: 'weapp',
  isH5: false,
  storage: taroStorage,
  request: taroRequest,
  upload: taroUpload,
  subscribe: weappSubscribe,
  media: weappMedia,
  navigation: weappNavigation,
  login: weappLogin,
  location: weappLocation,
  payment: weappPayment,
  contact: weappContact,
  eventStreams: weappEventStreams,
  alerts: weappAlerts,
  map: nativeMap,
  scrollTo: taroScrollTo,
  feedback: feedbackWith(() => taroInteraction),
  ...weappLinks(parseHostList(SZEAT_WEBVIEW_HOSTS)),
  reload() {
    // A mini program cannot reload itself; relaunching the current page rebuilds every screen in the new language.
    const pages = Taro.getCurrentPages();
    const current = pages[pages.length - 1];
    const options = (current as { options?: Record<string, string> } | undefined)?.options ?? {};
    const query = Object.entries(options)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('&');
    void Taro.reLaunch({ url: `/${current?.route ?? ROUTES.home.page}${query ? `?${query}` : ''}` });
  },
  setTitle(title) {
    void Taro.setNavigationBarTitle({ title });
  },
  stopPullDownRefresh() {
    void Taro.stopPullDownRefresh();
  },
  showShareMenu() {
    // Taro's weapp layer turns showShareItems into wx.showShareMenu's `menus` (Moments must be named there).
    const options: Taro.showShareMenu.Option = {
      withShareTicket: false,
      showShareItems: ['wechatFriends', 'wechatMoment'],
    };
    void Taro.showShareMenu(options).catch(() => undefined);
  },
  startOfflineCache() {
    // The mini program keeps its own package; answers always come from the network.
  },
  setTabLabels(labels) {
    // app.json can only hold one language; the other is applied here. Off a tab page the call may fail: harmless.
    labels.forEach((text, index) => void Taro.setTabBarItem({ index, text }).catch(() => undefined));
  },
};
