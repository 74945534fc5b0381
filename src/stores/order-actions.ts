import { useStores } from './context';
import { OrderActionsStore } from './order-actions-store';
import type { RootStore } from './root-store';

/**
 * Cancel and order again: one per app, made on first use. Not a field of RootStore, so that its code is in the mini
 * program's order sub-package and not in the main package (as cart.ts).
 */
export function orderActionsOf(root: RootStore): OrderActionsStore {
  return root.attach(
    'orderActions',
    (r) => new OrderActionsStore({ orders: () => r.api.orders, showError: (err) => r.ui.showError(err) }),
  );
}

/** The app's order actions (orderActionsOf) for a screen. */
export function useOrderActions(): OrderActionsStore {
  return orderActionsOf(useStores());
}
