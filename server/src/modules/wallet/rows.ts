import type { Selectable } from 'kysely';
import type { VouchersTable } from '../../db/schema';

/** A voucher as stored: its value, minimum goods, restaurant (null: any), validity and use. */
export type VoucherRow = Selectable<VouchersTable>;
