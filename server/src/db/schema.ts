import type { ArticlesTables } from './tables/articles';
import type { PlacesTables } from './tables/places';
import type { CatalogueTables } from './tables/catalogue';
import type { AccountsTables } from './tables/accounts';
import type { WalletTables } from './tables/wallet';
import type { CacheTables } from './tables/cache';
import type { OrdersTables } from './tables/orders';
import type { PaymentsTables } from './tables/payments';
import type { JobsTables } from './tables/jobs';
import type { RatingsTables } from './tables/ratings';
import type { NotifyTables } from './tables/notify';

export type { ArticlesTable } from './tables/articles';
export type { JobsTable } from './tables/jobs';
export type { AreasTable, BuildingsTable, CitiesTable } from './tables/places';
export type * from './tables/catalogue';
export type * from './tables/accounts';
export type * from './tables/wallet';
export type * from './tables/orders';
export type * from './tables/payments';
export type * from './tables/ratings';
export type * from './tables/notify';

/**
 * The whole database as Kysely sees it: one interface per area in tables/, joined here. Timestamps are epoch
 * milliseconds (bigint in PostgreSQL, parsed to number); money is integer fen; booleans are 0/1 integers (the
 * same in both dialects).
 */
export interface Database
  extends
    ArticlesTables,
    PlacesTables,
    CatalogueTables,
    AccountsTables,
    WalletTables,
    CacheTables,
    OrdersTables,
    PaymentsTables,
    JobsTables,
    RatingsTables,
    NotifyTables {}
