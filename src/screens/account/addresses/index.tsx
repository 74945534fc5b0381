import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import type { Address } from '../../../../types/api/addresses';
import { LoginPrompt } from '../../../components/login-prompt';
import { PageShell } from '../../../components/page-shell';
import { Empty, ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { useAddressBook } from '../../../stores/address-book';
import { addressLine } from '../../../utils/address';
import { useLoad } from '../../../utils/use-load';
import './index.scss';
import { pressable } from '../../../utils/a11y';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/account';

/** The address book: list, add, edit, delete, set default. */
function AddressesPage() {
  const { api, session, platform, ui } = useStores();
  const book = useAddressBook();
  const t = useT();
  const nav = platform.navigation;
  const loggedIn = session.isLoggedIn;
  const [list, reload] = useLoad(
    () => (loggedIn ? api.addresses.list() : Promise.resolve({ list: [] })),
    [loggedIn, ui.lang],
  );
  // The list reloads when the page comes back into view (after the edit screen saved).
  const shownOnce = useRef(false);
  useDidShow(() => {
    platform.setTitle(t('address.title'));
    if (shownOnce.current) reload();
    shownOnce.current = true;
  });

  const perform = async (change: () => Promise<boolean>, done: string) => {
    if (!(await change())) return;
    platform.feedback.toast(done, 'success');
    reload();
  };

  const remove = async (address: Address) => {
    const yes = await platform.feedback.confirm(t('address.delete_confirm'), {
      confirmText: t('address.delete'),
      cancelText: t('address.cancel'),
    });
    if (yes) await perform(() => book.remove(address.id), t('address.deleted'));
  };

  if (!loggedIn) {
    return (
      <PageShell>
        <LoginPrompt message={t('address.login_prompt')} />
      </PageShell>
    );
  }

  return (
    <PageShell>
      <View className='addresses'>
        <View className='addresses__header'>
          <Text className='addresses__title'>{t('address.title')}</Text>
          <Text className='addresses__add' {...pressable(() => void nav.go('addressEdit'))}>
            {t('address.add')}
          </Text>
        </View>
        {list.status === 'loading' && <Loading />}
        {list.status === 'error' && <ErrorState message={ui.errorMessage(list.error)} onRetry={reload} />}
        {list.status === 'ready' && list.data.list.length === 0 && <Empty message={t('address.empty')} />}
        {list.status === 'ready' &&
          list.data.list.map((a) => (
            <View key={a.id} className={`address-item ${a.is_default ? 'address-item--default' : ''}`}>
              <View className='address-item__main'>
                <View className='address-item__who'>
                  <Text className='address-item__name'>{a.name}</Text>
                  <Text className='address-item__phone'>{a.phone}</Text>
                  {a.is_default && <Text className='address-item__badge'>{t('address.default')}</Text>}
                </View>
                <Text className='address-item__line'>{addressLine(a)}</Text>
                {a.building_address && <Text className='address-item__street'>{a.building_address}</Text>}
              </View>
              <View className='address-item__actions'>
                {!a.is_default && (
                  <Text
                    className='address-item__action address-item__set-default'
                    {...pressable(() => void perform(() => book.setDefault(a.id), t('address.default_set')))}
                  >
                    {t('address.set_default')}
                  </Text>
                )}
                <Text
                  className='address-item__action address-item__edit'
                  {...pressable(() => void nav.go('addressEdit', { id: a.id }))}
                >
                  {t('address.edit')}
                </Text>
                <Text className='address-item__action address-item__delete' {...pressable(() => void remove(a))}>
                  {t('address.delete')}
                </Text>
              </View>
            </View>
          ))}
      </View>
    </PageShell>
  );
}

export default observer(AddressesPage);
