import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

/** `<name>_cn` and `<name>_en` text columns, not null, default ''. */
function bilingual<T extends string>(table: CreateTableBuilder<T, never>, ...names: string[]) {
  let t = table;
  for (const n of names) {
    t = t
      .addColumn(`${n}_cn`, 'text', (c) => c.notNull().defaultTo(''))
      .addColumn(`${n}_en`, 'text', (c) => c.notNull().defaultTo(''));
  }
  return t;
}

function link<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn('link_type', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('link_id', 'integer')
    .addColumn('link_url', 'text', (c) => c.notNull().defaultTo(''));
}

const TABLES = [
  'popup_views',
  'popups',
  'ads',
  'promotions',
  'reviews',
  'menu_options',
  'option_groups',
  'menu_items',
  'menu_categories',
  'opening_hours',
  'restaurant_cuisines',
  'cuisines',
  'restaurants',
];

export function m0003Catalogue(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await bilingual(withId(db.schema.createTable('restaurants'), dialect), 'name', 'description', 'address')
        .addColumn('city_id', 'integer', (c) => c.notNull().references('cities.id'))
        .addColumn('area_id', 'integer', (c) => c.notNull().references('areas.id'))
        .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('delivery_radius_m', 'integer', (c) => c.notNull().check(sql`delivery_radius_m between 0 and 20000`))
        .addColumn('min_order_fen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('delivery_fee_fen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pay_wechat', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('pay_alipay', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('pay_cod', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pay_balance', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('delivery', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('collection', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('prep_minutes', 'integer', (c) => c.notNull().defaultTo(20))
        .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('resume_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('restaurants_lat_lng').on('restaurants').columns(['lat', 'lng']).execute();
      await db.schema.createIndex('restaurants_created').on('restaurants').column('created_at').execute();

      await bilingual(withId(db.schema.createTable('cuisines'), dialect), 'name')
        .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('restaurant_cuisines')
        .addColumn('restaurant_id', 'integer', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
        .addColumn('cuisine_id', 'integer', (c) => c.notNull().references('cuisines.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('restaurant_cuisines_pk', ['restaurant_id', 'cuisine_id'])
        .execute();
      await db.schema
        .createIndex('restaurant_cuisines_cuisine')
        .on('restaurant_cuisines')
        .column('cuisine_id')
        .execute();

      await withId(db.schema.createTable('opening_hours'), dialect)
        .addColumn('restaurant_id', 'integer', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
        .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 0 and 6`))
        .addColumn('open_min', 'integer', (c) => c.notNull())
        .addColumn('close_min', 'integer', (c) => c.notNull())
        .addCheckConstraint(
          'opening_hours_window',
          sql`open_min >= 0 and open_min < 1440 and close_min > open_min and close_min <= open_min + 1440`,
        )
        .execute();
      await db.schema.createIndex('opening_hours_restaurant').on('opening_hours').column('restaurant_id').execute();

      await bilingual(withId(db.schema.createTable('menu_categories'), dialect), 'name')
        .addColumn('restaurant_id', 'integer', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('menu_categories_restaurant').on('menu_categories').column('restaurant_id').execute();

      await bilingual(withId(db.schema.createTable('menu_items'), dialect), 'name', 'description')
        .addColumn('restaurant_id', 'integer', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
        .addColumn('category_id', 'integer', (c) => c.notNull().references('menu_categories.id').onDelete('cascade'))
        .addColumn('picture', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('price_fen', 'integer', (c) => c.notNull().check(sql`price_fen >= 0`))
        .addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('menu_items_restaurant').on('menu_items').column('restaurant_id').execute();
      await db.schema.createIndex('menu_items_category').on('menu_items').column('category_id').execute();

      await bilingual(withId(db.schema.createTable('option_groups'), dialect), 'name')
        .addColumn('item_id', 'integer', (c) => c.notNull().references('menu_items.id').onDelete('cascade'))
        .addColumn('compulsory', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('min_select', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_select', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint(
          'option_groups_select',
          sql`min_select >= 0 and max_select >= 1 and max_select >= min_select`,
        )
        .execute();
      await db.schema.createIndex('option_groups_item').on('option_groups').column('item_id').execute();

      await bilingual(withId(db.schema.createTable('menu_options'), dialect), 'name')
        .addColumn('group_id', 'integer', (c) => c.notNull().references('option_groups.id').onDelete('cascade'))
        .addColumn('price_delta_fen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('menu_options_group').on('menu_options').column('group_id').execute();

      await withId(db.schema.createTable('reviews'), dialect)
        .addColumn('restaurant_id', 'integer', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
        // Orders and users come in later migrations; a rating written from an order fills both.
        .addColumn('order_id', 'integer')
        .addColumn('user_id', 'integer')
        .addColumn('author_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('food_rating', 'integer', (c) => c.notNull().check(sql`food_rating between 1 and 5`))
        .addColumn('delivery_time', 'varchar(16)', (c) => c.notNull())
        .addColumn('other_rating', 'integer', (c) => c.notNull().check(sql`other_rating between 1 and 5`))
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('reviews_restaurant_created')
        .on('reviews')
        .columns(['restaurant_id', 'created_at'])
        .execute();
      await db.schema.createIndex('reviews_order').on('reviews').column('order_id').unique().execute();
      await db.schema.createIndex('reviews_user').on('reviews').column('user_id').execute();

      await link(bilingual(withId(db.schema.createTable('promotions'), dialect), 'title', 'description', 'badge'))
        .addColumn('city_id', 'integer', (c) => c.references('cities.id').onDelete('cascade'))
        .addColumn('restaurant_id', 'integer', (c) => c.references('restaurants.id').onDelete('cascade'))
        .addColumn('picture', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await link(bilingual(withId(db.schema.createTable('ads'), dialect), 'title'))
        .addColumn('city_id', 'integer', (c) => c.references('cities.id').onDelete('cascade'))
        .addColumn('slot', 'varchar(32)', (c) => c.notNull())
        .addColumn('picture', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await link(bilingual(withId(db.schema.createTable('popups'), dialect), 'title', 'content'))
        .addColumn('picture', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('popup_views')
        .addColumn('popup_id', 'integer', (c) => c.notNull().references('popups.id').onDelete('cascade'))
        .addColumn('viewer', 'varchar(80)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('popup_views_pk', ['popup_id', 'viewer'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of TABLES) await db.schema.dropTable(table).execute();
    },
  };
}
