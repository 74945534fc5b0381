import type { Kysely } from 'kysely';

const OLD = { name_cn: '新人优惠券：满 ¥30 减 ¥10', name_en: 'Welcome voucher: ¥10 off ¥30' };
const NEW = { name_cn: '新人优惠券', name_en: 'Welcome voucher' };

/**
 * The welcome voucher is named, not described: its amount and minimum are shown beside the name by every screen
 * (the vouchers page, the checkout's picker), so "¥10 off ¥30" in the name said the same thing twice. Vouchers
 * already given under the old name get the new one (only those still carrying the old text).
 */
export function m0019WelcomeVoucherName() {
  const rename = (db: Kysely<unknown>, from: typeof OLD, to: typeof NEW) =>
    db
      .updateTable('vouchers' as never)
      .set(to as never)
      .where('code' as never, '=', 'welcome' as never)
      .where('name_cn' as never, '=', from.name_cn as never)
      .where('name_en' as never, '=', from.name_en as never)
      .execute();
  return {
    async up(db: Kysely<unknown>) {
      await rename(db, OLD, NEW);
    },
    async down(db: Kysely<unknown>) {
      await rename(db, NEW, OLD);
    },
  };
}
