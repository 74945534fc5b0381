import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { Client } from 'pg';
import { ROOT_DIR } from '../../server/src/config';
import { buildIsStale } from '../../server/src/site-build';

/** `npm start` as a customer runs it: the compiled server (scripts/start.mjs) in its own process. */
describe('server start and stop (main.ts)', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-main-'));
    fs.mkdirSync(path.join(tmp, 'site'));
    fs.writeFileSync(path.join(tmp, 'site', 'index.html'), '<!doctype html><p>site</p>');
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  function start(env: Record<string, string>) {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        BUILD_SITE: 'never',
        SITE_DIR: path.join(tmp, 'site'),
        UPLOAD_DIR: path.join(tmp, 'uploads'),
        DATABASE_URL: `sqlite:${path.join(tmp, 'szeat.db')}`,
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /running at (http:\/\/localhost:\d+)\//.exec(output);
        if (m) {
          clearInterval(timer);
          resolve(m[1]!.replace('localhost', '127.0.0.1'));
        }
      }, 50);
      void exited.then((code) => {
        clearInterval(timer);
        reject(new Error(`server exited (${code}) before listening:\n${output}`));
      });
    });
    return { child, url, exited, output: () => output };
  }

  it('migrates, seeds an empty database, serves site + API, logs the URL and stops cleanly on SIGTERM', async () => {
    const server = start({});
    const url = await server.url;
    expect(server.output()).toMatch(/demo data loaded/i);
    const article = (await (await fetch(`${url}/api/szeat/article?id=42`)).json()) as {
      code: number;
      data: { title: string };
    };
    expect(article.code).toBe(1000);
    expect(article.data.title).toBe('我们做什么');
    const page = await fetch(`${url}/article/42`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('site');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60000);

  it('keeps existing data on the next start and stops cleanly on SIGINT', async () => {
    const first = start({});
    await first.url;
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    const second = start({});
    await second.url;
    expect(second.output()).not.toMatch(/demo data loaded/i);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 60000);

  const dbFile = () => path.join(tmp, 'szeat.db');

  it('runs the job runner (JOBS=on, the default) and stops it cleanly; JOBS=off leaves it out', async () => {
    const jobKinds = async () => {
      const db = new Sqlite(dbFile(), { readonly: true });
      try {
        return (db.prepare('select kind from jobs order by kind').all() as Array<{ kind: string }>).map((r) => r.kind);
      } finally {
        db.close();
      }
    };
    const off = start({ JOBS: 'off' });
    await off.url;
    off.child.kill('SIGTERM');
    expect(await off.exited).toBe(0);
    expect(await jobKinds()).toEqual([]);

    const on = start({ DEMO_ADVANCE: '1' });
    await on.url;
    // The runner schedules its recurring jobs at start and runs the due ones at once.
    for (let i = 0; i < 100 && (await jobKinds()).length < 7; i++) await new Promise((r) => setTimeout(r, 50));
    on.child.kill('SIGTERM');
    expect(await on.exited).toBe(0);
    expect(await jobKinds()).toEqual([
      'housekeeping.purge',
      'notify.subscribe_messages',
      'orders.accept_timeout',
      'orders.demo_advance',
      'orders.payment_timeout',
      'payments.follow_refunds',
      'ratings.purge_unused_photos',
    ]);
    const db = new Sqlite(dbFile(), { readonly: true });
    const rows = db.prepare('select kind, last_run_at, locked_by from jobs').all() as Array<Record<string, unknown>>;
    db.close();
    // Each ran once and gave its claim back on the way out.
    expect(rows.every((r) => r.last_run_at !== null && r.locked_by === null)).toBe(true);
  }, 60000);
  /** A refusal: exit 1, every named problem, no stack trace, and nothing done (no database file made or seeded). */
  async function expectRefused(env: Record<string, string>, patterns: RegExp[]) {
    const server = start(env);
    await expect(server.url).rejects.toThrow(/Invalid configuration/);
    expect(await server.exited).toBe(1);
    for (const p of patterns) expect(server.output()).toMatch(p);
    expect(server.output()).not.toMatch(/^\s+at /m);
    expect(server.output()).not.toMatch(/demo data loaded/i);
    expect(fs.existsSync(dbFile())).toBe(false);
  }

  it('refuses production with sandbox integrations unless ALLOW_SANDBOX=1, before touching the database', async () => {
    await expectRefused({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://szeat.example.com' }, [
      /NODE_ENV=production with sandbox integrations/,
      /WECHAT_MODE=sandbox/,
      /SMS_PROVIDER=sandbox/,
      /PAYMENT_PROVIDER=sandbox/,
      /ALLOW_SANDBOX=1/,
    ]);
  }, 30000);

  it('refuses production without PUBLIC_BASE_URL', async () => {
    await expectRefused({ NODE_ENV: 'production', ALLOW_SANDBOX: '1' }, [/PUBLIC_BASE_URL: required/]);
  }, 30000);

  it('refuses a bad TRUST_PROXY before seeding, with the other problems too, and no stack trace', async () => {
    await expectRefused({ TRUST_PROXY: '10.0.0.0/99', WECHAT_MODE: 'real', PORT: 'eighty' }, [
      /TRUST_PROXY: /,
      /WECHAT_MP_APPID: required when WECHAT_MODE=real/,
      /PORT: /,
    ]);
  }, 30000);

  (process.env.TEST_DATABASE_URL ? it : it.skip)(
    'on PostgreSQL too: a bad TRUST_PROXY leaves the database untouched (no table made)',
    async () => {
      const base = new URL(process.env.TEST_DATABASE_URL!);
      const name = `szeat_main_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new Client({ connectionString: base.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(base.toString());
      url.pathname = `/${name}`;
      try {
        const server = start({ DATABASE_URL: url.toString(), TRUST_PROXY: 'nonsense' });
        await expect(server.url).rejects.toThrow(/TRUST_PROXY: /);
        expect(await server.exited).toBe(1);
        expect(server.output()).not.toMatch(/^\s+at /m);
        const db = new Client({ connectionString: url.toString() });
        await db.connect();
        const { rows } = await db.query(
          "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
        );
        await db.end();
        expect(rows[0].n).toBe(0);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    30000,
  );

  it('runs a production demo with ALLOW_SANDBOX=1 and PUBLIC_BASE_URL, warning about the sandboxes', async () => {
    const server = start({
      NODE_ENV: 'production',
      ALLOW_SANDBOX: '1',
      PUBLIC_BASE_URL: 'https://szeat.example.com',
    });
    const url = await server.url;
    expect(server.output()).toMatch(/ALLOW_SANDBOX=1: production runs sandbox integrations/);
    expect((await fetch(`${url}/api/szeat/cuisineslist`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60000);

  it('refuses to start with a bad configuration and says which key is wrong', async () => {
    const server = start({ PORT: 'eighty' });
    await expect(server.url).rejects.toThrow(/PORT/);
    expect(await server.exited).toBe(1);
  }, 30000);
});

describe('site build freshness', () => {
  it('is stale without output, fresh after a build, stale again when a source changes', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-out-'));
    expect(buildIsStale(out, 'h5')).toBe(true);
    fs.writeFileSync(path.join(out, 'index.html'), '');
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(out, 'index.html'), future, future);
    expect(buildIsStale(out, 'h5')).toBe(false);
    expect(buildIsStale(out, 'weapp')).toBe(true);
    const past = new Date(Date.now() - 365 * 24 * 3600_000);
    fs.utimesSync(path.join(out, 'index.html'), past, past);
    expect(buildIsStale(out, 'h5')).toBe(true);
    fs.rmSync(out, { recursive: true, force: true });
  });
});
