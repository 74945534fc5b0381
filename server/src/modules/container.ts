import { createPasswordHasher } from '../auth/passwords';
import { createRateLimiter } from '../auth/rate-limit';
import { createSessions } from '../auth/sessions';
import { fromRoot, type Config } from '../config';
import { publicOrigin } from '../config/safety';
import { createAnswerCache } from '../cache/answer-cache';
import { createVersionedCache, cachedRepository } from '../cache/versioned-cache';
import type { Db } from '../db';
import { cacheVersions } from '../db/cache-versions';
import type { Integrations } from '../integrations';
import { createAccountsService } from './accounts/service';
import { createAddressesService } from './addresses/service';
import { createArticlesService } from './articles/service';
import { createCheckoutService } from './checkout/service';
import { createCatalogueService } from './catalogue/service';
import { createCodesService } from './codes/service';
import { createEventsService } from './events/service';
import { createMerchantsService } from './merchants/service';
import { createNotifyService, mpOpenidOf } from './notify/service';
import { subscribeTemplates } from '../config/accounts';
import { createStoreAdmin } from './stores/admin';
import { createPlacesService } from './places/service';
import { createOrderServices, type OrderServicesLog } from './order-services';
import { createAppUnitOfWork } from './repositories';
import { createRatingsService } from './ratings/service';
import { createSearchService } from './search/service';
import { createStoresService } from './stores/service';

export interface ModuleDeps {
  db: Db;
  integrations: Integrations;
  config: Config;
  /** The clock (epoch ms); tests move it. */
  now: () => number;
}

/**
 * The service graph, built once per app. Repositories come from the unit of work (modules/repositories.ts);
 * services that write take the unit of work itself, read-only ones their repository; a service another needs is
 * built first and passed in. Adding a module: its repository factory in repositories.ts, its service here, its
 * routes in index.ts reading `services.<name>`.
 */
