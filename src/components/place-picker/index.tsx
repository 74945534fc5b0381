import { Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useStores, useT } from '../../stores';
import { useLoad } from '../../utils/use-load';
import { Field } from '../form';
import { OptionSheet } from '../option-sheet';
import './index.scss';
import { pressable } from '../../utils/a11y';

export interface PlaceValue {
  areaId: number;
  buildingId: number;
}

export interface PlacePickerProps extends PlaceValue {
  onChange(value: PlaceValue): void;
  /** The message of a failed check ("select an address"). */
  error?: string;
  /** Names to show before the lists have loaded (an address being edited). */
  labels?: { area?: string; building?: string };
}

/** The address choice of sign-up and the address book: an area (grouped by city), then a building of that area. */
export const PlacePicker = observer(function PlacePicker({
  areaId,
  buildingId,
  onChange,
  error,
  labels,
}: PlacePickerProps) {
  const { api, ui } = useStores();
  const t = useT();
  const [sheet, setSheet] = useState<'area' | 'building' | null>(null);
  const [cities, reloadCities] = useLoad(() => api.places.areas(), [ui.lang]);
  const [buildings, reloadBuildings] = useLoad(
    () => (areaId ? api.places.buildings({ area_id: areaId }) : Promise.resolve([])),
    [areaId, ui.lang],
  );

  const city = cities.status === 'ready' ? cities.data.find((c) => c.areas.some((a) => a.id === areaId)) : undefined;
  const area = city?.areas.find((a) => a.id === areaId);
  const building = buildings.status === 'ready' ? buildings.data.find((b) => b.id === buildingId) : undefined;
  const areaLabel = area && city ? `${city.name} · ${area.name}` : areaId ? labels?.area : undefined;
  const buildingLabel = building?.name ?? (buildingId ? labels?.building : undefined);

  const statusOf = (state: { status: string; error?: unknown }) =>
    state.status === 'loading' ? t('app.loading') : state.status === 'error' ? ui.errorMessage(state.error) : undefined;

  return (
    <View className='place-picker'>
      <Field label={t('address.area')} name='area' error={error && !areaId ? error : undefined}>
        <View
          className='place-picker__choice place-picker__area'
          {...pressable(() => {
            if (cities.status === 'error') reloadCities();
            setSheet('area');
          })}
        >
          <Text className={areaLabel ? 'place-picker__value' : 'place-picker__placeholder'}>
            {areaLabel ?? t('address.choose_area')}
          </Text>
          <Text className='place-picker__arrow'>▾</Text>
        </View>
      </Field>
      <Field label={t('address.building')} name='building' error={error && areaId && !buildingId ? error : undefined}>
        <View
          className={`place-picker__choice place-picker__building ${areaId ? '' : 'place-picker__choice--disabled'}`}
          {...pressable(() => {
            if (!areaId) {
              setSheet('area');
              return;
            }
            if (buildings.status === 'error') reloadBuildings();
            setSheet('building');
          })}
        >
          <Text className={buildingLabel ? 'place-picker__value' : 'place-picker__placeholder'}>
            {buildingLabel ?? (areaId ? t('address.choose_building') : t('address.choose_area_first'))}
          </Text>
          <Text className='place-picker__arrow'>▾</Text>
        </View>
      </Field>
      <OptionSheet
        className='place-picker__areas'
        open={sheet === 'area'}
        title={t('address.choose_area')}
        status={statusOf(cities)}
        emptyText={t('address.areas_empty')}
        selected={areaId}
        groups={
          cities.status === 'ready'
            ? cities.data.map((c) => ({
                key: c.id,
                title: c.name,
                options: c.areas.map((a) => ({ value: a.id, label: a.name })),
              }))
            : []
        }
        onSelect={(o) => {
          setSheet(null);
          if (o.value !== areaId) onChange({ areaId: o.value, buildingId: 0 });
        }}
        onClose={() => setSheet(null)}
      />
      <OptionSheet
        className='place-picker__buildings'
        open={sheet === 'building'}
        title={t('address.choose_building')}
        status={statusOf(buildings)}
        emptyText={t('address.buildings_empty')}
        filterPlaceholder={t('address.search_building')}
        selected={buildingId}
        groups={
          buildings.status === 'ready'
            ? [{ key: 'all', options: buildings.data.map((b) => ({ value: b.id, label: b.name, detail: b.address })) }]
            : []
        }
        onSelect={(o) => {
          setSheet(null);
          onChange({ areaId, buildingId: o.value });
        }}
        onClose={() => setSheet(null)}
      />
    </View>
  );
});
