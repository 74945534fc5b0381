/**
 * The real szeat server for tests that talk to it over HTTP (browser tests, the mini program harness): the app of
 * server/src/app.ts on 127.0.0.1 with a random port, a fresh seeded SQLite file in a temporary directory, no logging.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDb, type Db } from '../../server/src/db';
import { migrateToLatest } from '../../server/src/db/migrate';
import { seedIfEmpty } from '../../server/src/seed';
import { createIntegrations, type Integrations } from '../../server/src/integrations';

export interface RealServer {
  /** Origin without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The app's integrations (sandboxes): tests read e.g. the SMS outbox here. */
  integrations: Integrations;
  /** The server's own database handle: tests change data behind the app's back (a price, a balance) with it. */
  db: Db;
  /** The database URL, for a second process on the same file (the operator tool). */
  databaseUrl: string;
  close(): Promise<void>;
}

/** siteDir: the built H5 site to serve (relative to the repository), or none for an API-only server. */
export async function startRealServer({
  siteDir,
  integrations: given,
  now,
}: {
  siteDir?: string;
  /** Integrations instead of the configuration's sandboxes (payment providers aimed at the stand-ins). */
  integrations?: Partial<Integrations>;
  /** The server's clock (epoch ms), for a test that moves time (busy mode ending by itself); the real one otherwise. */
  now?: () => number;
} = {}): Promise<RealServer> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-server-'));
  // The process environment is ignored on purpose: a developer's DATABASE_URL or PORT must not leak into the tests.
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: 0,
      LOG_LEVEL: 'silent',
      DATABASE_URL: `sqlite:${path.join(tmp, 'szeat.db')}`,
      SITE_DIR: siteDir ?? path.join(tmp, 'no-site'),
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      BUILD_SITE: 'never',
      SEED: 'auto',
      // Orders move when a test moves them (the operator tool), not on the demo timer.
      DEMO_ADVANCE: '0',
      // Contact Us has a code to show (a link drawn as QR); How To Join has no code, only a phone said in words.
      CONTACT_QR_URL: 'https://work.weixin.qq.com/kfid/kfc-szeat-test',
      MERCHANT_PHONE: '0755-2345 6789',
    },
  );
  const db = await openDb(config.DATABASE_URL);
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db);
    const integrations = { ...createIntegrations(config, { db, ...(now ? { now } : {}) }), ...given };
    const app = await buildApp({ config, db, integrations, ...(now ? { now } : {}) });
    await app.listen({ host: config.HOST, port: config.PORT });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error(`Unexpected server address ${String(address)}`);
    let closed = false;
    return {
      url: `http://127.0.0.1:${address.port}`,
      integrations,
      db,
      databaseUrl: config.DATABASE_URL,
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
