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
import { DIALECTS, useTestApp } from './support/app';

describe.each(DIALECTS)('delivery on %s', (dialect) => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const t = useTestApp(dialect, { config: { LOG_LEVEL: 'info' }, logStream });
  const { api } = t;

  test('a built file is sent from its brotli or gzip copy by Accept-Encoding, hashed names cached for a year', async () => {
    const js = `console.log(${JSON.stringify('szeat '.repeat(500))});\n`;
    fs.mkdirSync(path.join(t.siteDir, 'js'), { recursive: true });
    fs.writeFileSync(path.join(t.siteDir, 'js', 'app.0123abcd.js'), js);
    const totals = precompressDir(t.siteDir);
    expect(totals.files).toBe(1);
    const url = '/js/app.0123abcd.js';

    const br = await api.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.raw.rawPayload.equals(fs.readFileSync(path.join(t.siteDir, 'js', 'app.0123abcd.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(br.raw.rawPayload).toString()).toBe(js);

    const gz = await api.get(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.raw.rawPayload).toString()).toBe(js);

    const plain = await api.get(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.payload).toBe(js);
    expect(br.raw.rawPayload.length).toBeLessThan(js.length / 10);
  });

  test('API answers over 1 KB are compressed for clients that accept it; small ones are not', async () => {
    const big = await api.get('menulist?restaurant_id=1', { lang: 'en', headers: { 'accept-encoding': 'br' } });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.raw.rawPayload).toString()).code).toBe(1000);

    const uncompressed = await api.get('/api/szeat/menulist?restaurant_id=1');
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.body.code).toBe(1000);

    const small = await api.get('no-such-call', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.code).toBe(1004);
  });

  test('one log line per request, at info level, with method, path, status and time', async () => {
    lines.length = 0;
    await api.get('article?id=42');
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

test('SQLite statements: one every request runs survives a flood of one-off texts', () => {
  const prepared = new Map<string, number>();
  const fake = {
    prepare: (sql: string) => {
      prepared.set(sql, (prepared.get(sql) ?? 0) + 1);
      return { sql } as never;
    },
  };
  reuseStatements(fake);
  const hot = fake.prepare('select * from menu_items where restaurant_id = ?');
  for (let i = 0; i < 2000; i++) {
    fake.prepare(
      `select * from menu_items where id in (${Array(i + 1)
        .fill('?')
        .join(', ')})`,
    );
    expect(fake.prepare('select * from menu_items where restaurant_id = ?')).toBe(hot);
  }
  expect(prepared.get('select * from menu_items where restaurant_id = ?')).toBe(1);
});
