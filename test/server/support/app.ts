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
import { apiOf, type Api } from './api';
import { placeOf, type Place } from './accounts';
import { testClock, type TestClock } from './clock';

// The clock lives in ./clock; tests that import it from here keep working.
export { chinaTime, testClock, type TestClock } from './clock';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  siteDir: string;
  integrations: Integrations;
}

export interface StartedTestApp extends TestApp {
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

export type Dialect = 'sqlite' | 'postgres';
/** The databases every API test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server; dropped by the returned function. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
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
  dialect: Dialect,
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<StartedTestApp> {
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
  const integrations = {
    ...createIntegrations(config, { db, ...(options.now ? { now: options.now } : {}) }),
    ...options.integrations,
  };
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

export interface UseTestAppOptions {
  /** Configuration over the test defaults (silent log, cheap password hashing, a temporary site and database). */
  config?: Partial<Config>;
  /** The app's clock: a fresh test clock (TEST_START) unless given; `'wall'` for the real time. */
  clock?: TestClock | 'wall';
  /** Replaces some integrations; the rest are the configuration's (sandboxes). */
  integrations?: Partial<Integrations>;
  /** Receives the app's log (with a LOG_LEVEL other than silent in `config`). */
  logStream?: NodeJS.WritableStream;
}

/** The app of a `describe` block, with what its tests share; usable inside hooks and tests (it starts in beforeAll). */
export interface TestContext extends TestApp {
  /** Calls the app (see apiOf); usable once the app has started. */
  api: Api;
  /** The clock the app reads. */
  clock: TestClock;
  /** Two areas with a building each (for registrations and addresses). */
  place: Place;
  /** Runs `fn` before the app and its database close (for what a test opened on the same database). */
  beforeClose(fn: () => unknown): void;
}

/**
 * Registers the jest hooks of one app for the enclosing `describe`: started (fresh database, migrated and seeded) in
 * beforeAll, closed in afterAll (the database dropped). Call it at the top of the block; later beforeAll hooks
 * already see the started app.
 */
export function useTestApp(dialect: Dialect, options: UseTestAppOptions = {}): TestContext {
  const clock =
    options.clock === 'wall'
      ? { now: Date.now, advance: wallClockFixed, set: wallClockFixed }
      : (options.clock ?? testClock());
  let started: StartedTestApp | undefined;
  let place: Place | undefined;
  const cleanups: Array<() => unknown> = [];
  const need = () => {
    if (!started) throw new Error('useTestApp: the app runs from its beforeAll to its afterAll');
    return started;
  };
  beforeAll(async () => {
    started = await startTestApp(dialect, options.config, {
      now: clock.now,
      ...(options.integrations ? { integrations: options.integrations } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
    });
    place = await placeOf(started.db);
  });
  afterAll(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
    await started?.close();
    started = undefined;
  });
  return {
    get app() {
      return need().app;
    },
    get db() {
      return need().db;
    },
    get config() {
      return need().config;
    },
    get siteDir() {
      return need().siteDir;
    },
    get integrations() {
      return need().integrations;
    },
    get place() {
      need();
      return place!;
    },
    api: apiOf(() => need().app),
    clock,
    beforeClose(fn) {
      cleanups.push(fn);
    },
  };
}

function wallClockFixed(): never {
  throw new Error('useTestApp: this app runs on the wall clock, which a test cannot move');
}
