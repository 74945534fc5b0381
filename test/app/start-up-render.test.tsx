/**
 * H5 start-up renders a page in slices (src/start-up-render.ts, issue 15 §6): Taro's own React runtime
 * (createReactApp of @tarojs/plugin-framework-react, as the H5 entry calls it) mounts a page whose render takes about
 * 120 ms, and other tasks must get the main thread while it renders. Without the transition Taro's page mount is one
 * default-lane render: every part of the page renders in the same task.
 */
import React from 'react';
import { findDOMNode, render, unstable_batchedUpdates } from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import { renderPagesInSlices } from '../../src/start-up-render';

const PARTS = 40;

// The task each part of the page rendered in: a counter that other tasks (a timer chain) move on.
let tick = 0;
const renderedIn: number[] = [];

function Part({ n }: { n: number }) {
  const end = performance.now() + 3;
  while (performance.now() < end);
  renderedIn.push(tick);
  return <span>{n}</span>;
}

function Page() {
  return (
    <div className='heavy'>
      {Array.from({ length: PARTS }, (_, n) => (
        <Part key={n} n={n} />
      ))}
    </div>
  );
}

function App({ children }: { children?: React.ReactNode }) {
  return <>{children}</>;
}

test('a page mounted through Taro renders in slices, letting other tasks run in between', async () => {
  // Taro's runtime as the H5 build has it (its document is the browser's), loaded after the setting is made.
  process.env.TARO_PLATFORM = 'web';
  const { Current } = await import('@tarojs/runtime');
  const { createReactApp } = (await import('@tarojs/plugin-framework-react/dist/runtime')) as {
    createReactApp: (...args: unknown[]) => unknown;
  };
  document.body.innerHTML = '<div id="app"></div>';
  renderPagesInSlices(Current as { app: unknown });
  // As Taro's H5 entry passes React DOM (@tarojs/plugin-framework-react for React 18).
  const ReactDOM = { ...ReactDOMClient, findDOMNode, render, unstable_batchedUpdates };
  const app = createReactApp(App, React, ReactDOM, { appId: 'app' }) as unknown as {
    onLaunch(options: object): void;
    mount(component: unknown, id: string, cb: () => void): void;
  };
  expect(Current.app).toBe(app);
  app.onLaunch({ path: '/pages/home/index', query: {} });

  let ticking = true;
  const next = () => {
    tick += 1;
    if (ticking) setTimeout(next, 0);
  };
  setTimeout(next, 0);
  await new Promise<void>((resolve) => app.mount(Page, 'page-1', resolve));
  ticking = false;

  // Taro's callback runs once the page is in the document, as before.
  expect(document.getElementById('page-1')?.querySelectorAll('.heavy span')).toHaveLength(PARTS);
  expect(renderedIn).toHaveLength(PARTS);
  // Other tasks ran between the page's first and last part (one task for all of them without the transition).
  expect(renderedIn[PARTS - 1]! - renderedIn[0]!).toBeGreaterThan(3);
});
