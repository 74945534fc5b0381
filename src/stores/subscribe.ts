import { useStores } from './context';
import type { RootStore } from './root-store';
import { SubscribeStore } from './subscribe-store';

/**
 * Subscribe messages (mini program): one per app, made on first use. Not a field of RootStore, so that its code
 * stays out of the main package (as checkout.ts).
 */
export function subscribeOf(root: RootStore): SubscribeStore {
  return root.attach(
    'subscribe',
    (r) =>
      new SubscribeStore({
        notify: () => r.api.notify,
        subscribe: r.platform.subscribe,
        isLoggedIn: () => r.session.isLoggedIn,
      }),
  );
}

/** The app's subscribe messages (subscribeOf) for a screen. */
export function useSubscribe(): SubscribeStore {
  return subscribeOf(useStores());
}
