import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

/**
 * Counters that one conditional statement can reserve (DESIGN §4a): rate limits become one row per key
 * (`rate_counters`, replacing the event rows that were counted and then added), and each user keeps how many
 * addresses they have (`users.address_count`, so the cap is `UPDATE … WHERE address_count < max`).
 */
export function m0010Counters(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_counters')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_counters_window').on('rate_counters').column('window_start').execute();
      await db.schema.dropTable('rate_events').execute();

      await db.schema
        .alterTable('users')
        .addColumn('address_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update users set address_count = (select count(*) from addresses where addresses.user_id = users.id)`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('address_count').execute();
      await withId(db.schema.createTable('rate_events'), dialect)
        .addColumn('key', 'varchar(300)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_events_key_at').on('rate_events').columns(['key', 'at']).execute();
      await db.schema.createIndex('rate_events_at').on('rate_events').column('at').execute();
      await db.schema.dropTable('rate_counters').execute();
    },
  };
}
