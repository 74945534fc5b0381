import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { Field, FormCard, FormLink, SubmitButton, TextInput } from '../../../components/form';
import { PageShell } from '../../../components/page-shell';
import { OauthStateError, useStores, useT } from '../../../stores';
import { firstError, isValid, LOGIN_FIELDS, loginErrors, type FormErrors } from '../../../utils/account-forms';
import { successPause } from '../../../utils/pause';
import './index.scss';
import { useRouteParams } from '../../../utils/use-route-params';
import { pressable } from '../../../utils/a11y';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/account';

type Errors = FormErrors<(typeof LOGIN_FIELDS)[number]>;

/** A query flag is on unless absent, empty, 0 or false. */
const flagOn = (value: string | undefined) => value !== undefined && !['', '0', 'false'].includes(value);

/**
 * /login: e-mail and password; WeChat sign-in in the mini program and on the H5 site inside WeChat (OAuth there
 * leaves for WeChat and comes back here with code and state). `isBack` (sent by the cart after a session expiry)
 * returns to the previous screen after success; otherwise home.
 */
function LoginPage() {
  const { session, platform, ui } = useStores();
  const t = useT();
  const nav = platform.navigation;
  const params = useRouteParams(nav, 'login');
  const isBack = flagOn(params.isBack);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Checked from the first attempt to send on, so a message goes away as soon as its field is put right.
  const [tried, setTried] = useState(false);
  const errors: Errors = tried ? loginErrors({ email, password }) : {};
  const [busy, setBusy] = useState(false);
  const oauthHandled = useRef(false);
  const wechat = session.wechatLogin;

  useDidShow(() => platform.setTitle(t('auth.title')));

  // The form stays disabled after a success: the screen changes once the toast has been seen.
  const succeeded = async () => {
    platform.feedback.toast(t('auth.success'), 'success');
    await successPause();
    await (isBack ? nav.back() : nav.replace('home'));
  };

  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } catch (err) {
      setBusy(false);
      ui.showError(err);
      return;
    }
    await succeeded();
  };

  // Back from WeChat's authorize page with code and state.
  useEffect(() => {
    const { code, state } = params;
    if (oauthHandled.current || !code || !state) return;
    oauthHandled.current = true;
    setBusy(true);
    session.finishWechatOauth(code, state).then(succeeded, (err: unknown) => {
      setBusy(false);
      if (err instanceof OauthStateError) platform.feedback.toast(t('auth.wechat_failed'), 'error');
      else ui.showError(err);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = () => {
    const found = loginErrors({ email, password });
    setTried(true);
    if (!isValid(found)) {
      platform.feedback.toast(t(firstError(found, LOGIN_FIELDS)!));
      return;
    }
    void run(() => session.login(email, password));
  };

  const wechatLogin = () => {
    if (wechat === 'mini-program') void run(() => session.loginWithWechat());
    else if (wechat === 'official-account') {
      if (busy) return;
      setBusy(true);
      // On success the browser leaves for WeChat; the page comes back with ?code&state.
      session.startWechatOauth(isBack ? '/login?isBack=1' : '/login').catch((err: unknown) => {
        setBusy(false);
        ui.showError(err);
      });
    }
  };

  return (
    <PageShell>
      <View className='login'>
        <FormCard title={t('auth.title')} className='login__card'>
          <Field label={t('auth.email')} name='email' error={errors.email && t(errors.email)}>
            <TextInput
              name='email'
              keyboard='email'
              value={email}
              onChange={setEmail}
              placeholder={t('auth.email_placeholder')}
              maxlength={254}
              onConfirm={submit}
            />
          </Field>
          <Field label={t('auth.password')} name='password' error={errors.password && t(errors.password)}>
            <TextInput
              name='password'
              value={password}
              onChange={setPassword}
              password
              placeholder={t('auth.password_placeholder')}
              maxlength={128}
              onConfirm={submit}
            />
          </Field>
          <SubmitButton className='login__submit' label={t('auth.submit')} onClick={submit} disabled={busy} />
          <View className='form-links'>
            <FormLink className='login__forgot' label={t('auth.forgot')} onClick={() => void nav.go('forgetpwd')} />
            <View className='login__signup'>
              <Text>{t('auth.no_account')}</Text>
              <FormLink
                className='login__to-register'
                label={t('auth.to_register')}
                onClick={() => void nav.go('register')}
              />
            </View>
          </View>
          {wechat !== 'none' && (
            <View className='login__wechat'>
              <View className='login__divider'>
                <Text>{t('auth.or')}</Text>
              </View>
              <View
                className={`login__wechat-button ${busy ? 'form-submit--disabled' : ''}`}
                {...pressable(wechatLogin)}
              >
                {t('auth.wechat')}
              </View>
            </View>
          )}
        </FormCard>
      </View>
    </PageShell>
  );
}

export default observer(LoginPage);
