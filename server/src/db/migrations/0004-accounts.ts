import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

export function m0004Accounts(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'varchar(254)', (c) => c.unique())
        .addColumn('phone', 'varchar(20)', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('cn'))
        .addColumn('wallet_balance_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('default_address_id', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('sessions'), dialect)
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('platform', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await withId(db.schema.createTable('rate_events'), dialect)
        .addColumn('key', 'varchar(300)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_events_key_at').on('rate_events').columns(['key', 'at']).execute();
      await db.schema.createIndex('rate_events_at').on('rate_events').column('at').execute();

      await withId(db.schema.createTable('sms_codes'), dialect)
        .addColumn('phone', 'varchar(20)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['phone', 'purpose', 'id']).execute();

      await withId(db.schema.createTable('oauth_states'), dialect)
        .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();

      await withId(db.schema.createTable('wechat_identities'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('app', 'varchar(4)', (c) => c.notNull())
        .addColumn('appid', 'varchar(64)', (c) => c.notNull())
        .addColumn('openid', 'varchar(128)', (c) => c.notNull())
        .addColumn('unionid', 'varchar(128)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('wechat_identities_openid', ['appid', 'openid'])
        .addUniqueConstraint('wechat_identities_user_app', ['user_id', 'appid'])
        .execute();
      await db.schema.createIndex('wechat_identities_unionid').on('wechat_identities').column('unionid').execute();

      await withId(db.schema.createTable('addresses'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'varchar(20)', (c) => c.notNull())
        .addColumn('area_id', 'integer', (c) => c.notNull().references('areas.id'))
        .addColumn('building_id', 'integer', (c) => c.notNull().references('buildings.id'))
        .addColumn('building_no', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('room_no', 'text', (c) => c.notNull())
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('addresses_user').on('addresses').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'addresses',
        'wechat_identities',
        'oauth_states',
        'sms_codes',
        'rate_events',
        'sessions',
        'users',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
