import type { Feedback } from './types';

/**
 * What the feedback helpers use of the platform: Taro's toast, modal and loading (wx's in the mini program), and on
 * H5 the step that makes a shown confirmation a real dialog (modal-a11y.ts). No Taro import here: on H5 these come
 * from a chunk loaded with the first toast, confirmation or spinner, not with the first page (issue 10: about 8 KB
 * gzip of Taro's interaction code and styles).
 */
export interface Interaction {
  showToast(options: { title: string; icon: 'success' | 'error' | 'none'; duration: number }): unknown;
  showModal(options: {
    content: string;
    showCancel: boolean;
    confirmText?: string;
    cancelText?: string;
    confirmColor?: string;
    cancelColor?: string;
  }): Promise<{ confirm?: boolean }>;
  showLoading(options: { title: string; mask: boolean }): unknown;
  hideLoading(): unknown;
  /** H5: call right after showModal; answers the function to call once the dialog has been answered. */
  accessibleModal?(): () => void;
}

/** Display width in half-width characters (a CJK character counts two). */
export const displayWidth = (s: string) => [...s].reduce((n, ch) => n + (/[\u1100-\uffff]/.test(ch) ? 2 : 1), 0);

/** The widest button label showModal takes (WeChat's limit, which Taro's H5 enforces too): 4 Chinese characters. */
export const MODAL_BUTTON_MAX_WIDTH = 8;

/** WeChat cuts a toast title that has an icon after 7 Chinese characters; a longer message goes without the icon. */
const TOAST_ICON_MAX_WIDTH = 14;

/**
 * A module loaded on first use: `get()` answers it as soon as it is there, a promise of it before. Calls made while
 * it loads run in the order they were made once it has loaded (a spinner shown and hidden before the chunk arrives
 * ends hidden). A failed load is tried again on the next call.
 */
export function onDemand<T>(load: () => Promise<T>): () => T | Promise<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return () => {
    if (loaded) return loaded;
    loading ??= load().then(
      (m) => (loaded = m),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
}

function withInteraction<R>(
  get: () => Interaction | Promise<Interaction>,
  act: (ui: Interaction) => R,
): R | Promise<R> {
  const ui = get();
  return ui instanceof Promise ? ui.then(act) : act(ui);
}

/** The app's toasts, confirmations and spinner (platform.feedback) on top of the platform's interaction calls. */
export function feedbackWith(get: () => Interaction | Promise<Interaction>): Feedback {
  const run = (act: (ui: Interaction) => unknown) => {
    const done = withInteraction(get, act);
    // A chunk that cannot load leaves the message unshown; it must not become an unhandled rejection.
    if (done instanceof Promise) done.catch((err: unknown) => console.warn('feedback: not shown', err));
  };
  return {
    toast(message, kind = 'none') {
      const icon = displayWidth(message) > TOAST_ICON_MAX_WIDTH ? 'none' : kind;
      run((ui) => void ui.showToast({ title: message, icon, duration: 2000 }));
    },
    async confirm(message, { showCancel = true, ...options } = {}) {
      // WeChat and Taro's H5 refuse the whole dialog for a button label wider than 4 Chinese characters, which would
      // answer "no" without asking: such a label gives way to the platform's own.
      const labels = Object.fromEntries(
        Object.entries(options).filter(([, text]) => {
          const fits = typeof text === 'string' && displayWidth(text) <= MODAL_BUTTON_MAX_WIDTH;
          if (!fits) console.warn(`confirm: button label "${String(text)}" is too long for the platform's dialog`);
          return fits;
        }),
      );
      // H5: colours at AA contrast (Taro's default green answer is 2.2:1 on white).
      const colours = process.env.TARO_ENV === 'h5' ? { confirmColor: '#cf2c2f', cancelColor: '#222222' } : {};
      let done: (() => void) | undefined;
      try {
        const res = await withInteraction(get, (ui) => {
          const pending = ui.showModal({ content: message, showCancel, ...colours, ...labels });
          // H5: a real dialog for keyboards and screen readers, from the moment it is shown.
          done = ui.accessibleModal?.();
          return pending;
        });
        return !!res.confirm;
      } catch {
        return false;
      } finally {
        done?.();
      }
    },
    showBusy(message) {
      run((ui) => void ui.showLoading({ title: message ?? '', mask: true }));
    },
    hideBusy() {
      run((ui) => void ui.hideLoading());
    },
  };
}
