/**
 * `npm run bench`: szeat measured beside the smallest thing it could be, in one run on one machine (these machines
 * are shared and noisy, so the table reports ratios to baselines measured in the same run, not bare times):
 * - H5: a Taro 4.2.1 React hello world (bench/hello, szeat's build settings) against szeat's site: first-load JS+CSS
 *   per route (gzip and brotli); total blocking time, LCP and CLS observed on an emulated phone (CPU 4x slower,
 *   bench/lib/phone.ts, median of BENCH_PHONE_RUNS, default 5; BENCH_SKIP_PHONE=1 leaves them out; alone:
 *   `npx tsx bench/phone.ts`); and Lighthouse mobile LCP, TBT and CLS (median of BENCH_LIGHTHOUSE_RUNS, default 3);
 * - API: a bare Fastify JSON route against szeat's busiest calls, on SQLite and PostgreSQL (autocannon,
 *   BENCH_CONNECTIONS=50, BENCH_SECONDS=5 each), plus start-to-first-answer and memory of the server processes;
 * - mini program: main package bytes against the hello world's.
 * Prints one table and writes it to bench/results/latest.json. Targets are reported, never enforced: CI keeps only
 * cheap guards (test/weapp/size.test.ts, the H5 budget in bench/budget.json).
 * Options: BENCH_SKIP_LIGHTHOUSE=1, BENCH_SKIP_BUILD=1 (use existing builds), BENCH_PG_URL (default
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; skipped when unreachable); to measure a part
 * only: BENCH_SKIP_H5=1, BENCH_SKIP_WEAPP=1, BENCH_TARGETS=menulist,order (API calls whose name starts with one of
 * these).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ROOT_DIR } from '../server/src/config';
import { buildApp, buildIsStale, type BuildTarget } from '../server/src/site-build';
import { load, szeatTargets, type LoadResult, type LoadTarget } from './lib/api-load';
import { bareInserts } from './lib/bare-inserts';
import { firstLoad } from './lib/first-load';
import { pageSpeed } from './lib/lighthouse';
import { measurePhone } from './phone';
import type { Started } from './lib/processes';
import { startBaseline, startSzeat } from './lib/servers';
import { serveStatic } from './lib/static-server';
import { kb, sleep } from './lib/util';
import { weappSizes } from './lib/weapp';
import { writeTargets } from './lib/write-load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const LH_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const HELLO_DIR = path.join(ROOT_DIR, 'bench', 'hello');
const ROUTES = ['/', '/restaurant_list', '/restaurant_detail?id=1'];

interface Row {
  what: string;
  szeat: string;
  baseline: string;
  ratio: number | null;
  target: string;
  met: boolean | null;
}

const rows: Row[] = [];
const row = (r: Row) => {
  rows.push(r);
  const ratio = r.ratio === null ? '-' : r.ratio.toFixed(r.ratio < 10 ? 2 : 1);
  const met = r.met === null ? '' : r.met ? 'met' : 'NOT met';
  console.log(
    `  ${r.what.padEnd(46)} ${r.szeat.padStart(12)} ${r.baseline.padStart(12)} ${ratio.padStart(7)} ${r.target.padStart(10)} ${met}`,
  );
};

function buildHello(target: BuildTarget) {
  const taro = path.join(ROOT_DIR, 'node_modules', '.bin', 'taro');
  const res = spawnSync(taro, ['build', '--type', target], {
    cwd: HELLO_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) throw new Error(`hello world ${target} build failed`);
}

async function builds() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  spawnSync(process.execPath, [path.join(ROOT_DIR, 'scripts', 'build-server.mjs')], { stdio: 'inherit' });
  for (const target of ['h5', 'weapp'] as BuildTarget[]) {
    console.log(`== building the hello world (${target})`);
    buildHello(target);
    if (buildIsStale(path.join(ROOT_DIR, 'dist', target), target)) {
      console.log(`== building szeat (${target})`);
      await buildApp(target);
    }
  }
}

/** A fresh PostgreSQL database for one szeat server, or null when no server answers. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base =
    process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `szeat_bench_${process.pid}`;
  try {
    const admin = new Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
  } catch (err) {
    console.log(`   (PostgreSQL skipped: ${(err as Error).message})`);
    return null;
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const admin = new Client({ connectionString: base });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const fmtMb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

async function h5(szeat: Started) {
  console.log('\n== H5: first-load JS+CSS (gzip, brotli), szeat vs the Taro hello world');
  const hello = await serveStatic(path.join(HELLO_DIR, 'dist', 'h5'));
  try {
    const [base] = await firstLoad(hello.url, path.join(HELLO_DIR, 'dist', 'h5'), ['/']);
    const mine = await firstLoad(szeat.url, path.join(ROOT_DIR, 'dist', 'h5'), ROUTES);
    for (const m of mine) {
      row({
        what: `first-load JS+CSS ${m.route}, gzip`,
        szeat: kb(m.gzip),
        baseline: kb(base!.gzip),
        ratio: m.gzip / base!.gzip,
        target: '<= 1.3x',
        met: m.gzip / base!.gzip <= 1.3,
      });
      row({
        what: `first-load JS+CSS ${m.route}, brotli`,
        szeat: kb(m.brotli),
        baseline: kb(base!.brotli),
        ratio: m.brotli / base!.brotli,
        target: '<= 1.3x',
        met: m.brotli / base!.brotli <= 1.3,
      });
    }
    if (process.env.BENCH_SKIP_PHONE !== '1') {
      console.log('\n== H5 on a phone, observed (Chromium, CPU 4x slower, 390x844; bench/lib/phone.ts)');
      for (const r of await measurePhone(hello.url, szeat.url)) row(r);
    }
    if (process.env.BENCH_SKIP_LIGHTHOUSE === '1') return;
    console.log(`\n== H5: Lighthouse mobile, median of ${LH_RUNS}`);
    const [baseSpeed] = await pageSpeed([`${hello.url}/`], LH_RUNS);
    const speeds = await pageSpeed(
      ROUTES.map((r) => `${szeat.url}${r}`),
      LH_RUNS,
    );
    for (const [i, s] of speeds.entries()) {
      const route = ROUTES[i]!;
      row({
        what: `Lighthouse LCP ${route}`,
        szeat: fmtMs(s.lcpMs),
        baseline: fmtMs(baseSpeed!.lcpMs),
        ratio: s.lcpMs / baseSpeed!.lcpMs,
        target: '<= 1.15x',
        met: s.lcpMs / baseSpeed!.lcpMs <= 1.15,
      });
      row({
        what: `Lighthouse TBT ${route}`,
        szeat: fmtMs(s.tbtMs),
        baseline: fmtMs(baseSpeed!.tbtMs),
        ratio: baseSpeed!.tbtMs > 0 ? s.tbtMs / baseSpeed!.tbtMs : null,
        target: '-',
        met: null,
      });
      row({
        what: `Lighthouse CLS ${route}`,
        szeat: s.cls.toFixed(3),
        baseline: baseSpeed!.cls.toFixed(3),
        ratio: null,
        target: '<= 0.05',
        met: s.cls <= 0.05,
      });
      row({
        what: `Lighthouse performance score ${route}`,
        szeat: s.score.toFixed(0),
        baseline: baseSpeed!.score.toFixed(0),
        ratio: null,
        target: '-',
        met: null,
      });
    }
  } finally {
    await hello.close();
  }
}

const ONLY = (process.env.BENCH_TARGETS ?? '')
  .split(',')
  .map((t) => t.trim())
  .filter(Boolean);

async function api(szeat: Started, baseline: Started, dbName: string) {
  const bare: LoadTarget = { name: 'bare', path: '/api/szeat/hello' };
  const results: LoadResult[] = [];
  const targets = szeatTargets().filter((t) => !ONLY.length || ONLY.some((o) => t.name.startsWith(o)));
  for (const target of targets) {
    // Each target beside its own baseline measured right before it (the machine's load moves between targets), both
    // after a warm-up second that is not counted (JIT, caches and connections as on a server that has been up).
    await load(baseline.url, bare, CONNECTIONS, WARMUP_SECONDS);
    const base = await load(baseline.url, bare, CONNECTIONS, SECONDS);
    await load(szeat.url, target, CONNECTIONS, WARMUP_SECONDS);
    const r = await load(szeat.url, target, CONNECTIONS, SECONDS);
    console.log(
      `   ${target.name}: bare Fastify ${base.reqPerSec.toFixed(0)} req/s (p99 ${base.p99} ms) in the same pair`,
    );
    results.push(r);
    const ok = r.reqPerSec / base.reqPerSec >= 0.4 && r.p99 <= 50 && r.non2xx === 0 && r.errors === 0;
    row({
      what: `${r.name} req/s (${dbName}; p99 ${r.p99} ms${r.non2xx ? `; ${r.non2xx} non-2xx` : ''})`,
      szeat: r.reqPerSec.toFixed(0),
      baseline: base.reqPerSec.toFixed(0),
      ratio: r.reqPerSec / base.reqPerSec,
      target: '>= 0.40',
      met: ok,
    });
  }
  return results;
}

interface WriteResult extends LoadResult {
  /** Writes per second: saves (requests), or order changes (a place + cancel round is two). */
  writesPerSec: number;
  bareInsertsPerSec: number;
}

