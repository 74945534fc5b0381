import { useEffect, useRef, type RefObject } from 'react';

/** What can take keyboard focus inside a dialog (Taro's inputs render a native <input> inside their element). */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'textarea:not([disabled])',
  'select:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function isShown(el: HTMLElement): boolean {
  return !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
}

/** The elements of `root` that Tab visits, in document order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => isShown(el) && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Focuses `el` once Taro's H5 component (a Stencil element) has rendered: its first render moves its children, which
 * drops a focus given earlier. Checks again for a few frames and gives up when `still()` turns false.
 */
export function focusWhenReady(el: HTMLElement, still: () => boolean = () => true): void {
  const ready = (el as HTMLElement & { componentOnReady?: () => Promise<unknown> }).componentOnReady?.();
  let tries = 0;
  const attempt = () => {
    if (!still() || !document.contains(el)) return;
    if (document.activeElement !== el) el.focus({ preventScroll: true });
    if (tries++ < 10) requestAnimationFrame(attempt);
  };
  void Promise.resolve(ready).then(attempt, attempt);
}

/** Open dialogs, the last opened last: only that one handles keys and keeps the focus. */
const openDialogs: object[] = [];

/** Taro's H5 components hand a ref their custom element; the mini program hands a node without DOM methods. */
function asElement(node: unknown): HTMLElement | undefined {
  return typeof HTMLElement !== 'undefined' && node instanceof HTMLElement ? node : undefined;
}

/**
 * A modal dialog's keyboard behaviour on H5 (WCAG 2.1.2, 2.4.3): while `open`, focus moves onto the dialog (a
 * screen reader reads its name; the next Tab reaches its first control), Tab and Shift+Tab stay inside it, Escape calls onClose, and when it closes
 * focus goes back to the element that had it before (the opener). Does nothing where there is no DOM (the mini
 * program).
 *
 * `ref` is the element with role="dialog"; give it tabIndex={-1} so it can hold focus itself.
 */
export function useDialog(ref: RefObject<unknown>, open: boolean, onClose: () => void): void {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open || typeof document === 'undefined') return undefined;
    const opener = document.activeElement as HTMLElement | null;
    let disposed = false;
    const token = {};
    openDialogs.push(token);
    const onTop = () => openDialogs[openDialogs.length - 1] === token;

    // The dialog itself takes the focus, unless the user has already moved it inside.
    const dialogEl = asElement(ref.current);
    if (dialogEl) {
      focusWhenReady(dialogEl, () => {
        const active = document.activeElement;
        return !disposed && onTop() && (!active || active === dialogEl || !dialogEl.contains(active));
      });
    }

    const onKeyDown = (e: KeyboardEvent) => {
      const dialog = asElement(ref.current);
      if (!dialog || !onTop()) return;
      if (e.key === 'Escape' || e.key === 'Esc') {
        e.preventDefault();
        e.stopPropagation();
        closeRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusableIn(dialog);
      if (items.length === 0) {
        e.preventDefault();
        dialog.focus({ preventScroll: true });
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement as HTMLElement | null;
      const inside = !!active && dialog.contains(active);
      if (e.shiftKey && (!inside || active === first || active === dialog)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || active === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    // A focus that escapes anyway (a click on the page behind) is brought back to where it was in the dialog. Not at
    // once: a script may borrow the focus for a moment (copying to the clipboard selects a text box of its own).
    let lastInside: HTMLElement | undefined;
    const onFocusIn = (e: FocusEvent) => {
      const dialog = asElement(ref.current);
      if (!dialog || !(e.target instanceof HTMLElement)) return;
      if (dialog.contains(e.target)) {
        lastInside = e.target;
        return;
      }
      setTimeout(() => {
        const now = asElement(ref.current);
        if (disposed || !now || !onTop() || now.contains(document.activeElement)) return;
        const back = lastInside && now.contains(lastInside) ? lastInside : (focusableIn(now)[0] ?? now);
        back.focus({ preventScroll: true });
      }, 0);
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      disposed = true;
      openDialogs.splice(openDialogs.indexOf(token), 1);
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      if (opener && opener !== document.body && document.contains(opener)) opener.focus({ preventScroll: true });
    };
  }, [open, ref]);
}
