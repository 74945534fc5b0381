/** /forgetpwd: phone, send code (60 s countdown), code, new password twice; "password changed, log in again". */
import { act } from 'react';
import ForgetPwdPage from '../../../src/screens/account/forgetpwd';
import { ApiError } from '../../../src/services';
import { fieldError, typeInto } from '../support/forms';
import { fakeApi, renderPage, withAccountDefaults } from '../support/page';
import { click, getBySelector, waitFor } from '../support/render';
import { feedbackTiming } from '../../../src/utils/pause';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

// The pause that lets a success toast be seen before the screen changes is tested once, in login.test.tsx.
beforeAll(() => {
  feedbackTiming.successPauseMs = 0;
});

function api() {
  const a = withAccountDefaults(fakeApi());
  a.accounts.resetPwdSms.mockResolvedValue({ resend_after: 60, expires_in: 600 });
  a.accounts.saveNewPwd.mockResolvedValue(null);
  return a;
}

const sendButton = (c: Element) => getBySelector(c, '.forgetpwd__send');

afterEach(() => {
  jest.useRealTimers();
});

/** Fakes only the countdown's interval and clock: Taro's web components and waitFor need the real timers. */
function fakeClock() {
  jest.useFakeTimers({
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setImmediate',
      'clearImmediate',
      'nextTick',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'performance',
      'hrtime',
    ],
  });
}

