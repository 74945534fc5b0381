/**
 * The start and memory rows of `npm run bench` alone, repeated (the machine is shared and noisy, so each round
 * measures szeat and the bare Fastify route one after the other and the ratios' medians are reported):
 *   npx tsx bench/start-memory.ts
 * BENCH_START_RUNS (default 5) rounds; BENCH_START_LOAD=seconds also loads each server first (szeat: the calls of
 * `npm run bench`, that many seconds each; the baseline: its JSON route) so memory is read after load, as the full
 * benchmark does; otherwise memory is read one second after the first answer. Servers start as in bench/run.ts:
 * szeat by `node scripts/start.mjs` on an existing (migrated, seeded) SQLite database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, szeatTargets } from './lib/api-load';
import { startBaseline, startSzeat } from './lib/servers';
import { sleep } from './lib/util';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const LOAD = Number(process.env.BENCH_START_LOAD ?? 0);

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-start-'));
  const databaseUrl = `sqlite:${path.join(tmp, 'bench.db')}`;
  // The first start migrates and seeds; the measured starts are on the existing database.
  await (await startSzeat(databaseUrl)).stop();
  const starts: number[] = [];
  const memory: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const mine = await startSzeat(databaseUrl);
    await sleep(1000);
    if (LOAD) for (const target of szeatTargets()) await load(mine.url, target, 50, LOAD);
    const mineRss = mine.rss();
    await mine.stop();
    const base = await startBaseline();
    await sleep(1000);
    if (LOAD) await load(base.url, { name: 'bare', path: '/api/szeat/hello' }, 50, LOAD);
    const baseRss = base.rss();
    await base.stop();
    starts.push(mine.startMs / base.startMs);
    memory.push(mineRss / baseRss);
    console.log(
      `start ${mine.startMs.toFixed(0)} ms / ${base.startMs.toFixed(0)} ms = ${starts.at(-1)!.toFixed(2)}x; ` +
        `RSS ${mb(mineRss)} / ${mb(baseRss)} = ${memory.at(-1)!.toFixed(2)}x`,
    );
  }
  console.log(
    `median of ${RUNS}: start ${median(starts).toFixed(2)}x (target <= 2x), RSS${LOAD ? ' after load' : ''} ` +
      `${median(memory).toFixed(2)}x (target <= 2x); load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  fs.rmSync(tmp, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
