/**
 * A real szeat server for the browser tests: the app of server/src/app.ts on 127.0.0.1 with a random port, a fresh
 * seeded SQLite file in a temporary directory, no logging, and the H5 site the runner built into dist/h5.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../../../server/src/config';
import type { Integrations } from '../../../server/src/integrations';
import { startRealServer, type RealServer } from '../../support/real-server';

export type TestServer = RealServer;

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

export async function startServer(integrations?: Partial<Integrations>, now?: () => number): Promise<TestServer> {
  assertSiteBuilt();
  return startRealServer({ siteDir: SITE_DIR, ...(integrations ? { integrations } : {}), ...(now ? { now } : {}) });
}