/**
 * The write rows (bench/lib/write-load.ts): many customers each writing their own rows, and the same writes on one
 * hot row; each beside a bare insert loop on the same database (bench/lib/bare-inserts.ts) measured right before it.
 */
async function writes(szeat: Started, databaseUrl: string, dbName: string) {
  const results: WriteResult[] = [];
  const targets = (await writeTargets(szeat.url)).filter((t) => !ONLY.length || ONLY.some((o) => t.name.startsWith(o)));
  for (const target of targets) {
    const bareRate = await bareInserts(databaseUrl, CONNECTIONS, SECONDS);
    await load(szeat.url, target, CONNECTIONS, WARMUP_SECONDS);
    await target.reset?.();
    const r = await load(szeat.url, target, CONNECTIONS, SECONDS);
    const writesPerSec = target.changes ? target.changes.ok / SECONDS : r.reqPerSec;
    results.push({ ...r, writesPerSec, bareInsertsPerSec: bareRate });
    // Rounds still in flight when the time is up count as started, not completed.
    const done =
      r.unitsTried !== undefined
        ? `; ${r.unitsOk}/${r.unitsTried} rounds completed/started`
        : r.non2xx
          ? `; ${r.non2xx} non-2xx`
          : '';
    row({
      what: `${r.name}: ${target.unit}/s vs bare inserts/s (${dbName}; p99 ${r.p99} ms${done})`,
      szeat: writesPerSec.toFixed(0),
      baseline: bareRate.toFixed(0),
      ratio: writesPerSec / bareRate,
      target: '-',
      met: null,
    });
  }
  return results;
}

