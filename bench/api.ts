/**
 * API throughput and latency of the articles slice, on a fresh seeded SQLite database (or BENCH_DATABASE_URL),
 * in process on 127.0.0.1 with a random port. Bounded: each endpoint runs BENCH_SECONDS (default 5) seconds.
 *   npx tsx bench/api.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDb } from '../server/src/db';
import { migrateToLatest } from '../server/src/db/migrate';
import { seedIfEmpty } from '../server/src/db/seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-bench-'));
  const url = process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(tmp, 'bench.db')}`;
  const config = loadConfig({}, { DATABASE_URL: url, LOG_LEVEL: 'silent', UPLOAD_DIR: path.join(tmp, 'uploads') });
  const db = await openDb(config.DATABASE_URL);
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const app = await buildApp({ config, db });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  // Shenzhen Bay Eco-Technology Park (seeded building 1), covered by several restaurants.
  const here = 'lat=22.528&lng=113.946';
  const endpoints = [
    '/api/szeat/article?id=42',
    '/api/szeat/article-list?page=1&page_size=10',
    '/api/szeat/whats-news-list?page=2&page_size=5',
    `/api/szeat/storelist?${here}&sort=distance&page_size=10`,
    `/api/szeat/storelist?${here}&sort=rating&page_size=10`,
    `/api/szeat/storeinfo?id=1&${here}`,
    '/api/szeat/menulist?restaurant_id=1',
    '/api/szeat/multiplesearch?keyword=noodle&page_size=10',
    `/api/szeat/closestaddr?${here}`,
    '/api/szeat/arealist',
  ];
  console.log(`database: ${db.dialect}; ${CONNECTIONS} connections; ${SECONDS} s per endpoint`);
  console.log(
    'endpoint'.padEnd(72),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'non-2xx'.padStart(8),
  );
  for (const endpoint of endpoints) {
    const result = await autocannon({
      url: `${address}${endpoint}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { 'accept-language': 'en' },
    });
    console.log(
      endpoint.padEnd(72),
      result.requests.average.toFixed(0).padStart(8),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      String(result.non2xx).padStart(8),
    );
  }
  await app.close();
  await db.destroy();
  fs.rmSync(tmp, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
