import { sql } from 'kysely';
import type { Executor } from '../../db/unit-of-work';

export type MemberRole = 'owner' | 'staff';

/** The SQL of restaurant memberships: who works for which restaurant, with which role (one row per pair). */
export function createMerchantsRepository(db: Executor) {
  return {
    /** The user's role in the restaurant, or undefined when not a member. */
    roleOf: (userId: number, restaurantId: number) =>
      db
        .selectFrom('restaurant_members')
        .select('role')
        .where('user_id', '=', userId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst()
        .then((r) => r?.role),

    /** The user's memberships. */
    ofUser: (userId: number) =>
      db
        .selectFrom('restaurant_members')
        .select(['restaurant_id', 'role'])
        .where('user_id', '=', userId)
        .orderBy('restaurant_id')
        .execute(),

    /** A restaurant's members with their contact (the owner's list), or every membership when no restaurant. */
    members: (restaurantId?: number) => {
      let q = db
        .selectFrom('restaurant_members')
        .innerJoin('users', 'users.id', 'restaurant_members.user_id')
        .select([
          'restaurant_members.restaurant_id',
          'restaurant_members.user_id',
          'restaurant_members.role',
          'restaurant_members.created_at',
          'users.name',
          'users.email',
          'users.phone',
        ]);
      if (restaurantId !== undefined) q = q.where('restaurant_members.restaurant_id', '=', restaurantId);
      return q.orderBy('restaurant_members.restaurant_id').orderBy('restaurant_members.id').execute();
    },

    /** A new membership; the unique constraint refuses a second one for the same pair (1005). */
    async add(restaurantId: number, userId: number, role: MemberRole, at: number) {
      await db
        .insertInto('restaurant_members')
        .values({ restaurant_id: restaurantId, user_id: userId, role, created_at: at })
        .execute();
    },

    /**
     * Locks the restaurant's owner rows until the transaction ends (a no-op update: portable, unlike FOR UPDATE),
     * so that two owners removing each other at once are decided one after the other: on PostgreSQL the second
     * waits, then its conditional delete counts the owners left by the first (READ COMMITTED takes a new snapshot
     * per statement); SQLite has one writer anyway.
     */
    async lockOwners(restaurantId: number): Promise<void> {
      await db
        .updateTable('restaurant_members')
        .set({ role: 'owner' })
        .where('restaurant_id', '=', restaurantId)
        .where('role', '=', 'owner')
        .execute();
    },

    /**
     * Ends a membership; with `keepAnOwner`, only if it is not the restaurant's last owner (decided in the
     * statement). False when nothing was removed.
     */
    async remove(restaurantId: number, userId: number, keepAnOwner: boolean): Promise<boolean> {
      let q = db
        .deleteFrom('restaurant_members')
        .where('restaurant_id', '=', restaurantId)
        .where('user_id', '=', userId);
      if (keepAnOwner) {
        q = q.where((eb) =>
          eb.or([
            eb('role', '<>', 'owner'),
            eb(
              sql<number>`(select count(*) from restaurant_members o where o.restaurant_id = ${restaurantId} and o.role = 'owner')`,
              '>',
              1,
            ),
          ]),
        );
      }
      const res = await q.executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  };
}

export type MerchantsRepository = ReturnType<typeof createMerchantsRepository>;
