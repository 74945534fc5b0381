/**
 * How bytes leave the server (issue 10): precompressed site files by Accept-Encoding with immutable caching for
 * hashed names, API answers compressed above 1 KB, one log line per request, and SQLite statements prepared once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { reuseStatements } from '../../server/src/db';
import { precompressDir } from '../../server/src/precompress';
import { DIALECTS, startTestApp, type TestApp } from './support/app';

describe.each(DIALECTS)('delivery on %s', (dialect) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    t = await startTestApp(dialect, { LOG_LEVEL: 'info' }, { logStream });
  });
  afterAll(() => t.close());

  test('a built file is sent from its brotli or gzip copy by Accept-Encoding, hashed names cached for a year', async () => {
    const js = `console.log(${JSON.stringify('szeat '.repeat(500))});\n`;
    fs.mkdirSync(path.join(t.siteDir, 'js'), { recursive: true });
    fs.writeFileSync(path.join(t.siteDir, 'js', 'app.0123abcd.js'), js);
    const totals = precompressDir(t.siteDir);
    expect(totals.files).toBe(1);
    const url = '/js/app.0123abcd.js';

    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(t.siteDir, 'js', 'app.0123abcd.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(js);
    expect(br.rawPayload.length).toBeLessThan(js.length / 10);
  });

  test('API answers over 1 KB are compressed for clients that accept it; small ones are not', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/szeat/menulist?restaurant_id=1',
      headers: { 'accept-encoding': 'br', 'accept-language': 'en' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()).code).toBe(1000);

    const uncompressed = await t.app.inject({ method: 'GET', url: '/api/szeat/menulist?restaurant_id=1' });
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.json().code).toBe(1000);

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/szeat/no-such-call',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(1004);
  });

  test('one log line per request, at info level, with method, path, status and time', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/szeat/article?id=42' });
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/szeat/article?id=42',
      status: 200,
    });
    expect(typeof entries[0]!.ms).toBe('number');
  });
});

test('SQLite statements are prepared once per distinct SQL text, and the cache is bounded', () => {
  let prepared = 0;
  const fake = {
    prepare: (sql: string) => {
      prepared += 1;
      return { sql } as never;
    },
  };
  reuseStatements(fake);
  const a = fake.prepare('select 1');
  expect(fake.prepare('select 1')).toBe(a);
  expect(prepared).toBe(1);
  for (let i = 0; i < 600; i++) fake.prepare(`select ${i + 2}`);
  expect(prepared).toBe(601);
  // The oldest texts were dropped: 'select 1' is prepared again.
  expect(fake.prepare('select 1')).not.toBe(a);
  expect(prepared).toBe(602);
});
