import { sql, type Kysely } from 'kysely';

/**
 * Promotions as rules (issue 15 §1). A promotion has a kind: `first_order_free_delivery` (a customer's first
 * order that stands, delivered, has no delivery fee), `spend_save` (goods of at least min_goods_fen save save_fen)
 * or `banner` (shown only: it says nothing about prices). Its scope is the restaurant, else the area, else the city,
 * else every restaurant. An order keeps the price lines it was quoted (JSON, with the promotions' names in both
 * languages) and whether it took the first-order promotion: at most one order that stands (not cancelled or
 * refunded) per customer takes it, a partial unique index.
 */
export function m0014PromotionRules() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('promotions')
        .addColumn('kind', 'varchar(32)', (c) =>
          c
            .notNull()
            .defaultTo('banner')
            .check(sql`kind in ('banner', 'first_order_free_delivery', 'spend_save')`),
        )
        .execute();
      await db.schema
        .alterTable('promotions')
        .addColumn('area_id', 'integer', (c) => c.references('areas.id').onDelete('cascade'))
        .execute();
      await db.schema
        .alterTable('promotions')
        .addColumn('min_goods_fen', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`min_goods_fen >= 0`),
        )
        .execute();
      await db.schema
        .alterTable('promotions')
        .addColumn('save_fen', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`save_fen >= 0`),
        )
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('first_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('price_lines', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      // Cancelled (4) and refunded (5) orders do not stand: the customer's next order is the first again.
      await sql`create unique index orders_first_order on orders (user_id) where first_order = 1 and status <> 4 and status <> 5`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_first_order').execute();
      for (const c of ['price_lines', 'first_order']) await db.schema.alterTable('orders').dropColumn(c).execute();
      for (const c of ['save_fen', 'min_goods_fen', 'area_id', 'kind']) {
        await db.schema.alterTable('promotions').dropColumn(c).execute();
      }
    },
  };
}
