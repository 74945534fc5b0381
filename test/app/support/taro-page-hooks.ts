/**
 * Taro's page hooks (useDidShow, ...) are put on `@tarojs/taro` by @tarojs/plugin-framework-react when the app
 * is built; `@tarojs/taro-h5` alone does not export them. Page tests mock `@tarojs/taro` with
 *   jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());
 * which keeps every real H5 API and runs a page's show/load hooks once when it mounts, as a page being shown. The
 * pull-down, share and show hooks are kept (the latest of each): `showAgain()` runs the show handlers again (the
 * customer came back to the page), `pullDown()` runs the pull-down handlers as WeChat does
 * when the customer pulls the page, `sharePayload()` asks the share handler for its payload.
 */
import type * as React from 'react';

type Handler = (...args: unknown[]) => unknown;
const kept: Record<'pullDown' | 'share' | 'timeline' | 'show', Handler[]> = {
  pullDown: [],
  share: [],
  timeline: [],
  show: [],
};

/** Runs the mounted pages' useDidShow handlers again (the customer came back to the page). */
export function showAgain(): void {
  for (const fn of kept.show) fn();
}

/** Runs what the mounted pages gave usePullDownRefresh (the customer pulled the page down). */
export function pullDown(): void {
  for (const fn of kept.pullDown) fn();
}

/** What the mounted page's useShareAppMessage (or, with `timeline`, useShareTimeline) handler answers. */
export function sharePayload(kind: 'share' | 'timeline' = 'share'): unknown {
  const fn = kept[kind][kept[kind].length - 1];
  if (!fn) throw new Error(`no ${kind === 'share' ? 'useShareAppMessage' : 'useShareTimeline'} handler mounted`);
  return fn({ from: 'menu' });
}

export function taroWithPageHooks(): unknown {
  const actual = jest.requireActual('@tarojs/taro') as Record<string | symbol, unknown>;
  const { useEffect } = jest.requireActual('react') as typeof React;
  const onMount = (fn: () => void) =>
    useEffect(() => {
      fn();
    }, []);
  const keep = (kind: keyof typeof kept) => (fn: Handler) =>
    useEffect(() => {
      kept[kind].push(fn);
      return () => {
        kept[kind].splice(kept[kind].indexOf(fn), 1);
      };
    });
  const hooks: Record<string, unknown> = {
    usePullDownRefresh: keep('pullDown'),
    useShareAppMessage: keep('share'),
    useShareTimeline: keep('timeline'),
    useDidShow: (fn: () => void) => {
      onMount(fn);
      keep('show')(fn);
    },
    useLoad: onMount,
    useReady: onMount,
    useDidHide: () => {},
  };
  // A proxy, not a spread copy: taro-h5 imports itself through `@tarojs/taro` while it initialises.
  return new Proxy(actual, {
    get: (target, key) => (typeof key === 'string' && key in hooks ? hooks[key] : target[key]),
  });
}
