import { Text, View } from '@tarojs/components';
import { useDidHide, useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useStores } from '../../../stores';
import { BUSY_MINUTES } from '../../../stores/merchant-manage-store';
import { useConsoleT, useManage } from '../../../stores/merchant-manage';
import { pressable } from '../../../utils/a11y';
import { formatWhen } from '../../../utils/date';
import { ConsoleFrame } from '../console-frame';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/merchant';

/**
 * Busy mode and "closed today" (issue 18, merchant/busy; owners): pause new orders for 15/30/60 minutes or until the
 * next opening, with the time it ends by itself (the screen looks at the clock while shown and reads the restaurant
 * again when it has passed); close for the rest of today (normal hours from tomorrow) or until reopened by hand.
 */
function MerchantBusyPage() {
  const { ui } = useStores();
  const manage = useManage();
  const t = useConsoleT();

  useEffect(() => {
    void manage.open();
    manage.startTicking();
    return () => manage.stopTicking();
  }, [manage]);
  useDidShow(() => manage.startTicking());
  useDidHide(() => manage.stopTicking());

  const busyUntil = manage.busyUntil;
  const closure = manage.closure;
  const when = (ms: number) => formatWhen(ms, ui.lang, manage.now);
  const button = (label: string, onPress: () => void, main = false) => (
    <Text
      key={label}
      className={`console-button${main ? ' console-button--main' : ''}${manage.saving ? ' console-button--off' : ''}`}
      {...pressable(onPress)}
    >
      {label}
    </Text>
  );
  return (
    <ConsoleFrame current='merchantBusy' title={t('nav_busy')} ownerOnly>
      <View className='console-section' data-section='busy'>
        <Text className='console-section__title'>{t('busy_title')}</Text>
        <Text className='console__hint'>{t('busy_hint')}</Text>
        <Text className={`console-state${busyUntil !== null ? ' console-state--busy' : ''}`} data-busy-state>
          {busyUntil !== null ? t('busy_now', { time: when(busyUntil) }) : t('busy_off_now')}
        </Text>
        <View className='console-actions'>
          {BUSY_MINUTES.map((minutes) => button(t('busy_minutes', { minutes }), () => void manage.setBusy(minutes)))}
          {button(t('busy_next_opening'), () => void manage.setBusy('next_opening'))}
          {busyUntil !== null && button(t('busy_end'), () => void manage.setBusy('off'), true)}
        </View>
      </View>
      <View className='console-section' data-section='closed'>
        <Text className='console-section__title'>{t('closed_title')}</Text>
        <Text className={`console-state${closure ? ' console-state--busy' : ''}`} data-closed-state>
          {!closure
            ? t('open_now')
            : closure.resumeAt !== null
              ? t('closed_now_until', { time: when(closure.resumeAt) })
              : t('closed_now_manual')}
        </Text>
        <View className='console-actions'>
          {!closure && button(t('close_today'), () => void manage.closeToday())}
          {!closure && button(t('close_manual'), () => void manage.closeUntilReopened())}
          {closure && button(t('reopen'), () => void manage.reopen(), true)}
        </View>
      </View>
    </ConsoleFrame>
  );
}

export default observer(MerchantBusyPage);