export function buildServices({ db, integrations, config, now }: ModuleDeps, log: OrderServicesLog) {
  const uow = createAppUnitOfWork(db.kysely);
  const { repos } = uow;
  const catalogueCache = createVersionedCache({
    readVersion: () => cacheVersions(db.kysely).read('catalogue'),
    now: Date.now,
    checkEveryMs: config.CACHE_CHECK_MS,
  });
  // Read-mostly data answered from memory (server/src/cache/versioned-cache.ts): what changes only by writes that
  // bump the 'catalogue' version (also search hits and storelist's sorted lists, kept by their services: one cache,
  // so the answers built from them belong to its generation). Reviews lists, promotions, ads and pop-ups
  // (time-windowed) stay uncached.
  const stores = cachedRepository('stores', repos.stores, catalogueCache, [
    'inBox',
    'newest',
    'byId',
    'exists',
    'cuisineExists',
    'cuisinesOf',
    'hoursOf',
    'ratingsOf',
    'ratingBreakdown',
    'menuItems',
    'menuOptions',
    'withCuisine',
    'maxRadius',
  ]);
  const places = cachedRepository('places', repos.places, catalogueCache, [
    'cities',
    'cityById',
    'cityByCode',
    'areaById',
    'areas',
    'buildings',
    'buildingsIn',
  ]);
  const articles = cachedRepository('articles', repos.articles, catalogueCache, ['page', 'byId']);
  const catalogue = cachedRepository('catalogue', repos.catalogue, catalogueCache, [
    'cuisines',
    'cityExists',
    'restaurantExists',
  ]);
  const sessionPolicy = { idleDays: config.SESSION_IDLE_DAYS, maxDays: config.SESSION_MAX_DAYS };
  // One sessions service: the auth plugin resolves bearer tokens with it, accounts create and revoke them.
  const sessions = createSessions(db.kysely, sessionPolicy, now);
  const { cart, wallet, orders, payments } = createOrderServices({
    uow,
    now,
    integrations,
    config,
    // Called per payment, after accounts below is built (accounts needs the wallet built here).
    openidOf: (userId, app) => accounts.openidOf(userId, app),
    log,
  });
  const addresses = createAddressesService(uow, now);
  const accounts = createAccountsService({
    uow,
    addresses,
    wallet,
    sessions,
    limiter: createRateLimiter(db.kysely, now),
    passwords: createPasswordHasher({ memoryKib: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST }),
    // Called per `me` or login, after merchants below is built (merchants needs accounts for its invitations).
    memberships: (userId, lang) => merchants.memberships(userId, lang),
    integrations,
    now,
    log: (msg, err) => log.error({ err }, msg),
    sessionIdleDays: config.SESSION_IDLE_DAYS,
  });
  const ratings = createRatingsService({
    uow,
    storage: integrations.storage,
    contentCheck: integrations.contentCheck,
    limiter: createRateLimiter(db.kysely, now),
    orders,
    author: (userId) => accounts.author(userId),
    publicOrigin: siteOrigin(config),
    limits: { uploadsPerHour: config.UPLOADS_PER_HOUR, maxKb: config.UPLOAD_MAX_KB },
    now,
    catalogue: catalogueCache,
    log: (msg, err) => log.error({ err }, msg),
  });
  const catalogueService = createCatalogueService(catalogue, now);
  const storesService = createStoresService(stores, now, catalogueCache, ratings);
  const merchants = createMerchantsService({
    uow,
    now,
    orders,
    stores: createStoreAdmin(uow, now, catalogueCache),
    accounts,
  });
  const events = createEventsService({
    uow,
    now,
    dialect: db.dialect,
    databaseUrl: config.DATABASE_URL,
    restaurantsOf: (userId) => merchants.restaurantIdsOf(userId),
    ticketTtlMs: config.EVENTS_TICKET_SECONDS * 1000,
    pollMs: config.EVENTS_POLL_MS,
    log: (msg, err) => log.error({ err }, msg),
  });
  const notify = createNotifyService({
    uow,
    wechat: integrations.wechat,
    templates: subscribeTemplates(config),
    openidOf: mpOpenidOf(uow, integrations.wechat.miniProgramAppId),
    now,
    log: (msg, err) => log.error({ err }, msg),
  });
  return {
    merchants,
    events,
    notify,
    uow,
    sessions,
    catalogueCache,
    // Finished answers of reads built only from catalogue data (and the clock), per call, parameters and language.
    answers: createAnswerCache({ data: catalogueCache, now }),
    orders,
    payments,
    ratings,
    accounts,
    addresses,
    articles: createArticlesService(articles),
    cart,
    checkout: createCheckoutService({
      uow,
      now,
      cart,
      stores: storesService,
      addresses,
      wallet,
      catalogue: catalogueService,
    }),
    wallet,
    catalogue: catalogueService,
    codes: createCodesService({
      repo: repos.codes,
      wechat: integrations.wechat,
      siteOrigin: siteOrigin(config),
      contact: {
        ...(config.CONTACT_QR_IMAGE ? { image: fromRoot(config.CONTACT_QR_IMAGE) } : {}),
        ...(config.CONTACT_QR_URL ? { url: config.CONTACT_QR_URL } : {}),
        phone: config.CONTACT_PHONE,
        wechatId: config.CONTACT_WECHAT_ID,
      },
      merchant: {
        ...(config.MERCHANT_QR_IMAGE ? { image: fromRoot(config.MERCHANT_QR_IMAGE) } : {}),
        ...(config.MERCHANT_QR_URL ? { url: config.MERCHANT_QR_URL } : {}),
        phone: config.MERCHANT_PHONE,
        wechatId: config.MERCHANT_WECHAT_ID,
      },
      icpFiling: config.ICP_FILING,
      log: (msg, err) => log.error({ err }, msg),
    }),
    places: createPlacesService(places, integrations.geo),
    search: createSearchService(repos.search, catalogueCache),
    stores: storesService,
  };
}

/** The configured public origin of the site; in development without PUBLIC_BASE_URL, the address it listens on. */
const siteOrigin = (config: Config) => publicOrigin(config);

export type Services = ReturnType<typeof buildServices>;

/** What every module's routes plugin receives. */
export interface RouteDeps extends ModuleDeps {
  services: Services;
}
