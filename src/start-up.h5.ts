import { Current } from '@tarojs/runtime';
import { platform } from './platform';
import { renderPagesInSlices } from './start-up-render';
import { loadSavedLang } from './stores';

/*
 * H5 start-up, before Taro renders anything. Pages are rendered in slices (start-up-render.ts): this runs before
 * Taro's entry makes its app, so the app is caught as it is stored. Then the pack of the saved language: Chinese is
 * bundled, so a Chinese visit does not wait; a customer who chose English waits for the English chunk (usually the
 * service worker's copy) and then sees English from the first paint, never Chinese first. The page shows a loading
 * state meanwhile (src/index.html). This module's top-level await holds app.tsx, and with it Taro's app and router,
 * until then.
 */
renderPagesInSlices(Current);
await loadSavedLang(platform.storage);
