import { Text, View } from '@tarojs/components';
import type { CartLine } from '../../../../../types/api/cart';
import type { Problem, Quote } from '../../../../../types/api/checkout';
import { useStores, useT } from '../../../../stores';
import { formatTime } from '../../../../utils/date';
import { formatWhenInSentence } from '../../../../utils/date-in-sentence';
import { formatPrice } from '../../../../utils/price';

/** What changed since the cart was filled (the quote's problems): shown before the customer pays. */
/** When the food is expected (the server's estimate): a delivery window, or when a collection order is ready. */
export function EstimateRow({ quote, now }: { quote: Quote; now: number }) {
  const t = useT();
  const { ui } = useStores();
  const e = quote.estimate;
  if (!e) return null;
  const text =
    e.kind === 'delivery'
      ? t('checkout.estimate_delivery', { from: formatWhenInSentence(e.from, ui.lang, now), to: formatTime(e.to) })
      : t('checkout.estimate_ready', { time: formatWhenInSentence(e.from, ui.lang, now) });
  return (
    <View className='settlement__card settlement__row settlement__estimate'>
      <Text className='settlement__row-label'>{text}</Text>
    </View>
  );
}

export function ChangesList({ problems }: { problems: Problem[] }) {
  const t = useT();
  if (problems.length === 0) return null;
  return (
    <View className='settlement__changes' role='alert'>
      <Text className='settlement__changes-title'>{t('checkout.changes_title')}</Text>
      {problems.map((p, i) => (
        <Text
          key={`${p.code}-${p.cart_id ?? i}`}
          className={`settlement__change settlement__change--${p.code} ${p.blocking ? 'settlement__change--blocking' : ''}`}
        >
          {p.message}
        </Text>
      ))}
    </View>
  );
}

export function Lines({ lines }: { lines: CartLine[] }) {
  const t = useT();
  return (
    <View className='settlement__card settlement__lines'>
      {lines.map((line) => (
        <View key={line.cart_id} className={`settlement__line ${line.sold_out ? 'settlement__line--sold-out' : ''}`}>
          <View className='settlement__line-main'>
            <Text className='settlement__line-name'>{line.name}</Text>
            {line.option_names.length > 0 && (
              <Text className='settlement__line-options'>{line.option_names.join(t('menu.list_separator'))}</Text>
            )}
          </View>
          <Text className='settlement__line-quantity'>×{line.quantity}</Text>
          <Text className='settlement__line-price'>{formatPrice(line.line_total_fen)}</Text>
        </View>
      ))}
    </View>
  );
}

/** The goods, the quote's price lines (the fee, each promotion, the voucher) and the total they add up to. */
export function Amounts({ quote }: { quote: Quote }) {
  const t = useT();
  const rows = [
    { key: 'goods', label: t('checkout.goods'), value: formatPrice(quote.goods_fen) },
    // The quote's price lines (the fee, each promotion, the voucher); nobody delivers a collection order: no fee row.
    ...quote.price_lines
      .filter((l) => !(l.kind === 'delivery_fee' && quote.mode === 'collection'))
      .map((l, i) => ({
        key:
          l.kind === 'delivery_fee'
            ? 'delivery-fee'
            : l.kind === 'voucher'
              ? 'discount'
              : `promotion settlement__amount--promotion-${l.promotion_id ?? i}`,
        label: l.name,
        value: l.amount_fen < 0 ? `-${formatPrice(-l.amount_fen)}` : formatPrice(l.amount_fen),
      })),
  ];
  return (
    <View className='settlement__card settlement__amounts'>
      {rows.map((r) => (
        <View key={r.key.split(' ')[0] + r.label} className={`settlement__row settlement__amount--${r.key}`}>
          <Text className='settlement__row-label'>{r.label}</Text>
          <Text className='settlement__row-value'>{r.value}</Text>
        </View>
      ))}
      <View className='settlement__row settlement__amount--total'>
        <Text className='settlement__row-label'>{t('checkout.total')}</Text>
        <Text className='settlement__row-value settlement__total'>{formatPrice(quote.total_fen)}</Text>
      </View>
    </View>
  );
}
