import { useStores } from './context';
import { MerchantStore } from './merchant-store';
import type { RootStore } from './root-store';

/**
 * The restaurant console (merchant/…): one per app, made when a console screen first asks for it. Not a field of
 * RootStore, so that its code is in the mini program's merchant sub-package and not in the main package (as cart.ts).
 */
export function merchantOf(root: RootStore): MerchantStore {
  return root.attach(
    'merchant',
    (r) =>
      new MerchantStore({
        merchant: () => r.api.merchant,
        showError: (err) => r.ui.showError(err),
        streams: r.platform.eventStreams,
        events: () => r.api.events,
        alerts: r.platform.alerts,
      }),
  );
}

/** The app's console store (merchantOf) for a screen. */
export function useMerchant(): MerchantStore {
  return merchantOf(useStores());
}
