import { usePullDownRefresh } from '@tarojs/taro';
import { useStores } from '../../stores';

/**
 * Pull-to-refresh of a page whose config has `enablePullDownRefresh` (home, the restaurant list, orders, wallet,
 * vouchers): when the customer pulls the page down, runs every refresh (each keeps what is shown until its answer is
 * in: `refresh` of useLoad and usePaged), then ends the indicator once all are settled, whatever their outcome; a
 * failure is shown as a toast and what was shown stays.
 */
export function usePullRefresh(refreshes: () => Array<Promise<unknown>>): void {
  const { platform, ui } = useStores();
  usePullDownRefresh(() => {
    const failures: unknown[] = [];
    void Promise.all(refreshes().map((p) => p.catch((err: unknown) => void failures.push(err)))).then(() => {
      platform.stopPullDownRefresh();
      if (failures.length > 0) ui.showError(failures[0]);
    });
  });
}
