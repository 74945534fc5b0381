import { buildApp } from './app';
import { ConfigError, fromRoot, loadConfig, type Config } from './config';
import { sandboxesOf } from './config/safety';
import { openDb } from './db';
import { prepareDatabase, refreshSeedNews, refreshSeedPictures } from './seed';
import { createIntegrations } from './integrations';
import { createAppJobs } from './app-jobs';
import { buildApp as buildSite, buildIsStale, canBuildApp } from './site-build';

async function main() {
  const config = loadConfig();
  await siteBeforeStart(config);
  const db = await openDb(config.DATABASE_URL);
  // Migrations and, on an empty database, the demo data: of instances starting at once, one does it, the others
  // wait for it and start on its work.
  const { seeded } = await prepareDatabase(db, { seed: config.SEED === 'auto' });
  if (seeded) console.log('Empty database: demo data loaded.');
  else if (config.SEED === 'auto') {
    // Demo data seeded by an older version: its dishes and review photos get the pictures of this one (once).
    const pictures = await refreshSeedPictures(db);
    if (pictures.refreshed && pictures.dishes + pictures.reviews > 0) {
      console.log(`Demo pictures brought up to date: ${pictures.dishes} dishes, ${pictures.reviews} review photos.`);
    }
    // Its news and ads no longer promise what the product does not do (once; conditional on the old words).
    const news = await refreshSeedNews(db);
    if (news > 0) console.log(`Demo news brought up to date: ${news} items.`);
  }
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

/**
 * BUILD_SITE=auto builds the H5 site when it is missing or older than its sources, where the Taro CLI is installed (a
 * development checkout); a production install (`npm ci --omit=dev` after `npm run build:h5`) has no Taro CLI and
 * serves the site as built, saying so when it looks stale. BUILD_SITE=never never looks; always needs the CLI.
 */
async function siteBeforeStart(config: Config) {
  if (config.BUILD_SITE === 'never') return;
  const siteDir = fromRoot(config.SITE_DIR);
  if (config.BUILD_SITE === 'auto' && !buildIsStale(siteDir, 'h5')) return;
  if (canBuildApp()) {
    console.log('Building the H5 site (first start or sources changed)...');
    await buildSite('h5');
  } else if (config.BUILD_SITE === 'always') {
    throw new ConfigError([
      'BUILD_SITE=always: the Taro CLI (a devDependency) is not installed; build with `npm run build:h5` where it is',
    ]);
  } else {
    console.warn(
      `The H5 site in ${config.SITE_DIR} is missing or older than its sources, and this install cannot build it (no ` +
        'Taro CLI: devDependencies left out); serving what is there. Build it with `npm run build:h5` before ' +
        '`npm ci --omit=dev`, or set BUILD_SITE=never.',
    );
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
