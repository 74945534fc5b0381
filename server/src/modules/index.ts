import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/routes';
import { addressesRoutes } from './addresses/routes';
import { articlesRoutes } from './articles/routes';
import { cartRoutes } from './cart/routes';
import { checkoutRoutes } from './checkout/routes';
import { catalogueRoutes } from './catalogue/routes';
import { codesRoutes } from './codes/routes';
import type { RouteDeps } from './container';
import { eventsRoutes } from './events/routes';
import { merchantsRoutes } from './merchants/routes';
import { notifyRoutes } from './notify/routes';
import { ordersRoutes } from './orders/routes';
import { paymentsRoutes } from './payments/routes';
import { placesRoutes } from './places/routes';
import { ratingsRoutes } from './ratings/routes';
import { searchRoutes } from './search/routes';
import { storesRoutes } from './stores/routes';
import { walletRoutes } from './wallet/routes';

export { buildServices, type ModuleDeps, type RouteDeps, type Services } from './container';

/**
 * Every API module, registered under /api/szeat/ by app.ts. The service graph is built once (container.ts, by app.ts)
 * and every routes plugin takes its service from `services`. Add a module's routes here, nowhere else.
 */
export async function registerModules(api: FastifyInstance, routeDeps: RouteDeps) {
  await api.register(articlesRoutes, routeDeps);
  await api.register(accountsRoutes, routeDeps);
  await api.register(addressesRoutes, routeDeps);
  await api.register(placesRoutes, routeDeps);
  await api.register(catalogueRoutes, routeDeps);
  await api.register(storesRoutes, routeDeps);
  await api.register(searchRoutes, routeDeps);
  await api.register(codesRoutes, routeDeps);
  await api.register(cartRoutes, routeDeps);
  await api.register(checkoutRoutes, routeDeps);
  await api.register(walletRoutes, routeDeps);
  await api.register(ordersRoutes, routeDeps);
  await api.register(paymentsRoutes, routeDeps);
  await api.register(ratingsRoutes, routeDeps);
  await api.register(merchantsRoutes, routeDeps);
  await api.register(eventsRoutes, routeDeps);
  await api.register(notifyRoutes, routeDeps);
}
