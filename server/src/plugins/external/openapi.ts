import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../app/envelope';

export const DOCS_PREFIX = `${API_PREFIX}/docs`;

/** What @fastify/swagger reads of a route (besides its method and URL): kept for the document, nothing else. */
type RouteForDocs = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config' | 'constraints'> & { links?: unknown };

/** Headers the outer answer sets itself. */
const OWN_HEADERS = new Set(['content-length', 'connection', 'keep-alive', 'transfer-encoding', 'date']);

/**
 * The body as swagger-ui's handler gave it: its pages and document as text (the app's ETag and compression apply as
 * before), its static files (which carry their own ETag) as bytes.
 */
function body(res: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }) {
  if (res.rawPayload.length === 0) return undefined;
  const text = /^(text\/|application\/(json|javascript|x-yaml))/.test(String(res.headers['content-type'] ?? ''));
  return text && !res.headers.etag ? res.body : res.rawPayload;
}

/**
 * The docs server: @fastify/swagger and @fastify/swagger-ui (same options as they had in the app) on a Fastify of
 * their own, with every route of the app replayed into it (schema and URL; its handler only says "not a docs page"), so
 * the document is the one swagger would have made inside the app. Loaded on the first docs request: both packages,
 * their dependencies (yaml, json-schema-resolver…) and swagger-ui's routes stay off the start.
 */
async function docsServer(routes: RouteOptions[], schemas: Map<string, unknown>): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({ logger: false });
  // The replayed routes never run: nothing to validate or serialise.
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  for (const schema of schemas.values()) docs.addSchema(schema);
  await docs.register(swagger, {
    openapi: {
      info: {
        title: 'szeat API',
        version: '0.1.0',
        description:
          'Every response is `{code, msg, data}`; code 1000 is success, 1002 an invalid session. Messages follow ' +
          'Accept-Language (zh*/cn or en*), then the `_lang` query parameter, default cn.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await docs.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Its own policy (hashes of its inline scripts and styles), served over http too, never framed.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace(/ ?upgrade-insecure-requests;/, '').replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
  // A docs URL the app's own routes would take (the site's wildcard): not a docs page, the app answers it.
  const notDocs = (_req: FastifyRequest, reply: FastifyReply) => reply.code(404).send();
  for (const r of routes) {
    const { method, url, schema, config, constraints, links } = r as RouteForDocs;
    // The app's HEAD routes are replayed as they are (swagger leaves them out), so none is added here.
    docs.route({
      method,
      url,
      schema,
      config,
      constraints,
      links,
      exposeHeadRoute: false,
      handler: notDocs,
    } as RouteOptions);
  }
  await docs.ready();
  return docs;
}

/**
 * OpenAPI document at /api/szeat/docs/json (and /yaml), browsable at /api/szeat/docs. Off the start path: at start
 * only the routes' schemas and shared schemas are noted (an onRoute hook, as @fastify/swagger's own); the document
 * and swagger-ui are made on the first docs request (docsServer) and that request and the next are answered by it.
 * Registered before the modules and not encapsulated (fastify-plugin), so every route of the app is noted.
 */
export const openApiPlugin = fp(async function openApi(app) {
  const routes: RouteOptions[] = [];
  const instances: FastifyInstance[] = [app];
  let docs: Promise<FastifyInstance> | undefined;

  const answer = async (req: FastifyRequest, reply: FastifyReply) => {
    docs ??= docsServer(routes, sharedSchemas(instances)).catch((err: unknown) => {
      docs = undefined;
      throw err;
    });
    const res = await (await docs).inject({ method: req.method as 'GET' | 'HEAD', url: req.url, headers: req.headers });
    // Not a docs page: the app's 404 (the envelope), as before.
    if (res.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(res.headers)) {
      if (!OWN_HEADERS.has(name) && value !== undefined) reply.header(name, value);
    }
    return reply.code(res.statusCode).send(body(res));
  };
  const hidden = { schema: { hide: true } as FastifySchema };
  app.get(DOCS_PREFIX, hidden, answer);
  app.get(`${DOCS_PREFIX}/*`, hidden, answer);

  // The route options themselves, as @fastify/swagger keeps them (Fastify finishes some, such as a prefixed '/'
  // route's URL, after the hook).
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onRegister', (instance) => {
    instances.push(instance);
  });
});

/** Every instance's shared schemas (addSchema), by $id: what @fastify/swagger resolves references with. */
function sharedSchemas(instances: FastifyInstance[]) {
  const all = new Map<string, unknown>();
  for (const instance of instances.slice(1)) {
    for (const [id, schema] of Object.entries(instance.getSchemas())) all.set(id, schema);
  }
  for (const [id, schema] of Object.entries(instances[0]!.getSchemas())) all.set(id, schema);
  return all;
}
