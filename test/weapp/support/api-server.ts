/**
 * The real szeat API for the harness: server/src/app.ts on 127.0.0.1 with a random port and a fresh seeded SQLite file
 * (no H5 site: the mini program only calls the API), and a RequestHandler that forwards the app's wx.request calls to
 * it, so the compiled pages render the server's own answers.
 */
import { startRealServer, type RealServer } from '../../support/real-server';
import type { Integrations } from '../../../server/src/integrations';
import type { FakeRequest, FakeResponse, RequestHandler } from './fake-wx';

/**
 * What WeChat puts on every request of a mini program (https://servicewechat.com/<appid>/<version>/page-frame.html):
 * the server takes a session made with it for a mini program session (which pays with requestPayment).
 */
export const WEAPP_REFERER = 'https://servicewechat.com/touristappid/0/page-frame.html';

export interface ApiServer {
  url: string;
  /** Forwards a wx.request to the server, whatever host the build put in front of /api/szeat/. */
  handler: RequestHandler;
  /** The server itself (its database, for changes behind the app's back). */
  server: RealServer;
  close(): Promise<void>;
}

export async function startApiServer(integrations?: Partial<Integrations>): Promise<ApiServer> {
  const server = await startRealServer(integrations ? { integrations } : {});
  const { url } = server;
  const handler = async (req: FakeRequest): Promise<FakeResponse> => {
    const target = new URL(req.url);
    const method = req.method.toUpperCase();
    const headers: Record<string, string> = { ...req.header, Referer: WEAPP_REFERER };
    const res = await fetch(`${url}${target.pathname}${target.search}`, {
      method,
      headers,
      ...(req.signal ? { signal: req.signal } : {}),
      ...(method === 'POST' ? { body: typeof req.data === 'string' ? req.data : JSON.stringify(req.data ?? {}) } : {}),
    });
    // A chunked request (the live event stream) gets the body as it arrives.
    if (req.chunked && res.body) {
      return {
        statusCode: res.status,
        data: '',
        header: { 'Content-Type': res.headers.get('content-type') ?? '' },
        chunks: res.body as unknown as AsyncIterable<Uint8Array>,
      };
    }
    const text = await res.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: handed over as text, as wx.request does
    }
    return { statusCode: res.status, data, header: { 'Content-Type': res.headers.get('content-type') ?? '' } };
  };
  return { url, handler, server, close: () => server.close() };
}
