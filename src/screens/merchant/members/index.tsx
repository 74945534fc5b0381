import { Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { MEMBER_ROLES, type Member, type MemberRole } from '../../../../types/api/merchant';
import { Field, SubmitButton, TextInput } from '../../../components/form';
import { Empty, ErrorState, Loading } from '../../../components/state-view';
import { useStores } from '../../../stores';
import { isContact } from '../../../stores/merchant-manage-store';
import { useConsoleT, useManage } from '../../../stores/merchant-manage';
import { pressable } from '../../../utils/a11y';
import { formatDate } from '../../../utils/date';
import { ConsoleFrame } from '../console-frame';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/merchant';

/**
 * Members (issue 18, merchant/members; owners): who works for the restaurant with which role, inviting an existing
 * account by phone or e-mail as staff or owner, and removing one after a confirmation. "Remove" is offered only where
 * the server allows it (never on the last owner, the owner's own row included; leaving oneself while another owner
 * remains is allowed, as on the server); a refusal after a race with another owner shows the server's message.
 */
function MerchantMembersPage() {
  const { ui, platform, session } = useStores();
  const manage = useManage();
  const t = useConsoleT();
  const restaurantId = manage.restaurantId;
  const owner = manage.isOwner;
  const selfId = session.userInfo?.id;
  const [contact, setContact] = useState('');
  const [role, setRole] = useState<MemberRole>('staff');
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    void manage.open();
  }, [manage]);
  useEffect(() => {
    if (restaurantId && owner) void manage.loadMembers();
  }, [manage, restaurantId, owner]);

  const invite = async () => {
    const value = contact.trim();
    if (!isContact(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const added = await manage.invite(value, role);
    if (added) {
      setContact('');
      platform.feedback.toast(t('invite_done', { name: added.name }), 'success');
    }
  };

  const remove = async (member: Member) => {
    const leaving = member.user_id === selfId;
    const question = leaving ? t('member_leave_confirm') : t('member_remove_confirm', { name: member.name });
    const yes = await platform.feedback.confirm(question, {
      confirmText: t('member_remove'),
      cancelText: t('cancel'),
    });
    if (yes && (await manage.removeMember(member.user_id, leaving))) {
      platform.feedback.toast(t(leaving ? 'member_left' : 'member_removed'), 'success');
    }
  };

  return (
    <ConsoleFrame current='merchantMembers' title={t('members_title')} ownerOnly>
      <View className='console-section' data-section='members'>
        {manage.membersStatus === 'loading' && <Loading />}
        {manage.membersStatus === 'error' && (
          <ErrorState
            message={`${t('load_failed')}: ${ui.errorMessage(manage.membersError)}`}
            onRetry={() => void manage.loadMembers()}
          />
        )}
        {manage.membersStatus === 'ready' && manage.members.length === 0 && <Empty message={t('members_empty')} />}
        {manage.members.map((m) => (
          <View key={m.user_id} className='console-row' data-member={m.user_id}>
            <View className='console-row__main'>
              <Text className='console-row__name'>
                {m.name} · {t(m.role === 'owner' ? 'role_owner' : 'role_staff')}
              </Text>
              <Text className='console-row__sub'>
                {[m.phone, m.email].filter(Boolean).join(' · ')} ·{' '}
                {t('member_since', { date: formatDate(m.created_at, ui.lang) })}
              </Text>
            </View>
            {manage.canRemove(m) && (
              <Text
                className={`console-button${manage.removing.has(m.user_id) ? ' console-button--off' : ''}`}
                {...pressable(() => void remove(m), { label: `${t('member_remove')}: ${m.name}` })}
              >
                {t('member_remove')}
              </Text>
            )}
          </View>
        ))}
      </View>
      <View className='console-section' data-section='invite'>
        <Text className='console-section__title'>{t('invite_title')}</Text>
        <Field label={t('invite_contact')} error={invalid ? t('invite_contact_invalid') : undefined} name='contact'>
          <TextInput
            value={contact}
            onChange={setContact}
            placeholder={t('invite_contact_placeholder')}
            maxlength={254}
            name='contact'
            onConfirm={() => void invite()}
          />
        </Field>
        <Field label={t('invite_role')} name='role'>
          <View className='console-actions' {...{ role: 'radiogroup' }}>
            {MEMBER_ROLES.map((r) => (
              <Text
                key={r}
                className={`console-nav__link${r === role ? ' console-nav__link--on' : ''}`}
                {...pressable(() => setRole(r), { role: 'radio', checked: r === role })}
              >
                {t(r === 'owner' ? 'role_owner' : 'role_staff')}
              </Text>
            ))}
          </View>
        </Field>
        <SubmitButton label={t('invite_send')} onClick={() => void invite()} disabled={manage.inviting} />
      </View>
    </ConsoleFrame>
  );
}

export default observer(MerchantMembersPage);
