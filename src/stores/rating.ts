import { useStores } from './context';
import { RatingStore } from './rating-store';
import type { RootStore } from './root-store';

/**
 * Rating an order and deleting ratings (rating/{orderId}, Mine's ratings): one per app, made when a screen first asks
 * for it. Not a field of RootStore, so that its code is in the mini program's order sub-package and not in the main
 * package (as cart.ts and checkout.ts).
 */
export function ratingOf(root: RootStore): RatingStore {
  return root.attach(
    'rating',
    (r) =>
      new RatingStore({
        ratings: () => r.api.ratings,
        orders: () => r.api.orders,
        media: r.platform.media,
        feedback: r.platform.feedback,
        t: () => r.ui.t,
        errorMessage: (err) => r.ui.errorMessage(err),
      }),
  );
}

/** The app's rating store (ratingOf) for a screen. */
export function useRating(): RatingStore {
  return ratingOf(useStores());
}
