import { act, fireEvent, render } from '@testing-library/react';
import { useRef, useState } from 'react';
import { altText, dialogProps, pressable } from '../../../src/utils/a11y';
import { useDialog } from '../../../src/utils/use-dialog';

describe('pressable', () => {
  it('is a button in the tab order that Enter and Space press, and no other key', () => {
    const onPress = jest.fn();
    const props = pressable(onPress);
    expect(props).toMatchObject({ role: 'button', tabIndex: 0 });
    const key = (k: string) => {
      const e = { key: k, preventDefault: jest.fn(), stopPropagation: jest.fn() };
      (props.onKeyDown as (e: unknown) => void)(e);
      return e;
    };
    expect(key('Enter').preventDefault).toHaveBeenCalled();
    key(' ');
    expect(onPress).toHaveBeenCalledTimes(2);
    key('a');
    key('Tab');
    expect(onPress).toHaveBeenCalledTimes(2);
    (props.onClick as () => void)();
    expect(onPress).toHaveBeenCalledTimes(3);
  });

  it('names and states the control for screen readers', () => {
    expect(pressable(() => undefined, { label: 'Close', disabled: true, pressed: false })).toMatchObject({
      'aria-label': 'Close',
      'aria-disabled': 'true',
      'aria-pressed': 'false',
    });
    expect(pressable(() => undefined, { role: 'checkbox', checked: true })).toMatchObject({
      role: 'checkbox',
      'aria-checked': 'true',
    });
    expect(pressable(() => undefined, { popup: 'menu', expanded: false })).toMatchObject({
      'aria-haspopup': 'menu',
      'aria-expanded': 'false',
    });
    expect(pressable(() => undefined)).not.toHaveProperty('aria-label');
  });

  it('gives a picture its alternative text, or marks it decorative', () => {
    expect(altText('szeat home')).toEqual({ imgProps: { alt: 'szeat home' } });
    expect(altText('')).toEqual({ imgProps: { alt: '' } });
    const env = process.env.TARO_ENV;
    process.env.TARO_ENV = 'weapp';
    try {
      // The mini program's reader takes aria-label on the image itself.
      expect(altText('szeat home')).toEqual({ ariaLabel: 'szeat home' });
      expect(altText('')).toEqual({});
    } finally {
      if (env === undefined) delete process.env.TARO_ENV;
      else process.env.TARO_ENV = env;
    }
    expect(dialogProps('Noodles')).toEqual({
      role: 'dialog',
      'aria-modal': 'true',
      'aria-label': 'Noodles',
      tabIndex: -1,
    });
  });
});

// jsdom lays nothing out: every element counts as shown.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 10 });
});

function Screen({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  useDialog(ref, open, close);
  return (
    <div>
      <button type='button' onClick={() => setOpen(true)}>
        open
      </button>
      <button type='button'>behind</button>
      {open && (
        <div ref={ref} role='dialog' aria-modal='true' aria-label='Choice' tabIndex={-1}>
          <button type='button'>first</button>
          <button type='button'>last</button>
        </div>
      )}
    </div>
  );
}

const flush = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 30));
  });

describe('useDialog', () => {
  it('takes the focus, keeps Tab inside, closes with Escape and gives the focus back to the opener', async () => {
    const onClose = jest.fn();
    const { getByText, getByRole, queryByRole } = render(<Screen onClose={onClose} />);
    const opener = getByText('open');
    opener.focus();
    fireEvent.click(opener);
    await flush();
    const dialog = getByRole('dialog');
    expect(document.activeElement).toBe(dialog);

    // Tab from the last control goes round to the first, Shift+Tab from the first to the last.
    getByText('last').focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(getByText('first'));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(getByText('last'));

    // A focus that lands behind it comes back.
    getByText('behind').focus();
    await flush();
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document, { key: 'Escape' });
    await flush();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
