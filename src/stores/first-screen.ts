import type { RootStore } from './root-store';

/**
 * H5: what the screen being opened shows first, asked for while that screen's code is still loading (issue 10: LCP).
 * On home the largest thing drawn is a pop-up's picture (popuplist, then the picture): its list is asked for at
 * once instead of after home has rendered. The screens themselves still ask as before; PopupStore.load() answers
 * once per viewer and language, so this adds no request.
 */
export function startFirstScreen(store: RootStore, pathname: string): void {
  if (pathname === '/' || pathname === '') void store.popups.load();
}
