/** The H5 top bar and footer (spec §2) as they render around a page. */
import HomePage from '../../../src/screens/main/home';
import RestaurantListPage from '../../../src/screens/discover/restaurant-list';
import { withAccountDefaults } from '../support/page';
import { fakeApi, paged, renderPage } from '../support/page';
import { click, getByText, queryByText, waitFor } from '../support/render';
import type { SiteInfo } from '../../../types/api/codes';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

async function home(storage: Record<string, unknown> = {}, info?: SiteInfo) {
  const api = fakeApi();
  api.articles.news.mockResolvedValue(paged([]));
  if (info) api.codes.siteInfo.mockResolvedValue(info);
  const page = await renderPage(HomePage, { api, storage: { _lang: 'en', ...storage } });
  const topBar = page.container.querySelector<HTMLElement>('.top-bar')!;
  const footer = page.container.querySelector<HTMLElement>('.site-footer')!;
  return { ...page, topBar, footer };
}

const loggedIn = { token: 'tok', userInfo: { name: 'Li Lei', email: 'li@example.com' } };

describe('top bar', () => {
  it('logged out: Log In and Sign Up, to /login and /register', async () => {
    const { topBar, platform } = await home();
    expect(topBar).not.toBeNull();
    await click(getByText(topBar, 'Log In'));
    await click(getByText(topBar, 'Sign Up'));
    expect(platform.navigation.go.mock.calls).toEqual([['login'], ['register']]);
    expect(queryByText(topBar, 'Log Out')).toBeNull();
  });

  it("logged in: the user's name opens User Center and Log Out", async () => {
    const { topBar, platform } = await home(loggedIn);
    expect(queryByText(topBar, 'Log In')).toBeNull();
    expect(queryByText(topBar, 'Sign Up')).toBeNull();
    expect(queryByText(topBar, 'User Center')).toBeNull();
    await click(getByText(topBar, 'Li Lei'));
    await click(getByText(topBar, 'User Center'));
    expect(platform.navigation.go).toHaveBeenCalledWith('mine');
  });

  it('the user menu has My orders, to the orders tab', async () => {
    const { topBar, platform } = await home(loggedIn);
    await click(getByText(topBar, 'Li Lei'));
    await click(getByText(topBar, 'My orders'));
    expect(platform.navigation.go).toHaveBeenCalledWith('orders');
  });

  it('Log Out logs out, then replaces the route with home', async () => {
    const { topBar, platform, store } = await home(loggedIn);
    const logout = jest.spyOn(store.session, 'logout');
    await click(getByText(topBar, 'Li Lei'));
    await click(getByText(topBar, 'Log Out'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(platform.navigation.replace).toHaveBeenCalledWith('home');
    expect(logout.mock.invocationCallOrder[0]!).toBeLessThan(platform.navigation.replace.mock.invocationCallOrder[0]!);
    expect(platform.storage.data.has('token')).toBe(false);
    // The bar follows the session.
    expect(getByText(topBar, 'Log In')).toBeTruthy();
    expect(queryByText(topBar, 'Li Lei')).toBeNull();
  });

  it('the language dropdown stores the choice and reloads', async () => {
    const { topBar, platform } = await home({ _lang: 'cn' });
    expect(getByText(topBar, '登录')).toBeTruthy();
    await click(topBar.querySelector<HTMLElement>('.top-bar__lang .dropdown__trigger')!);
    await click(getByText(topBar, 'English(EN)'));
    expect(platform.storage.data.get('_lang')).toBe('en');
    expect(platform.reload).toHaveBeenCalledTimes(1);
  });

  it('the language menu names each language in its own script and marks the current one', async () => {
    for (const lang of ['en', 'cn'] as const) {
      const { topBar, unmount } = await home({ _lang: lang });
      await click(topBar.querySelector<HTMLElement>('.top-bar__lang .dropdown__trigger')!);
      const items = [...topBar.querySelectorAll('.top-bar__lang .dropdown__item')].map((el) => [
        el.textContent,
        el.getAttribute('role'),
        el.getAttribute('aria-checked'),
      ]);
      expect(items).toEqual([
        ['English(EN)', 'menuitemradio', String(lang === 'en')],
        ['简体中文(CN)', 'menuitemradio', String(lang === 'cn')],
      ]);
      unmount();
    }
  });

  it('the logo goes home', async () => {
    const { topBar, platform } = await home();
    await click(topBar.querySelector<HTMLElement>('.top-bar__logo')!);
    expect(platform.navigation.go).toHaveBeenCalledWith('home');
  });

  it('Mini Program opens the QR dialog with the scan tip', async () => {
    const { topBar } = await home();
    const dialog = topBar.querySelector<HTMLElement>('.qr-dialog')!;
    expect(dialog.className).not.toContain('at-modal--active');
    await click(topBar.querySelector<HTMLElement>('.top-bar__mini-program')!);
    expect(topBar.querySelector('.top-bar__mini-program')!.textContent).toBe('Mini Program');
    expect(dialog.className).toContain('at-modal--active');
    expect(getByText(dialog, 'Scan with WeChat to open the szeat mini program')).toBeTruthy();
    expect(dialog.querySelector('.qr-dialog__image img')!.getAttribute('src')).toBe(
      '/api/szeat/qrcode?kind=miniprogram',
    );
    // No footer: only a close mark (spec §2).
    expect(dialog.querySelector('.at-modal__footer')).toBeNull();
    await click(dialog.querySelector<HTMLElement>('.qr-dialog__close')!);
    expect(dialog.className).not.toContain('at-modal--active');
  });
});

describe('footer', () => {
  it('has the three columns and the four cities', async () => {
    const { footer } = await home();
    for (const text of [
      'Customer Service',
      'Locations',
      'About Us',
      'Shenzhen',
      'Huizhou (Silver Beach)',
      'Guangzhou',
      'Dongguan',
    ]) {
      expect(getByText(footer, text)).toBeTruthy();
    }
    expect(getByText(footer, `© ${new Date().getFullYear()} szeat. All rights reserved.`)).toBeTruthy();
  });

  it('What Do We Do opens article 42', async () => {
    const { footer, platform } = await home();
    await click(getByText(footer, 'What Do We Do'));
    expect(platform.navigation.go).toHaveBeenCalledWith('article', { id: 42 });
  });

  it('keeps the observed labels: the /login link reads sign up, the /register link log in', async () => {
    const { footer, platform } = await home();
    await click(footer.querySelector<HTMLElement>('.footer-to-login')!);
    await click(footer.querySelector<HTMLElement>('.footer-to-register')!);
    expect(platform.navigation.go.mock.calls).toEqual([['login'], ['register']]);
    expect(footer.querySelector('.footer-to-login')!.textContent).toBe('Sign Up');
    expect(footer.querySelector('.footer-to-register')!.textContent).toBe('Log In');
  });

  it('shows My Account only when logged in', async () => {
    const out = await home();
    expect(queryByText(out.footer, 'My Account')).toBeNull();
    await out.unmount();
    const inn = await home(loggedIn);
    await click(getByText(inn.footer, 'My Account'));
    expect(inn.platform.navigation.go).toHaveBeenCalledWith('mine');
  });

  it('Contact Us and How To Join open their QR dialogs', async () => {
    const { footer } = await home();
    const dialogs = footer.querySelectorAll<HTMLElement>('.qr-dialog');
    expect(dialogs).toHaveLength(2);
    await click(getByText(footer.querySelector('.site-footer__columns')!, 'Contact Us'));
    expect(dialogs[0]!.className).toContain('at-modal--active');
    expect(getByText(dialogs[0]!, 'Scan to contact szeat customer service')).toBeTruthy();
    expect(dialogs[1]!.className).not.toContain('at-modal--active');
    // Scannable codes from the server, asked for only when their dialog opens.
    expect(dialogs[0]!.querySelector('.qr-dialog__image img')!.getAttribute('src')).toBe(
      '/api/szeat/qrcode?kind=contact',
    );
    expect(dialogs[1]!.querySelector('.qr-dialog__image')).toBeNull();
    await click(dialogs[0]!.querySelector<HTMLElement>('.qr-dialog__close')!);
    await click(getByText(footer.querySelector('.site-footer__columns')!, 'How To Join'));
    expect(dialogs[1]!.className).toContain('at-modal--active');
    expect(dialogs[0]!.className).not.toContain('at-modal--active');
    expect(dialogs[1]!.querySelector('.qr-dialog__image img')!.getAttribute('src')).toBe(
      '/api/szeat/qrcode?kind=merchant',
    );
  });

  const noCodes = (contact: Partial<SiteInfo['contact']>, merchant: Partial<SiteInfo['merchant']> = {}): SiteInfo => ({
    contact: { qr: false, phone: '', wechat_id: '', ...contact },
    merchant: { qr: false, phone: '', wechat_id: '', ...merchant },
    icp_filing: '',
  });

  it('without a configured code, Contact Us says the phone and WeChat ID in words: no picture, no retry', async () => {
    const { footer, api } = await home({}, noCodes({ phone: '0755-2345 6789', wechat_id: 'szeat-kf' }));
    expect(api.codes.siteInfo).toHaveBeenCalledTimes(1);
    await click(getByText(footer.querySelector('.site-footer__columns')!, 'Contact Us'));
    const dialog = footer.querySelectorAll<HTMLElement>('.qr-dialog')[0]!;
    await waitFor(() => getByText(dialog, '0755-2345 6789'));
    expect(getByText(dialog, 'Phone')).toBeTruthy();
    expect(getByText(dialog, 'WeChat ID')).toBeTruthy();
    expect(getByText(dialog, 'szeat-kf')).toBeTruthy();
    expect(dialog.querySelector('.qr-dialog__image')).toBeNull();
    expect(dialog.querySelector('.qr-dialog__error')).toBeNull();
    expect(queryByText(dialog, 'Retry')).toBeNull();
    // The tip speaks of scanning: not without a code.
    expect(queryByText(dialog, 'Scan to contact szeat customer service')).toBeNull();
  });

  it('without a code, How To Join says who its phone and WeChat ID are for (in Chinese too)', async () => {
    const en = await home({}, noCodes({}, { phone: '0755-2345 6789', wechat_id: 'szeat-join' }));
    await click(getByText(en.footer.querySelector('.site-footer__columns')!, 'How To Join'));
    const dialog = en.footer.querySelectorAll<HTMLElement>('.qr-dialog')[1]!;
    await waitFor(() => getByText(dialog, '0755-2345 6789'));
    const intro = dialog.querySelector('.qr-dialog__intro')!;
    expect(intro.textContent).toBe('Restaurants wishing to join szeat, please contact us:');
    // Before the configured details, which stay as they are.
    expect(intro.compareDocumentPosition(getByText(dialog, '0755-2345 6789')) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(getByText(dialog, 'szeat-join')).toBeTruthy();
    await en.unmount();
    const cn = await home({ _lang: 'cn' }, noCodes({}, { phone: '0755-2345 6789' }));
    await click(getByText(cn.footer.querySelector('.site-footer__columns')!, '如何加入'));
    const cnDialog = cn.footer.querySelectorAll<HTMLElement>('.qr-dialog')[1]!;
    await waitFor(() => getByText(cnDialog, '0755-2345 6789'));
    expect(cnDialog.querySelector('.qr-dialog__intro')!.textContent).toBe('想入驻 szeat 的餐厅请联系我们：');
  });

  it('with neither a code nor words, How To Join says so plainly (in Chinese too)', async () => {
    const en = await home({}, noCodes({ phone: '0755-2345 6789' }));
    await click(getByText(en.footer.querySelector('.site-footer__columns')!, 'How To Join'));
    const dialog = en.footer.querySelectorAll<HTMLElement>('.qr-dialog')[1]!;
    await waitFor(() => getByText(dialog, 'How to apply is still being set up. Please check back later.'));
    expect(dialog.querySelector('.qr-dialog__image')).toBeNull();
    expect(queryByText(dialog, '0755-2345 6789')).toBeNull();
    await en.unmount();
    const cn = await home({ _lang: 'cn' }, noCodes({}));
    await click(getByText(cn.footer.querySelector('.site-footer__columns')!, '联系我们'));
    const cnDialog = cn.footer.querySelectorAll<HTMLElement>('.qr-dialog')[0]!;
    await waitFor(() => getByText(cnDialog, '客服联系方式还在设置中，请稍后再来看看。'));
    expect(cnDialog.querySelector('.qr-dialog__image')).toBeNull();
  });

  it('shows the ICP filing number only when one is configured', async () => {
    const none = await home();
    await waitFor(() => expect(none.api.codes.siteInfo).toHaveBeenCalled());
    expect(none.footer.querySelector('.site-footer__filing')).toBeNull();
    expect(queryByText(none.footer, /ICP/)).toBeNull();
    await none.unmount();
    const set = await home({}, { ...noCodes({}), icp_filing: '粤ICP备2026000001号-1' });
    const filing = await waitFor(() => set.footer.querySelector<HTMLElement>('.site-footer__filing')!);
    expect(filing.textContent).toBe('ICP filing: 粤ICP备2026000001号-1');
  });

  it('Sponsorship opens its own article, not article 42', async () => {
    const { footer, platform } = await home();
    await click(getByText(footer, 'Sponsorship'));
    expect(platform.navigation.go).toHaveBeenCalledWith('article', { id: 46 });
  });
});

describe('getting around on a phone (issue 15 §3)', () => {
  it('a tab page has the tab bar with its tab chosen, the others a tap away, and no back arrow', async () => {
    const { container, platform } = await home();
    const bar = container.querySelector<HTMLElement>('.tab-bar')!;
    expect([...bar.querySelectorAll('.tab-bar__label')].map((e) => e.textContent)).toEqual(['Home', 'Orders', 'Me']);
    expect(bar.querySelector('.tab-bar__item--on')!.textContent).toBe('Home');
    expect(bar.querySelector('.tab-bar__item--home')!.getAttribute('aria-current')).toBe('page');
    await click(bar.querySelector<HTMLElement>('.tab-bar__item--home')!);
    await click(bar.querySelector<HTMLElement>('.tab-bar__item--orders')!);
    await click(bar.querySelector<HTMLElement>('.tab-bar__item--mine')!);
    expect(platform.navigation.go.mock.calls).toEqual([['orders'], ['mine']]);
    expect(container.querySelector('.top-bar__back')).toBeNull();
  });

  it('an inner screen has a back arrow (with nothing to go back to, the navigation leads to its parent) and no tab bar', async () => {
    const api = withAccountDefaults(fakeApi());
    api.catalogue.cuisines.mockResolvedValue([]);
    api.catalogue.promotions.mockResolvedValue([]);
    api.catalogue.ads.mockResolvedValue([]);
    const { container, platform } = await renderPage(RestaurantListPage, { api, storage: { _lang: 'en' } });
    expect(container.querySelector('.tab-bar')).toBeNull();
    const back = container.querySelector<HTMLElement>('.top-bar__back')!;
    expect(back.getAttribute('aria-label')).toBe('Back');
    await click(back);
    expect(platform.navigation.back).toHaveBeenCalledTimes(1);
  });

  it('the mini program draws neither: its native tab bar and navigation bar do that', async () => {
    const api = fakeApi();
    api.articles.news.mockResolvedValue(paged([]));
    const { container } = await renderPage(HomePage, { api, isH5: false, storage: { _lang: 'en' } });
    expect(container.querySelector('.tab-bar')).toBeNull();
    expect(container.querySelector('.top-bar__back')).toBeNull();
    expect(container.querySelector('.top-bar')).toBeNull();
  });
});
