import { ADDRESSES_PER_USER_MAX } from '../../../types/constants';
import { createAddressesRepository } from '../modules/addresses/repository';
import { createWalletRepository } from '../modules/wallet/repository';
import { welcomeVoucher } from '../modules/wallet/welcome';
import type { Executor } from '../db/unit-of-work';

/** The demo customer, so a fresh start can log in at once (README): demo@szeat.cn / szeat-demo-8. */
export const DEMO_USER = {
  email: 'demo@szeat.cn',
  password: 'szeat-demo-8',
  phone: '13800138000',
  name: '演示用户 Demo',
} as const;

/**
 * The demo restaurant's accounts (README): its owner and a staff member open the console (/merchant) for
 * DEMO_RESTAURANT_ID, the restaurant the README's customer walk-through orders from.
 */
export const DEMO_RESTAURANT_ID = 9;
export const DEMO_MERCHANTS = [
  { email: 'owner@szeat.cn', phone: '13800138001', name: '演示店主 Owner', role: 'owner' },
  { email: 'staff@szeat.cn', phone: '13800138002', name: '演示店员 Staff', role: 'staff' },
] as const;
export const DEMO_MERCHANT_PASSWORD = 'szeat-staff-8';
/** argon2id of DEMO_MERCHANT_PASSWORD (default cost), one per account. */
const DEMO_MERCHANT_HASHES = [
  '$argon2id$v=19$m=19456,p=1,t=2$s18Lk9WGAiDvaELekUf1+A$ve5/cPVm7XdhAdQnNxfncu/vL0VW65LAcdaozCfb1Zs',
  '$argon2id$v=19$m=19456,p=1,t=2$8phxF5CBg1xKRMaslq3ZsA$Mo1FrflWfAQXaIfTOKfqQpNSu7n48fEu7D0r9UB/Nrg',
];

/** The demo restaurant's owner and staff member, with their memberships (when the restaurant is seeded). */
export async function seedMerchants(trx: Executor): Promise<void> {
  const restaurant = await trx
    .selectFrom('restaurants')
    .select('id')
    .where('id', '=', DEMO_RESTAURANT_ID)
    .executeTakeFirst();
  if (!restaurant) return;
  for (const [i, m] of DEMO_MERCHANTS.entries()) {
    const user = await trx
      .insertInto('users')
      .values({
        name: m.name,
        nickname: m.name,
        email: m.email,
        phone: m.phone,
        password_hash: DEMO_MERCHANT_HASHES[i]!,
        language: 'cn',
        default_address_id: null,
        created_at: CREATED,
        updated_at: CREATED,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('restaurant_members')
      .values({ restaurant_id: restaurant.id, user_id: user.id, role: m.role, created_at: CREATED })
      .execute();
  }
}

/** argon2id of DEMO_USER.password with the default cost (precomputed: seeding stays fast). */
const DEMO_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,p=1,t=2$LSOey2FnBpM+Y98YgFQFbQ$cit2m+3veFuirA6Zq5MCq5CWlJ9okvcr1epELTmJAtE';

/** Fixed time so the seed is the same on every machine. */
const CREATED = Date.UTC(2026, 8, 1, 2, 0, 0);

/** What the demo customer starts with in the wallet (¥100), credited through the ledger like any other move. */
export const DEMO_WALLET_FEN = 10000;

/** The demo customer with a wallet balance and a default address in the first seeded building (when places are seeded). */
export async function seedAccounts(trx: Executor): Promise<void> {
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
  await createWalletRepository(trx).credit(
    user.id,
    DEMO_WALLET_FEN,
    { reason: 'seed', refType: '', refId: '' },
    CREATED,
  );
  await seedVouchers(trx, user.id);
  const building = await trx
    .selectFrom('buildings')
    .select(['id', 'area_id', 'lat', 'lng'])
    .orderBy('area_id')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!building) return;
  const addressId = await createAddressesRepository(trx).insert(
    {
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
    },
    ADDRESSES_PER_USER_MAX,
  );
  await trx.updateTable('users').set({ default_address_id: addressId! }).where('id', '=', user.id).execute();
}

const UNTIL = Date.UTC(2030, 0, 1);

/** The demo customer's vouchers: the welcome one, one without minimum, one for restaurant 1, one used up. */
async function seedVouchers(trx: Executor, userId: number) {
  const vouchers = createWalletRepository(trx);
  const common = { user_id: userId, valid_from: CREATED, valid_until: UNTIL, created_at: CREATED };
  await vouchers.grantVoucher({ ...welcomeVoucher(userId, CREATED), valid_until: UNTIL });
  await vouchers.grantVoucher({
    ...common,
    code: 'demo-5',
    name_cn: '无门槛 ¥5 优惠券',
    name_en: '¥5 off, no minimum',
    discount_fen: 500,
    min_goods_fen: 0,
    restaurant_id: null,
  });
  await vouchers.grantVoucher({
    ...common,
    code: 'demo-r1-15',
    name_cn: '本店满 ¥60 减 ¥15',
    name_en: '¥15 off ¥60 at this restaurant',
    discount_fen: 1500,
    min_goods_fen: 6000,
    restaurant_id: 1,
  });
  await vouchers.grantVoucher({
    ...common,
    code: 'demo-expired',
    // Named as any voucher: the app shows it as expired by its date, never by its name.
    name_cn: '无门槛减 ¥8',
    name_en: '¥8 off, no minimum',
    discount_fen: 800,
    min_goods_fen: 0,
    restaurant_id: null,
    valid_until: CREATED + 24 * 60 * 60 * 1000,
  });
}
