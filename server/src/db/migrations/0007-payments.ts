import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

/**
 * Online payments (issue 9): one payment per order and provider (a second `pay` reuses it), its reference unique,
 * the provider's transaction id unique (one provider payment marks one order); every notification or query result
 * as an event; one refund per order and reference, so a retried refund is sent once.
 */
export function m0007Payments(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('payments'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('restrict'))
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('amount_fen', 'bigint', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('transaction_id', 'varchar(128)')
        .addColumn('paid_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('payments_out_trade_no', ['out_trade_no'])
        .addUniqueConstraint('payments_order_provider', ['order_id', 'provider'])
        .addUniqueConstraint('payments_transaction', ['provider', 'transaction_id'])
        .execute();

      await withId(db.schema.createTable('payment_events'), dialect)
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('order_id', 'integer')
        .addColumn('transaction_id', 'varchar(128)', (c) => c.notNull())
        .addColumn('amount_fen', 'bigint')
        .addColumn('outcome', 'varchar(32)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payment_events_trade').on('payment_events').column('out_trade_no').execute();

      await withId(db.schema.createTable('payment_refunds'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('restrict'))
        .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('refund_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('amount_fen', 'bigint', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('payment_refunds_refund_no', ['refund_no'])
        .addUniqueConstraint('payment_refunds_order', ['order_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['payment_refunds', 'payment_events', 'payments']) await db.schema.dropTable(t).execute();
    },
  };
}
