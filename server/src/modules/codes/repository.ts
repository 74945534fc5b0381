import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The only SQL of the codes module: whether the restaurant a code opens exists. */
export function createCodesRepository(db: Kysely<Database>) {
  return {
    async restaurantExists(id: number): Promise<boolean> {
      const row = await db.selectFrom('restaurants').select('id').where('id', '=', id).executeTakeFirst();
      return !!row;
    },
  };
}

export type CodesRepository = ReturnType<typeof createCodesRepository>;
