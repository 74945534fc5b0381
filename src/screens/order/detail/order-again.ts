import type { ReorderLine, ReorderResult } from '../../../../types/api/cart';
import type { Order } from '../../../../types/api/orders';
import type { TFunction } from '../../../i18n';
import type { OrderActionsStore } from '../../../stores/order-actions-store';
import type { RootStore } from '../../../stores/root-store';
import { formatPrice } from '../../../utils/price';

/** One line of what changed since the order, in the customer's language. */
export function outcomeText(t: TFunction, line: ReorderLine): string {
  const name = line.option_names.length
    ? `${line.name}（${line.option_names.join(t('menu.list_separator'))}）`
    : line.name;
  switch (line.outcome) {
    case 'price_changed':
      return t('order_after.outcome_price_changed', {
        name,
        from: formatPrice(line.ordered_unit_price_fen),
        to: formatPrice(line.unit_price_fen ?? 0),
      });
    case 'sold_out':
      return t('order_after.outcome_sold_out', { name });
    case 'gone':
      return t('order_after.outcome_gone', { name });
    case 'options_changed':
      return t('order_after.outcome_options_changed', { name });
    default:
      return name;
  }
}

/** The changes to show before checkout ('' when every line went in as it was). */
export function changesText(t: TFunction, result: ReorderResult): string {
  return result.lines
    .filter((l) => l.outcome !== 'added')
    .map((l) => `· ${outcomeText(t, l)}`)
    .join('\n');
}

/**
 * Order again: the server puts the order's lines back as the restaurant's cart and says what changed. Nothing
 * changed: straight to checkout. Something changed: the list first, then checkout or stay. Nothing could go in: the
 * list, and the customer stays.
 */
export async function orderAgain(
  { actions, platform, t }: Pick<RootStore, 'platform'> & { actions: OrderActionsStore; t: TFunction },
  order: Pick<Order, 'id' | 'restaurant_id'>,
): Promise<'checkout' | 'stayed' | 'failed'> {
  const result: ReorderResult | null = await actions.reorder(order.id);
  if (!result) return 'failed';
  const changes = changesText(t, result);
  if (result.added === 0) {
    await platform.feedback.confirm(t('order_after.reorder_none', { changes }), {
      confirmText: t('order_after.reorder_ok'),
      showCancel: false,
    });
    return 'stayed';
  }
  if (changes) {
    const go = await platform.feedback.confirm(t('order_after.reorder_changes', { changes }), {
      confirmText: t('order_after.reorder_go'),
      cancelText: t('order_after.reorder_stay'),
    });
    if (!go) return 'stayed';
  }
  await platform.navigation.go('settlement', { rid: result.restaurant_id });
  return 'checkout';
}
