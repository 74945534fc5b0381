import type { PromotionKind } from '../../../../types/catalogue';

/** ¥ and the amount in yuan, without a decimal part made only of zeros (¥12, ¥12.5), as the app shows it. */
export function yuan(fen: number): string {
  const text = (fen / 100).toFixed(2).replace(/\.?0+$/, '');
  return `¥${text}`;
}

export interface Totals {
  goods_fen: number;
  delivery_fee_fen: number;
  discount_fen: number;
  total_fen: number;
}

/**
 * One line of a quote's money after the goods, in the order applied: the delivery fee (a charge, amount >= 0), then
 * promotions (first order free delivery waives the fee; spend X save Y takes from the goods) and a voucher (takes
 * from the goods), each a discount (amount <= 0). The totals below add up whatever lines there are: a line `on` the
 * fee moves the delivery fee, one on the goods the discount.
 */
export type PriceLine =
  | { kind: 'delivery_fee'; amount_fen: number }
  | {
      kind: 'promotion';
      amount_fen: number;
      on: 'fee' | 'goods';
      promotion: PromotionRule;
    }
  | { kind: 'voucher'; amount_fen: number; voucher_id: number | null };

/** A running promotion as the quote applies it (catalogue's promotions table; banners never reach the quote). */
export interface PromotionRule {
  id: number;
  kind: Exclude<PromotionKind, 'banner'>;
  title_cn: string;
  title_en: string;
  /** spend_save: the goods it needs and what they save. */
  min_goods_fen: number;
  save_fen: number;
  sort: number;
}

/** The delivery fee as a charge (never below zero). */
export const deliveryFeeLine = (feeFen: number): PriceLine => ({
  kind: 'delivery_fee',
  amount_fen: Math.max(0, feeFen),
});

/** A voucher's value as a discount: never below zero, never above the goods left. */
export const voucherLine = (voucherFen: number, goodsFen: number, voucherId: number | null): PriceLine => ({
  kind: 'voucher',
  amount_fen: -Math.min(Math.max(0, voucherFen), Math.max(0, goodsFen)),
  voucher_id: voucherId,
});

/**
 * A quote's money from its goods and price lines: the fee is the charges less what waives them, the discount what
 * takes from the goods, and total = goods + fee - discount. With goods of unit prices that are never negative
 * (types/menu-choice.ts), a fee never below zero and discounts never above what they take from, the total is never
 * negative. Amounts are integer fen.
 */
export function totalsOf(goodsFen: number, lines: readonly PriceLine[]): Totals {
  let fee = 0;
  let discount = 0;
  for (const line of lines) {
    if (line.kind === 'delivery_fee' || (line.kind === 'promotion' && line.on === 'fee')) fee += line.amount_fen;
    else discount -= line.amount_fen;
  }
  return { goods_fen: goodsFen, delivery_fee_fen: fee, discount_fen: discount, total_fen: goodsFen + fee - discount };
}

/** What the pricing rules are given besides the goods: the fee, the promotions that apply, a voucher's value. */
export interface PriceTerms {
  feeFen: number;
  /** The first order of a customer (no earlier order that stands): a first-order promotion applies. */
  firstOrder?: boolean;
  promotions?: readonly PromotionRule[];
  voucherFen?: number | null;
  voucherId?: number | null;
}

/**
 * The price lines of an order (the pricing rules): the fee; a first-order promotion waives it all (the first order
 * that stands, with a fee to waive); of the spend-save promotions whose minimum the goods reach, the one saving most
 * (then the first by sort and id) takes its saving from the goods; then the voucher, from the goods left.
 */
export function priceLines(goodsFen: number, terms: PriceTerms): PriceLine[] {
  const fee = Math.max(0, terms.feeFen);
  const lines: PriceLine[] = [deliveryFeeLine(fee)];
  const promotions = [...(terms.promotions ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const freeDelivery = promotions.find((p) => p.kind === 'first_order_free_delivery');
  if (freeDelivery && terms.firstOrder && fee > 0) {
    lines.push({ kind: 'promotion', amount_fen: -fee, on: 'fee', promotion: freeDelivery });
  }
  let left = Math.max(0, goodsFen);
  const spend = promotions
    .filter((p) => p.kind === 'spend_save' && p.save_fen > 0 && goodsFen >= p.min_goods_fen)
    .reduce<PromotionRule | undefined>((best, p) => (!best || p.save_fen > best.save_fen ? p : best), undefined);
  if (spend && left > 0) {
    const save = Math.min(spend.save_fen, left);
    lines.push({ kind: 'promotion', amount_fen: -save, on: 'goods', promotion: spend });
    left -= save;
  }
  if (terms.voucherFen !== undefined && terms.voucherFen !== null) {
    lines.push(voucherLine(terms.voucherFen, left, terms.voucherId ?? null));
  }
  return lines;
}

/** The delivery fee a customer pays, and the promotion that waives it (null when none does). */
export interface DeliveryFee {
  fee_fen: number;
  waived_by: PromotionRule | null;
}

/**
 * The delivery fee an order of these goods would pay under these terms, by the pricing rules above (priceLines): the
 * restaurant's fee, or 0 with the promotion that waives it (first order free delivery). The cart shows it (cartlist),
 * so what it says is what the quote will charge.
 */
export function deliveryFeeOf(goodsFen: number, terms: Omit<PriceTerms, 'voucherFen' | 'voucherId'>): DeliveryFee {
  const lines = priceLines(goodsFen, terms);
  const waiver = lines.find((l) => l.kind === 'promotion' && l.on === 'fee');
  return {
    fee_fen: totalsOf(goodsFen, lines).delivery_fee_fen,
    waived_by: waiver?.kind === 'promotion' ? waiver.promotion : null,
  };
}

/** A quote's money from goods, fee and an applicable voucher's value (`null` for none), without promotions. */
export const quoteTotals = (goodsFen: number, feeFen: number, voucherFen: number | null): Totals =>
  totalsOf(goodsFen, priceLines(goodsFen, { feeFen, voucherFen }));

/** The first-order promotion is among the lines. */
export const takesFirstOrder = (lines: readonly PriceLine[]) =>
  lines.some((l) => l.kind === 'promotion' && l.promotion.kind === 'first_order_free_delivery');
