import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { sql } from 'kysely';
import type { Db, DialectName } from './index';
import { underStartupLock } from './startup-lock';
import type { Executor } from './unit-of-work';
import { m0001Articles } from './migrations/0001-articles';
import { m0002Places } from './migrations/0002-places';
import { m0003Catalogue } from './migrations/0003-catalogue';
import { m0004Accounts } from './migrations/0004-accounts';
import { m0005WalletLedger } from './migrations/0005-wallet-ledger';
import { m0006Orders } from './migrations/0006-orders';
import { m0007Payments } from './migrations/0007-payments';
import { m0008Jobs } from './migrations/0008-jobs';
import { m0009CacheVersions } from './migrations/0009-cache-versions';
import { m0010Counters } from './migrations/0010-counters';
import { m0011SearchText } from './migrations/0011-search-text';
import { m0012Ratings } from './migrations/0012-ratings';
import { m0013PaymentRecords } from './migrations/0013-payment-records';
import { m0013SandboxTrades } from './migrations/0013-sandbox-trades';
import { m0014PromotionRules } from './migrations/0014-promotion-rules';
import { m0015Merchants } from './migrations/0015-merchants';
import { m0016SubscribeMessages } from './migrations/0016-subscribe-messages';
import { m0017ReadyMark } from './migrations/0017-ready-mark';
import { m0018SeedVersions } from './migrations/0018-seed-versions';
import { m0019WelcomeVoucherName } from './migrations/0019-welcome-voucher-name';

/** One ordered list for both dialects; a migration gets the dialect only where the SQL must differ. */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-articles': m0001Articles(dialect),
    '0002-places': m0002Places(dialect),
    '0003-catalogue': m0003Catalogue(dialect),
    '0004-accounts': m0004Accounts(dialect),
    '0005-wallet-ledger': m0005WalletLedger(dialect),
    '0006-orders': m0006Orders(dialect),
    '0007-payments': m0007Payments(dialect),
    '0008-jobs': m0008Jobs(dialect),
    '0009-cache-versions': m0009CacheVersions(dialect),
    '0010-counters': m0010Counters(dialect),
    '0011-search-text': m0011SearchText(dialect),
    '0012-ratings': m0012Ratings(dialect),
    '0013-payment-records': m0013PaymentRecords(dialect),
    '0013-sandbox-trades': m0013SandboxTrades(),
    '0014-promotion-rules': m0014PromotionRules(),
    '0015-merchants': m0015Merchants(dialect),
    '0016-subscribe-messages': m0016SubscribeMessages(dialect),
    '0017-ready-mark': m0017ReadyMark(dialect),
    '0018-seed-versions': m0018SeedVersions(),
    '0019-welcome-voucher-name': m0019WelcomeVoucherName(),
  };
}

/**
 * Runs the migrations the database has not run, under the start-up lock (db/startup-lock.ts): instances or commands
 * starting at once migrate one after another, the later ones finding nothing to do.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  await underStartupLock(db, (trx) => migrateIn(trx, db.dialect));
}

/** The pending migrations, in the caller's start-up transaction (underStartupLock's executor). */
export async function migrateIn(trx: Executor, dialect: DialectName): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  // Parallel branches add numbered migrations; a database that already ran a later number still takes an earlier
  // one landed afterwards (each migration stands alone). Given a transaction, Kysely runs them all in it.
  const migrator = new Migrator({ db: trx, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * The migrations this build knows that the database has not run (empty: the schema is current). Reads Kysely's own
 * record of what ran (kysely_migration) and writes nothing: a database never migrated has every migration pending.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const known = Object.keys(migrations(db.dialect));
  let ran: Set<string>;
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely);
    ran = new Set(rows.rows.map((r) => r.name));
  } catch (err) {
    // No migration table yet is "nothing ran"; anything else (the database unreachable) is the caller's to report.
    if (!(await hasMigrationTable(db))) return known;
    throw err;
  }
  return known.filter((name) => !ran.has(name));
}

async function hasMigrationTable(db: Db): Promise<boolean> {
  const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
  return tables.some((t) => t.name === 'kysely_migration');
}
