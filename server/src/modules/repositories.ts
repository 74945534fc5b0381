import {
  createUnitOfWork,
  type Executor,
  type RepositoriesOf,
  type Transactional,
  type UnitOfWork,
} from '../db/unit-of-work';
import { createAccountsRepository } from './accounts/repository';
import { createAddressesRepository } from './addresses/repository';
import { createCartRepository } from './cart/repository';
import { createCheckoutRepository } from './checkout/repository';
import { createArticlesRepository } from './articles/repository';
import { createCatalogueRepository } from './catalogue/repository';
import { createCodesRepository } from './codes/repository';
import { createOrdersRepository } from './orders/repository';
import { createPaymentsRepository } from './payments/repository';
import { createEventsRepository } from './events/repository';
import { createJobsRepository } from './jobs/repository';
import { createMerchantsRepository } from './merchants/repository';
import { createNotifyRepository } from './notify/repository';
import { createPlacesRepository } from './places/repository';
import { createRatingsRepository } from './ratings/repository';
import { createSearchRepository } from './search/repository';
import { createStoresRepository } from './stores/repository';
import { createWalletRepository } from './wallet/repository';

/**
 * Every module's repository factory, by name. A module adds its repository here once; from then on every
 * `uow.transaction(tx => …)` has it as `tx.<name>`, bound to the same transaction as all the others.
 */
export const repositoryFactories = {
  accounts: createAccountsRepository,
  addresses: createAddressesRepository,
  articles: createArticlesRepository,
  cart: createCartRepository,
  checkout: createCheckoutRepository,
  catalogue: createCatalogueRepository,
  codes: createCodesRepository,
  orders: createOrdersRepository,
  payments: createPaymentsRepository,
  events: createEventsRepository,
  jobs: createJobsRepository,
  merchants: createMerchantsRepository,
  notify: createNotifyRepository,
  places: createPlacesRepository,
  ratings: createRatingsRepository,
  search: createSearchRepository,
  stores: createStoresRepository,
  wallet: createWalletRepository,
};

export type Repositories = RepositoriesOf<typeof repositoryFactories>;
/** A transaction with every repository bound to it: what a service method that joins the caller's unit of work takes. */
export type AppTransaction = Transactional<Repositories>;
/** The unit of work every writing service takes (see db/unit-of-work.ts). */
export type AppUnitOfWork = UnitOfWork<Repositories>;

export const createAppUnitOfWork = (db: Executor): AppUnitOfWork => createUnitOfWork(db, repositoryFactories);
