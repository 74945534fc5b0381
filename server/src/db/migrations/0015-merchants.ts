import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

/**
 * The restaurant side and live order events (issue 18). Memberships tie an ordinary account to a restaurant with a
 * role (one per user and restaurant: a constraint). Restaurants get a busy mode stored as an until-time (it ends by
 * itself: nothing has to switch it off). Orders keep what the restaurant said (preparation time, ready estimate,
 * rejection reason) and the customer's reminders. The order events outbox gets one row per order change, written in
 * the change's transaction; live streams read it and replay from it. Event tickets authenticate a stream once.
 */
export function m0015Merchants(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('restaurant_members'), dialect)
        .addColumn('restaurant_id', 'integer', (c) => c.notNull().references('restaurants.id').onDelete('restrict'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('role', 'varchar(16)', (c) => c.notNull().check(sql`role in ('owner', 'staff')`))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('restaurant_members_one', ['restaurant_id', 'user_id'])
        .execute();
      await db.schema.createIndex('restaurant_members_user').on('restaurant_members').column('user_id').execute();

      await db.schema.alterTable('restaurants').addColumn('busy_until', 'bigint').execute();

      for (const [name, type] of [
        ['prep_minutes', 'integer'],
        ['accepted_at', 'bigint'],
        ['ready_at', 'bigint'],
        ['reject_reason', 'varchar(16)'],
        ['hurry_at', 'bigint'],
      ] as const) {
        await db.schema.alterTable('orders').addColumn(name, type).execute();
      }
      await db.schema
        .alterTable('orders')
        .addColumn('hurry_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('orders_restaurant').on('orders').columns(['restaurant_id', 'created_at']).execute();

      await withId(db.schema.createTable('order_events'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('restrict'))
        .addColumn('restaurant_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('type', 'varchar(32)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_events_restaurant')
        .on('order_events')
        .columns(['restaurant_id', 'id'])
        .execute();
      await db.schema.createIndex('order_events_user').on('order_events').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('order_events_order').on('order_events').column('order_id').execute();
      if (dialect === 'postgres') {
        // Every instance LISTENs: the row's id is announced when (and only if) its transaction commits.
        await sql`create function szeat_order_event_notify() returns trigger as $$
          begin perform pg_notify('szeat_order_events', new.id::text); return null; end
          $$ language plpgsql`.execute(db);
        await sql`create trigger order_events_notify after insert on order_events
          for each row execute function szeat_order_event_notify()`.execute(db);
      }

      await db.schema
        .createTable('event_tickets')
        .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('event_tickets_expires').on('event_tickets').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('event_tickets').execute();
      if (dialect === 'postgres') {
        await sql`drop trigger if exists order_events_notify on order_events`.execute(db);
        await sql`drop function if exists szeat_order_event_notify()`.execute(db);
      }
      await db.schema.dropTable('order_events').execute();
      await db.schema.dropIndex('orders_restaurant').execute();
      for (const c of ['hurry_count', 'hurry_at', 'reject_reason', 'ready_at', 'accepted_at', 'prep_minutes']) {
        await db.schema.alterTable('orders').dropColumn(c).execute();
      }
      await db.schema.alterTable('restaurants').dropColumn('busy_until').execute();
      await db.schema.dropTable('restaurant_members').execute();
    },
  };
}
