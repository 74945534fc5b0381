import Fastify, { type FastifyInstance } from 'fastify';
import { fromRoot, type Config } from './config';
import type { Db } from './db';
import { createIntegrations, type Integrations } from './integrations';
import { registerModules } from './modules';
import { API_PREFIX, envelopePlugin } from './plugins/envelope';
import { languagePlugin } from './plugins/language';
import { openApi } from './plugins/openapi';
import { staticSite } from './plugins/static-site';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Defaults to the integrations the configuration selects (sandboxes unless told otherwise). */
  integrations?: Integrations;
}

/** Builds the whole app (plugins, modules, handlers) without listening: main.ts and the tests share it. */
export async function buildApp({ config, db, integrations = createIntegrations(config) }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: true,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true } },
  });
  await app.register(languagePlugin);
  await app.register(envelopePlugin);
  await openApi(app);
  await app.register((api) => registerModules(api, { db, integrations }), { prefix: API_PREFIX });
  await staticSite(app, { siteDir: fromRoot(config.SITE_DIR), uploadDir: fromRoot(config.UPLOAD_DIR) });
  return app;
}
