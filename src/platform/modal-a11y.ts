/**
 * H5: Taro's showModal draws its confirmation with plain <div>s: no dialog role, buttons a keyboard cannot reach, no
 * focus handling. Right after it is shown this gives it what a modal dialog needs (WCAG 2.1.1, 2.1.2, 2.4.3, 4.1.2):
 * role="alertdialog" with aria-modal, named by its title and described by its message; the answers are buttons in
 * the tab order that Enter and Space press; focus goes to the safe answer (cancel) and stays in the dialog; Escape
 * cancels; when it closes, focus goes back to where it was.
 */

/** Taro H5's class names (@tarojs/taro-h5 api/ui/interaction/modal). */
const MODAL = '.taro__modal';
const CONTENT = '.taro-modal__content';
const TITLE = '.taro-modal__title';
const TEXT = '.taro-modal__text';
const CANCEL = '.taro-model__cancel';
const CONFIRM = '.taro-model__confirm';

let ids = 0;

const shown = (el: HTMLElement | null): el is HTMLElement => !!el && el.style.display !== 'none';

/** Call right after Taro.showModal (its DOM is there by then); call the returned function once it has answered. */
export function accessibleModal(): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const opener = document.activeElement as HTMLElement | null;
  const modals = document.querySelectorAll<HTMLElement>(MODAL);
  const root = modals[modals.length - 1];
  const content = root?.querySelector<HTMLElement>(CONTENT);
  if (!root || !content) return () => undefined;

  const n = ++ids;
  const title = content.querySelector<HTMLElement>(TITLE);
  const text = content.querySelector<HTMLElement>(TEXT);
  const cancel = content.querySelector<HTMLElement>(CANCEL);
  const confirm = content.querySelector<HTMLElement>(CONFIRM);
  content.setAttribute('role', 'alertdialog');
  content.setAttribute('aria-modal', 'true');
  content.tabIndex = -1;
  if (text) {
    text.id = text.id || `szeat-modal-text-${n}`;
    content.setAttribute('aria-describedby', text.id);
  }
  if (title && title.textContent && shown(title)) {
    title.id = title.id || `szeat-modal-title-${n}`;
    content.setAttribute('aria-labelledby', title.id);
    content.removeAttribute('aria-label');
  } else {
    // No title: the message names the dialog.
    content.removeAttribute('aria-labelledby');
    content.setAttribute('aria-label', text?.textContent ?? '');
  }
  const buttons = [cancel, confirm].filter(shown);
  for (const b of buttons) {
    b.setAttribute('role', 'button');
    b.tabIndex = 0;
    b.style.cursor = 'pointer';
    b.style.minHeight = '44px';
  }
  (buttons[0] ?? content).focus({ preventScroll: true });

  const onKeyDown = (e: KeyboardEvent) => {
    if (!root.isConnected || root.style.display === 'none') return;
    if (e.key === 'Escape' || e.key === 'Esc') {
      e.preventDefault();
      e.stopPropagation();
      (shown(cancel) ? cancel : confirm)?.click();
      return;
    }
    const active = document.activeElement as HTMLElement | null;
    if ((e.key === 'Enter' || e.key === ' ') && active && buttons.includes(active)) {
      e.preventDefault();
      e.stopPropagation();
      active.click();
      return;
    }
    if (e.key === 'Tab' && buttons.length > 0) {
      e.preventDefault();
      const at = active ? buttons.indexOf(active) : -1;
      const next = e.shiftKey ? (at <= 0 ? buttons.length - 1 : at - 1) : (at + 1) % buttons.length;
      buttons[next]!.focus();
    }
  };
  document.addEventListener('keydown', onKeyDown, true);

  return () => {
    document.removeEventListener('keydown', onKeyDown, true);
    if (opener && opener !== document.body && opener.isConnected) opener.focus({ preventScroll: true });
  };
}
