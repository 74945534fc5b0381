import type { Transaction } from 'kysely';
import type { Database } from '../schema';

/** The demo customer, so a fresh start can log in at once (README): demo@szeat.cn / szeat-demo-8. */
export const DEMO_USER = {
  email: 'demo@szeat.cn',
  password: 'szeat-demo-8',
  phone: '13800138000',
  name: '演示用户 Demo',
} as const;

/** argon2id of DEMO_USER.password with the default cost (precomputed: seeding stays fast). */
const DEMO_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,p=1,t=2$LSOey2FnBpM+Y98YgFQFbQ$cit2m+3veFuirA6Zq5MCq5CWlJ9okvcr1epELTmJAtE';

/** Fixed time so the seed is the same on every machine. */
const CREATED = Date.UTC(2026, 8, 1, 2, 0, 0);

/** The demo customer with a default address in the first seeded building (when places are seeded). */
export async function seedAccounts(trx: Transaction<Database>): Promise<void> {
  const user = await trx
    .insertInto('users')
    .values({
      name: DEMO_USER.name,
      nickname: DEMO_USER.name,
      email: DEMO_USER.email,
      phone: DEMO_USER.phone,
      password_hash: DEMO_PASSWORD_HASH,
      language: 'cn',
      default_address_id: null,
      created_at: CREATED,
      updated_at: CREATED,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const building = await trx
    .selectFrom('buildings')
    .select(['id', 'area_id', 'lat', 'lng'])
    .orderBy('area_id')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!building) return;
  const address = await trx
    .insertInto('addresses')
    .values({
      user_id: user.id,
      name: DEMO_USER.name,
      phone: DEMO_USER.phone,
      area_id: building.area_id,
      building_id: building.id,
      building_no: 'A',
      room_no: '1808',
      lat: building.lat,
      lng: building.lng,
      created_at: CREATED,
      updated_at: CREATED,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('users').set({ default_address_id: address.id }).where('id', '=', user.id).execute();
}
