import type { Executor } from '../../db/unit-of-work';

/** The SQL of the live event path: one-time stream tickets, and reading the order events outbox. */
export function createEventsRepository(db: Executor) {
  const rows = () =>
    db.selectFrom('order_events').select(['id', 'order_id', 'restaurant_id', 'user_id', 'type', 'payload', 'at']);
  return {
    async addTicket(hash: string, userId: number, expiresAt: number) {
      await db
        .insertInto('event_tickets')
        .values({ ticket_hash: hash, user_id: userId, expires_at: expiresAt })
        .execute();
    },

    /** Uses a ticket once, if unused and unexpired (one conditional statement decides); its user, or undefined. */
    useTicket: (hash: string, at: number) =>
      db
        .updateTable('event_tickets')
        .set({ used_at: at })
        .where('ticket_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('user_id')
        .executeTakeFirst()
        .then((r) => r?.user_id),

    /** Tickets expired before `before` (the purge). */
    async purgeTickets(before: number) {
      await db.deleteFrom('event_tickets').where('expires_at', '<', before).execute();
    },

    /** The events after `afterId` a user may see (own orders, or the restaurants they work for), oldest first. */
    since: (afterId: number, userId: number, restaurantIds: number[], limit: number) =>
      rows()
        .where('id', '>', afterId)
        .where((eb) =>
          restaurantIds.length > 0
            ? eb.or([eb('user_id', '=', userId), eb('restaurant_id', 'in', restaurantIds)])
            : eb('user_id', '=', userId),
        )
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Every event after `afterId`, oldest first (an instance's fan-out on SQLite, its catch-up on PostgreSQL). */
    after: (afterId: number, limit: number) => rows().where('id', '>', afterId).orderBy('id').limit(limit).execute(),

    byIds: (ids: number[]) =>
      ids.length === 0 ? Promise.resolve([]) : rows().where('id', 'in', ids).orderBy('id').execute(),

    /** The newest outbox row's id (0 when none): where a stream starts, and what a board read is as new as. */
    maxId: () =>
      db
        .selectFrom('order_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
        .then((r) => Number(r?.id ?? 0)),
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
export type EventRow = Awaited<ReturnType<EventsRepository['after']>>[number];
