/**
 * Issue 8 §5 as the customer meets it: promotions and ads of type `url` are followed through the platform (copied
 * links are announced), a restaurant shows its own scannable code (H5: link and QR; mini program: its mini program
 * code), and a mini program code's `scene` opens the restaurant it names.
 */
import RestaurantDetailPage from '../../../src/screens/discover/restaurant-detail';
import RestaurantListPage from '../../../src/screens/discover/restaurant-list';
import HomePage from '../../../src/screens/main/home';
import WebViewPage from '../../../src/screens/misc/webview';
import { LOCATION_KEY } from '../../../src/stores';
import type { OpenUrlOutcome } from '../../../src/platform/types';
import type { Ad, Promotion } from '../../../types/api/catalogue';
import { menu, store, storeInfo } from '../support/discover';
import { fakeApi, paged, renderPage, withAccountDefaults } from '../support/page';
import { click, getByText, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const SAVED = {
  lat: 22.538,
  lng: 114.0575,
  name: 'Excellence Century Centre',
  address: '',
  source: 'building',
  city_id: 1,
};
const PROMO: Promotion = {
  id: 3,
  title: 'Lunch deals at our partner',
  description: '',
  badge: '20% off',
  kind: 'banner',
  picture: '',
  restaurant_id: null,
  city_id: null,
  link: { type: 'url', id: null, url: 'https://partner.example/lunch' },
  starts_at: 0,
  ends_at: Date.UTC(2030, 0, 1),
};
const AD: Ad = {
  id: 8,
  title: 'Night market festival',
  picture: '/img/ad/8.svg',
  slot: 'list_top',
  city_id: 1,
  link: { type: 'url', id: null, url: 'https://szeat.test/restaurant_detail?id=4' },
};

async function list(options: { isH5?: boolean; openUrl?: OpenUrlOutcome; lang?: 'cn' | 'en' } = {}) {
  const a = withAccountDefaults(fakeApi());
  a.catalogue.cuisines.mockResolvedValue([]);
  a.catalogue.promotions.mockResolvedValue([PROMO]);
  a.catalogue.ads.mockResolvedValue([AD]);
  a.restaurants.list.mockResolvedValue(paged([store(5, 'Hunan House')]));
  const view = await renderPage(RestaurantListPage, {
    api: a,
    storage: { _lang: options.lang ?? 'en', [LOCATION_KEY]: SAVED },
    ...(options.isH5 === false ? { isH5: false } : {}),
    ...(options.openUrl ? { openUrl: options.openUrl } : {}),
  });
  await waitFor(() => getByText(view.container, 'Lunch deals at our partner'));
  await waitFor(() => getByText(view.container, 'Night market festival'));
  return view;
}

describe('links of type url', () => {
  it('a url promotion and a url ad are opened through the platform', async () => {
    const { container, platform } = await list();
    const promo = getByText(container, 'Lunch deals at our partner').closest<HTMLElement>('.promo-strip__promo')!;
    expect(promo.className).toContain('promo-strip__promo--link');
    await click(promo);
    await click(getByText(container, 'Night market festival').closest<HTMLElement>('.ad-strip__ad')!);
    expect(platform.openUrl.mock.calls).toEqual([
      ['https://partner.example/lunch'],
      ['https://szeat.test/restaurant_detail?id=4'],
    ]);
    expect(platform.navigation.go).not.toHaveBeenCalled();
    expect(platform.feedback.toast).not.toHaveBeenCalled();
  });

  it('in the mini program, a link that was copied instead is announced (both languages)', async () => {
    const en = await list({ isH5: false, openUrl: 'copied' });
    await click(getByText(en.container, 'Lunch deals at our partner').closest<HTMLElement>('.promo-strip__promo')!);
    expect(en.platform.feedback.toast).toHaveBeenCalledWith('Link copied: open it in your browser');
    await en.unmount();
    const cn = await list({ isH5: false, openUrl: 'copied', lang: 'cn' });
    await click(getByText(cn.container, 'Night market festival').closest<HTMLElement>('.ad-strip__ad')!);
    expect(cn.platform.feedback.toast).toHaveBeenCalledWith('链接已复制，请在浏览器中打开');
  });

  it('a link the platform refuses says it cannot be opened', async () => {
    const { container, platform } = await list({ openUrl: 'refused' });
    await click(getByText(container, 'Lunch deals at our partner').closest<HTMLElement>('.promo-strip__promo')!);
    expect(platform.feedback.toast).toHaveBeenCalledWith('This link cannot be opened', 'error');
  });
});

describe("a restaurant's own code", () => {
  async function detail(isH5: boolean) {
    const a = withAccountDefaults(fakeApi());
    a.restaurants.info.mockResolvedValue(storeInfo(9, 'Dongmen Lanzhou Noodles'));
    a.restaurants.menu.mockResolvedValue(menu(9));
    a.catalogue.promotions.mockResolvedValue([]);
    const view = await renderPage(RestaurantDetailPage, {
      api: a,
      params: { id: '9' },
      storage: { _lang: 'en' },
      ...(isH5 ? {} : { isH5: false }),
    });
    const button = await waitFor(() => getByText(view.container, 'Restaurant code'));
    await click(button);
    const dialog = view.container.querySelector<HTMLElement>('.qr-dialog.at-modal--active')!;
    return { ...view, dialog };
  }

  it('on H5: its link and a QR code of it, with a copy action', async () => {
    const { dialog, platform } = await detail(true);
    expect(getByText(dialog, 'This restaurant’s code')).toBeTruthy();
    expect(getByText(dialog, 'Scan the code or share the link to open this restaurant’s menu')).toBeTruthy();
    expect(dialog.querySelector('.qr-dialog__image img')!.getAttribute('src')).toBe(
      '/api/szeat/qrcode?kind=restaurant&id=9',
    );
    expect(getByText(dialog, 'https://szeat.test/restaurant_detail?id=9')).toBeTruthy();
    await click(getByText(dialog, 'Copy link'));
    expect(platform.copyText).toHaveBeenCalledWith('https://szeat.test/restaurant_detail?id=9');
  });

  it('in the mini program: its mini program code (scene r=<id>), no link', async () => {
    const { dialog } = await detail(false);
    expect(dialog.querySelector('.qr-dialog__image img')!.getAttribute('src')).toBe(
      '/api/szeat/qrcode?kind=miniprogram&id=9',
    );
    expect(getByText(dialog, /^Scan with WeChat to open this restaurant’s menu/)).toBeTruthy();
    expect(dialog.querySelector('.qr-dialog__link')).toBeNull();
  });
});

describe('the scene of a mini program code', () => {
  async function home(params: Record<string, string>) {
    const a = withAccountDefaults(fakeApi());
    a.articles.news.mockResolvedValue(paged([]));
    a.places.ipLocation.mockImplementation(() => new Promise(() => {}));
    return renderPage(HomePage, { api: a, params, isH5: false, storage: { _lang: 'en' } });
  }

  it('r=<id> (URL-encoded as WeChat hands it over) opens that restaurant over home', async () => {
    const { platform } = await home({ scene: 'r%3D12' });
    await waitFor(() => expect(platform.navigation.go).toHaveBeenCalledWith('restaurantDetail', { id: 12 }));
    expect(platform.navigation.go).toHaveBeenCalledTimes(1);
  });

  it('already decoded, too; the plain code (home) or a foreign scene stays on home', async () => {
    const decoded = await home({ scene: 'r=7' });
    await waitFor(() => expect(decoded.platform.navigation.go).toHaveBeenCalledWith('restaurantDetail', { id: 7 }));
    for (const scene of ['home', 'r=0', 'r=12abc', 'x=3', 'r=99999999999']) {
      const { platform } = await home({ scene });
      expect({ scene, calls: platform.navigation.go.mock.calls }).toEqual({ scene, calls: [] });
    }
  });
});

describe('the web-view page', () => {
  const url = 'https://shop.szeat.example/offer?a=1';

  it('shows an allowed page in the web-view', async () => {
    const { container, platform } = await renderPage(WebViewPage, {
      params: { url },
      isH5: false,
      webViewAllowed: true,
      storage: { _lang: 'en' },
    });
    expect(platform.webViewAllowed).toHaveBeenCalledWith(url);
    const view = await waitFor(() => container.querySelector('taro-web-view-core')!);
    expect(view.getAttribute('src')).toBe(url);
  });

  it('any other link (and this path on H5) is shown to copy, never framed or followed', async () => {
    const { container, platform } = await renderPage(WebViewPage, {
      params: { url: 'https://evil.example/' },
      storage: { _lang: 'cn' },
    });
    expect(container.querySelector('taro-web-view-core')).toBeNull();
    expect(getByText(container, '小程序内无法打开此链接，请复制后在浏览器中打开')).toBeTruthy();
    await click(getByText(container, '复制链接'));
    expect(platform.copyText).toHaveBeenCalledWith('https://evil.example/');
    expect(platform.feedback.toast).toHaveBeenCalledWith('链接已复制，请在浏览器中打开', 'success');
    expect(platform.openUrl).not.toHaveBeenCalled();
  });
});
