import { Input, Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { Area, Building, CityAreas } from '../../../../../types/api/places';
import { ErrorState, Loading } from '../../../../components/state-view';
import { useStores, useT } from '../../../../stores';
import { useLoad } from '../../../../utils/use-load';
import { pressable } from '../../../../utils/a11y';

/**
 * The address choice of home: search areas and buildings by name, or browse a city's areas and an area's buildings.
 * (Tapping the map and "use my location" are the other two ways; they sit beside it on the page.)
 */
export const AddressPicker = observer(function AddressPicker({ onChosen }: { onChosen(): void }) {
  const { api, location, ui } = useStores();
  const t = useT();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [cityId, setCityId] = useState<number | undefined>(location.chosen?.city_id ?? location.ipCity?.id);
  const [areaId, setAreaId] = useState<number | undefined>();
  const [cities, reloadCities] = useLoad(() => api.places.areas(), [ui.lang]);

  // Typing searches after a short pause, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim().slice(0, 50)), 300);
    return () => clearTimeout(timer);
  }, [text]);

  const [buildings, reloadBuildings] = useLoad(
    () =>
      keyword
        ? api.places.buildings({ keyword })
        : areaId
          ? api.places.buildings({ area_id: areaId })
          : Promise.resolve([] as Building[]),
    [keyword, areaId, ui.lang],
  );

  const all: CityAreas[] = cities.status === 'ready' ? cities.data : [];
  const city = all.find((c) => c.id === cityId) ?? all[0];
  const area = city?.areas.find((a) => a.id === areaId);
  const needle = keyword.toLowerCase();
  const matchingAreas = needle
    ? all.flatMap((c) =>
        c.areas.filter((a) => a.name.toLowerCase().includes(needle)).map((a) => ({ area: a, city: c })),
      )
    : [];

  const pickBuilding = (b: Building) => {
    location.chooseBuilding(b);
    onChosen();
  };
  const pickArea = (a: Area, cityName: string) => {
    location.chooseArea(a, cityName);
    onChosen();
  };

  const buildingRows = (list: Building[]) =>
    list.map((b) => (
      <View key={b.id} className='address-picker__row address-picker__building' {...pressable(() => pickBuilding(b))}>
        <Text className='address-picker__row-title'>{b.name}</Text>
        <Text className='address-picker__row-detail'>{b.address}</Text>
      </View>
    ));

  return (
    <View className='address-picker'>
      <View className='address-picker__search'>
        <Input
          className='address-picker__input'
          value={text}
          placeholder={t('location.search_placeholder')}
          confirmType='search'
          onInput={(e) => setText(e.detail.value)}
          onConfirm={(e) => setKeyword(e.detail.value.trim().slice(0, 50))}
        />
        {text !== '' && (
          <Text className='address-picker__clear' {...pressable(() => setText(''))} aria-label={t('location.clear')}>
            ×
          </Text>
        )}
      </View>

      {cities.status === 'loading' && <Loading />}
      {cities.status === 'error' && <ErrorState message={ui.errorMessage(cities.error)} onRetry={reloadCities} />}

      {keyword && cities.status === 'ready' && (
        <View className='address-picker__results'>
          {matchingAreas.map(({ area: a, city: c }) => (
            <View
              key={`a${a.id}`}
              className='address-picker__row address-picker__area-hit'
              {...pressable(() => pickArea(a, c.name))}
            >
              <Text className='address-picker__row-title'>{a.name}</Text>
              <Text className='address-picker__row-detail'>{t('location.area_of_city', { city: c.name })}</Text>
            </View>
          ))}
          {buildings.status === 'loading' && <Loading />}
          {buildings.status === 'error' && (
            <ErrorState message={ui.errorMessage(buildings.error)} onRetry={reloadBuildings} />
          )}
          {buildings.status === 'ready' && buildingRows(buildings.data)}
          {buildings.status === 'ready' && buildings.data.length === 0 && matchingAreas.length === 0 && (
            <Text className='address-picker__empty'>{t('location.no_match', { keyword })}</Text>
          )}
        </View>
      )}

      {!keyword && city && (
        <View className='address-picker__browse'>
          <View className='address-picker__cities'>
            {all.map((c) => (
              <Text
                key={c.id}
                className={`address-picker__chip address-picker__city ${c.id === city.id ? 'address-picker__chip--on' : ''}`}
                {...pressable(() => {
                  setCityId(c.id);
                  setAreaId(undefined);
                })}
              >
                {c.name}
              </Text>
            ))}
          </View>
          <View className='address-picker__areas'>
            {city.areas.map((a) => (
              <Text
                key={a.id}
                className={`address-picker__chip address-picker__area ${a.id === areaId ? 'address-picker__chip--on' : ''}`}
                {...pressable(() => setAreaId(a.id === areaId ? undefined : a.id))}
              >
                {a.name}
              </Text>
            ))}
          </View>
          {area && (
            <View className='address-picker__results'>
              <View
                className='address-picker__row address-picker__area-centre'
                {...pressable(() => pickArea(area, city.name))}
              >
                <Text className='address-picker__row-title'>{t('location.whole_area', { area: area.name })}</Text>
              </View>
              {buildings.status === 'loading' && <Loading />}
              {buildings.status === 'error' && (
                <ErrorState message={ui.errorMessage(buildings.error)} onRetry={reloadBuildings} />
              )}
              {buildings.status === 'ready' && buildingRows(buildings.data)}
            </View>
          )}
          {!area && <Text className='address-picker__hint'>{t('location.choose_area_hint')}</Text>}
        </View>
      )}
    </View>
  );
});
