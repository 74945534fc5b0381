import { Text, View } from '@tarojs/components';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { pressable } from '../../utils/a11y';
import { focusableIn, focusWhenReady } from '../../utils/use-dialog';
import './index.scss';

export interface DropdownItem {
  key: string;
  label: string;
  onSelect(): void;
  /** For a choice of one (the language): whether this item is the current one, marked and announced as checked. */
  checked?: boolean;
}

function asElement(node: unknown): HTMLElement | undefined {
  return typeof HTMLElement !== 'undefined' && node instanceof HTMLElement ? node : undefined;
}

/**
 * A trigger that opens a small menu; a tap outside closes it. On H5 it is a menu button: Enter/Space open it with
 * focus on the first item, arrow keys move between items, Escape closes it and focus goes back to the trigger.
 */
export function Dropdown({
  trigger,
  label,
  items,
  className,
}: {
  trigger: ReactNode;
  /** The trigger's accessible name when its content is not text (a flag). */
  label?: string;
  items: DropdownItem[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<unknown>(null);
  const menuRef = useRef<unknown>(null);

  useEffect(() => {
    if (!open || typeof document === 'undefined') return undefined;
    const menu = asElement(menuRef.current);
    const first = menu && focusableIn(menu)[0];
    // Only a keyboard user's focus is on the trigger; a tap leaves it where it was.
    const trigger = asElement(triggerRef.current);
    // The item the keyboard is on (the focus goes back there when a Taro element's render drops it).
    let current = 0;
    let keyed = false;
    if (menu && first && document.activeElement === trigger) {
      // Every item first renders (a Stencil element's first render drops a focus given to it), then the first one
      // takes the focus.
      type Upgrading = HTMLElement & { componentOnReady?: () => Promise<unknown> };
      const rendered = [menu, ...focusableIn(menu)].map((el) => (el as Upgrading).componentOnReady?.());
      void Promise.all(rendered).then(() =>
        focusWhenReady(
          first,
          () =>
            (!keyed && document.activeElement === first) ||
            (!keyed && document.activeElement === trigger) ||
            (!keyed && document.activeElement === document.body),
        ),
      );
    }
    const onKeyDown = (e: KeyboardEvent) => {
      const el = asElement(menuRef.current);
      if (!el) return;
      if (e.key === 'Escape' || e.key === 'Esc') {
        e.preventDefault();
        setOpen(false);
        asElement(triggerRef.current)?.focus();
        return;
      }
      const all = focusableIn(el);
      const active = document.activeElement as HTMLElement | null;
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      if (all.length === 0) return;
      keyed = true;
      e.preventDefault();
      const found = active ? all.indexOf(active) : -1;
      const at = found >= 0 ? found : current;
      const next = e.key === 'ArrowDown' ? (at + 1) % all.length : (at - 1 + all.length) % all.length;
      current = next;
      all[next]!.focus();
    };
    // A Taro element that renders again can move its children, and a moved element loses the focus to the page
    // (without a focusout event when it is taken out of the document). While the menu is open and the focus was on
    // an item, it goes back to the item the keyboard is on, so the keyboard and a screen reader stay there. A Tab, a
    // tap elsewhere or Escape moves it on purpose and is left alone.
    let inMenu = false;
    const restore = () =>
      requestAnimationFrame(() => {
        const now = asElement(menuRef.current);
        const active = document.activeElement;
        if (!inMenu || !now || !now.isConnected || (active && active !== document.body)) return;
        const target = focusableIn(now)[current];
        if (target)
          focusWhenReady(
            target,
            () => inMenu && (document.activeElement === document.body || document.activeElement === target),
          );
      });
    const onFocusOut = (e: FocusEvent) => {
      if (!e.relatedTarget) restore();
    };
    const onPointerDown = (e: Event) => {
      const el = asElement(menuRef.current);
      if (!el || !(e.target instanceof Node) || !el.contains(e.target)) inMenu = false;
    };
    const moved = typeof MutationObserver === 'undefined' || !menu ? undefined : new MutationObserver(restore);
    if (moved && menu) moved.observe(menu, { childList: true, subtree: true });
    // Tabbing out of the menu closes it.
    const onFocusIn = (e: FocusEvent) => {
      const items = menu ? focusableIn(menu) : [];
      inMenu = e.target instanceof HTMLElement && items.includes(e.target);
      if (inMenu) current = items.indexOf(e.target as HTMLElement);
      const root = asElement(menuRef.current)?.parentElement;
      if (root && e.target instanceof Node && !root.contains(e.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      inMenu = false;
      moved?.disconnect();
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut, true);
    };
  }, [open]);

  return (
    <View className={`dropdown ${className ?? ''}`}>
      <View
        className='dropdown__trigger'
        ref={triggerRef}
        {...pressable(() => setOpen(!open), { label, popup: 'menu', expanded: open })}
      >
        {trigger}
        <Text className='dropdown__caret' aria-hidden='true'>
          ▾
        </Text>
      </View>
      {open && (
        <>
          <View className='dropdown__backdrop' onClick={() => setOpen(false)} />
          <View className='dropdown__menu' ref={menuRef} role='menu' aria-label={label}>
            {items.map((item) => (
              <View
                key={item.key}
                className={`dropdown__item ${item.checked ? 'dropdown__item--checked' : ''}`}
                {...pressable(
                  () => {
                    setOpen(false);
                    asElement(triggerRef.current)?.focus();
                    item.onSelect();
                  },
                  item.checked === undefined ? { role: 'menuitem' } : { role: 'menuitemradio', checked: item.checked },
                )}
              >
                {item.label}
              </View>
            ))}
          </View>
        </>
      )}
    </View>
  );
}
