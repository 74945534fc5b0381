import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '../../types/errors';
import { useTestApp } from './support/app';

/** Requests Node's parser refuses before Fastify (transport only: one database is enough). */
describe('client errors answer the envelope', () => {
  const t = useTestApp('sqlite');
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  const get = (headers: Record<string, string>) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/szeat/cuisineslist', headers }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      });
      req.on('error', reject);
    });

  it.each([
    ['en', 'The request headers are too large.'],
    ['zh-CN', '请求头过大'],
  ])('headers over 16 KB (%s)', async (lang, msg) => {
    const res = await get({ 'accept-language': lang, 'x-padding': 'a'.repeat(17 * 1024) });
    expect(res.status).toBe(431);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({ code: ErrorCode.Validation, msg, data: null });
  });

  it('ordinary headers still pass', async () => {
    const res = await get({ 'x-padding': 'a'.repeat(1024) });
    expect(res.status).toBe(200);
  });
});
