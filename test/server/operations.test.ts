/**
 * Operations (issue 14 §6): the probes outside the API envelope (/healthz: the process answers; /readyz: the database
 * answers and has run every migration) and the request id on every log line of a request and in its answer.
 */
import { Writable } from 'node:stream';
import { migrations } from '../../server/src/db/migrate';
import { apiOf } from './support/api';
import { DIALECTS, startTestApp, useTestApp } from './support/app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function logLines() {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  return { lines, raw, stream };
}

describe.each(DIALECTS)('operations on %s', (dialect) => {
  const log = logLines();
  const t = useTestApp(dialect, { config: { LOG_LEVEL: 'info' }, logStream: log.stream });
  const { api } = t;

  test('GET /healthz: the process answers, plain JSON outside the envelope, never cached', async () => {
    const res = await api.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('GET /readyz: ready when the database answers and every migration ran', async () => {
    const res = await api.get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('GET /readyz: 503 naming the migrations the database has not run (a build newer than its schema)', async () => {
    const names = Object.keys(migrations(t.db.dialect));
    const last = names[names.length - 1]!;
    const row = await t.db.kysely
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .where('name' as never, '=', last as never)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', last as never)
      .execute();
    try {
      const res = await api.get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'migrations_pending', pending: [last] });
    } finally {
      await t.db.kysely
        .insertInto('kysely_migration' as never)
        .values(row as never)
        .execute();
    }
    expect((await api.get('/readyz')).status).toBe(200);
  });

  test('an X-Request-Id given is echoed and on the request line of the log; a bad or missing one is replaced', async () => {
    const given = 'edge-7f3a.91:b/c+d=e@f_g';
    const res = await api.get('cuisineslist', { headers: { 'x-request-id': given } });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe(given);
    const line = log.lines.find((l) => l.msg === 'request' && l.reqId === given);
    expect(line).toMatchObject({ url: '/api/szeat/cuisineslist', status: 200 });

    const made = await api.get('cuisineslist');
    const other = await api.get('cuisineslist');
    expect(made.headers['x-request-id']).toMatch(UUID);
    expect(other.headers['x-request-id']).toMatch(UUID);
    expect(other.headers['x-request-id']).not.toBe(made.headers['x-request-id']);
    expect(log.lines.some((l) => l.msg === 'request' && l.reqId === made.headers['x-request-id'])).toBe(true);

    // Not a plain token (spaces, a line break's stand-in, too long): a new id instead, so a log line is never forged.
    for (const bad of ['two words', 'a"b', 'x'.repeat(129)]) {
      const r = await api.get('cuisineslist', { headers: { 'x-request-id': bad } });
      expect(r.headers['x-request-id']).toMatch(UUID);
    }
  });

  test("a line a service logs while answering a request carries that request's id, once; lines outside carry none", async () => {
    // The payments service logs a refused notification through the app's logger (services are built once).
    const res = await api.request('POST', 'payments/notify/sandbox', {
      headers: { 'x-request-id': 'notice-1', 'content-type': 'application/json' },
      payload: '{"out_trade_no":"nobody"}',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const line = log.lines.find((l) => String(l.msg).startsWith('payment notification refused'));
    expect(line).toMatchObject({ reqId: 'notice-1' });
    // The request's own lines (its logger binds the id) are not given it a second time.
    const own = log.raw.filter((l) => l.includes('"notice-1"'));
    expect(own.length).toBeGreaterThanOrEqual(2);
    for (const l of own) expect(l.match(/"reqId"/g)).toHaveLength(1);
    t.app.log.info('outside any request');
    expect(log.lines.find((l) => l.msg === 'outside any request')).not.toHaveProperty('reqId');
  });

  test('refusals, API errors, the site and the probes carry the request id too', async () => {
    for (const [url, status] of [
      ['me', 401],
      ['no-such-action', 404],
      ['/no-such-page', 404],
      ['/', 200],
      ['/healthz', 200],
      ['/readyz', 200],
    ] as const) {
      const res = await api.get(url, { headers: { 'x-request-id': `probe-${status}` } });
      expect([url, res.status]).toEqual([url, status]);
      expect([url, res.headers['x-request-id']]).toEqual([url, `probe-${status}`]);
    }
  });
});

describe.each(DIALECTS)('readiness with the database down on %s', (dialect) => {
  test('GET /readyz answers 503 database_unreachable (logged with the request id) while /healthz stays 200', async () => {
    const log = logLines();
    const started = await startTestApp(dialect, { LOG_LEVEL: 'info' }, { logStream: log.stream });
    const api = apiOf(started.app);
    try {
      expect((await api.get('/readyz')).status).toBe(200);
      // The database goes away under the running app (its connections closed).
      await started.db.destroy();
      const res = await api.get('/readyz', { headers: { 'x-request-id': 'down-1' } });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'database_unreachable' });
      expect(res.headers['x-request-id']).toBe('down-1');
      expect(log.lines.find((l) => l.reqId === 'down-1')).toMatchObject({ msg: 'readiness: database unreachable' });
      expect((await api.get('/healthz')).status).toBe(200);
    } finally {
      // Closed once already: the second destroy is not the test's subject.
      started.db.destroy = async () => undefined;
      await started.close();
    }
  });
});
