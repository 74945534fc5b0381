import { registerServiceWorker, SERVICE_WORKER_URL } from '../../../src/platform/service-worker';

function browser(readyState: DocumentReadyState, register = jest.fn(async () => ({}))) {
  const listeners: Array<() => void> = [];
  const window = { addEventListener: jest.fn((_type: string, fn: () => void) => void listeners.push(fn)) };
  return {
    register,
    window,
    load: () => listeners.forEach((fn) => fn()),
    env: (production: boolean, hasWorkers = true) => ({
      production,
      navigator: (hasWorkers ? { serviceWorker: { register } } : {}) as unknown as Navigator,
      window: window as unknown as Window,
      document: { readyState } as Document,
    }),
  };
}

describe('registerServiceWorker (H5)', () => {
  it('registers /sw.js once the page has loaded, in the production build', () => {
    const b = browser('interactive');
    expect(registerServiceWorker(b.env(true))).toBe(true);
    expect(b.register).not.toHaveBeenCalled();
    expect(b.window.addEventListener).toHaveBeenCalledWith('load', expect.any(Function), { once: true });
    b.load();
    expect(b.register).toHaveBeenCalledWith(SERVICE_WORKER_URL);
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
  });

  it('registers at once when the page has already loaded', () => {
    const b = browser('complete');
    registerServiceWorker(b.env(true));
    expect(b.register).toHaveBeenCalledTimes(1);
  });

  it('does nothing in development builds or without service workers', () => {
    for (const b of [browser('complete'), browser('interactive')]) {
      expect(registerServiceWorker(b.env(false))).toBe(false);
      expect(registerServiceWorker(b.env(true, false))).toBe(false);
      b.load();
      expect(b.register).not.toHaveBeenCalled();
    }
    // Unit tests run with NODE_ENV=test: the platform's default environment is not production.
    expect(registerServiceWorker()).toBe(false);
  });

  it('keeps quiet when the browser refuses the registration', async () => {
    const b = browser(
      'complete',
      jest.fn(async () => Promise.reject(new Error('blocked'))),
    );
    registerServiceWorker(b.env(true));
    await Promise.resolve();
    expect(b.register).toHaveBeenCalledTimes(1);
  });
});
