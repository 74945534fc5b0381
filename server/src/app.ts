import Fastify, { type FastifyInstance } from 'fastify';
import { fromRoot, trustProxyOption, type Config } from './config';
import type { Db } from './db';
import { clientErrorHandler } from './fastify-options/client-error';
import { lazySchemaController } from './fastify-options/lazy-schemas';
import { requestIdMixin, requestIdOf } from './fastify-options/request-id';
import { OneLinePerRequest } from './fastify-options/request-log';
import { createIntegrations, type Integrations } from './integrations';
import { buildServices, registerModules } from './modules';
import { authPlugin } from './plugins/app/auth';
import { API_PREFIX, envelopePlugin } from './plugins/app/envelope';
import { etagPlugin } from './plugins/app/etag';
import { healthPlugin } from './plugins/app/health';
import { languagePlugin } from './plugins/app/language';
import { requestIdPlugin } from './plugins/app/request-id';
import { strictInputPlugin } from './plugins/app/strict-input';
import { compressPlugin } from './plugins/external/compress';
import { ssePlugin } from './plugins/external/sse';
import { openApiPlugin } from './plugins/external/openapi';
import { picturesPlugin } from './plugins/external/pictures';
import { securityHeadersPlugin } from './plugins/external/security-headers';
import { staticSitePlugin } from './plugins/external/static-site';
import { uploadsPlugin } from './plugins/app/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles every route's validators and serialisers now (they are compiled on first use otherwise). */
    compileAllSchemas(): number;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** Defaults to the integrations the configuration selects (sandboxes unless told otherwise). */
  integrations?: Integrations;
  /** The clock (epoch ms) for expiries and rate limits; tests move it instead of sleeping. */
  now?: () => number;
  /** Where the log goes (default standard output); tests read it. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole app (plugins, modules, handlers) without listening: main.ts and the tests share it. */
export async function buildApp({
  config,
  db,
  now = Date.now,
  integrations = createIntegrations(config, { db, now }),
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  // Each route's validators and serialisers are compiled on its first request, not before listening.
  const schemas = lazySchemaController();
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, mixin: requestIdMixin, ...(logStream ? { stream: logStream } : {}) },
    logController: new OneLinePerRequest(),
    // The caller's X-Request-Id or a new UUID, on every line the request logs (reqId) and echoed in the answer.
    genReqId: requestIdOf,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    clientErrorHandler,
    ajv: {
      customOptions: {
        coerceTypes: 'array',
        removeAdditional: false,
        useDefaults: true,
        // Production skips Ajv's check of each route schema against the JSON Schema meta-schema (compiling that
        // check is ~0.2 s of the first answer); the schemas are code, and the tests, which keep the check, compile
        // every route's (test/server/lazy-schemas.test.ts).
        validateSchema: config.NODE_ENV !== 'production',
      },
    },
    schemaController: schemas.schemaController,
  });
  app.decorate('compileAllSchemas', schemas.compileAll);
  // The service graph, built once: the auth plugin and the modules' routes share it (one sessions service).
  const deps = { db, integrations, config, now };
  const services = buildServices(deps, app.log);
  // Plugins in the order their hooks run: security headers first; the ETag hook before compression (the ETag is the
  // hash of the answer itself); language, envelope and session before the OpenAPI notes and strict input, which every
  // module route below inherits. External plugins (plugins/external) wrap packages; app plugins (plugins/app) are
  // szeat's own conventions. The request id is echoed first, so every answer (refusals and errors too) carries it.
  await app.register(requestIdPlugin);
  await app.register(securityHeadersPlugin, {
    siteDir: fromRoot(config.SITE_DIR),
    tileUrl: config.TARO_APP_MAP_TILE_URL,
    https: config.PUBLIC_BASE_URL.startsWith('https://'),
  });
  await app.register(etagPlugin);
  await app.register(compressPlugin);
  await app.register(languagePlugin);
  await app.register(envelopePlugin);
  await app.register(authPlugin, { sessions: services.sessions });
  await app.register(openApiPlugin);
  await app.register(strictInputPlugin);
  await app.register(ssePlugin, { heartbeatMs: config.EVENTS_HEARTBEAT_SECONDS * 1000 });
  // Live streams end with the app (open streams first, so closing does not wait for them; then PostgreSQL's LISTEN
  // connection or SQLite's reader).
  app.addHook('preClose', () => services.events.close());
  await app.register((api) => registerModules(api, { ...deps, services }), { prefix: API_PREFIX });
  // Operations' probes (/healthz, /readyz), outside the API and its envelope.
  await app.register(healthPlugin, { db });
  await app.register(picturesPlugin);
  await app.register(uploadsPlugin, { storage: integrations.storage });
  await app.register(staticSitePlugin, { siteDir: fromRoot(config.SITE_DIR) });
  return app;
}
