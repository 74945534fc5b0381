/** Where the H5 build writes the service worker (config/index.ts, Workbox's GenerateSW); its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

interface Env {
  production: boolean;
  navigator?: Pick<Navigator, 'serviceWorker'>;
  window?: Pick<Window, 'addEventListener'>;
  document?: Pick<Document, 'readyState'>;
}

const browserEnv = (): Env => ({
  production: process.env.NODE_ENV === 'production',
  navigator: typeof navigator === 'undefined' ? undefined : navigator,
  window: typeof window === 'undefined' ? undefined : window,
  document: typeof document === 'undefined' ? undefined : document,
});

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
  const register = () => void sw.register(SERVICE_WORKER_URL).catch(() => undefined);
  if (env.document?.readyState === 'complete') register();
  else env.window.addEventListener('load', register, { once: true });
  return true;
}
