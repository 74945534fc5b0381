/**
 * Keyboard and screen reader support for the H5 site (WCAG 2.2 AA): Taro's <View>/<Text> are not buttons, so a
 * control built from them gets the role, a place in the tab order and Enter/Space from here. The mini program
 * ignores these properties (it has no keyboard).
 *
 * Taro's H5 components copy a property onto their element (`tabIndex` becomes element.tabIndex) and bind `onXxx`
 * as a DOM listener for `xxx`, so onKeyDown receives the browser's KeyboardEvent.
 */

export interface KeyLike {
  key: string;
  preventDefault?(): void;
  stopPropagation?(): void;
}

export interface PressableOptions {
  /** The accessible name when the visible content is not one (an icon, a picture, "×"). */
  label?: string;
  /** Announced as unavailable; still focusable (it may explain itself when pressed). */
  disabled?: boolean;
  /** A toggle's state (aria-pressed). */
  pressed?: boolean;
  /** Another role with button behaviour (checkbox, radio, tab, menuitem, option). */
  role?: 'button' | 'checkbox' | 'radio' | 'tab' | 'menuitem' | 'menuitemradio' | 'option';
  /** aria-checked / aria-selected for the roles that have them. */
  checked?: boolean;
  /** aria-haspopup / aria-expanded of a control that opens a menu or dialog. */
  popup?: 'menu' | 'dialog' | 'listbox';
  expanded?: boolean;
}

/** True for the keys that press a button (Enter, Space). */
export function isActivationKey(e: KeyLike): boolean {
  return e.key === 'Enter' || e.key === ' ' || e.key === 'Spacebar';
}

/**
 * Props that make an element a keyboard-usable control: role, tab stop, accessible name and state, the click
 * handler, and Enter/Space doing the same as a click.
 */
export function pressable(onPress: () => void, options: PressableOptions = {}) {
  const role = options.role ?? 'button';
  const props: Record<string, unknown> = {
    role,
    tabIndex: 0,
    onClick: onPress,
    onKeyDown: (e: KeyLike) => {
      if (!isActivationKey(e)) return;
      e.preventDefault?.();
      e.stopPropagation?.();
      onPress();
    },
  };
  if (options.label) props['aria-label'] = options.label;
  if (options.disabled) props['aria-disabled'] = 'true';
  if (options.pressed !== undefined) props['aria-pressed'] = String(options.pressed);
  if (options.checked !== undefined) {
    props[role === 'option' || role === 'tab' ? 'aria-selected' : 'aria-checked'] = String(options.checked);
  }
  if (options.popup) props['aria-haspopup'] = options.popup;
  if (options.expanded !== undefined) props['aria-expanded'] = String(options.expanded);
  return props;
}

/**
 * A picture's text alternative in the current language: H5 `alt` on the inner <img> (Taro's H5 Image passes
 * `imgProps` to it), `aria-label` for the mini program's reader. An empty text marks a decorative picture (its
 * neighbour already says what it shows).
 */
export function altText(text: string): Record<string, unknown> {
  if (process.env.TARO_ENV === 'weapp') return text ? { ariaLabel: text } : {};
  return { imgProps: { alt: text } };
}

/** The props of a modal dialog's element (use with useDialog): announced as a dialog named `label`, focusable. */
export function dialogProps(label: string, role: 'dialog' | 'alertdialog' = 'dialog'): Record<string, unknown> {
  return { role, 'aria-modal': 'true', 'aria-label': label, tabIndex: -1 };
}

/** A tab stop for an element that is not a control (a scrollable region with no control inside). */
export function tabStop(label?: string): Record<string, unknown> {
  return label ? { tabIndex: 0, role: 'region', 'aria-label': label } : { tabIndex: 0 };
}

/** A text that screen readers read out when it appears or changes (a notice, a count). */
export function announced(urgency: 'polite' | 'assertive' = 'polite'): Record<string, unknown> {
  return urgency === 'assertive' ? { role: 'alert' } : { 'aria-live': 'polite' };
}
