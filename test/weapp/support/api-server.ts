/**
 * The real szeat API for the harness: server/src/app.ts on 127.0.0.1 with a random port and a fresh seeded SQLite file
 * (no H5 site: the mini program only calls the API), and a RequestHandler that forwards the app's wx.request calls to
 * it, so the compiled pages render the server's own answers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/src/app';
import { loadConfig } from '../../../server/src/config';
import { openDb } from '../../../server/src/db';
import { migrateToLatest } from '../../../server/src/db/migrate';
import { seedIfEmpty } from '../../../server/src/db/seed';
import type { FakeRequest, FakeResponse, RequestHandler } from './fake-wx';

export interface ApiServer {
  url: string;
  /** Forwards a wx.request to the server, whatever host the build put in front of /api/szeat/. */
  handler: RequestHandler;
  close(): Promise<void>;
}

export async function startApiServer(): Promise<ApiServer> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-weapp-api-'));
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: 0,
      LOG_LEVEL: 'silent',
      DATABASE_URL: `sqlite:${path.join(tmp, 'szeat.db')}`,
      SITE_DIR: path.join(tmp, 'no-site'),
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      BUILD_SITE: 'never',
      SEED: 'auto',
    },
  );
  const db = await openDb(config.DATABASE_URL);
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db);
    const app = await buildApp({ config, db });
    await app.listen({ host: config.HOST, port: config.PORT });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error(`Unexpected server address ${String(address)}`);
    const url = `http://127.0.0.1:${address.port}`;
    const handler = async (req: FakeRequest): Promise<FakeResponse> => {
      const target = new URL(req.url);
      const method = req.method.toUpperCase();
      const headers: Record<string, string> = { ...req.header };
      const res = await fetch(`${url}${target.pathname}${target.search}`, {
        method,
        headers,
        ...(method === 'POST'
          ? { body: typeof req.data === 'string' ? req.data : JSON.stringify(req.data ?? {}) }
          : {}),
      });
      const text = await res.text();
      let data: unknown = text;
      try {
        data = JSON.parse(text);
      } catch {
        // not JSON: handed over as text, as wx.request does
      }
      return { statusCode: res.status, data, header: { 'Content-Type': res.headers.get('content-type') ?? '' } };
    };
    let closed = false;
    return {
      url,
      handler,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await app.close();
          await db.destroy();
        } finally {
          fs.rmSync(tmp, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    await db.destroy();
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}
