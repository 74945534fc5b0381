import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

/**
 * The "ready for collection" mark (issue 18). The specification's status codes are fixed, so a collection order
 * stays "being prepared" until it is handed over; `orders.marked_ready_at` says when the restaurant marked it ready
 * (`ready_at` is the estimate given on accepting). `order_marks` records who marked it (the staff member's account,
 * like the status history's actor), one row per order and mark: a constraint.
 */
export function m0017ReadyMark(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('marked_ready_at', 'bigint').execute();
      await withId(db.schema.createTable('order_marks'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('restrict'))
        .addColumn('mark', 'varchar(16)', (c) => c.notNull().check(sql`mark in ('ready')`))
        .addColumn('actor', 'varchar(16)', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('order_marks_one', ['order_id', 'mark'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('order_marks').execute();
      await db.schema.alterTable('orders').dropColumn('marked_ready_at').execute();
    },
  };
}
