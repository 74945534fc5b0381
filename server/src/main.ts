import { buildApp } from './app';
import { ConfigError, fromRoot, loadConfig } from './config';
import { sandboxesOf } from './config/safety';
import { openDb } from './db';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './seed';
import { createIntegrations } from './integrations';
import { createAppJobs } from './app-jobs';
import { buildApp as buildSite, buildIsStale } from './site-build';

async function main() {
  const config = loadConfig();
  const siteDir = fromRoot(config.SITE_DIR);
  if (config.BUILD_SITE === 'always' || (config.BUILD_SITE === 'auto' && buildIsStale(siteDir, 'h5'))) {
    console.log('Building the H5 site (first start or sources changed)...');
    await buildSite('h5');
  }
  const db = await openDb(config.DATABASE_URL);
  await migrateToLatest(db);
  if (config.SEED === 'auto' && (await seedIfEmpty(db))) console.log('Empty database: demo data loaded.');
  const integrations = createIntegrations(config, { db });
  const app = await buildApp({ config, db, integrations });
  const sandboxes = sandboxesOf(config);
  if (config.NODE_ENV === 'production' && sandboxes.length > 0) {
    // Only reachable with ALLOW_SANDBOX=1 (config/safety.ts refuses otherwise): a demo, said loudly.
    app.log.warn(`ALLOW_SANDBOX=1: production runs sandbox integrations (${sandboxes.join(', ')}); a demo only`);
  }

  // Background jobs (purges, unpaid-order timeout, demo mode) on the durable runner: every instance may run one
  // (each due job runs once, claimed in the database); JOBS=off keeps this process to answering requests. Started
  // after listening: the first answer does not wait for the runner's first round.
  const jobs = config.JOBS === 'on' ? createAppJobs({ config, db, integrations, log: app.log }) : null;

  let closing = false;
  let jobsStarting: Promise<void> | undefined;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    await jobsStarting?.catch(() => undefined);
    await jobs?.runner.stop();
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  if (jobs && !closing) {
    await (jobsStarting = jobs.runner.start());
    app.log.info({ owner: jobs.runner.owner, demo: jobs.demo }, 'job runner started');
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`szeat is running at http://localhost:${port}/ (API: http://localhost:${port}/api/szeat/docs)`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
