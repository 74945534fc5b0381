import { PostgresAdapter, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { AddressesTable, Database } from '../../db/schema';

export type NewAddress = Omit<Insertable<AddressesTable>, 'id'>;
export type AddressChanges = Omit<Updateable<AddressesTable>, 'id' | 'user_id' | 'created_at'>;

/** The only SQL for addresses (and the user's default-address pointer). Every read and write is scoped by user. */
export function createAddressesRepository(db: Kysely<Database>) {
  const view = () =>
    db
      .selectFrom('addresses as a')
      .innerJoin('areas as ar', 'ar.id', 'a.area_id')
      .innerJoin('buildings as b', 'b.id', 'a.building_id')
      .innerJoin('cities as c', 'c.id', 'ar.city_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.id',
        'a.user_id',
        'a.name',
        'a.phone',
        'a.area_id',
        'a.building_id',
        'a.building_no',
        'a.room_no',
        'a.lat',
        'a.lng',
        'a.created_at',
        'a.updated_at',
        'u.default_address_id',
        'c.id as city_id',
        'c.name_cn as city_name_cn',
        'c.name_en as city_name_en',
        'ar.name_cn as area_name_cn',
        'ar.name_en as area_name_en',
        'b.name_cn as building_name_cn',
        'b.name_en as building_name_en',
        'b.address_cn as building_address_cn',
        'b.address_en as building_address_en',
      ]);

  return {
    async list(userId: number) {
      return view().where('a.user_id', '=', userId).orderBy('a.updated_at', 'desc').orderBy('a.id', 'desc').execute();
    },

    async byId(userId: number, id: number) {
      return view().where('a.user_id', '=', userId).where('a.id', '=', id).executeTakeFirst();
    },

    async defaultId(userId: number): Promise<number | null> {
      const row = await db.selectFrom('users').select('default_address_id').where('id', '=', userId).executeTakeFirst();
      return row?.default_address_id ?? null;
    },

    async setDefault(userId: number, addressId: number | null, at: number) {
      await db
        .updateTable('users')
        .set({ default_address_id: addressId, updated_at: at })
        .where('id', '=', userId)
        .execute();
    },

    /** The area, and the building when it belongs to that area. */
    async place(areaId: number, buildingId: number) {
      const [area, building] = await Promise.all([
        db.selectFrom('areas').select('id').where('id', '=', areaId).executeTakeFirst(),
        db
          .selectFrom('buildings')
          .select(['id', 'lat', 'lng'])
          .where('id', '=', buildingId)
          .where('area_id', '=', areaId)
          .executeTakeFirst(),
      ]);
      return { area, building };
    },

    /**
     * Adds an address if the user has fewer than `max`: the count on users is taken by one conditional UPDATE in
     * the caller's transaction (its row count decides, so parallel saves cannot pass the cap). The new id, or
     * undefined at the cap.
     */
    async insert(values: NewAddress, max: number): Promise<number | undefined> {
      if (!db.isTransaction) throw new Error('addresses are added inside a unit of work (uow.transaction)');
      const counted = await db
        .updateTable('users')
        .set((eb) => ({ address_count: eb('address_count', '+', 1) }))
        .where('id', '=', values.user_id)
        .where('address_count', '<', max)
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) return undefined;
      const row = await db.insertInto('addresses').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async update(userId: number, id: number, changes: AddressChanges): Promise<boolean> {
      const res = await db
        .updateTable('addresses')
        .set(changes)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /**
     * PostgreSQL: changes the user's address and, when `makeDefault` or when the user has no default yet, makes it
     * the default, in ONE statement (one round trip; the row locks last that one statement, which is what limits
     * saves of one address book under load). Answers whether the address was theirs. Null on SQLite, which has no
     * data-modifying WITH: the caller runs update + setDefault in a transaction instead (cheap there, in process).
     */
    async updateWithDefault(
      userId: number,
      id: number,
      changes: AddressChanges,
      at: number,
      makeDefault: boolean,
    ): Promise<boolean | null> {
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return null;
      const row = await db
        .with('saved', (q) =>
          q.updateTable('addresses').set(changes).where('user_id', '=', userId).where('id', '=', id).returning('id'),
        )
        .with('made_default', (q) => {
          let u = q
            .updateTable('users')
            .set({ default_address_id: id, updated_at: at })
            .where('id', '=', userId)
            .where((eb) => eb.exists(eb.selectFrom('saved').select('saved.id')));
          if (!makeDefault) u = u.where('default_address_id', 'is', null);
          return u.returning('users.id');
        })
        .selectFrom('saved')
        .select('saved.id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Deletes the user's address and uncounts it (in the caller's transaction); false when it is not theirs. */
    async remove(userId: number, id: number): Promise<boolean> {
      if (!db.isTransaction) throw new Error('addresses are removed inside a unit of work (uow.transaction)');
      const res = await db
        .deleteFrom('addresses')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) return false;
      await db
        .updateTable('users')
        .set((eb) => ({ address_count: eb('address_count', '-', 1) }))
        .where('id', '=', userId)
        .execute();
      return true;
    },

    /** The most recently changed address of the user, to become the default when the default is deleted. */
    async latestId(userId: number): Promise<number | null> {
      const row = await db
        .selectFrom('addresses')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },
  };
}

export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
export type AddressRow = NonNullable<Awaited<ReturnType<AddressesRepository['byId']>>>;
