/**
 * Taro's page hooks (useDidShow, ...) are put on `@tarojs/taro` by @tarojs/plugin-framework-react when the app
 * is built; `@tarojs/taro-h5` alone does not export them. Page tests mock `@tarojs/taro` with
 *   jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());
 * which keeps every real H5 API and runs a page's show/load hooks once when it mounts, as a page being shown.
 */
import type * as React from 'react';

export function taroWithPageHooks(): unknown {
  const actual = jest.requireActual('@tarojs/taro') as Record<string | symbol, unknown>;
  const { useEffect } = jest.requireActual('react') as typeof React;
  const onMount = (fn: () => void) =>
    useEffect(() => {
      fn();
    }, []);
  const hooks: Record<string, unknown> = {
    useDidShow: onMount,
    useLoad: onMount,
    useReady: onMount,
    useDidHide: () => {},
  };
  // A proxy, not a spread copy: taro-h5 imports itself through `@tarojs/taro` while it initialises.
  return new Proxy(actual, {
    get: (target, key) => (typeof key === 'string' && key in hooks ? hooks[key] : target[key]),
  });
}
