import type { Integrations } from '../../../server/src/integrations';
import { assertBuilt } from '../dist';
import { type HarnessOptions, WeappHarness } from '../harness';
import { startApiServer, type ApiServer } from './api-server';
import type { RequestHandler } from './fake-wx';

export interface UseWeappHarnessOptions extends Omit<Partial<HarnessOptions>, 'storage' | 'handler'> {
  /**
   * Who answers wx.request: the real API server (default; `api` is then that server), or a fake handler of the
   * test's own.
   */
  handler?: RequestHandler;
  /** wx storage at launch; a function is called once the API server runs (to sign a customer up, for instance). */
  storage?: Record<string, unknown> | ((api: ApiServer) => Promise<Record<string, unknown>>);
  /** Integrations for the API server instead of its sandboxes, made before it starts (payment stand-ins). */
  integrations?: () => Promise<Partial<Integrations>>;
}

/** What a mini program test file shares: the launched app and, unless a fake handler answers, the real API server. */
export interface WeappContext {
  /** The launched mini program (from the block's beforeAll to its afterAll). */
  readonly h: WeappHarness;
  /** The real API server the app calls (not with a fake handler). */
  readonly api: ApiServer;
}

/**
 * Registers the jest hooks of a mini program test file (or describe block): dist/weapp must be built; the real API
 * server (a fresh seeded database) started unless a fake handler is given; the app launched with the given storage
 * in beforeAll; after each test, nothing the pages did wrong (thrown errors, onError reports, console.error); both
 * closed in afterAll. Later beforeAll hooks already see the launched app.
 */
export function useWeappHarness(options: UseWeappHarnessOptions = {}): WeappContext {
  const { handler, storage, integrations, ...harness } = options;
  let api: ApiServer | undefined;
  let h: WeappHarness | undefined;
  beforeAll(async () => {
    assertBuilt();
    if (!handler) api = await startApiServer(integrations ? await integrations() : undefined);
    const initial = typeof storage === 'function' ? await storage(api!) : storage;
    h = new WeappHarness({
      settleTimeoutMs: 10_000,
      ...harness,
      handler: handler ?? api!.handler,
      ...(initial ? { storage: initial } : {}),
    });
    await h.launch();
  }, 60_000);
  afterAll(async () => {
    h?.dispose();
    await api?.close();
  });
  afterEach(() => {
    expect(h?.takeProblems() ?? []).toEqual([]);
  });
  return {
    get h() {
      if (!h) throw new Error('useWeappHarness: the app runs from its beforeAll to its afterAll');
      return h;
    },
    get api() {
      if (!api) throw new Error('useWeappHarness: no API server (a fake handler answers, or the app is not running)');
      return api;
    },
  };
}