function weapp() {
  console.log('\n== mini program');
  const mine = weappSizes(path.join(ROOT_DIR, 'dist', 'weapp'));
  const hello = weappSizes(path.join(HELLO_DIR, 'dist', 'weapp'));
  row({
    what: 'weapp main package',
    szeat: kb(mine.main),
    baseline: kb(hello.main),
    ratio: mine.main / hello.main,
    target: '<= 1.3x',
    met: mine.main / hello.main <= 1.3,
  });
  row({
    what: 'weapp total',
    szeat: kb(mine.total),
    baseline: kb(hello.total),
    ratio: mine.total / hello.total,
    target: '-',
    met: null,
  });
}

async function main() {
  const started = Date.now();
  await builds();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-bench-'));
  const sqliteUrl = `sqlite:${path.join(tmp, 'bench.db')}`;
  console.log(
    `\n== ${CONNECTIONS} connections, ${SECONDS} s per call; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`,
  );
  console.log(
    `  ${'what'.padEnd(46)} ${'szeat'.padStart(12)} ${'baseline'.padStart(12)} ${'ratio'.padStart(7)} ${'target'.padStart(10)}`,
  );

  // The first start migrates and seeds; the measured start is the second one, on the existing database.
  await (await startSzeat(sqliteUrl)).stop();
  const szeat = await startSzeat(sqliteUrl);
  const baseline = await startBaseline();
  const json: Record<string, unknown> = {};
  try {
    row({
      what: 'server start to first answer',
      szeat: fmtMs(szeat.startMs),
      baseline: fmtMs(baseline.startMs),
      ratio: szeat.startMs / baseline.startMs,
      target: '<= 2x',
      met: szeat.startMs / baseline.startMs <= 2,
    });
    if (process.env.BENCH_SKIP_H5 !== '1') await h5(szeat);
    console.log('\n== API on SQLite');
    json.sqlite = await api(szeat, baseline, 'SQLite');
    const rss = szeat.rss();
    const baseRss = baseline.rss();
    row({
      what: 'server memory after load (RSS, all processes)',
      szeat: fmtMb(rss),
      baseline: fmtMb(baseRss),
      ratio: rss / baseRss,
      target: '<= 2x',
      met: rss / baseRss <= 2,
    });
    // After the memory row: registering the write rows' customers (argon2) grows the heap on purpose.
    json.sqliteWrites = await writes(szeat, sqliteUrl, 'SQLite');
  } finally {
    await szeat.stop();
  }

  const pg = await freshPostgres();
  if (pg) {
    console.log('\n== API on PostgreSQL');
    await (await startSzeat(pg.url)).stop();
    const onPg = await startSzeat(pg.url);
    try {
      json.postgres = await api(onPg, baseline, 'PostgreSQL');
      json.postgresWrites = await writes(onPg, pg.url, 'PostgreSQL');
      // Many customers' writes, PostgreSQL beside SQLite.
      for (const name of ['saveaddr', 'order']) {
        const many = (rs: unknown) =>
          (rs as WriteResult[] | undefined)?.find((r) => r.name.startsWith(name) && r.name.includes('customers'));
        const [onPgRow, onLite] = [many(json.postgresWrites), many(json.sqliteWrites)];
        if (!onPgRow || !onLite) continue;
        const ratio = onPgRow.writesPerSec / onLite.writesPerSec;
        row({
          what: `${onPgRow.name}: PostgreSQL vs SQLite`,
          szeat: onPgRow.writesPerSec.toFixed(0),
          baseline: onLite.writesPerSec.toFixed(0),
          ratio,
          target: name === 'saveaddr' ? '>= 0.5' : '-',
          met: name === 'saveaddr' ? ratio >= 0.5 : null,
        });
      }
    } finally {
      await onPg.stop();
      await sleep(200);
      await pg.drop();
    }
  }
  await baseline.stop();

  if (process.env.BENCH_SKIP_WEAPP !== '1') weapp();

  fs.rmSync(tmp, { recursive: true, force: true });
  const out = path.join(ROOT_DIR, 'bench', 'results');
  fs.mkdirSync(out, { recursive: true });
  const report = {
    at: new Date().toISOString(),
    machine: { cores: os.cpus().length, load: os.loadavg(), node: process.version },
    settings: { connections: CONNECTIONS, seconds: SECONDS, lighthouseRuns: LH_RUNS },
    rows,
    api: json,
    seconds: (Date.now() - started) / 1000,
  };
  fs.writeFileSync(path.join(out, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const met = rows.filter((r) => r.met === true).length;
  const notMet = rows.filter((r) => r.met === false).length;
  console.log(
    `\ntargets met: ${met}, not met: ${notMet}; written to bench/results/latest.json (${report.seconds.toFixed(0)} s)`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
