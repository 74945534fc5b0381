import { View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { PASSWORD_MAX, PHONE_LENGTH, SMS_RESEND_SECONDS } from '../../../../types/constants';
import { Field, FormCard, FormLink, SubmitButton, TextInput } from '../../../components/form';
import { PageShell } from '../../../components/page-shell';
import { useStores, useT } from '../../../stores';
import {
  firstError,
  isValid,
  RESET_FIELDS,
  resetErrors,
  resetPhoneError,
  type FormErrors,
  type ResetForm,
} from '../../../utils/account-forms';
import { successPause } from '../../../utils/pause';
import { useCountdown } from '../../../utils/use-countdown';
import '../login/index.scss';
import './index.scss';
import { pressable } from '../../../utils/a11y';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/account';

type Errors = FormErrors<(typeof RESET_FIELDS)[number]>;

/** /forgetpwd: phone, an SMS code (resend after a countdown), a new password twice; then log in again. */
function ForgetPwdPage() {
  const { session, platform, ui } = useStores();
  const t = useT();
  const nav = platform.navigation;
  const [form, setForm] = useState<ResetForm>({ phone: '', code: '', password: '', confirm: '' });
  // Checked from the first attempt on (the phone alone from the first "send code"), so a message goes away as soon
  // as its field is put right.
  const [tried, setTried] = useState<'none' | 'phone' | 'all'>('none');
  const errors: Errors =
    tried === 'all' ? resetErrors(form) : tried === 'phone' ? { phone: resetPhoneError(form.phone) } : {};
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [resendIn, startCountdown] = useCountdown();
  const set = (key: keyof ResetForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const message = (field: keyof Errors) => (errors[field] ? t(errors[field]!) : undefined);

  useDidShow(() => platform.setTitle(t('reset.title')));

  const sendCode = async () => {
    if (sending || resendIn > 0) return;
    const phoneError = resetPhoneError(form.phone);
    setTried((was) => (was === 'all' ? 'all' : 'phone'));
    if (phoneError) {
      platform.feedback.toast(t(phoneError));
      return;
    }
    setSending(true);
    try {
      const resendAfter = await session.sendResetCode(form.phone.trim());
      startCountdown(resendAfter > 0 ? resendAfter : SMS_RESEND_SECONDS);
      platform.feedback.toast(t('reset.sent'), 'success');
    } catch (err) {
      ui.showError(err);
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    if (busy) return;
    const found = resetErrors(form);
    setTried('all');
    if (!isValid(found)) {
      platform.feedback.toast(t(firstError(found, RESET_FIELDS)!));
      return;
    }
    setBusy(true);
    try {
      // The server ends every session of the account, this one included (resetPassword clears it).
      await session.resetPassword({
        phone: form.phone.trim(),
        code: form.code.trim(),
        password: form.password,
        confirm_password: form.confirm,
      });
    } catch (err) {
      setBusy(false);
      ui.showError(err);
      return;
    }
    platform.feedback.toast(t('reset.success'), 'success');
    await successPause();
    await nav.replace('login');
  };

  return (
    <PageShell>
      <View className='forgetpwd'>
        <FormCard title={t('reset.title')} className='login__card'>
          <Field label={t('reset.phone')} name='phone' error={message('phone')}>
            <TextInput
              name='phone'
              keyboard='tel'
              value={form.phone}
              onChange={set('phone')}
              placeholder={t('reset.phone_placeholder')}
              maxlength={PHONE_LENGTH}
            />
          </Field>
          <Field label={t('reset.code')} name='code' error={message('code')}>
            <TextInput
              name='code'
              keyboard='code'
              value={form.code}
              onChange={set('code')}
              placeholder={t('reset.code_placeholder')}
              maxlength={6}
            />
            <View
              className={`forgetpwd__send ${sending || resendIn > 0 ? 'forgetpwd__send--waiting' : ''}`}
              {...pressable(() => void sendCode())}
            >
              {resendIn > 0 ? t('reset.resend_in', { seconds: resendIn }) : t('reset.send')}
            </View>
          </Field>
          <Field label={t('reset.password')} name='password' error={message('password')}>
            <TextInput
              name='password'
              value={form.password}
              onChange={set('password')}
              password
              placeholder={t('reset.password_placeholder')}
              maxlength={PASSWORD_MAX}
            />
          </Field>
          <Field label={t('reset.confirm')} name='confirm' error={message('confirm')}>
            <TextInput
              name='confirm'
              value={form.confirm}
              onChange={set('confirm')}
              password
              placeholder={t('reset.confirm_placeholder')}
              maxlength={PASSWORD_MAX}
              onConfirm={() => void submit()}
            />
          </Field>
          <SubmitButton
            className='forgetpwd__submit'
            label={t('reset.submit')}
            onClick={() => void submit()}
            disabled={busy}
          />
          <View className='form-links'>
            <FormLink
              className='forgetpwd__to-login'
              label={t('reset.back_to_login')}
              onClick={() => void nav.go('login')}
            />
          </View>
        </FormCard>
      </View>
    </PageShell>
  );
}

export default observer(ForgetPwdPage);
