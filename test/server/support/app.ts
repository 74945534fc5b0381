import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { buildApp } from '../../../server/src/app';
import { loadConfig, type Config } from '../../../server/src/config';
import { openDb, type Db } from '../../../server/src/db';
import { createIntegrations, type Integrations } from '../../../server/src/integrations';
import { migrateToLatest } from '../../../server/src/db/migrate';
import { seed } from '../../../server/src/seed';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  siteDir: string;
  integrations: Integrations;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The app's clock (epoch ms); a test moves it instead of sleeping. */
  now?: () => number;
  /** Replaces some integrations; the rest are the configuration's (sandboxes). */
  integrations?: Partial<Integrations>;
  /** Receives the app's log (with a LOG_LEVEL override other than silent). */
  logStream?: NodeJS.WritableStream;
}

/** A clock a test can move: `clock.now` for startTestApp, `clock.advance(ms)` to pass time. */
export function testClock(start = Date.UTC(2026, 9, 1, 4, 0, 0)) {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}

/** The databases every API test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DIALECTS: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server; dropped by the returned function. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `szeat_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: base.toString() });
      await c.connect();
      // pg's pool.end() resolves before its sockets are closed; forcing the drop at once would kill those closing
      // connections, which the pool reports as an unhandled error. Wait for them to go, force only as a last resort.
      for (let i = 0; i < 100; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The real app on a fresh, migrated and seeded database, with a stand-in built site. */
export async function startTestApp(
  dialect: 'sqlite' | 'postgres',
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-api-'));
  const siteDir = path.join(tmp, 'site');
  fs.mkdirSync(siteDir);
  fs.writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><div id="app">szeat test site</div>');
  let dropPg: (() => Promise<void>) | undefined;
  let url = `sqlite:${path.join(tmp, 'test.db')}`;
  if (dialect === 'postgres') {
    const pg = await freshPostgres();
    url = pg.url;
    dropPg = pg.drop;
  }
  const config = loadConfig(
    {},
    {
      DATABASE_URL: url,
      LOG_LEVEL: 'silent',
      SITE_DIR: siteDir,
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      // Cheap password hashing keeps the suite fast; production keeps config's defaults.
      ARGON2_MEMORY_KIB: 1024,
      ARGON2_TIME_COST: 1,
      ...overrides,
    },
  );
  const db = await openDb(config.DATABASE_URL);
  await migrateToLatest(db);
  await seed(db);
  const integrations = { ...createIntegrations(config), ...options.integrations };
  const app = await buildApp({
    config,
    db,
    integrations,
    ...(options.now ? { now: options.now } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    config,
    siteDir,
    integrations,
    async close() {
      await app.close();
      await db.destroy();
      await dropPg?.();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
