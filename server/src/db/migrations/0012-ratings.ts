import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { rebuildRatingSummaries } from '../rating-summaries';
import { withId } from './helpers';

const REVIEW_COLUMNS = [
  'id',
  'restaurant_id',
  'order_id',
  'user_id',
  'author_name',
  'food_rating',
  'delivery_time',
  'other_rating',
  'comment',
  'photos',
  'created_at',
];

/**
 * Ratings of orders and their photos (issue 16). Reviews: the delivery time bucket may be null (collection orders),
 * a rating's comment carries its content check, a rating its author deleted keeps its row (`deleted_at`) and one
 * LIVE rating per order is a partial unique index (so a deleted rating's order may be rated again); the order and
 * author are foreign keys (restrict). `uploads`: customers' photos, one row per stored picture. `restaurant_ratings`:
 * each restaurant's summary, filled from the reviews already there, then moved by the rating writes themselves.
 *
 * SQLite cannot drop a NOT NULL or add a foreign key to a column in place: its reviews table is rebuilt (nothing
 * references it yet). PostgreSQL alters it.
 */
export function m0012Ratings(dialect: DialectName) {
  const sqlite = dialect === 'sqlite';

  /** The reviews table of this migration (SQLite rebuild): `deliveryNotNull` false here, true for down's rebuild. */
  const createReviews = (db: Kysely<unknown>, name: string, after: boolean) => {
    let table = withId(db.schema.createTable(name), dialect)
      .addColumn('restaurant_id', 'integer', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => (after ? c.references('orders.id').onDelete('restrict') : c))
      .addColumn('user_id', 'integer', (c) => (after ? c.references('users.id').onDelete('restrict') : c))
      .addColumn('author_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('food_rating', 'integer', (c) => c.notNull().check(sql`food_rating between 1 and 5`))
      .addColumn('delivery_time', 'varchar(16)', (c) => (after ? c : c.notNull()))
      .addColumn('other_rating', 'integer', (c) => c.notNull().check(sql`other_rating between 1 and 5`))
      .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'bigint', (c) => c.notNull());
    if (after) {
      table = table
        .addColumn('comment_check', 'varchar(16)', (c) => c.notNull().defaultTo('pass'))
        .addColumn('deleted_at', 'bigint');
    }
    return table;
  };

  const reviewIndexes = async (db: Kysely<unknown>, after: boolean) => {
    await db.schema
      .createIndex('reviews_restaurant_created')
      .on('reviews')
      .columns(['restaurant_id', 'created_at'])
      .execute();
    await db.schema.createIndex('reviews_user').on('reviews').column('user_id').execute();
    if (after) {
      await db.schema
        .createIndex('reviews_live_order')
        .on('reviews')
        .column('order_id')
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
    } else {
      await db.schema.createIndex('reviews_order').on('reviews').column('order_id').unique().execute();
    }
  };

  const cols = sql.join(REVIEW_COLUMNS.map((c) => sql.ref(c)));

  return {
    async up(db: Kysely<unknown>) {
      if (sqlite) {
        await createReviews(db, 'reviews_next', true).execute();
        await sql`insert into reviews_next (${cols}) select ${cols} from reviews`.execute(db);
        await db.schema.dropTable('reviews').execute();
        await db.schema.alterTable('reviews_next').renameTo('reviews').execute();
        await reviewIndexes(db, true);
      } else {
        await sql`alter table reviews alter column delivery_time drop not null`.execute(db);
        await db.schema
          .alterTable('reviews')
          .addColumn('comment_check', 'varchar(16)', (c) => c.notNull().defaultTo('pass'))
          .execute();
        await db.schema.alterTable('reviews').addColumn('deleted_at', 'bigint').execute();
        await db.schema
          .alterTable('reviews')
          .addForeignKeyConstraint('reviews_order_fk', ['order_id'], 'orders', ['id'], (c) => c.onDelete('restrict'))
          .execute();
        await db.schema
          .alterTable('reviews')
          .addForeignKeyConstraint('reviews_user_fk', ['user_id'], 'users', ['id'], (c) => c.onDelete('restrict'))
          .execute();
        await db.schema.dropIndex('reviews_order').execute();
        await db.schema
          .createIndex('reviews_live_order')
          .on('reviews')
          .column('order_id')
          .unique()
          .where(sql.ref('deleted_at'), 'is', null)
          .execute();
      }

      await withId(db.schema.createTable('uploads'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('review_id', 'integer', (c) => c.references('reviews.id').onDelete('set null'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('storage_key', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('thumb_key', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('check_status', 'varchar(16)', (c) => c.notNull())
        .addColumn('check_trace', 'varchar(128)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('uploads_user_created').on('uploads').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('uploads_review').on('uploads').columns(['review_id', 'position']).execute();
      await db.schema.createIndex('uploads_trace').on('uploads').column('check_trace').execute();
      await db.schema.createIndex('uploads_created').on('uploads').column('created_at').execute();

      const count = (name: string) => (t: typeof table) =>
        t.addColumn(name, 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`${sql.ref(name)} >= 0`),
        );
      let table = db.schema
        .createTable('restaurant_ratings')
        .addColumn('restaurant_id', 'integer', (c) => c.primaryKey().references('restaurants.id').onDelete('cascade'));
      for (const name of [
        'count',
        'food_sum',
        'other_sum',
        'food_1',
        'food_2',
        'food_3',
        'food_4',
        'food_5',
        'within30',
        'within40',
        'within50',
        'within60',
        'over60',
      ]) {
        table = count(name)(table);
      }
      await table.execute();
      await rebuildRatingSummaries(db as never);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('restaurant_ratings').execute();
      await db.schema.dropTable('uploads').execute();
      // The ratings their authors deleted were hidden; without the column they would show again.
      await sql`delete from reviews where deleted_at is not null`.execute(db);
      // Collection orders' ratings had no bucket, which the old column cannot hold: the nearest one.
      await sql`update reviews set delivery_time = 'within30' where delivery_time is null`.execute(db);
      if (sqlite) {
        await createReviews(db, 'reviews_prev', false).execute();
        await sql`insert into reviews_prev (${cols}) select ${cols} from reviews`.execute(db);
        await db.schema.dropTable('reviews').execute();
        await db.schema.alterTable('reviews_prev').renameTo('reviews').execute();
        await reviewIndexes(db, false);
      } else {
        await db.schema.dropIndex('reviews_live_order').execute();
        await db.schema.createIndex('reviews_order').on('reviews').column('order_id').unique().execute();
        await db.schema.alterTable('reviews').dropConstraint('reviews_user_fk').execute();
        await db.schema.alterTable('reviews').dropConstraint('reviews_order_fk').execute();
        await db.schema.alterTable('reviews').dropColumn('deleted_at').execute();
        await db.schema.alterTable('reviews').dropColumn('comment_check').execute();
        await sql`alter table reviews alter column delivery_time set not null`.execute(db);
      }
    },
  };
}
