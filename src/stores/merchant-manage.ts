import type { Messages } from '../i18n';
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

/** Keys of the console management screens' messages: the `merchant_manage` namespace of cn.json/en.json. */
export type ConsoleKey = keyof Messages['merchant_manage'] & string;
export type ConsoleT = (key: ConsoleKey, params?: Record<string, string | number>) => string;

/**
 * The app's t() (DESIGN §3), bound to the `merchant_manage` namespace the management screens use. Like every other
 * sub-package namespace it is listed in src/i18n/parts.json (merchant package), so it travels with the console's
 * screens (src/i18n/parts/merchant.ts), not in the main package or the H5 first load.
 */
export function useConsoleT(): ConsoleT {
  const t = useStores().ui.t;
  return (key, params) => t(`merchant_manage.${key}`, params);
}
