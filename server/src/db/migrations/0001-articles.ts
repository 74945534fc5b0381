import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

export function m0001Articles(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('articles'), dialect)
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('title_cn', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('title_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('summary_cn', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('summary_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body_cn', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('published_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('articles_kind_published').on('articles').columns(['kind', 'published_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('articles').execute();
    },
  };
}
