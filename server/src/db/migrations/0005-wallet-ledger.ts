import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

/**
 * The wallet ledger: every change of users.wallet_balance_fen is one row here, written in the same transaction
 * (modules/wallet/repository.ts). The unique key makes a retried credit or debit of the same reference a no-op;
 * the foreign key restricts deleting a user who has wallet history (a merge moves rows, it never deletes them).
 */
export function m0005WalletLedger(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('wallet_ledger'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('amount_fen', 'bigint', (c) => c.notNull())
        .addColumn('balance_after_fen', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'varchar(32)', (c) => c.notNull())
        .addColumn('ref_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('ref_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('wallet_ledger_ref', ['user_id', 'reason', 'ref_type', 'ref_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('wallet_ledger').execute();
    },
  };
}
