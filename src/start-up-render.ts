import { flushSync } from 'react-dom';
import { startTransition } from 'react';

/*
 * H5: a page's first render in slices (issue 15 §6, total blocking time on a phone). Taro 4's React runtime mounts a
 * page with a forceUpdate of its app wrapper (@tarojs/plugin-framework-react, createReactApp: AppWrapper.mount), an
 * update of React 18's default lane, which React renders in one task however large the page is. The same update made
 * inside `startTransition` is rendered in slices of about 5 ms that give the main thread back in between (the DOM of
 * a new page is built during those slices; only attaching it is one step), and Taro's mount callback still runs after
 * the page is in the document, as it waits for the commit either way.
 *
 * The app object Taro makes is caught as it is stored in `Current.app` (before the router launches it) and changed in
 * three places: its launch renders the (empty) root at once, so Taro's app wrapper exists before any page is mounted
 * (without it a mount waits for the wrapper in a promise callback, outside the transition); and its `mount` updates in
 * a transition, and so does its `unmount`. Nothing else of Taro is changed; the mini program does not use this (its runtime renders differently).
 */

type Mount = (component: unknown, id: string, cb: (...args: unknown[]) => unknown) => void;
type Unmount = (id: string, cb: (...args: unknown[]) => unknown) => void;
type Launch = (options: unknown) => void;
interface TaroApp {
  mount?: Mount;
  unmount?: Unmount;
  onLaunch?: Launch;
}

const SLICED = Symbol('szeat.sliced');

function slice(app: TaroApp & { [SLICED]?: true }) {
  if (app[SLICED]) return app;
  app[SLICED] = true;
  const { mount, unmount, onLaunch } = app;
  if (onLaunch) {
    app.onLaunch = function launch(this: TaroApp, options) {
      flushSync(() => onLaunch.call(this, options));
    };
  }
  if (mount) {
    app.mount = function mountInTransition(this: TaroApp, component, id, cb) {
      startTransition(() => mount.call(this, component, id, cb));
    };
  }
  // A page left in the same step as another is mounted (redirectTo, reLaunch) goes in the same transition, so the old
  // page stays until the new one is ready instead of an empty frame between them.
  if (unmount) {
    app.unmount = function unmountInTransition(this: TaroApp, id, cb) {
      startTransition(() => unmount.call(this, id, cb));
    };
  }
  return app;
}

/** Makes every page mount of the app later stored in `current.app` (Taro's `Current`) a transition. */
export function renderPagesInSlices(current: { app: unknown }) {
  const sliced = (value: unknown) => (value && typeof value === 'object' ? slice(value as TaroApp) : value);
  let app = sliced(current.app);
  Object.defineProperty(current, 'app', {
    configurable: true,
    enumerable: true,
    get: () => app,
    set(value: unknown) {
      app = sliced(value);
    },
  });
}
