import { PostgresAdapter, sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';
import type { Executor } from '../../db/unit-of-work';

import type { NewOrderEvent, OrderMoveColumns } from './rows';

export type OrderRow = Selectable<OrdersTable>;

/** The PostgreSQL advisory lock key order event writers serialize on (any fixed number no other lock uses). */
export const ORDER_EVENTS_LOCK = 7_424_610_387_221;

/**
 * The SQL of orders after they are placed: reading them (always by owner for customers), moving their status (one
 * conditional UPDATE whose row count decides, with its history row).
 */
export function createOrdersRepository(db: Executor) {
  /** The order's live rating (its id), for the "Rate" / "Rated" the customer sees. */
  const ratingId = (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb
      .selectFrom('reviews')
      .select('reviews.id')
      .whereRef('reviews.order_id', '=', 'orders.id')
      .where('reviews.deleted_at', 'is', null)
      .limit(1)
      .as('rating_id');

  /** Ids of orders in `status` whose `column` is before `before`, oldest first, at most `limit`. */
  const idsInStatusBefore =
    (column: 'created_at' | 'updated_at') =>
    (status: number, before: number, limit = 100) =>
      db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', status)
        .where(column, '<', before)
        .orderBy(column)
        .limit(limit)
        .execute()
        .then((rows) => rows.map((r) => r.id));

  return {
    byId: (id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The customer's own order, with its rating; another customer's is as absent as a missing one. */
    ownedBy: (userId: number, id: number) =>
      db
        .selectFrom('orders')
        .selectAll('orders')
        .select(ratingId)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    async page(userId: number, offset: number, limit: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('orders')
          .selectAll('orders')
          .select((eb) =>
            eb
              .selectFrom('order_lines')
              .select((e) => e.fn.coalesce(e.fn.sum<number>('quantity'), e.lit(0)).as('n'))
              .whereRef('order_lines.order_id', '=', 'orders.id')
              .as('item_count'),
          )
          .select(ratingId)
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** The restaurant's contact and place, as they are now (order detail: call it, find it). */
    restaurant: (restaurantId: number) =>
      db
        .selectFrom('restaurants')
        .select(['phone', 'address_cn', 'address_en', 'lat', 'lng', 'prep_minutes'])
        .where('id', '=', restaurantId)
        .executeTakeFirst(),

    lines: (orderId: number) =>
      db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),

    history: (orderId: number) =>
      db
        .selectFrom('order_status_history')
        .select(['from_status', 'status', 'actor', 'at'])
        .where('order_id', '=', orderId)
        .orderBy('at')
        .orderBy('id')
        .execute(),

    /**
     * The status moves from `from` to `to` only if it still is `from` (the row count decides between racing moves).
     * `paidAt` also records the payment in the same statement.
     */
    async moveStatus(
      orderId: number,
      from: number,
      to: number,
      at: number,
      paidAt?: number,
      also: OrderMoveColumns = {},
    ): Promise<boolean> {
      let q = db
        .updateTable('orders')
        .set({ status: to, updated_at: at, ...(paidAt !== undefined ? { paid_at: paidAt } : {}), ...also.set })
        .where('id', '=', orderId)
        .where('status', '=', from);
      if (also.collectionCode !== undefined) q = q.where('collection_code', '=', also.collectionCode);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /**
     * A collection order being prepared is marked ready for collection, once: one conditional UPDATE (still being
     * prepared, a collection order, not marked yet) whose row count decides between racing marks and moves.
     */
    async markReady(orderId: number, preparing: number, at: number): Promise<boolean> {
      const res = await db
        .updateTable('orders')
        .set({ marked_ready_at: at, updated_at: at })
        .where('id', '=', orderId)
        .where('status', '=', preparing)
        .where('mode', '=', 'collection')
        .where('marked_ready_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Who marked the order, in the mark's transaction (one row per order and mark: a constraint). */
    async addMark(row: { order_id: number; mark: 'ready'; actor: string; user_id: number | null; at: number }) {
      await db.insertInto('order_marks').values(row).execute();
    },

    marks: (orderId: number) =>
      db.selectFrom('order_marks').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),

    /**
     * A transaction's outbox rows (its changes' events), as its last statements (addOrderEvent defers them there). On
     * PostgreSQL first a transaction-level advisory lock, held until the commit: event writers take ids and commit
     * one after the other, so an id becomes visible only after every lower one (readers resume "after id N" and
     * would otherwise skip a lower id that commits late). SQLite has one writer at a time: nothing to do.
     */
    async addEvents(rows: NewOrderEvent[]): Promise<void> {
      if (rows.length === 0) return;
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`select pg_advisory_xact_lock(${sql.lit(ORDER_EVENTS_LOCK)})`.execute(db);
      }
      await db.insertInto('order_events').values(rows).execute();
    },

    /**
     * A customer's "hurry up": counted only while under `max` and at least `gapMs` after the last one, in one
     * conditional statement (parallel taps count once per gap).
     */
    async hurry(orderId: number, userId: number, statuses: readonly number[], at: number, max: number, gapMs: number) {
      const res = await db
        .updateTable('orders')
        .set((eb) => ({ hurry_count: eb('hurry_count', '+', 1), hurry_at: at }))
        .where('id', '=', orderId)
        .where('user_id', '=', userId)
        .where('status', 'in', statuses)
        .where('hurry_count', '<', max)
        // Marked ready for collection: the food is waiting, nothing to hurry.
        .where('marked_ready_at', 'is', null)
        .where((eb) => eb.or([eb('hurry_at', 'is', null), eb('hurry_at', '<=', at - gapMs)]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** A restaurant's orders placed in [from, to) (and any still in `openStatuses`), newest first (the console). */
    ofRestaurant: (restaurantId: number, from: number, to: number, openStatuses: readonly number[] = []) =>
      db
        .selectFrom('orders')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where((eb) => {
          const placed = eb.and([eb('created_at', '>=', from), eb('created_at', '<', to)]);
          return openStatuses.length > 0 ? eb.or([placed, eb('status', 'in', openStatuses)]) : placed;
        })
        .orderBy('id', 'desc')
        .limit(500)
        .execute(),

    /** Orders of a restaurant still waiting for it (status `status`) placed before `before` (the accept timeout). */
    waitingBefore: idsInStatusBefore('updated_at'),

    linesOf: (orderIds: number[]) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),

    async addHistory(row: { order_id: number; from_status: number | null; status: number; actor: string; at: number }) {
      await db.insertInto('order_status_history').values(row).execute();
    },

    /** Orders in `status` created before `before`, oldest first (the job runner's unpaid-order sweep). */
    idsInStatus: idsInStatusBefore('created_at'),

    /** Orders in these statuses, placed after `createdAfter` and unchanged since `changedBefore` (demo mode). */
    changedBefore: (statuses: readonly number[], changedBefore: number, createdAfter: number, limit = 100) =>
      db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('status', 'in', statuses)
        .where('updated_at', '<=', changedBefore)
        .where('created_at', '>=', createdAfter)
        // A restaurant with its own people (memberships) works its orders in the console: demo mode leaves them.
        .where('restaurant_id', 'not in', (eb) =>
          eb.selectFrom('restaurant_members').select('restaurant_members.restaurant_id'),
        )
        .orderBy('updated_at')
        .limit(limit)
        .execute(),
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