describe('forgot password page', () => {
  it("checks before sending: the specification's four messages", async () => {
    const { container, platform, api: a } = await renderPage(ForgetPwdPage, { api: api(), storage: { _lang: 'en' } });
    expect(platform.setTitle).toHaveBeenCalledWith('Forgot password');
    await typeInto(container, 'phone', '1380013800');
    await typeInto(container, 'password', 'short');
    await typeInto(container, 'confirm', 'other');
    await click(getBySelector(container, '.forgetpwd__submit'));
    expect(fieldError(container, 'phone')).toBe('Incorrect phone number');
    expect(fieldError(container, 'code')).toBe('Please enter the verification code');
    expect(fieldError(container, 'password')).toBe('Please enter a password of at least 8 characters');
    expect(fieldError(container, 'confirm')).toBe('The confirmed password must match');
    expect(platform.feedback.toast).toHaveBeenCalledWith('Incorrect phone number');
    expect(a.accounts.saveNewPwd).not.toHaveBeenCalled();
  });

  it('send code checks the phone first', async () => {
    const { container, platform, api: a } = await renderPage(ForgetPwdPage, { api: api(), storage: { _lang: 'en' } });
    await click(sendButton(container));
    expect(fieldError(container, 'phone')).toBe('Incorrect phone number');
    expect(platform.feedback.toast).toHaveBeenCalledWith('Incorrect phone number');
    expect(a.accounts.resetPwdSms).not.toHaveBeenCalled();
  });

  it('sends the code, then counts down 60 s (through re-renders) before it can be sent again', async () => {
    fakeClock();
    const { container, platform, api: a } = await renderPage(ForgetPwdPage, { api: api(), storage: { _lang: 'en' } });
    expect(sendButton(container).textContent).toBe('Send code');
    await typeInto(container, 'phone', '13800138000');
    await click(sendButton(container));
    await waitFor(() => expect(sendButton(container).textContent).toBe('Resend in 60s'));
    expect(a.accounts.resetPwdSms).toHaveBeenCalledWith('13800138000');
    expect(platform.feedback.toast).toHaveBeenCalledWith('Code sent', 'success');

    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(sendButton(container).textContent).toBe('Resend in 59s');
    // Typing re-renders the page; the countdown goes on from where it was.
    await typeInto(container, 'code', '12');
    await typeInto(container, 'code', '123');
    await act(async () => {
      jest.advanceTimersByTime(9000);
    });
    expect(sendButton(container).textContent).toBe('Resend in 50s');
    // Taps while waiting send nothing.
    await click(sendButton(container));
    expect(a.accounts.resetPwdSms).toHaveBeenCalledTimes(1);

    await act(async () => {
      jest.advanceTimersByTime(50_000);
    });
    expect(sendButton(container).textContent).toBe('Send code');
    await click(sendButton(container));
    await waitFor(() => expect(a.accounts.resetPwdSms).toHaveBeenCalledTimes(2));
  });

  it('the countdown stops when the page goes away', async () => {
    fakeClock();
    const view = await renderPage(ForgetPwdPage, { api: api(), storage: { _lang: 'en' } });
    await typeInto(view.container, 'phone', '13800138000');
    await click(sendButton(view.container));
    await waitFor(() => expect(sendButton(view.container).textContent).toBe('Resend in 60s'));
    expect(jest.getTimerCount()).toBeGreaterThan(0);
    await view.unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  it("a refused send (too many) shows the server's message and no countdown", async () => {
    const a = api();
    a.accounts.resetPwdSms.mockRejectedValue(new ApiError(1007, 'Too many codes. Try again later.'));
    const { container, platform } = await renderPage(ForgetPwdPage, { api: a, storage: { _lang: 'en' } });
    await typeInto(container, 'phone', '13800138000');
    await click(sendButton(container));
    await waitFor(() =>
      expect(platform.feedback.toast).toHaveBeenCalledWith('Too many codes. Try again later.', 'error'),
    );
    expect(sendButton(container).textContent).toBe('Send code');
  });

  it('changes the password: logged out, "log in again", to the login screen', async () => {
    const {
      container,
      platform,
      api: a,
      store,
    } = await renderPage(ForgetPwdPage, {
      api: api(),
      storage: { _lang: 'en', token: 'tok-old', userInfo: { name: 'Li' } },
    });
    await typeInto(container, 'phone', '13800138000');
    await typeInto(container, 'code', '123456');
    await typeInto(container, 'password', 'new-pass-1');
    await typeInto(container, 'confirm', 'new-pass-1');
    await click(getBySelector(container, '.forgetpwd__submit'));
    await waitFor(() => expect(platform.navigation.replace).toHaveBeenCalledWith('login'));
    expect(a.accounts.saveNewPwd).toHaveBeenCalledWith({
      phone: '13800138000',
      code: '123456',
      password: 'new-pass-1',
      confirm_password: 'new-pass-1',
    });
    expect(platform.feedback.toast).toHaveBeenCalledWith('Password changed. Please log in again.', 'success');
    expect(store.session.isLoggedIn).toBe(false);
  });

  it("a wrong code: the server's message, nothing else changes", async () => {
    const a = api();
    a.accounts.saveNewPwd.mockRejectedValue(new ApiError(1001, 'The code is wrong or has expired'));
    const { container, platform } = await renderPage(ForgetPwdPage, { api: a, storage: { _lang: 'en' } });
    await typeInto(container, 'phone', '13800138000');
    await typeInto(container, 'code', '000000');
    await typeInto(container, 'password', 'new-pass-1');
    await typeInto(container, 'confirm', 'new-pass-1');
    await click(getBySelector(container, '.forgetpwd__submit'));
    await waitFor(() =>
      expect(platform.feedback.toast).toHaveBeenCalledWith('The code is wrong or has expired', 'error'),
    );
    expect(platform.navigation.replace).not.toHaveBeenCalled();
  });

  it('in Chinese', async () => {
    const { container, platform } = await renderPage(ForgetPwdPage, { api: api(), storage: { _lang: 'cn' } });
    await click(getBySelector(container, '.forgetpwd__submit'));
    expect(fieldError(container, 'phone')).toBe('手机号码不正确');
    expect(fieldError(container, 'code')).toBe('请输入验证码');
    await typeInto(container, 'phone', '13800138000');
    await typeInto(container, 'code', '123456');
    await typeInto(container, 'password', 'new-pass-1');
    await typeInto(container, 'confirm', 'new-pass-1');
    await click(getBySelector(container, '.forgetpwd__submit'));
    await waitFor(() => expect(platform.feedback.toast).toHaveBeenCalledWith('密码已修改，请重新登录', 'success'));
  });
});
