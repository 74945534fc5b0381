import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

export function m0002Places(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('cities'), dialect)
        .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('name_cn', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(db.schema.createTable('areas'), dialect)
        .addColumn('city_id', 'integer', (c) => c.notNull().references('cities.id').onDelete('cascade'))
        .addColumn('name_cn', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('areas_city').on('areas').column('city_id').execute();
      await withId(db.schema.createTable('buildings'), dialect)
        .addColumn('area_id', 'integer', (c) => c.notNull().references('areas.id').onDelete('cascade'))
        .addColumn('name_cn', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('address_cn', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('buildings_area').on('buildings').column('area_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('buildings').execute();
      await db.schema.dropTable('areas').execute();
      await db.schema.dropTable('cities').execute();
    },
  };
}
