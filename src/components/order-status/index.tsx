import { Text } from '@tarojs/components';
import { readyToCollect } from '../../../types/order-status';
import type { MessageKey, TFunction } from '../../i18n';
import { useT } from '../../stores';
import './index.scss';

/** The specification's order status codes (0 submitted ... 11 accomplished). */
const KNOWN = [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11];

/** What an order's status is shown from: its code, the server's wording, and for collection its ready mark. */
export interface StatusOf {
  status: number;
  status_text?: string;
  mode?: string;
  /** A collection order: when the restaurant marked it ready (orders' marked_ready_at); null or absent before. */
  marked_ready_at?: number | null;
}

/**
 * The status in the customer's language as every header shows it (order page, orders tab, console card): ready for
 * collection when marked so, else the server's own wording when it sends one, else ours.
 */
export function statusLabel(t: TFunction, o: StatusOf): string {
  if (readyToCollect(o)) return t('order.status_ready');
  if (o.status_text) return o.status_text;
  return KNOWN.includes(o.status)
    ? t(`order.status_${o.status}` as MessageKey)
    : t('order.status_unknown', { status: o.status });
}

export function OrderStatus({ order }: { order: StatusOf }) {
  const t = useT();
  const { status } = order;
  const tone = status === 4 || status === 5 ? 'off' : status === 9 || status === 11 || status === 3 ? 'done' : 'live';
  return <Text className={`order-status order-status--${tone}`}>{statusLabel(t, order)}</Text>;
}
