import type { Kysely } from 'kysely';

/**
 * The sandbox payment provider's own records (issue 17): what it was paid, what it closed and the refunds it was
 * asked for, kept in the database instead of one process's memory, so every instance (and a restart) answers a
 * query for a payment made through another. Played by the provider, not read by the payments module.
 */
export function m0013SandboxTrades() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sandbox_trades')
        .addColumn('out_trade_no', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('transaction_id', 'varchar(64)')
        .addColumn('amount_fen', 'bigint')
        .addColumn('paid_at', 'bigint')
        .addColumn('closed_at', 'bigint')
        .execute();
      await db.schema.createIndex('sandbox_trades_paid_at').on('sandbox_trades').column('paid_at').execute();
      await db.schema
        .createTable('sandbox_refunds')
        .addColumn('refund_no', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('amount_fen', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sandbox_refunds_created_at').on('sandbox_refunds').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sandbox_refunds').execute();
      await db.schema.dropTable('sandbox_trades').execute();
    },
  };
}
