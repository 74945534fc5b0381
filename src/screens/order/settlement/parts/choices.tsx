import { Text, View } from '@tarojs/components';
import type { PaymentMethod } from '../../../../../types/api/checkout';
import type { Voucher } from '../../../../../types/api/wallet';
import { TextInput } from '../../../../components/form';
import { OptionSheet } from '../../../../components/option-sheet';
import type { TFunction } from '../../../../i18n';
import { useT } from '../../../../stores';
import { pressable } from '../../../../utils/a11y';
import { formatPrice } from '../../../../utils/price';
import { voucherLimit } from '../../../../utils/voucher-limit';

/** A payment method's name; pay on delivery reads "pay at the counter" for a collection order. */
export const methodLabel = (t: TFunction, method: PaymentMethod, mode?: 'delivery' | 'collection') =>
  method === 'cod' && mode === 'collection' ? t('order_after.pay_at_counter') : t(`payment_method.${method}`);

/** The payment methods the restaurant accepts (as the quote lists them); none is chosen until the customer does. */
export function PaymentMethods({
  methods,
  chosen,
  balanceFen,
  mode,
  onChoose,
}: {
  methods: PaymentMethod[];
  chosen: PaymentMethod | undefined;
  balanceFen: number | undefined;
  mode?: 'delivery' | 'collection';
  onChoose(method: PaymentMethod): void;
}) {
  const t = useT();
  return (
    <View className='settlement__card settlement__payment' role='radiogroup' aria-label={t('checkout.payment')}>
      <Text className='settlement__card-title' aria-hidden='true'>
        {t('checkout.payment')}
      </Text>
      {methods.map((m) => (
        <View
          key={m}
          className={`settlement__method settlement__method--${m} ${chosen === m ? 'settlement__method--on' : ''}`}
          {...pressable(() => onChoose(m), { role: 'radio', checked: chosen === m })}
        >
          <Text className='settlement__radio' aria-hidden='true'>
            {chosen === m ? '●' : '○'}
          </Text>
          <Text className='settlement__method-name'>{methodLabel(t, m, mode)}</Text>
          {m === 'balance' && balanceFen !== undefined && (
            <Text className='settlement__method-note'>
              {t('payment_method.balance_left', { price: formatPrice(balanceFen) })}
            </Text>
          )}
        </View>
      ))}
    </View>
  );
}

/** A voucher's terms: "满¥30减¥10" / "¥10 off orders from ¥30", or without a minimum "无门槛减¥5" / "No minimum, ¥5 off". */
export const voucherTerms = (t: TFunction, v: Voucher) =>
  v.min_goods_fen > 0
    ? t('checkout.voucher_detail', { min: formatPrice(v.min_goods_fen), discount: formatPrice(v.discount_fen) })
    : t('checkout.voucher_no_min', { discount: formatPrice(v.discount_fen) });

/**
 * A voucher as the picker lists it: its name, and its terms unless the name already says them (names like
 * "新人优惠券：满 ¥30 减 ¥10" carry the amount; the terms are not repeated after them).
 */
export const voucherText = (t: TFunction, v: Voucher) => {
  const saysAmount = v.name.replace(/\s+/g, '').includes(formatPrice(v.discount_fen));
  return saysAmount ? v.name : `${v.name} · ${voucherTerms(t, v)}`;
};

/** The voucher row and its picker (the quote's usable vouchers, or none). */
export function VoucherPicker({
  vouchers,
  chosenId,
  open,
  onOpen,
  onClose,
  onChoose,
}: {
  vouchers: Voucher[];
  chosenId: number | undefined;
  open: boolean;
  onOpen(): void;
  onClose(): void;
  onChoose(id: number | undefined): void;
}) {
  const t = useT();
  const chosen = vouchers.find((v) => v.id === chosenId);
  return (
    <>
      <View
        className='settlement__card settlement__row settlement__voucher'
        {...pressable(onOpen, { popup: 'dialog', expanded: open })}
      >
        <Text className='settlement__row-label'>{t('checkout.voucher')}</Text>
        <Text className='settlement__row-value'>
          {chosen
            ? `-${formatPrice(chosen.discount_fen)}`
            : vouchers.length > 0
              ? t('checkout.vouchers_available', { count: vouchers.length })
              : t('checkout.voucher_none_usable')}
          {' ›'}
        </Text>
      </View>
      <OptionSheet
        className='settlement__voucher-sheet'
        open={open}
        title={t('checkout.voucher')}
        groups={[
          {
            key: 'vouchers',
            options: [
              { value: 0, label: t('checkout.no_voucher') },
              ...vouchers.map((v) => ({ value: v.id, label: voucherText(t, v), detail: voucherLimit(t, v) })),
            ],
          },
        ]}
        selected={chosenId ?? 0}
        emptyText={t('checkout.voucher_none_usable')}
        onSelect={(o) => {
          onChoose(o.value || undefined);
          onClose();
        }}
        onClose={onClose}
      />
    </>
  );
}

export function Extras({
  cutlery,
  comment,
  onCutlery,
  onComment,
}: {
  cutlery: boolean;
  comment: string;
  onCutlery(value: boolean): void;
  onComment(value: string): void;
}) {
  const t = useT();
  return (
    <View className='settlement__card settlement__extras'>
      <View
        className={`settlement__row settlement__cutlery ${cutlery ? 'settlement__cutlery--on' : ''}`}
        {...pressable(() => onCutlery(!cutlery), { role: 'checkbox', checked: cutlery })}
      >
        <Text className='settlement__row-label'>{t('checkout.cutlery')}</Text>
        <Text className='settlement__check' aria-hidden='true'>
          {cutlery ? '☑' : '☐'}
        </Text>
      </View>
      <View className='settlement__comment'>
        <Text className='settlement__row-label'>{t('checkout.comment')}</Text>
        <TextInput
          name='comment'
          value={comment}
          onChange={onComment}
          placeholder={t('checkout.comment_placeholder')}
          maxlength={200}
        />
      </View>
    </View>
  );
}
