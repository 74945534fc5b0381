import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { createSessions } from './auth/sessions';
import { fromRoot, trustProxyOption, type Config } from './config';
import type { Db } from './db';
import { createIntegrations, type Integrations } from './integrations';
import { registerModules } from './modules';
import { authPlugin } from './plugins/auth';
import { clientErrorHandler } from './plugins/client-error';
import { etags } from './plugins/etag';
import { API_PREFIX, envelopePlugin } from './plugins/envelope';
import { languagePlugin } from './plugins/language';
import { lazySchemaController } from './plugins/lazy-schemas';
import { openApi } from './plugins/openapi';
import { pictures } from './plugins/pictures';
import { OneLinePerRequest } from './plugins/request-log';
import { staticSite } from './plugins/static-site';
import { securityHeaders } from './plugins/security-headers';
import { strictInput } from './plugins/strict-input';

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
  integrations = createIntegrations(config),
  now = Date.now,
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  // Each route's validators and serialisers are compiled on its first request, not before listening.
  const schemas = lazySchemaController();
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, ...(logStream ? { stream: logStream } : {}) },
    logController: new OneLinePerRequest(),
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
  // API answers and files without a precompressed copy, above 1 KB, by Accept-Encoding (brotli at a fast quality).
  // Before compression: the ETag is the hash of the answer itself.
  await securityHeaders(app, {
    siteDir: fromRoot(config.SITE_DIR),
    tileUrl: config.TARO_APP_MAP_TILE_URL,
    https: config.PUBLIC_BASE_URL.startsWith('https://'),
  });
  etags(app);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(languagePlugin);
  await app.register(envelopePlugin);
  const sessionPolicy = { idleDays: config.SESSION_IDLE_DAYS, maxDays: config.SESSION_MAX_DAYS };
  await app.register(authPlugin, { sessions: createSessions(db.kysely, sessionPolicy, now) });
  openApi(app);
  strictInput(app);
  await app.register((api) => registerModules(api, { db, integrations, config, now }), { prefix: API_PREFIX });
  await pictures(app);
  await staticSite(app, { siteDir: fromRoot(config.SITE_DIR), uploadDir: fromRoot(config.UPLOAD_DIR) });
  return app;
}
