import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import type { Integrations } from '../integrations';
import { articlesRoutes } from './articles/routes';

export interface ModuleDeps {
  db: Db;
  integrations: Integrations;
}

/** Every API module, registered under /api/szeat/ by app.ts. Add a module here, nowhere else. */
export async function registerModules(api: FastifyInstance, deps: ModuleDeps) {
  await api.register(articlesRoutes, deps);
}
