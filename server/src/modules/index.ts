import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Integrations } from '../integrations';
import { accountsRoutes } from './accounts/routes';
import { addressesRoutes } from './addresses/routes';
import { articlesRoutes } from './articles/routes';
import { catalogueRoutes } from './catalogue/routes';
import { placesRoutes } from './places/routes';
import { searchRoutes } from './search/routes';
import { storesRoutes } from './stores/routes';

export interface ModuleDeps {
  db: Db;
  integrations: Integrations;
  config: Config;
  /** The clock (epoch ms); tests move it. */
  now: () => number;
}

/** Every API module, registered under /api/szeat/ by app.ts. Add a module here, nowhere else. */
export async function registerModules(api: FastifyInstance, deps: ModuleDeps) {
  await api.register(articlesRoutes, deps);
  await api.register(accountsRoutes, deps);
  await api.register(addressesRoutes, deps);
  await api.register(placesRoutes, deps);
  await api.register(catalogueRoutes, deps);
  await api.register(storesRoutes, deps);
  await api.register(searchRoutes, deps);
}
