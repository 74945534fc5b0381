import {
  act,
  cleanup as rtlCleanup,
  getByText as rtlGetByText,
  queryAllByText as rtlQueryAllByText,
  queryByText as rtlQueryByText,
  render as rtlRender,
  waitFor as rtlWaitFor,
} from '@testing-library/react';
import type { ReactElement } from 'react';

/*
 * The page tests' helpers, on @testing-library/react: its render, cleanup, act, text queries and waitFor, with the
 * async shape these tests were written in (each step awaits React and pending promises).
 */

export interface Rendered {
  container: HTMLElement;
  rerender(ui: ReactElement): Promise<void>;
  unmount(): Promise<void>;
}

export async function render(ui: ReactElement): Promise<Rendered> {
  let result: ReturnType<typeof rtlRender> | undefined;
  await act(async () => {
    result = rtlRender(ui);
  });
  const rendered = result!;
  return {
    container: rendered.container,
    rerender: async (next) => {
      await act(async () => {
        rendered.rerender(next);
      });
    },
    unmount: async () => {
      await act(async () => {
        rendered.unmount();
      });
    },
  };
}

export async function cleanup() {
  await act(async () => {
    rtlCleanup();
  });
}

afterEach(cleanup);

/*
 * Text queries match an element's own text nodes, trimmed (Taro's <Text> renders text straight inside): Testing
 * Library's default. queryByText and getByText throw when several elements match.
 */
export function queryAllByText(container: Element, text: string | RegExp): HTMLElement[] {
  return rtlQueryAllByText(container as HTMLElement, text);
}

export function queryByText(container: Element, text: string | RegExp): HTMLElement | null {
  return rtlQueryByText(container as HTMLElement, text);
}

export function getByText(container: Element, text: string | RegExp): HTMLElement {
  return rtlGetByText(container as HTMLElement, text);
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

/**
 * The native input of a Taro <Input> with `selector` (a class): on H5 the input itself carries the class (Taro's
 * components-react Input), in Taro's web component it is the input inside.
 */
export function inputSelector(selector: string): string {
  return `input${selector}, ${selector} input`;
}

/**
 * Types `value` into a native input as a person would: through the value setter of HTMLInputElement, which React's
 * own tracking of a controlled input sees (setting `input.value` is taken for React's own write), then the event.
 */
export async function fill(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Retries `check` (Testing Library's waitFor: React flushed between tries) until it stops throwing. */
// Generous: Taro's H5 components render their inner elements asynchronously, slower on a loaded CI machine.
export async function waitFor<T>(check: () => T, timeoutMs = 5000): Promise<T> {
  return rtlWaitFor(check, { timeout: timeoutMs, interval: 5 });
}

/** Runs a store action (or anything that re-renders observers) inside act. */
export async function actAsync(fn: () => unknown) {
  await act(async () => {
    await fn();
  });
}
