import { Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { RestaurantContact, type RestaurantPlace } from '../../../../components/restaurant-contact';
import { useStores, useT } from '../../../../stores';
import { useCheckout } from '../../../../stores/checkout';
import { pressable } from '../../../../utils/a11y';
import { formatPrice } from '../../../../utils/price';
import { Extras, PaymentMethods, VoucherPicker } from './choices';
import type { ProblemCode } from '../../../../../types/api/checkout';
import { Amounts, ChangesList, EstimateRow, Lines } from './summary';
import { AddressChoice, CollectionTime, ModeTabs } from './where';

export type Sheet = 'address' | 'time' | 'voucher' | undefined;

/**
 * The checkout's choices, what changed, the lines and amounts of the quote, and the bar with "Place order". Grouped for
 * a wide screen (H5 from 1,024 px: the choices on the left, the order's lines, amounts and "Place order" on the right,
 * in view while the choices scroll); on a phone the groups add no box and the page is one column in this order: where
 * and when, what changed, the lines, how to pay, the amounts and the bar (index.scss).
 */
export const CheckoutForm = observer(function CheckoutForm({
  sheet,
  onSheet,
  onPlace,
  place,
}: {
  sheet: Sheet;
  onSheet(sheet: Sheet): void;
  onPlace(): void;
  /** The restaurant, once loaded: where to collect, its map and phone (collection). */
  place?: RestaurantPlace;
}) {
  const { payment } = useStores();
  const checkout = useCheckout();
  const t = useT();
  const q = checkout.quote!;
  /** The props of a row that opens its sheet. */
  const sheetOf = (name: Sheet) => ({
    open: sheet === name,
    onOpen: () => onSheet(name),
    onClose: () => onSheet(undefined),
  });
  const busy = checkout.submitting || payment.paying;
  const short = checkout.belowMinimumFen;
  const off = busy || checkout.quoting || checkout.placed !== undefined || short > 0;
  /** A problem of the quote shown beside the choice it concerns (not in the "what changed" box). */
  const note = (...codes: ProblemCode[]) =>
    checkout.problems
      .filter((p) => codes.includes(p.code))
      .map((p) => (
        <Text key={p.code} className={`settlement__note settlement__note--${p.code}`}>
          {p.message}
        </Text>
      ));
  return (
    <>
      <View className='settlement__choices'>
        <View className='settlement__where'>
          {checkout.modes.length > 1 && (
            <ModeTabs modes={checkout.modes} mode={checkout.mode} onChange={(m) => checkout.chooseMode(m)} />
          )}
          {checkout.mode === 'delivery' ? (
            <AddressChoice
              addresses={checkout.addressesByReach}
              reach={(id) => checkout.reaches(id)}
              radiusM={q.delivery_radius_m}
              chosen={checkout.address}
              {...sheetOf('address')}
              onChoose={(id) => checkout.chooseAddress(id)}
            />
          ) : (
            <>
              <CollectionTime
                times={q.collection_times}
                chosen={checkout.collectionTime}
                {...sheetOf('time')}
                onChoose={(time) => checkout.chooseCollectionTime(time)}
              />
              {place && <RestaurantContact className='settlement__card settlement__restaurant' place={place} />}
            </>
          )}
          {note('collection_time_unavailable')}
          <EstimateRow quote={q} now={Date.now()} />
          <ChangesList problems={checkout.changes} />
        </View>
        <View className='settlement__how'>
          <PaymentMethods
            methods={q.payment_methods}
            chosen={checkout.method}
            balanceFen={q.wallet_balance_fen}
            mode={checkout.mode}
            onChoose={(m) => checkout.chooseMethod(m)}
          />
          {note('alipay_in_wechat', 'payment_method_unavailable', 'insufficient_balance')}
          <VoucherPicker
            vouchers={q.vouchers}
            chosenId={checkout.voucherId}
            {...sheetOf('voucher')}
            onChoose={(id) => checkout.chooseVoucher(id)}
          />
          {note('voucher_not_applicable')}
          <Extras
            cutlery={checkout.cutlery}
            comment={checkout.comment}
            onCutlery={(v) => checkout.setCutlery(v)}
            onComment={(v) => checkout.setComment(v)}
          />
        </View>
      </View>
      <View className='settlement__summary'>
        <Lines lines={q.lines} />
        <Amounts quote={q} />
        <View className='settlement__bar'>
          <Text className='settlement__bar-total'>{formatPrice(q.total_fen)}</Text>
          <View
            className={`settlement__submit ${off ? 'settlement__submit--off' : ''}`}
            {...pressable(onPlace, { disabled: off })}
          >
            <Text>
              {busy
                ? t('checkout.submitting')
                : short > 0
                  ? t('checkout.below_minimum', { price: formatPrice(short) })
                  : t('checkout.submit')}
            </Text>
          </View>
        </View>
      </View>
    </>
  );
});
