import type { RawRequest, RawResponse } from './types';
import { TransportError } from './types';

/** Set by the H5 service worker on an answer it took from its cache because the network failed or was too slow. */
export const SAVED_HEADER = 'x-szeat-saved';

/**
 * H5 request through the browser's own `fetch` (issue 10: Taro.request brings about 12 KB of fetch and
 * AbortController polyfills into the first load, which no browser the site supports needs).
 * - No timeout unless the request asks for one (spec §9); `timeout` aborts the fetch and fails as `timeout`.
 * - `signal` (the caller's abort) fails as `cancel`; a fetch that cannot reach the server fails as `network`.
 * - POST data goes as JSON (the only body the API takes); GET parameters are already on the URL (services/http.ts).
 * - The answer is parsed as JSON when it is JSON, else kept as text (a proxy's HTML error page), like Taro.request.
 * - `saved` when the service worker answered from its cache (SAVED_HEADER).
 */
export async function fetchRequest(req: RawRequest, fetchImpl?: typeof fetch): Promise<RawResponse> {
  if (req.signal?.aborted) throw new TransportError('cancel', 'request:fail abort');
  // Browsers without AbortController (iOS before 11.3) still time out and cancel; their fetch just runs on unheard.
  const controller = typeof AbortController === 'undefined' ? undefined : new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    if (req.timeout && req.timeout > 0) {
      timer = setTimeout(() => {
        reject(new TransportError('timeout', `request:fail timeout (${req.timeout} ms)`));
        controller?.abort();
      }, req.timeout);
    }
    onAbort = () => {
      reject(new TransportError('cancel', 'request:fail abort'));
      controller?.abort();
    };
    req.signal?.addEventListener('abort', onAbort);
  });
  const hasBody = req.method !== 'GET' && req.data !== undefined;
  const answer = (async (): Promise<RawResponse> => {
    let res: Response;
    try {
      res = await (fetchImpl ?? fetch)(req.url, {
        method: req.method,
        headers: req.header,
        ...(controller ? { signal: controller.signal } : {}),
        ...(hasBody ? { body: JSON.stringify(req.data) } : {}),
      });
      const data = parseBody(await res.text());
      // The site's service worker answered from its saved copy (config/index.ts): the customer is told.
      return res.headers?.get(SAVED_HEADER) === '1'
        ? { statusCode: res.status, data, saved: true }
        : { statusCode: res.status, data };
    } catch (err) {
      throw new TransportError('network', `request:fail ${(err as Error)?.message ?? String(err)}`);
    }
  })();
  try {
    return await Promise.race([answer, stopped]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    if (onAbort) req.signal?.removeEventListener('abort', onAbort);
    // The losing side of the race must not surface as an unhandled rejection.
    answer.catch(() => undefined);
    stopped.catch(() => undefined);
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
