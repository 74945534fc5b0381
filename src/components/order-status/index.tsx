import { Text } from '@tarojs/components';
import type { MessageKey, TFunction } from '../../i18n';
import { useT } from '../../stores';
import './index.scss';

/** The specification's order status codes (0 submitted ... 11 accomplished). */
const KNOWN = [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11];

/** The status in the customer's language: the server's own wording when it sends one, else ours. */
export function statusLabel(t: TFunction, status: number, serverText?: string): string {
  if (serverText) return serverText;
  return KNOWN.includes(status) ? t(`order.status_${status}` as MessageKey) : t('order.status_unknown', { status });
}

export function OrderStatus({ status, text }: { status: number; text?: string }) {
  const t = useT();
  const tone = status === 4 || status === 5 ? 'off' : status === 9 || status === 11 || status === 3 ? 'done' : 'live';
  return <Text className={`order-status order-status--${tone}`}>{statusLabel(t, status, text)}</Text>;
}
