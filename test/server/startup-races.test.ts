/**
 * Several instances started at once on an empty database (a deployment scaling out, a container restarted beside
 * another): each migrates and seeds if the database is empty. Exactly one seeds, the others wait for it and start
 * normally on its data; none fails on a key conflict or a lock.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { ROOT_DIR } from '../../server/src/config';
import { openDb, type Db } from '../../server/src/db';
import { migrateToLatest } from '../../server/src/db/migrate';
import { seed } from '../../server/src/seed';
import { DIALECTS, freshPostgres } from './support/app';

/** Instances started at once (each a whole server and, for one of them, a whole seed). */
const INSTANCES = 6;

/** Rows per table; Kysely's own bookkeeping and SQLite's full-text indexes (kept from their tables) left out. */
async function counts(db: Db): Promise<Record<string, number>> {
  const tables = (await db.kysely.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !name.includes('_fts'))
    .sort();
  const out: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely);
    out[table] = Number(rows[0]!.n);
  }
  return out;
}

/** One server process (`npm start`'s compiled server) until it listens, then stopped; its exit code and output. */
function startAndStop(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT_DIR,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', BUILD_SITE: 'never', JOBS: 'off', ...env },
  });
  let output = '';
  const collect = (d: Buffer) => {
    output += d.toString();
    if (/running at http/.test(output)) child.kill('SIGTERM');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe.each(DIALECTS)('instances starting at once on an empty database, on %s', (dialect) => {
  let tmp = '';
  let url: string;
  let drop: (() => Promise<void>) | undefined;
  let expected: Record<string, number>;

  beforeAll(async () => {
    // The compiled server, built once here rather than by each instance.
    const built = spawnSync(
      process.execPath,
      [
        '-e',
        "import('./scripts/build-server.mjs').then(async (m) => { if (m.serverIsStale()) await m.buildServer(); })",
      ],
      { cwd: ROOT_DIR, encoding: 'utf8' },
    );
    expect(built.status).toBe(0);
    // What one seed writes, on a database of its own.
    const pg = dialect === 'postgres' ? await freshPostgres() : undefined;
    const reference = await openDb(pg?.url ?? 'sqlite::memory:');
    await migrateToLatest(reference);
    await seed(reference);
    expected = await counts(reference);
    await reference.destroy();
    await pg?.drop();
  }, 120000);

  beforeEach(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-startup-'));
    fs.mkdirSync(path.join(tmp, 'site'));
    fs.writeFileSync(path.join(tmp, 'site', 'index.html'), '<!doctype html><p>site</p>');
    if (dialect === 'postgres') {
      const pg = await freshPostgres();
      url = pg.url;
      drop = pg.drop;
    } else {
      url = `sqlite:${path.join(tmp, 'szeat.db')}`;
      drop = undefined;
    }
  });
  afterEach(async () => {
    await drop?.();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it(`${INSTANCES} servers: all start, the demo data is loaded once`, async () => {
    const runs = await Promise.all(
      Array.from({ length: INSTANCES }, (_, i) =>
        startAndStop({
          DATABASE_URL: url,
          SITE_DIR: path.join(tmp, 'site'),
          UPLOAD_DIR: path.join(tmp, `uploads-${i}`),
        }),
      ),
    );
    const failed = runs.filter((r) => r.code !== 0);
    expect(failed.map((r) => r.output)).toEqual([]);
    expect(runs.filter((r) => /demo data loaded/i.test(r.output))).toHaveLength(1);
    const db = await openDb(url);
    try {
      expect(await counts(db)).toEqual(expected);
      const migrations = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(db.kysely);
      const known = (
        await sql<{ n: number }>`select count(distinct name) as n from kysely_migration`.execute(db.kysely)
      ).rows[0]!.n;
      expect(Number(migrations.rows[0]!.n)).toBe(Number(known));
    } finally {
      await db.destroy();
    }
  }, 240000);
});
