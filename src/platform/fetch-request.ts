import type { RawRequest, RawResponse } from './types';
import { TransportError } from './types';

/**
 * H5 request through the browser's own `fetch` (issue 10: Taro.request brings about 12 KB of fetch and
 * AbortController polyfills into the first load, which no browser the site supports needs).
 * - No timeout unless the request asks for one (spec §9); `timeout` aborts the fetch and fails as `timeout`.
 * - `signal` (the caller's abort) fails as `cancel`; a fetch that cannot reach the server fails as `network`.
 * - POST data goes as JSON (the only body the API takes); GET parameters are already on the URL (services/http.ts).
 * - The answer is parsed as JSON when it is JSON, else kept as text (a proxy's HTML error page), like Taro.request.
 */
export async function fetchRequest(req: RawRequest, fetchImpl: typeof fetch = fetch): Promise<RawResponse> {
  if (req.signal?.aborted) throw new TransportError('cancel', 'request:fail abort');
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    req.timeout && req.timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, req.timeout)
      : undefined;
  const onAbort = () => controller.abort();
  req.signal?.addEventListener('abort', onAbort);
  try {
    const hasBody = req.method !== 'GET' && req.data !== undefined;
    const res = await fetchImpl(req.url, {
      method: req.method,
      headers: req.header,
      signal: controller.signal,
      ...(hasBody ? { body: JSON.stringify(req.data) } : {}),
    });
    const text = await res.text();
    return { statusCode: res.status, data: parseBody(text) };
  } catch (err) {
    const message = (err as Error)?.message ?? String(err);
    if (timedOut) throw new TransportError('timeout', `request:fail timeout (${req.timeout} ms)`);
    if (controller.signal.aborted) throw new TransportError('cancel', `request:fail abort: ${message}`);
    throw new TransportError('network', `request:fail ${message}`);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
  }
}

function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
