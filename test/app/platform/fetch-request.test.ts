import { fetchRequest } from '../../../src/platform/fetch-request';
import { TransportError, type RawRequest } from '../../../src/platform/types';

/** A fetch that answers `status` with `body` after `delayMs`, or fails as the browser does when its signal aborts. */
function fakeFetch(status: number, body: string, delayMs = 0) {
  return jest.fn(
    (_url: string, init: RequestInit) =>
      new Promise<{ status: number; text(): Promise<string> }>((resolve, reject) => {
        const timer = setTimeout(() => resolve({ status, text: async () => body }), delayMs);
        init.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' }));
        });
      }),
  );
}

const get: RawRequest = { url: 'https://api.test/api/szeat/me', method: 'GET', header: { 'Accept-Language': 'en' } };

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TransportError);
  return err as TransportError;
}

afterEach(() => jest.useRealTimers());

describe('fetchRequest (H5)', () => {
  it('sends GET without a body and answers the status and the parsed JSON', async () => {
    const f = fakeFetch(200, '{"code":1000,"msg":"","data":[1,2]}');
    const res = await fetchRequest(get, f as unknown as typeof fetch);
    expect(res).toEqual({ statusCode: 200, data: { code: 1000, msg: '', data: [1, 2] } });
    const [url, init] = f.mock.calls[0]!;
    expect(url).toBe(get.url);
    expect(init).toMatchObject({ method: 'GET', headers: { 'Accept-Language': 'en' } });
    expect(init).not.toHaveProperty('body');
  });

  it('sends POST data as JSON', async () => {
    const f = fakeFetch(201, '{"code":1000}');
    await fetchRequest(
      { ...get, method: 'POST', header: { 'Content-Type': 'application/json' }, data: { a: 1, b: 'x' } },
      f as unknown as typeof fetch,
    );
    expect(f.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: '{"a":1,"b":"x"}' });
  });

  it('answers non-2xx statuses and non-JSON bodies instead of throwing', async () => {
    const f = fakeFetch(502, '<html>Bad Gateway</html>');
    await expect(fetchRequest(get, f as unknown as typeof fetch)).resolves.toEqual({
      statusCode: 502,
      data: '<html>Bad Gateway</html>',
    });
  });

  it('has no timeout unless asked (spec §9): a slow answer still arrives', async () => {
    jest.useFakeTimers();
    const f = fakeFetch(200, '{"code":1000}', 120_000);
    const pending = fetchRequest(get, f as unknown as typeof fetch);
    await jest.advanceTimersByTimeAsync(120_000);
    await expect(pending).resolves.toEqual({ statusCode: 200, data: { code: 1000 } });
  });

  it('fails as timeout when the answer takes longer than the timeout, and aborts the fetch', async () => {
    jest.useFakeTimers();
    const f = fakeFetch(200, '{"code":1000}', 10_000);
    const pending = failure(fetchRequest({ ...get, timeout: 3000 }, f as unknown as typeof fetch));
    await jest.advanceTimersByTimeAsync(2999);
    expect((f.mock.calls[0]![1].signal as AbortSignal).aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const err = await pending;
    expect(err.kind).toBe('timeout');
    expect((f.mock.calls[0]![1].signal as AbortSignal).aborted).toBe(true);
  });

  it('answers within the timeout normally', async () => {
    jest.useFakeTimers();
    const f = fakeFetch(200, '{"code":1000}', 1000);
    const pending = fetchRequest({ ...get, timeout: 3000 }, f as unknown as typeof fetch);
    await jest.advanceTimersByTimeAsync(1000);
    await expect(pending).resolves.toEqual({ statusCode: 200, data: { code: 1000 } });
  });

  it('still times out in a browser without AbortController', async () => {
    jest.useFakeTimers();
    const saved = globalThis.AbortController;
    // @ts-expect-error: a browser from before AbortController
    delete globalThis.AbortController;
    try {
      const f = jest.fn((_url: string, _init: RequestInit) => new Promise<never>(() => undefined));
      const pending = failure(fetchRequest({ ...get, timeout: 3000 }, f as unknown as typeof fetch));
      expect(f.mock.calls[0]![1]).not.toHaveProperty('signal');
      await jest.advanceTimersByTimeAsync(3000);
      expect((await pending).kind).toBe('timeout');
    } finally {
      globalThis.AbortController = saved;
    }
  });

  it("fails as cancel when the caller's signal aborts", async () => {
    const f = fakeFetch(200, '{"code":1000}', 60_000);
    const controller = new AbortController();
    const pending = failure(fetchRequest({ ...get, signal: controller.signal }, f as unknown as typeof fetch));
    controller.abort();
    expect((await pending).kind).toBe('cancel');
  });

  it('does not reach the server when the signal is already aborted', async () => {
    const f = fakeFetch(200, '{"code":1000}');
    const controller = new AbortController();
    controller.abort();
    const err = await failure(fetchRequest({ ...get, signal: controller.signal }, f as unknown as typeof fetch));
    expect(err.kind).toBe('cancel');
    expect(f).not.toHaveBeenCalled();
  });

  it('fails as network when the server cannot be reached', async () => {
    const f = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await failure(fetchRequest(get, f as unknown as typeof fetch));
    expect(err.kind).toBe('network');
    expect(err.message).toContain('Failed to fetch');
  });

  it('says when the service worker answered with its saved copy (x-szeat-saved), and only then', async () => {
    const answer = (headers: Record<string, string>) =>
      jest.fn(async () => ({ status: 200, headers: new Headers(headers), text: async () => '{"code":1000}' }));
    const saved = await fetchRequest(get, answer({ 'x-szeat-saved': '1' }) as unknown as typeof fetch);
    expect(saved).toEqual({ statusCode: 200, data: { code: 1000 }, saved: true });
    const fresh = await fetchRequest(get, answer({ etag: 'W/"x"' }) as unknown as typeof fetch);
    expect(fresh).toEqual({ statusCode: 200, data: { code: 1000 } });
  });
});
