import { Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useStores, useT } from '../../stores';
import { pressable } from '../../utils/a11y';
import './index.scss';

export interface RestaurantPlace {
  name: string;
  address: string;
  phone: string;
  lat: number;
  lng: number;
}

/**
 * Where to collect and how to reach the restaurant (issue 15): its address with a map link (openLocation in the mini
 * program, a map page on H5) and its phone (makePhoneCall, tel:), through the platform adapter. `showAddress` off:
 * only the call button (a delivery order).
 */
export const RestaurantContact = observer(function RestaurantContact({
  place,
  showAddress = true,
  className = '',
}: {
  place: RestaurantPlace;
  showAddress?: boolean;
  className?: string;
}) {
  const { platform } = useStores();
  const t = useT();
  const call = async () => {
    if (!(await platform.contact.call(place.phone)) && place.phone) {
      platform.feedback.toast(t('order_after.call_failed', { phone: place.phone }));
    }
  };
  const map = { lat: place.lat, lng: place.lng, name: place.name, address: place.address };
  return (
    <View className={`restaurant-contact ${className}`}>
      {showAddress && (
        <View className='restaurant-contact__where'>
          <Text className='restaurant-contact__label'>{t('order_after.collect_at')}</Text>
          <Text className='restaurant-contact__name'>{place.name}</Text>
          <Text className='restaurant-contact__address'>{place.address}</Text>
        </View>
      )}
      <View className='restaurant-contact__actions'>
        {showAddress && (
          <Text
            className='restaurant-contact__action restaurant-contact__map'
            {...pressable(() => void platform.contact.showOnMap(map))}
          >
            {t('order_after.map')}
          </Text>
        )}
        {place.phone && (
          <Text
            className='restaurant-contact__action restaurant-contact__call'
            aria-label={`${t('order_after.call')} ${place.phone}`}
            {...pressable(() => void call())}
          >
            {t('order_after.call')}
          </Text>
        )}
      </View>
      {place.phone && (
        <Text className='restaurant-contact__phone'>
          {t('order_after.restaurant_phone')} {place.phone}
        </Text>
      )}
    </View>
  );
});
