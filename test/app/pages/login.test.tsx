/** /login: checks before sending, success toast and where it goes (isBack), WeChat sign-in on both platforms. */
import LoginPage from '../../../src/screens/account/login';
import { ApiError } from '../../../src/services';
import { authResult, fieldError, typeInto, USER } from '../support/forms';
import { fakeApi, renderPage, withAccountDefaults } from '../support/page';
import { click, getBySelector, getByText, queryByText, waitFor } from '../support/render';
import { feedbackTiming } from '../../../src/utils/pause';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

beforeAll(() => {
  feedbackTiming.successPauseMs = 0;
});

function api() {
  const a = withAccountDefaults(fakeApi());
  a.accounts.login.mockResolvedValue(authResult('tok-1'));
  a.accounts.me.mockResolvedValue({ ...USER, nickname: 'Lei' });
  return a;
}

async function page(options: Parameters<typeof renderPage>[1] = {}) {
  const view = await renderPage(LoginPage, { api: api(), storage: { _lang: 'en' }, ...options });
  return view;
}

describe('login page', () => {
  it('shows the form with its title, and links to forgot password and sign up', async () => {
    const { container, platform } = await page();
    expect(platform.setTitle).toHaveBeenCalledWith('Log In');
    expect(getByText(container, 'Email')).toBeTruthy();
    expect(getByText(container, 'Password')).toBeTruthy();
    await click(getByText(container, 'Forgot password?'));
    await click(getBySelector(container, '.login__to-register'));
    expect(platform.navigation.go.mock.calls).toEqual([['forgetpwd'], ['register']]);
    // No WeChat sign-in in an ordinary browser.
    expect(queryByText(container, 'Log In with WeChat')).toBeNull();
  });

  it('checks the fields before sending: messages under them and a toast', async () => {
    const { container, platform, api: a } = await page();
    await click(getBySelector(container, '.login__submit'));
    expect(fieldError(container, 'email')).toBe('Email cannot be empty');
    expect(fieldError(container, 'password')).toBe('Please enter your password');
    expect(platform.feedback.toast).toHaveBeenCalledWith('Email cannot be empty');
    await typeInto(container, 'email', 'li@example');
    await click(getBySelector(container, '.login__submit'));
    expect(fieldError(container, 'email')).toBe('Please enter a valid email');
    expect(a.accounts.login).not.toHaveBeenCalled();
  });

  it('logs in: Login Successful, user info from `me`, then home', async () => {
    const { container, platform, api: a, store } = await page();
    await typeInto(container, 'email', 'li@example.com');
    await typeInto(container, 'password', 'secret-123');
    await click(getBySelector(container, '.login__submit'));
    await waitFor(() => expect(platform.navigation.replace).toHaveBeenCalledWith('home'));
    expect(a.accounts.login).toHaveBeenCalledWith({ email: 'li@example.com', password: 'secret-123', code: '' });
    expect(platform.feedback.toast).toHaveBeenCalledWith('Login Successful', 'success');
    expect(store.session.isLoggedIn).toBe(true);
    expect(store.session.displayName).toBe('Lei');
    expect(platform.navigation.back).not.toHaveBeenCalled();
  });

  it('lets the success toast be seen before the screen changes, and ignores taps meanwhile', async () => {
    feedbackTiming.successPauseMs = 300;
    try {
      const { container, platform, api: a } = await page();
      await typeInto(container, 'email', 'li@example.com');
      await typeInto(container, 'password', 'secret-123');
      await click(getBySelector(container, '.login__submit'));
      await waitFor(() => expect(platform.feedback.toast).toHaveBeenCalledWith('Login Successful', 'success'));
      expect(platform.navigation.replace).not.toHaveBeenCalled();
      await click(getBySelector(container, '.login__submit'));
      await waitFor(() => expect(platform.navigation.replace).toHaveBeenCalledWith('home'));
      expect(a.accounts.login).toHaveBeenCalledTimes(1);
    } finally {
      feedbackTiming.successPauseMs = 0;
    }
  });

  it('with isBack, goes back to the previous screen instead', async () => {
    const { container, platform } = await page({ params: { isBack: '1' } });
    await typeInto(container, 'email', 'li@example.com');
    await typeInto(container, 'password', 'secret-123');
    await click(getBySelector(container, '.login__submit'));
    await waitFor(() => expect(platform.navigation.back).toHaveBeenCalledTimes(1));
    expect(platform.navigation.replace).not.toHaveBeenCalled();
  });

  it("shows the server's message when the login is refused, and stays", async () => {
    const a = api();
    a.accounts.login.mockRejectedValue(new ApiError(1001, 'Wrong e-mail or password'));
    const { container, platform, store } = await page({ api: a });
    await typeInto(container, 'email', 'li@example.com');
    await typeInto(container, 'password', 'wrong-one');
    await click(getBySelector(container, '.login__submit'));
    await waitFor(() => expect(platform.feedback.toast).toHaveBeenCalledWith('Wrong e-mail or password', 'error'));
    expect(store.session.isLoggedIn).toBe(false);
    expect(platform.navigation.replace).not.toHaveBeenCalled();
    expect(platform.navigation.back).not.toHaveBeenCalled();
  });

  it('mini program: e-mail login carries a wx.login code; the WeChat button signs in with one', async () => {
    const a = api();
    a.accounts.wxMiniLogin.mockResolvedValue(authResult('tok-mini'));
    const view = await page({ api: a, isH5: false });
    const container = view.container;
    await typeInto(container, 'email', 'li@example.com');
    await typeInto(container, 'password', 'secret-123');
    await click(getBySelector(container, '.login__submit'));
    await waitFor(() =>
      expect(a.accounts.login).toHaveBeenCalledWith({
        email: 'li@example.com',
        password: 'secret-123',
        code: 'wx-code-1',
      }),
    );
    await view.unmount();

    const { container: again, platform, store } = await page({ api: a, isH5: false });
    await click(getByText(again, 'Log In with WeChat'));
    await waitFor(() => expect(a.accounts.wxMiniLogin).toHaveBeenCalledWith('wx-code-1'));
    await waitFor(() => expect(store.session.token).toBe('tok-mini'));
    expect(platform.feedback.toast).toHaveBeenLastCalledWith('Login Successful', 'success');
  });

  it('H5 inside WeChat: the WeChat button leaves for the authorize URL, keeping isBack for the way back', async () => {
    const a = api();
    a.accounts.wxOauthUrl.mockResolvedValue({
      url: 'https://open.weixin.qq.com/connect/oauth2/authorize?s=1',
      state: 'st-9',
      expires_at: 0,
    });
    const { container, platform } = await page({ api: a, wechat: 'official-account', params: { isBack: '1' } });
    await click(getByText(container, 'Log In with WeChat'));
    await waitFor(() =>
      expect(platform.login.leaveTo).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/oauth2/authorize?s=1'),
    );
    expect(a.accounts.wxOauthUrl).toHaveBeenCalledWith({
      redirect: 'https://szeat.test/login?isBack=1',
      scope: 'snsapi_base',
    });
    expect(platform.storage.data.get('_wx_oauth_state')).toBe('st-9');
  });

  it('back from WeChat with code and state: signs in and goes on', async () => {
    const a = api();
    a.accounts.wxPublicLogin.mockResolvedValue(authResult('tok-oa'));
    const { platform, store } = await page({
      api: a,
      wechat: 'official-account',
      params: { code: 'oa-code', state: 'st-9' },
      storage: { _lang: 'en', _wx_oauth_state: 'st-9' },
    });
    await waitFor(() => expect(platform.navigation.replace).toHaveBeenCalledWith('home'));
    expect(a.accounts.wxPublicLogin).toHaveBeenCalledTimes(1);
    expect(a.accounts.wxPublicLogin).toHaveBeenCalledWith({ code: 'oa-code', state: 'st-9' });
    expect(store.session.token).toBe('tok-oa');
    expect(platform.feedback.toast).toHaveBeenCalledWith('Login Successful', 'success');
  });

  it('a failed WeChat return clears token and login state and says so', async () => {
    const a = api();
    a.accounts.wxPublicLogin.mockRejectedValue(new ApiError(1006, 'The WeChat login has expired'));
    const { platform, store } = await page({
      api: a,
      wechat: 'official-account',
      params: { code: 'oa-code', state: 'st-9' },
      storage: { _lang: 'en', token: 'tok-before', userInfo: { name: 'Li' }, _wx_oauth_state: 'st-9' },
    });
    await waitFor(() => expect(platform.feedback.toast).toHaveBeenCalledWith('The WeChat login has expired', 'error'));
    expect(store.session.isLoggedIn).toBe(false);
    expect(platform.storage.data.has('token')).toBe(false);
    expect(platform.navigation.replace).not.toHaveBeenCalled();
  });

  it('a forged state is refused with our own message', async () => {
    const { platform, api: a } = await page({
      wechat: 'official-account',
      params: { code: 'oa-code', state: 'forged' },
      storage: { _lang: 'en', _wx_oauth_state: 'st-9' },
    });
    await waitFor(() =>
      expect(platform.feedback.toast).toHaveBeenCalledWith('WeChat login failed. Please try again.', 'error'),
    );
    expect(a.accounts.wxPublicLogin).not.toHaveBeenCalled();
  });

  it('in Chinese', async () => {
    const { container, platform } = await page({ storage: { _lang: 'cn' } });
    expect(platform.setTitle).toHaveBeenCalledWith('登录');
    await click(getBySelector(container, '.login__submit'));
    expect(fieldError(container, 'email')).toBe('请输入邮箱');
  });
});
