import type { Executor } from '../../db/unit-of-work';
import type { SubscribeSendsTable, SubscribeTemplate } from '../../db/tables/notify';

/** A customer may keep at most this many unused grants of one template (each accept adds one). */
export const GRANTS_MAX = 50;

/** The SQL of subscribe messages: customers' one-time grants and what each order event sent. */
export function createNotifyRepository(db: Executor) {
  return {
    /** One more grant of `template` for the user (up to GRANTS_MAX), in one statement (parallel accepts all count). */
    async addGrant(userId: number, template: SubscribeTemplate, at: number) {
      await db
        .insertInto('subscribe_grants')
        .values({ user_id: userId, template, remaining: 1, updated_at: at })
        .onConflict((oc) =>
          oc.columns(['user_id', 'template']).doUpdateSet((eb) => ({
            remaining: eb
              .case()
              .when('subscribe_grants.remaining', '<', GRANTS_MAX)
              .then(eb('subscribe_grants.remaining', '+', 1))
              .else(eb.ref('subscribe_grants.remaining'))
              .end(),
            updated_at: at,
          })),
        )
        .execute();
    },

    grants: (userId: number) =>
      db.selectFrom('subscribe_grants').select(['template', 'remaining']).where('user_id', '=', userId).execute(),

    /** Uses one grant, only if one is left (one conditional statement: of racing sends one per grant wins). */
    async useGrant(userId: number, template: SubscribeTemplate, at: number): Promise<boolean> {
      const res = await db
        .updateTable('subscribe_grants')
        .set((eb) => ({ remaining: eb('remaining', '-', 1), updated_at: at }))
        .where('user_id', '=', userId)
        .where('template', '=', template)
        .where('remaining', '>', 0)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Takes an event for sending, once (the unique event id decides between instances): its row id, or undefined. */
    async claim(row: Omit<SubscribeSendsTable, 'id' | 'state' | 'errcode'>): Promise<number | undefined> {
      const r = await db
        .insertInto('subscribe_sends')
        .values({ ...row, state: 'sending', errcode: null })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return r?.id;
    },

    async finish(id: number, state: SubscribeSendsTable['state'], errcode: number | null = null) {
      await db.updateTable('subscribe_sends').set({ state, errcode }).where('id', '=', id).execute();
    },

    /**
     * Status changes since `since` not looked at yet, oldest first, and events of the `types` given (a collection
     * order's ready mark). `statuses` narrows the read in SQL (the payload is the orders service's JSON, whose
     * `"status":N,` the caller checks again exactly).
     */
    due: (since: number, statuses: readonly number[], limit: number, types: readonly string[] = []) =>
      db
        .selectFrom('order_events as e')
        .select(['e.id', 'e.order_id', 'e.user_id', 'e.type', 'e.payload', 'e.at'])
        .where('e.at', '>=', since)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('e.type', '=', 'order.status'),
              eb.or(statuses.map((s) => eb('e.payload', 'like', `%"status":${s},%`))),
            ]),
            ...(types.length > 0 ? [eb('e.type', 'in', types)] : []),
          ]),
        )
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('subscribe_sends as s').select('s.id').whereRef('s.event_id', '=', 'e.id'))),
        )
        .orderBy('e.id')
        .limit(limit)
        .execute(),

    /** What a message says about its order: number, restaurant, mode, ready time; and the customer's language. */
    order: (orderId: number) =>
      db
        .selectFrom('orders as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .select([
          'o.id',
          'o.created_at',
          'o.mode',
          'o.ready_at',
          'o.prep_minutes',
          'o.collection_code',
          'o.restaurant_name_cn',
          'o.restaurant_name_en',
          'u.language',
        ])
        .where('o.id', '=', orderId)
        .executeTakeFirst(),

    sends: (orderId: number) =>
      db.selectFrom('subscribe_sends').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
  };
}

export type NotifyRepository = ReturnType<typeof createNotifyRepository>;
