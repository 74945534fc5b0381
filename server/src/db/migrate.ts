import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db, DialectName } from './index';
import { m0001Articles } from './migrations/0001-articles';
import { m0002Places } from './migrations/0002-places';
import { m0003Catalogue } from './migrations/0003-catalogue';
import { m0004Accounts } from './migrations/0004-accounts';

/** One ordered list for both dialects; a migration gets the dialect only where the SQL must differ. */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-articles': m0001Articles(dialect),
    '0002-places': m0002Places(dialect),
    '0003-catalogue': m0003Catalogue(dialect),
    '0004-accounts': m0004Accounts(dialect),
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(db.dialect) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
