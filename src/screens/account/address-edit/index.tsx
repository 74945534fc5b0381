import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { Address } from '../../../../types/api/addresses';
import { BUILDING_NO_MAX, NAME_MAX, PHONE_LENGTH, ROOM_NO_MAX } from '../../../../types/constants';
import { Field, FormCard, FormLink, SubmitButton, TextInput } from '../../../components/form';
import { LoginPrompt } from '../../../components/login-prompt';
import { PageShell } from '../../../components/page-shell';
import { PlacePicker } from '../../../components/place-picker';
import { ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { useAddressBook } from '../../../stores/address-book';
import {
  ADDRESS_FIELDS,
  addressErrors,
  firstError,
  isValid,
  type AddressForm,
  type FormErrors,
} from '../../../utils/account-forms';
import { successPause } from '../../../utils/pause';
import { useLoad } from '../../../utils/use-load';
import '../login/index.scss';
import './index.scss';
import { useRouteParams } from '../../../utils/use-route-params';
import { pressable } from '../../../utils/a11y';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/account';

type Errors = FormErrors<(typeof ADDRESS_FIELDS)[number]>;

const formOf = (a: Address): AddressForm & { isDefault: boolean } => ({
  name: a.name,
  phone: a.phone,
  areaId: a.area_id,
  buildingId: a.building_id,
  buildingNo: a.building_no,
  roomNo: a.room_no,
  isDefault: a.is_default,
});

/** Add (no id) or edit (?id=) an address of the address book. */
function AddressEditPage() {
  const { api, session, platform, ui } = useStores();
  const book = useAddressBook();
  const t = useT();
  const nav = platform.navigation;
  const rawId = useRouteParams(nav, 'addressEdit').id ?? '';
  const id = /^\d+$/.test(rawId) ? Number(rawId) : 0;
  const [existing, reload] = useLoad<Address | null>(
    () => (id && session.isLoggedIn ? api.addresses.get(id) : Promise.resolve(null)),
    [id, session.isLoggedIn],
  );
  const [form, setForm] = useState<AddressForm & { isDefault: boolean }>(() => ({
    // A first address is for the customer themself: start from their own name and phone.
    name: session.userInfo?.name ?? '',
    phone: session.userInfo?.phone ?? '',
    areaId: 0,
    buildingId: 0,
    buildingNo: '',
    roomNo: '',
    isDefault: false,
  }));
  // Checked from the first attempt to save on, so a message goes away as soon as its field is put right.
  const [tried, setTried] = useState(false);
  const errors: Errors = tried ? addressErrors(form) : {};
  const [busy, setBusy] = useState(false);
  const title = t(id ? 'address.edit_title' : 'address.new_title');

  // The form shows once it holds the address: Taro's H5 inputs throw when their value changes before they have
  // rendered (seen right after the form appeared with the defaults and the address arrived a moment later).
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    if (existing.status !== 'ready') return;
    if (existing.data) setForm(formOf(existing.data));
    setFilled(true);
  }, [existing]);
  useDidShow(() => platform.setTitle(title));

  const set = (key: 'name' | 'phone' | 'buildingNo' | 'roomNo') => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  const message = (field: keyof Errors) => (errors[field] ? t(errors[field]!) : undefined);

  const save = async () => {
    if (busy) return;
    const found = addressErrors(form);
    setTried(true);
    if (!isValid(found)) {
      platform.feedback.toast(t(firstError(found, ADDRESS_FIELDS)!));
      return;
    }
    setBusy(true);
    const saved = await book.save({
      ...(id ? { id } : {}),
      name: form.name.trim(),
      phone: form.phone.trim(),
      area_id: form.areaId,
      building_id: form.buildingId,
      building_no: form.buildingNo.trim(),
      room_no: form.roomNo.trim(),
      // Unticking never takes the default away here: another address has to be made the default instead.
      ...(form.isDefault ? { is_default: true } : {}),
    });
    if (!saved) {
      setBusy(false);
      return;
    }
    platform.feedback.toast(t('address.saved'), 'success');
    await successPause();
    await nav.back();
  };

  const wasDefault = existing.status === 'ready' && !!existing.data?.is_default;

  if (!session.isLoggedIn) {
    return (
      <PageShell>
        <LoginPrompt message={t('address.login_prompt')} />
      </PageShell>
    );
  }

  return (
    <PageShell>
      <View className='address-edit'>
        {existing.status === 'loading' && <Loading />}
        {existing.status === 'error' && <ErrorState message={ui.errorMessage(existing.error)} onRetry={reload} />}
        {existing.status === 'ready' && !filled && <Loading />}
        {existing.status === 'ready' && filled && (
          <FormCard title={title} className='login__card'>
            <Field label={t('address.name')} name='name' error={message('name')}>
              <TextInput
                name='name'
                value={form.name}
                onChange={set('name')}
                placeholder={t('address.name_placeholder')}
                maxlength={NAME_MAX}
              />
            </Field>
            <Field label={t('address.phone')} name='phone' error={message('phone')}>
              <TextInput
                name='phone'
                keyboard='tel'
                value={form.phone}
                onChange={set('phone')}
                placeholder={t('address.phone_placeholder')}
                maxlength={PHONE_LENGTH}
              />
            </Field>
            <PlacePicker
              areaId={form.areaId}
              buildingId={form.buildingId}
              error={message('address')}
              labels={
                existing.data ? { area: existing.data.area_name, building: existing.data.building_name } : undefined
              }
              onChange={(place) => setForm((f) => ({ ...f, ...place }))}
            />
            <View className='form-row'>
              <Field label={t('address.building_no')} name='building-no'>
                <TextInput
                  name='building-no'
                  value={form.buildingNo}
                  onChange={set('buildingNo')}
                  placeholder={t('address.building_no_placeholder')}
                  maxlength={BUILDING_NO_MAX}
                />
              </Field>
              <Field label={t('address.room_no')} name='room-no' error={message('roomNo')}>
                <TextInput
                  name='room-no'
                  value={form.roomNo}
                  onChange={set('roomNo')}
                  placeholder={t('address.room_no_placeholder')}
                  maxlength={ROOM_NO_MAX}
                />
              </Field>
            </View>
            {!wasDefault && (
              <View
                className={`address-edit__default ${form.isDefault ? 'address-edit__default--on' : ''}`}
                {...pressable(() => setForm((f) => ({ ...f, isDefault: !f.isDefault })))}
              >
                <Text className='address-edit__check'>{form.isDefault ? '✓' : ''}</Text>
                <Text>{t('address.make_default')}</Text>
              </View>
            )}
            <SubmitButton
              className='address-edit__save'
              label={t('address.save')}
              onClick={() => void save()}
              disabled={busy}
            />
            <View className='form-links'>
              <FormLink className='address-edit__cancel' label={t('address.cancel')} onClick={() => void nav.back()} />
            </View>
          </FormCard>
        )}
      </View>
    </PageShell>
  );
}

export default observer(AddressEditPage);
