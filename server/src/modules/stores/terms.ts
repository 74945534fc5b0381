import type { OrderMode } from '../../../../types/api/checkout';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../types/catalogue';
import type { HoursWindow, ManualClosure } from './hours';

/** The columns saying which payment methods a restaurant accepts (1 accepted, 0 not). */
export interface PaymentFlags {
  pay_wechat: number;
  pay_alipay: number;
  pay_cod: number;
  pay_balance: number;
}

/** The payment methods a restaurant accepts, in the contract's order (types/catalogue.ts PAYMENT_METHODS). */
export function acceptedPaymentMethods(row: PaymentFlags): PaymentMethod[] {
  const accepted: Record<PaymentMethod, number> = {
    wechat: row.pay_wechat,
    alipay: row.pay_alipay,
    cod: row.pay_cod,
    balance: row.pay_balance,
  };
  return PAYMENT_METHODS.filter((m) => accepted[m] === 1);
}

/** What a restaurant offers an order, read fresh from the database (never from the read cache): the quote's input. */
export interface RestaurantTerms {
  id: number;
  /** Where it is: the scope of city and area promotions. */
  city_id: number;
  area_id: number;
  name_cn: string;
  name_en: string;
  lat: number;
  lng: number;
  delivery_radius_m: number;
  min_order_fen: number;
  delivery_fee_fen: number;
  prep_minutes: number;
  /** Delivery and/or collection. */
  modes: OrderMode[];
  payment_methods: PaymentMethod[];
  hours: HoursWindow[];
  closure: ManualClosure;
  /** Busy mode: no new orders until then (epoch ms); null when not busy. */
  busy_until: number | null;
}

/** The restaurant row's columns the terms are made from: the plain ones as the terms have them, the flags as stored. */
type TermsRow = PaymentFlags &
  Pick<
    RestaurantTerms,
    | 'id'
    | 'city_id'
    | 'area_id'
    | 'name_cn'
    | 'name_en'
    | 'lat'
    | 'lng'
    | 'delivery_radius_m'
    | 'min_order_fen'
    | 'delivery_fee_fen'
    | 'prep_minutes'
  > & {
    delivery: number;
    collection: number;
    closed: number;
    resume_at: number | null;
    busy_until?: number | null;
  };

/** A restaurant's row and opening hours as terms (numbers as numbers: PostgreSQL may answer bigint as text). */
export function termsOf(row: TermsRow, hours: HoursWindow[]): RestaurantTerms {
  return {
    id: row.id,
    city_id: row.city_id,
    area_id: row.area_id,
    name_cn: row.name_cn,
    name_en: row.name_en,
    lat: Number(row.lat),
    lng: Number(row.lng),
    delivery_radius_m: row.delivery_radius_m,
    min_order_fen: Number(row.min_order_fen),
    delivery_fee_fen: Number(row.delivery_fee_fen),
    prep_minutes: row.prep_minutes,
    modes: [
      ...(row.delivery === 1 ? (['delivery'] as const) : []),
      ...(row.collection === 1 ? (['collection'] as const) : []),
    ],
    payment_methods: acceptedPaymentMethods(row),
    hours,
    closure: { closed: row.closed, resume_at: row.resume_at === null ? null : Number(row.resume_at) },
    busy_until: row.busy_until === null || row.busy_until === undefined ? null : Number(row.busy_until),
  };
}
