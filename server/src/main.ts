import { buildApp } from './app';
import { ConfigError, fromRoot, loadConfig } from './config';
import { sandboxesOf } from './config-safety';
import { openDb } from './db';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { purgeExpired } from './modules/accounts/housekeeping';
import { buildApp as buildSite, buildIsStale } from './site-build';

const HOUR = 60 * 60 * 1000;

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
  const app = await buildApp({ config, db });
  const sandboxes = sandboxesOf(config);
  if (config.NODE_ENV === 'production' && sandboxes.length > 0) {
    // Only reachable with ALLOW_SANDBOX=1 (config.ts refuses otherwise): a demo, said loudly.
    app.log.warn(`ALLOW_SANDBOX=1: production runs sandbox integrations (${sandboxes.join(', ')}); a demo only`);
  }

  // Old sessions, codes and rate counters are removed at start and hourly (any process may do it: deletes are idempotent).
  const housekeeping = () =>
    purgeExpired(db.kysely, Date.now(), config.SESSION_IDLE_DAYS).then(
      (purged) => app.log.info({ purged }, 'housekeeping'),
      (err: unknown) => app.log.error({ err }, 'housekeeping failed'),
    );
  void housekeeping();
  const housekeepingTimer = setInterval(() => void housekeeping(), HOUR);
  housekeepingTimer.unref();

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(housekeepingTimer);
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`szeat is running at http://localhost:${port}/ (API: http://localhost:${port}/api/szeat/docs)`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
