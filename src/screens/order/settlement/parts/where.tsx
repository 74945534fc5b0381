import { Text, View } from '@tarojs/components';
import type { Address } from '../../../../../types/api/addresses';
import type { OrderMode } from '../../../../../types/order-status';
import { OptionSheet } from '../../../../components/option-sheet';
import { useStores, useT } from '../../../../stores';
import { pressable } from '../../../../utils/a11y';
import { addressLine } from '../../../../utils/address';
import { formatWhen } from '../../../../utils/date';

export function ModeTabs({
  modes,
  mode,
  onChange,
}: {
  modes: OrderMode[];
  mode: OrderMode;
  onChange(mode: OrderMode): void;
}) {
  const t = useT();
  return (
    <View className='settlement__modes' role='radiogroup' aria-label={t('order.mode')}>
      {modes.map((m) => (
        <Text
          key={m}
          className={`settlement__mode settlement__mode--${m} ${mode === m ? 'settlement__mode--on' : ''}`}
          {...pressable(() => onChange(m), { role: 'radio', checked: mode === m })}
        >
          {t(`checkout.${m}`)}
        </Text>
      ))}
    </View>
  );
}

const km = (m: number) => `${(m / 1000).toFixed(1).replace(/\.0$/, '')} km`;

/**
 * Delivery: the chosen address (from the address book, which the edit-address screen fills) and its picker. The
 * addresses the restaurant reaches come first; the others are marked and say why (distance against the radius).
 */
export function AddressChoice({
  addresses,
  reach,
  radiusM,
  chosen,
  open,
  onOpen,
  onClose,
  onChoose,
}: {
  addresses: Address[] | undefined;
  reach(id: number): { inRange: boolean; distanceM: number } | undefined;
  radiusM: number;
  chosen: Address | undefined;
  open: boolean;
  onOpen(): void;
  onClose(): void;
  onChoose(id: number): void;
}) {
  const { platform } = useStores();
  const t = useT();
  const nav = platform.navigation;
  const outside = (a: Address) => {
    const r = reach(a.id);
    return r && !r.inRange ? r : undefined;
  };
  const chosenOut = chosen && outside(chosen);
  return (
    <>
      <View
        className='settlement__card settlement__address'
        {...pressable(onOpen, { popup: 'dialog', expanded: open })}
      >
        <Text className='settlement__card-title'>{t('checkout.address')}</Text>
        {chosen ? (
          <View className='settlement__address-chosen'>
            <Text className='settlement__address-who'>
              {chosen.name} {chosen.phone}
            </Text>
            <Text className='settlement__address-line'>{addressLine(chosen)}</Text>
            {chosenOut && (
              <Text className='settlement__note settlement__note--out_of_range'>
                {t('checkout.out_of_range_note', { distance: km(chosenOut.distanceM), radius: km(radiusM) })}
              </Text>
            )}
          </View>
        ) : (
          <Text className='settlement__placeholder'>{t('checkout.choose_address')} ›</Text>
        )}
      </View>
      {addresses && (
        <View className='settlement__address-links'>
          <Text className='settlement__link settlement__add-address' {...pressable(() => void nav.go('addressEdit'))}>
            {t('checkout.add_address')}
          </Text>
          {chosen && (
            <Text
              className='settlement__link settlement__edit-address'
              {...pressable(() => void nav.go('addressEdit', { id: chosen.id }))}
            >
              {t('checkout.edit_address')}
            </Text>
          )}
        </View>
      )}
      <OptionSheet
        className='settlement__address-sheet'
        open={open}
        title={t('checkout.address_sheet')}
        groups={[
          {
            key: 'addresses',
            options: (addresses ?? []).map((a) => {
              const out = outside(a);
              return {
                value: a.id,
                label: out ? `${a.name} ${a.phone} · ${t('checkout.out_of_range')}` : `${a.name} ${a.phone}`,
                detail: out
                  ? `${addressLine(a)}\n${t('checkout.out_of_range_note', { distance: km(out.distanceM), radius: km(radiusM) })}`
                  : addressLine(a),
              };
            }),
          },
        ]}
        selected={chosen?.id}
        emptyText={t('checkout.no_addresses')}
        onSelect={(o) => {
          onChoose(o.value);
          onClose();
        }}
        onClose={onClose}
      />
    </>
  );
}

/** Collection: a time from the restaurant's hours (the quote's collection_times). */
export function CollectionTime({
  times,
  chosen,
  open,
  onOpen,
  onClose,
  onChoose,
}: {
  times: number[];
  chosen: number | undefined;
  open: boolean;
  onOpen(): void;
  onClose(): void;
  onChoose(time: number): void;
}) {
  const { ui } = useStores();
  const t = useT();
  return (
    <>
      <View
        className='settlement__card settlement__row settlement__time'
        {...pressable(onOpen, { popup: 'dialog', expanded: open })}
      >
        <Text className='settlement__row-label'>{t('checkout.collection_time')}</Text>
        <Text className='settlement__row-value'>
          {chosen ? formatWhen(chosen, ui.lang) : t('checkout.choose_time')} ›
        </Text>
      </View>
      <OptionSheet
        className='settlement__time-sheet'
        open={open}
        title={t('checkout.choose_time')}
        groups={[{ key: 'times', options: times.map((ms) => ({ value: ms, label: formatWhen(ms, ui.lang) })) }]}
        selected={chosen}
        emptyText={t('checkout.no_times')}
        onSelect={(o) => {
          onChoose(o.value);
          onClose();
        }}
        onClose={onClose}
      />
    </>
  );
}
