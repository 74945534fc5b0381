import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../types/catalogue';
import { Empty, ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { useConsoleT, useManage } from '../../../stores/merchant-manage';
import { formatDate } from '../../../utils/date';
import { formatPrice } from '../../../utils/price';
import { ConsoleFrame } from '../console-frame';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/merchant';

const isKnownMethod = (m: string): m is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(m);

/**
 * Today (issue 18, merchant/today; owners): the China day's orders and takings, by payment method, and the cancelled
 * and refunded orders with the money refunded. Every amount is the server's integer fen, formatted only here.
 */
function MerchantTodayPage() {
  const { ui } = useStores();
  const appT = useT();
  const manage = useManage();
  const t = useConsoleT();
  const restaurantId = manage.restaurantId;
  const owner = manage.isOwner;

  useEffect(() => {
    void manage.open();
  }, [manage]);
  useEffect(() => {
    if (restaurantId && owner) void manage.loadTakings();
  }, [manage, restaurantId, owner]);
  useDidShow(() => {
    if (manage.restaurantId && manage.isOwner) void manage.loadTakings();
  });

  const takings = manage.takings?.restaurant_id === restaurantId ? manage.takings : undefined;
  const methodName = (m: string) => (isKnownMethod(m) ? appT(`store.pay_${m}`) : m);
  return (
    <ConsoleFrame current='merchantToday' title={t('today_title')} ownerOnly>
      {manage.takingsStatus === 'loading' && <Loading />}
      {manage.takingsStatus === 'error' && (
        <ErrorState
          message={`${t('load_failed')}: ${ui.errorMessage(manage.takingsError)}`}
          onRetry={() => void manage.loadTakings()}
        />
      )}
      {takings && (
        <>
          <Text className='console__hint'>{t('today_day', { date: formatDate(takings.day_start, ui.lang) })}</Text>
          <View className='console-section' data-section='takings'>
            <View className='console-figure'>
              <Text>{t('today_orders')}</Text>
              <Text className='console-figure__value'>{takings.orders}</Text>
            </View>
            <View className='console-figure'>
              <Text>{t('today_takings')}</Text>
              <Text className='console-figure__value'>{formatPrice(takings.takings_fen)}</Text>
            </View>
          </View>
          <View className='console-section' data-section='by-method'>
            <Text className='console-section__title'>{t('today_by_method')}</Text>
            {takings.by_method.length === 0 && <Empty message={t('today_none')} />}
            {takings.by_method.map((m) => (
              <View key={m.payment_method} className='console-figure'>
                <Text>
                  {methodName(m.payment_method)} · {t('today_method_line', { count: m.orders })}
                </Text>
                <Text className='console-figure__value'>{formatPrice(m.takings_fen)}</Text>
              </View>
            ))}
          </View>
          <View className='console-section' data-section='cancelled'>
            <View className='console-figure'>
              <Text>{t('today_cancelled')}</Text>
              <Text className='console-figure__value'>{takings.cancelled}</Text>
            </View>
            <View className='console-figure'>
              <Text>{t('today_refunded')}</Text>
              <Text className='console-figure__value'>
                {t('today_refunded_line', { count: takings.refunded, price: formatPrice(takings.refunded_fen) })}
              </Text>
            </View>
          </View>
        </>
      )}
    </ConsoleFrame>
  );
}

export default observer(MerchantTodayPage);
