import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

// Tells React that updates are wrapped in act() here (what @testing-library/react would set).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/*
 * A small stand-in for @testing-library/react: that package is installed but its peer @testing-library/dom is
 * not (legacy-peer-deps), so importing it fails. These helpers cover what the page tests need.
 */

const mounted = new Set<{ root: Root; container: HTMLElement }>();

export interface Rendered {
  container: HTMLElement;
  rerender(ui: ReactElement): Promise<void>;
  unmount(): Promise<void>;
}

export async function render(ui: ReactElement): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const entry = { root, container };
  mounted.add(entry);
  await act(async () => {
    root.render(ui);
  });
  return {
    container,
    rerender: async (next) => {
      await act(async () => {
        root.render(next);
      });
    },
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
      mounted.delete(entry);
    },
  };
}

export async function cleanup() {
  for (const entry of [...mounted]) {
    await act(async () => entry.root.unmount());
    entry.container.remove();
    mounted.delete(entry);
  }
}

afterEach(cleanup);

/** The element's own text: its direct text nodes, trimmed (Taro's <Text> renders text straight inside). */
function ownText(el: Element): string {
  let text = '';
  el.childNodes.forEach((node) => {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
  });
  return text.trim();
}

const matches = (value: string, text: string | RegExp) =>
  typeof text === 'string' ? value === text : text.test(value);

export function queryAllByText(container: Element, text: string | RegExp): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>('*')).filter((el) => matches(ownText(el), text));
}

export function queryByText(container: Element, text: string | RegExp): HTMLElement | null {
  const found = queryAllByText(container, text);
  if (found.length > 1) throw new Error(`Several elements with text ${String(text)}`);
  return found[0] ?? null;
}

export function getByText(container: Element, text: string | RegExp): HTMLElement {
  const found = queryByText(container, text);
  if (!found) throw new Error(`No element with text ${String(text)} in: ${container.textContent}`);
  return found;
}

export function getBySelector(container: Element, selector: string): HTMLElement {
  const el = container.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`No element matches ${selector}`);
  return el;
}

export async function click(el: HTMLElement) {
  await act(async () => {
    el.click();
  });
}

/** Retries `check` (flushing React and pending promises between tries) until it stops throwing. */
// Generous: Taro's H5 components render their inner elements asynchronously, slower on a loaded CI machine.
export async function waitFor<T>(check: () => T, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await act(async () => {
        await new Promise((r) => setTimeout(r, 5));
      });
    }
  }
}

/** Runs a store action (or anything that re-renders observers) inside act. */
export async function actAsync(fn: () => unknown) {
  await act(async () => {
    await fn();
  });
}
