/** Where the H5 build writes the service worker (config/index.ts, Workbox's GenerateSW); its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

/** The built JS and CSS files (hashed names), which the worker keeps when a screen uses them (config/index.ts). */
export const CHUNK_URL = /\/(js|css)\/[\w-]+\.[0-9a-f]{8}\.(js|css)$/;

interface Env {
  production: boolean;
  navigator?: Pick<Navigator, 'serviceWorker'>;
  window?: Pick<Window, 'addEventListener'>;
  document?: Pick<Document, 'readyState'>;
  /** For the files loaded before the worker took control (absent: not asked again). */
  performance?: Pick<Performance, 'getEntriesByType'>;
  fetch?: (url: string) => Promise<unknown>;
}

const browserEnv = (): Env => ({
  production: process.env.NODE_ENV === 'production',
  navigator: typeof navigator === 'undefined' ? undefined : navigator,
  window: typeof window === 'undefined' ? undefined : window,
  document: typeof document === 'undefined' ? undefined : document,
  performance: typeof performance === 'undefined' ? undefined : performance,
  fetch: typeof fetch === 'undefined' ? undefined : (url: string) => fetch(url),
});

/**
 * The worker precaches only the shell and keeps a screen's chunk when a page under its control asks for it. The
 * first visit's screen loaded its chunks before the worker existed: once it controls the page, they are asked for
 * again through it (the browser's HTTP cache answers, nothing is downloaded twice), so that screen works offline too.
 */
async function keepLoadedChunks(sw: ServiceWorkerContainer, env: Env): Promise<void> {
  const { performance: perf, fetch: get } = env;
  if (!perf || !get || !sw.ready) return;
  await sw.ready;
  if (!sw.controller) {
    await new Promise<void>((resolve) => sw.addEventListener('controllerchange', () => resolve(), { once: true }));
  }
  const urls = new Set(
    perf
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((url) => CHUNK_URL.test(new URL(url, 'http://x').pathname)),
  );
  await Promise.all([...urls].map((url) => get(url).catch(() => undefined)));
}

/**
 * Registers the site's service worker (issue 10, repeat visits) once the page has loaded, so its download and its
 * precaching never compete with the first screen. Only in the production build (the development server has no
 * sw.js) and only where the browser has service workers (they also need https or localhost). A refused
 * registration (private mode, a blocked worker) leaves the site as it is, without a message.
 * Returns whether it will register.
 */
export function registerServiceWorker(env: Env = browserEnv()): boolean {
  const sw = env.navigator?.serviceWorker;
  if (!env.production || !sw || !env.window) return false;
  const register = () =>
    void sw
      .register(SERVICE_WORKER_URL)
      .then(() => keepLoadedChunks(sw, env))
      .catch(() => undefined);
  if (env.document?.readyState === 'complete') register();
  else env.window.addEventListener('load', register, { once: true });
  return true;
}
