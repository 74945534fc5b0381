import MinePage from '../../../src/pages/mine';
import OrdersPage from '../../../src/pages/orders';
import NotFoundPage from '../../../src/subpages/not-found';
import { renderPage } from '../support/page';
import { click, getByText, queryByText } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

const loggedIn = { _lang: 'en', token: 'tok', userInfo: { nickname: 'Lei' } };

describe('mine page', () => {
  it('logged out: a prompt and Log In', async () => {
    const { container, platform } = await renderPage(MinePage, { isH5: false, storage: { _lang: 'en' } });
    expect(getByText(container, 'Log in to manage your orders, addresses, wallet and vouchers')).toBeTruthy();
    await click(getByText(container, 'Log In'));
    // Back to the user centre after logging in.
    expect(platform.navigation.go).toHaveBeenCalledWith('login', { isBack: 1 });
    expect(platform.setTitle).toHaveBeenCalledWith('User Center');
  });

  it('logged in: greets the user; Log Out logs out and goes home', async () => {
    const { container, platform, store } = await renderPage(MinePage, { isH5: false, storage: loggedIn });
    expect(getByText(container, 'Hello, Lei')).toBeTruthy();
    await click(getByText(container, 'Log Out'));
    expect(store.session.isLoggedIn).toBe(false);
    expect(platform.navigation.replace).toHaveBeenCalledWith('home');
    expect(getByText(container, 'Log In')).toBeTruthy();
  });
});

describe('orders page', () => {
  it('logged out: a prompt to log in', async () => {
    const { container, platform } = await renderPage(OrdersPage, { isH5: false, storage: { _lang: 'en' } });
    expect(getByText(container, 'Log in to see your orders')).toBeTruthy();
    await click(getByText(container, 'Log In'));
    expect(platform.navigation.go).toHaveBeenCalledWith('login', { isBack: 1 });
    expect(platform.setTitle).toHaveBeenCalledWith('My orders');
  });

  it('logged in: the empty list', async () => {
    const { container } = await renderPage(OrdersPage, { isH5: false, storage: loggedIn });
    expect(getByText(container, 'No orders yet')).toBeTruthy();
    expect(queryByText(container, 'Log in to see your orders')).toBeNull();
  });
});

describe('not-found page', () => {
  it('says so, sets the title and leads home', async () => {
    const { container, platform } = await renderPage(NotFoundPage, { storage: { _lang: 'en' } });
    expect(getByText(container, '404')).toBeTruthy();
    expect(getByText(container.querySelector('.not-found')!, 'Page not found')).toBeTruthy();
    expect(platform.setTitle).toHaveBeenCalledWith('Page not found');
    await click(getByText(container, 'Back to home'));
    expect(platform.navigation.replace).toHaveBeenCalledWith('home');
  });
});
