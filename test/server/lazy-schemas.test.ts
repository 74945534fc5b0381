import Fastify from 'fastify';
import { lazySchemaController } from '../../server/src/fastify-options/lazy-schemas';
import { apiOf } from './support/api';
import { DIALECTS, useTestApp } from './support/app';

/** Route schemas are compiled by Fastify's own compilers on a route's first request, not before listening. */
describe('lazy schema compilation', () => {
  const build = () =>
    Fastify({
      logger: false,
      ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true } },
      schemaController: lazySchemaController().schemaController,
    });

  it('validates, coerces and serialises as Fastify does, once the route is called', async () => {
    const app = build();
    app.post(
      '/x',
      {
        schema: {
          querystring: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
          body: { type: 'object', properties: { name: { type: 'string', minLength: 2 } }, required: ['name'] },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' }, name: { type: 'string' } } } },
        },
      },
      async (req) => ({ ...(req.query as object), ...(req.body as object), secret: 'not in the schema' }),
    );
    await app.ready();
    const api = apiOf(app);
    const ok = await api.post('/x?n=5', { name: 'ab' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ n: 5, name: 'ab' });
    const bad = await api.post('/x?n=5', { name: 'a' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('body/name must NOT have fewer than 2 characters');
    const badQuery = await api.post('/x?n=five', { name: 'ab' });
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.message).toBe('querystring/n must be integer');
    await app.close();
  });

  it('compiles nothing at start: a route never called costs no compilation', async () => {
    const app = build();
    // Ajv (strict) refuses an unknown keyword when it compiles: with eager compilation ready() would fail here.
    app.get('/never', { schema: { querystring: { type: 'object', notAKeyword: true } } }, async () => ({}));
    await expect(app.ready()).resolves.toBeDefined();
    const res = await apiOf(app).get('/never');
    expect(res.status).toBe(500);
    await app.close();
  });

  it('refuses header schemas (Fastify lower-cases them only for its default compiler)', async () => {
    const app = build();
    app.get(
      '/h',
      { schema: { headers: { type: 'object', properties: { 'X-Key': { type: 'string' } } } } },
      async () => ({}),
    );
    await expect(app.ready()).rejects.toThrow(/header schemas are not supported/);
  });
});

/**
 * The whole app's route schemas, every one compiled with Ajv's meta-schema check (production compiles them lazily and
 * without that check): a malformed schema fails here, not on a route's first request.
 */
describe.each(DIALECTS)('every route schema compiles on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('compiles the validators and serialisers of every route', () => {
    expect(t.config.NODE_ENV).not.toBe('production');
    const compiled = t.app.compileAllSchemas();
    console.log(`${compiled} route validators and serialisers compiled`);
    expect(compiled).toBeGreaterThan(100);
  });
});
