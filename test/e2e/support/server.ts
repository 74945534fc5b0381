/**
 * A real szeat server for the browser tests: the app of server/src/app.ts on 127.0.0.1 with a random port, a fresh
 * seeded SQLite file in a temporary directory, no logging, and the H5 site the runner built into dist/h5.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/src/app';
import { fromRoot, loadConfig } from '../../../server/src/config';
import { openDb } from '../../../server/src/db';
import { migrateToLatest } from '../../../server/src/db/migrate';
import { createIntegrations, type Integrations } from '../../../server/src/integrations';
import { seedIfEmpty } from '../../../server/src/db/seed';

export interface TestServer {
  /** Origin without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The app's integrations (sandboxes): tests read e.g. the SMS outbox here. */
  integrations: Integrations;
  close(): Promise<void>;
}

export const SITE_DIR = 'dist/h5';

/** Throws a readable error when the H5 site has not been built (the tests never build it themselves). */
export function assertSiteBuilt(siteDir = SITE_DIR): void {
  const index = path.join(fromRoot(siteDir), 'index.html');
  if (!fs.existsSync(index)) {
    throw new Error(
      `The e2e tests need the built H5 site, but ${index} is missing. Run \`npx taro build --type h5\` ` +
        '(or `npm run build:h5`) before `jest --selectProjects e2e`.',
    );
  }
}

export async function startServer(): Promise<TestServer> {
  assertSiteBuilt();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-e2e-'));
  // The process environment is ignored on purpose: a developer's DATABASE_URL or PORT must not leak into the tests.
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: 0,
      LOG_LEVEL: 'silent',
      DATABASE_URL: `sqlite:${path.join(tmp, 'szeat.db')}`,
      SITE_DIR,
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      BUILD_SITE: 'never',
      SEED: 'auto',
    },
  );
  const db = await openDb(config.DATABASE_URL);
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db);
    const integrations = createIntegrations(config);
    const app = await buildApp({ config, db, integrations });
    await app.listen({ host: config.HOST, port: config.PORT });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error(`Unexpected server address ${String(address)}`);
    let closed = false;
    return {
      url: `http://127.0.0.1:${address.port}`,
      integrations,
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
