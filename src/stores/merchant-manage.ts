import { consoleT, type ConsoleT } from '../i18n/console';
import { useStores } from './context';
import { merchantOf } from './merchant';
import { MerchantManageStore } from './merchant-manage-store';
import type { RootStore } from './root-store';

/**
 * The console's management store (sold out, busy and closed, today, members): one per app, made when a management
 * screen first asks for it, on the order board's store (the chosen restaurant and role). Like merchant.ts, not a
 * field of RootStore, so that its code stays in the mini program's merchant sub-package.
 */
export function manageOf(root: RootStore): MerchantManageStore {
  return root.attach(
    'merchant-manage',
    (r) =>
      new MerchantManageStore({
        merchant: () => r.api.merchant,
        menu: (restaurantId) => r.api.restaurants.menu(restaurantId),
        board: merchantOf(r),
        showError: (err) => r.ui.showError(err),
      }),
  );
}

/** The app's management store (manageOf) for a screen. */
export function useManage(): MerchantManageStore {
  return manageOf(useStores());
}

/** The console's translate function in the current language (src/i18n/console.ts). */
export function useConsoleT(): ConsoleT {
  return consoleT(useStores().ui.lang);
}
