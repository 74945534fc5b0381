import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { BUILDING_NO_MAX, NAME_MAX, PASSWORD_MAX, PHONE_LENGTH, ROOM_NO_MAX } from '../../../../types/constants';
import { Field, FormCard, FormLink, SubmitButton, TextInput } from '../../../components/form';
import { PageShell } from '../../../components/page-shell';
import { PlacePicker } from '../../../components/place-picker';
import { useStores, useT } from '../../../stores';
import {
  firstError,
  isValid,
  REGISTER_FIELDS,
  registerErrors,
  type FormErrors,
  type RegisterForm,
} from '../../../utils/account-forms';
import { successPause } from '../../../utils/pause';
import '../login/index.scss';
import './index.scss';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/account';

type Errors = FormErrors<(typeof REGISTER_FIELDS)[number]>;

const EMPTY: RegisterForm = {
  name: '',
  phone: '',
  email: '',
  password: '',
  confirm: '',
  areaId: 0,
  buildingId: 0,
  buildingNo: '',
  roomNo: '',
};

/** /register: every field of the specification, checked before sending; the address becomes the first one. */
function RegisterPage() {
  const { session, platform, ui } = useStores();
  const t = useT();
  const nav = platform.navigation;
  const [form, setForm] = useState<RegisterForm>(EMPTY);
  // Checked from the first attempt to send on, so a message goes away as soon as its field is put right.
  const [tried, setTried] = useState(false);
  const errors: Errors = tried ? registerErrors(form) : {};
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof RegisterForm>(key: K) =>
    (value: RegisterForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const message = (field: keyof Errors) => (errors[field] ? t(errors[field]!) : undefined);

  useDidShow(() => platform.setTitle(t('register.title')));

  const submit = async () => {
    if (busy) return;
    const found = registerErrors(form);
    setTried(true);
    if (!isValid(found)) {
      platform.feedback.toast(t(firstError(found, REGISTER_FIELDS)!));
      return;
    }
    setBusy(true);
    try {
      await session.register({
        name: form.name.trim(),
        phone: form.phone.trim(),
        email: form.email.trim(),
        password: form.password,
        confirm_password: form.confirm,
        area_id: form.areaId,
        building_id: form.buildingId,
        building_no: form.buildingNo.trim(),
        room_no: form.roomNo.trim(),
      });
    } catch (err) {
      setBusy(false);
      ui.showError(err);
      return;
    }
    platform.feedback.toast(t('register.success'), 'success');
    await successPause();
    await nav.replace('home');
  };

  return (
    <PageShell>
      <View className='register'>
        <FormCard title={t('register.title')} className='login__card'>
          <Field label={t('register.name')} name='name' error={message('name')}>
            <TextInput
              name='name'
              value={form.name}
              onChange={set('name')}
              placeholder={t('register.name_placeholder')}
              maxlength={NAME_MAX}
            />
          </Field>
          <Field label={t('register.phone')} name='phone' error={message('phone')}>
            <TextInput
              name='phone'
              keyboard='tel'
              value={form.phone}
              onChange={set('phone')}
              placeholder={t('register.phone_placeholder')}
              maxlength={PHONE_LENGTH}
            />
          </Field>
          <Field label={t('register.email')} name='email' error={message('email')}>
            <TextInput
              name='email'
              keyboard='email'
              value={form.email}
              onChange={set('email')}
              placeholder={t('register.email_placeholder')}
              maxlength={254}
            />
          </Field>
          <Field label={t('register.password')} name='password' error={message('password')}>
            <TextInput
              name='password'
              value={form.password}
              onChange={set('password')}
              password
              placeholder={t('register.password_placeholder')}
              maxlength={PASSWORD_MAX}
            />
          </Field>
          <Field label={t('register.confirm')} name='confirm' error={message('confirm')}>
            <TextInput
              name='confirm'
              value={form.confirm}
              onChange={set('confirm')}
              password
              placeholder={t('register.confirm_placeholder')}
              maxlength={PASSWORD_MAX}
            />
          </Field>
          <Text className='register__section'>{t('register.address')}</Text>
          <PlacePicker
            areaId={form.areaId}
            buildingId={form.buildingId}
            error={message('address')}
            onChange={(place) => setForm((f) => ({ ...f, ...place }))}
          />
          <View className='form-row'>
            <Field label={t('register.building_no')} name='building-no'>
              <TextInput
                name='building-no'
                value={form.buildingNo}
                onChange={set('buildingNo')}
                placeholder={t('register.building_no_placeholder')}
                maxlength={BUILDING_NO_MAX}
              />
            </Field>
            <Field label={t('register.room_no')} name='room-no' error={message('roomNo')}>
              <TextInput
                name='room-no'
                value={form.roomNo}
                onChange={set('roomNo')}
                placeholder={t('register.room_no_placeholder')}
                maxlength={ROOM_NO_MAX}
                onConfirm={() => void submit()}
              />
            </Field>
          </View>
          <SubmitButton
            className='register__submit'
            label={t('register.submit')}
            onClick={() => void submit()}
            disabled={busy}
          />
          <View className='form-links'>
            <View className='login__signup'>
              <Text>{t('register.have_account')}</Text>
              <FormLink
                className='register__to-login'
                label={t('register.to_login')}
                onClick={() => void nav.go('login')}
              />
            </View>
          </View>
        </FormCard>
      </View>
    </PageShell>
  );
}

export default observer(RegisterPage);
