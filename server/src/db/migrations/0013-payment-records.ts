import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

const PAYMENT_COLUMNS =
  'id, order_id, provider, out_trade_no, amount_fen, state, transaction_id, paid_at, created_at, updated_at';
const REFUND_COLUMNS = 'id, order_id, out_trade_no, refund_no, amount_fen, state, created_at, updated_at';

/**
 * payments with (or without) the channel columns and their unique key, as CREATE TABLE (SQLite cannot drop a
 * constraint; the constraint names keep the final table's name so both dialects name them alike).
 */
async function createPayments(db: Kysely<unknown>, dialect: DialectName, name: string, withChannel: boolean) {
  let t = withId(db.schema.createTable(name), dialect)
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
    .addUniqueConstraint('payments_transaction', ['provider', 'transaction_id']);
  t = withChannel
    ? t
        .addColumn('channel', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('provider_ref', 'varchar(512)')
        .addColumn('closed_at', 'bigint')
        .addUniqueConstraint('payments_order_channel', ['order_id', 'provider', 'channel'])
    : t.addUniqueConstraint('payments_order_provider', ['order_id', 'provider']);
  await t.execute();
}

/** payment_refunds keyed by payment (one refund per payment) or, before, by order (one refund per order). */
async function createRefunds(db: Kysely<unknown>, dialect: DialectName, name: string, perPayment: boolean) {
  let t = withId(db.schema.createTable(name), dialect)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('refund_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('payment_refunds_refund_no', ['refund_no']);
  t = perPayment
    ? t
        .addColumn('provider', 'varchar(16)')
        .addColumn('refund_id', 'varchar(64)')
        .addColumn('raw_state', 'varchar(32)')
        .addUniqueConstraint('payment_refunds_payment', ['out_trade_no'])
    : t.addUniqueConstraint('payment_refunds_order', ['order_id']);
  await t.execute();
}

/** SQLite: a table rebuilt under its own name with the columns both shapes share. */
async function rebuild(db: Kysely<unknown>, table: string, columns: string, create: (name: string) => Promise<void>) {
  await db.schema.alterTable(table).renameTo(`${table}_old`).execute();
  await create(table);
  await sql.raw(`insert into ${table} (${columns}) select ${columns} from ${table}_old`).execute(db);
  await db.schema.dropTable(`${table}_old`).execute();
}

/**
 * Payment records (issue 17): one payment attempt per order, provider and channel (JSAPI, Native, H5, wap and page pay
 * are different trades at the provider, and an out_trade_no is never reused with other parameters), with what the
 * provider answered (prepay id, code_url) and when the trade was closed; every event keeps the provider's own word
 * for the state and a short detail (prepay, close, query, refund, refund notice); refunds keep their provider, the
 * provider's refund id and state, and are one per payment instead of one per order (an order paid twice through two
 * channels, then cancelled, gives both payments back).
 */
export function m0013PaymentRecords(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table payments drop constraint payments_order_provider`.execute(db);
        await db.schema
          .alterTable('payments')
          .addColumn('channel', 'varchar(16)', (c) => c.notNull().defaultTo(''))
          .execute();
        await db.schema.alterTable('payments').addColumn('provider_ref', 'varchar(512)').execute();
        await db.schema.alterTable('payments').addColumn('closed_at', 'bigint').execute();
        await sql`alter table payments add constraint payments_order_channel unique (order_id, provider, channel)`.execute(
          db,
        );
        await sql`alter table payment_refunds drop constraint payment_refunds_order`.execute(db);
        for (const [c, type] of [
          ['provider', 'varchar(16)'],
          ['refund_id', 'varchar(64)'],
          ['raw_state', 'varchar(32)'],
        ] as const) {
          await db.schema.alterTable('payment_refunds').addColumn(c, type).execute();
        }
        await sql`alter table payment_refunds add constraint payment_refunds_payment unique (out_trade_no)`.execute(db);
      } else {
        await rebuild(db, 'payments', PAYMENT_COLUMNS, (n) => createPayments(db, dialect, n, true));
        await rebuild(db, 'payment_refunds', REFUND_COLUMNS, (n) => createRefunds(db, dialect, n, true));
      }
      await db.schema.alterTable('payment_events').addColumn('raw_state', 'varchar(32)').execute();
      await db.schema.alterTable('payment_events').addColumn('detail', 'varchar(200)').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const c of ['detail', 'raw_state']) await db.schema.alterTable('payment_events').dropColumn(c).execute();
      // Back to one payment per order and provider and one refund per order: refused (a unique violation) when an
      // order has several attempts or refunds, rather than losing any of them.
      if (dialect === 'postgres') {
        await sql`alter table payments drop constraint payments_order_channel`.execute(db);
        for (const c of ['closed_at', 'provider_ref', 'channel']) {
          await db.schema.alterTable('payments').dropColumn(c).execute();
        }
        await sql`alter table payments add constraint payments_order_provider unique (order_id, provider)`.execute(db);
        await sql`alter table payment_refunds drop constraint payment_refunds_payment`.execute(db);
        for (const c of ['raw_state', 'refund_id', 'provider']) {
          await db.schema.alterTable('payment_refunds').dropColumn(c).execute();
        }
        await sql`alter table payment_refunds add constraint payment_refunds_order unique (order_id)`.execute(db);
      } else {
        await rebuild(db, 'payments', PAYMENT_COLUMNS, (n) => createPayments(db, dialect, n, false));
        await rebuild(db, 'payment_refunds', REFUND_COLUMNS, (n) => createRefunds(db, dialect, n, false));
      }
    },
  };
}
