import { cartOf } from './cart';
import { CheckoutStore } from './checkout-store';
import { useStores } from './context';
import type { RootStore } from './root-store';

/**
 * The checkout flow (settlemt/{rid}): one per app, made when the settlement screen first asks for it. Not a field of
 * RootStore, so that its code is in the mini program's order sub-package and not in the main package (as cart.ts).
 */
export function checkoutOf(root: RootStore): CheckoutStore {
  return root.attach(
    'checkout',
    (r) =>
      new CheckoutStore({
        orders: () => r.api.orders,
        addresses: () => r.api.addresses,
        storage: r.platform.storage,
        lang: () => r.ui.lang,
        isLoggedIn: () => r.session.isLoggedIn,
        onPlaced: (rid) => cartOf(r).forget(rid),
      }),
  );
}

/** The app's checkout (checkoutOf) for a screen. */
export function useCheckout(): CheckoutStore {
  return checkoutOf(useStores());
}
