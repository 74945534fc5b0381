import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

/**
 * Cart, vouchers, orders (with their lines, status history) and idempotency keys (issue 9). Money is bigint fen.
 * Uniqueness decides races: one cart line per user, dish and option set (parallel adds merge), one voucher per
 * user and code (the welcome voucher once), one idempotency key per user (one order per checkout attempt).
 * Foreign keys restrict deleting a user, restaurant or order that has these rows (a merge moves them).
 */
export function m0006Orders(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('cart_lines'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('restaurant_id', 'integer', (c) => c.notNull().references('restaurants.id'))
        .addColumn('item_id', 'integer', (c) => c.notNull())
        /** The chosen option ids, sorted, comma-joined ('' for none): same dish + same options = same line. */
        .addColumn('option_key', 'varchar(400)', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        /** The unit price when the line was filled: the quote lists a change since. */
        .addColumn('unit_price_fen', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('cart_lines_choice', ['user_id', 'item_id', 'option_key'])
        .execute();
      await db.schema
        .createIndex('cart_lines_user_restaurant')
        .on('cart_lines')
        .columns(['user_id', 'restaurant_id'])
        .execute();

      await withId(db.schema.createTable('vouchers'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('code', 'varchar(64)', (c) => c.notNull())
        .addColumn('name_cn', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('discount_fen', 'bigint', (c) => c.notNull())
        .addColumn('min_goods_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('restaurant_id', 'integer', (c) => c.references('restaurants.id'))
        .addColumn('valid_from', 'bigint', (c) => c.notNull())
        .addColumn('valid_until', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('order_id', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('vouchers_user_code', ['user_id', 'code'])
        .execute();

      await withId(db.schema.createTable('orders'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('restaurant_id', 'integer', (c) => c.notNull().references('restaurants.id'))
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('mode', 'varchar(16)', (c) => c.notNull())
        .addColumn('payment_method', 'varchar(16)', (c) => c.notNull())
        .addColumn('goods_fen', 'bigint', (c) => c.notNull())
        .addColumn('delivery_fee_fen', 'bigint', (c) => c.notNull())
        .addColumn('discount_fen', 'bigint', (c) => c.notNull())
        .addColumn('total_fen', 'bigint', (c) => c.notNull())
        /** What the wallet paid (payment method balance): given back on cancellation or refund. */
        .addColumn('wallet_paid_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('voucher_id', 'integer', (c) => c.references('vouchers.id'))
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cutlery', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('collection_time', 'bigint')
        .addColumn('collection_code', 'varchar(16)')
        /** Snapshots: what the customer ordered to, whatever changes later. */
        .addColumn('recipient_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
        .addColumn('address_cn', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address_lat', 'double precision')
        .addColumn('address_lng', 'double precision')
        .addColumn('restaurant_name_cn', 'text', (c) => c.notNull())
        .addColumn('restaurant_name_en', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('orders_status').on('orders').columns(['status', 'created_at']).execute();

      await withId(db.schema.createTable('order_lines'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('restrict'))
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addColumn('name_cn', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        /** JSON arrays of the chosen options' names and ids, as ordered. */
        .addColumn('options_cn', 'text', (c) => c.notNull())
        .addColumn('options_en', 'text', (c) => c.notNull())
        .addColumn('option_ids', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('unit_price_fen', 'bigint', (c) => c.notNull())
        .addColumn('line_total_fen', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();

      await withId(db.schema.createTable('order_status_history'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('restrict'))
        .addColumn('from_status', 'integer')
        .addColumn('status', 'integer', (c) => c.notNull())
        /** customer, payment, merchant, operator, system, demo */
        .addColumn('actor', 'varchar(32)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_status_history_order').on('order_status_history').column('order_id').execute();

      await withId(db.schema.createTable('idempotency_keys'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('key', 'varchar(100)', (c) => c.notNull())
        .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
        .addColumn('response', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('idempotency_keys_user_key', ['user_id', 'key'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['idempotency_keys', 'order_status_history', 'order_lines', 'orders', 'vouchers', 'cart_lines']) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
