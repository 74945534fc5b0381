import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

/**
 * WeChat subscribe messages (issue 18): the one-time grants customers gave (a count per customer and template that
 * a conditional decrement uses up, never below zero) and one row per order event looked at (unique per event: sent
 * at most once, whichever instance or job run gets there first). Order events get an index on their time (the
 * sender reads the recent ones).
 */
export function m0016SubscribeMessages(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('subscribe_grants')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('template', 'varchar(16)', (c) =>
          c.notNull().check(sql`template in ('accepted', 'ready', 'delivered')`),
        )
        .addColumn('remaining', 'integer', (c) => c.notNull().check(sql`remaining >= 0`))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('subscribe_grants_pk', ['user_id', 'template'])
        .execute();
      await withId(db.schema.createTable('subscribe_sends'), dialect)
        .addColumn('event_id', 'integer', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('template', 'varchar(16)', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('errcode', 'integer')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_events_at').on('order_events').column('at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('order_events_at').execute();
      await db.schema.dropTable('subscribe_sends').execute();
      await db.schema.dropTable('subscribe_grants').execute();
    },
  };
}
