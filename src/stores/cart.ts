import { CartStore } from './cart-store';
import { useStores } from './context';
import type { RootStore } from './root-store';

/**
 * The cart of the restaurant being ordered from (the choice layer adds to it, checkout reads and forgets it): one per
 * app, made when a screen first asks for it. Not a field of RootStore, so that its code is in the mini program's
 * sub-packages that order (discover, order) and not in the main package (issue 10).
 */
export function cartOf(root: RootStore): CartStore {
  return root.attach(
    'cart',
    (r) =>
      new CartStore({
        cart: () => r.api.cart,
        navigation: r.platform.navigation,
        isLoggedIn: () => r.session.isLoggedIn,
        showError: (err) => r.ui.showError(err),
      }),
  );
}

/** The app's cart (cartOf) for a component. */
export function useCart(): CartStore {
  return cartOf(useStores());
}
