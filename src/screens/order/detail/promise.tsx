import { Text } from '@tarojs/components';
import type { Order } from '../../../../types/api/orders';
import { OrderStatus as S, readyToCollect } from '../../../../types/order-status';
import type { TFunction } from '../../../i18n';
import { formatTime } from '../../../utils/date';
import { formatPrice } from '../../../utils/price';
import { methodLabel } from '../settlement/parts/choices';

/** While the restaurant prepares it, the time it said (accepting) is what the customer waits for. */
const PREPARING: readonly number[] = [S.ConfirmedByRestaurant, S.BeingPrepared];
const REJECT_REASONS = ['sold_out', 'too_busy', 'closing', 'other', 'timeout'] as const;
type Reason = (typeof REJECT_REASONS)[number];
const isReason = (r: string): r is Reason => (REJECT_REASONS as readonly string[]).includes(r);

/** Why it ended, as the customer reads it: the restaurant's reason when it declined, else the end reason. */
export function endText(t: TFunction, order: Pick<Order, 'reject_reason' | 'end_reason'>): string | null {
  if (order.reject_reason) {
    return t(`order_after.reject_${isReason(order.reject_reason) ? order.reject_reason : 'other'}`);
  }
  return order.end_reason ? t(`order_after.reason_${order.end_reason}`) : null;
}

/**
 * What the restaurant promised and what went back (issue 18): "accepted, ready about HH:MM" with the preparation
 * time while it is being prepared; a collection order marked ready: "ready for collection HH:MM", its code and the
 * restaurant's address; once a paid order ended, the money (online, with its state, and the balance)
 * and the voucher given back.
 */
export function OrderPromise({ order, t }: { order: Order; t: TFunction }) {
  const lines: Array<[string, string]> = [];
  if (readyToCollect(order)) {
    // Marked ready for collection: when, the code to show and where (the estimate is history now).
    lines.push([
      'collect',
      t('order_after.ready_collect', {
        time: formatTime(order.marked_ready_at!),
        code: order.collection_code ?? '',
        address: order.restaurant_address,
      }),
    ]);
  } else if (order.ready_at && order.prep_minutes && PREPARING.includes(order.status)) {
    lines.push([
      'ready',
      t('order_after.accepted_ready', { time: formatTime(order.ready_at), minutes: order.prep_minutes }),
    ]);
  }
  const refund = order.refund;
  if (refund) {
    if (refund.online_fen > 0 && refund.online_state) {
      lines.push([
        'refund-online',
        t(`order_after.refund_${refund.online_state}`, {
          amount: formatPrice(refund.online_fen),
          method: methodLabel(t, order.payment_method, order.mode),
        }),
      ]);
    }
    if (refund.wallet_fen > 0) {
      lines.push(['refund-wallet', t('order_after.refund_wallet', { amount: formatPrice(refund.wallet_fen) })]);
    }
    if (refund.voucher_returned) lines.push(['refund-voucher', t('order_after.refund_voucher')]);
  }
  return (
    <>
      {lines.map(([key, text]) => (
        <Text key={key} className={`order-detail__promise order-detail__promise--${key}`}>
          {text}
        </Text>
      ))}
    </>
  );
}
