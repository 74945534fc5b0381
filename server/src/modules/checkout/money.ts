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
 * One line of a quote's money after the goods, in the order applied: the delivery fee (a charge, amount >= 0) and a
 * voucher (a discount, amount <= 0). Promotions (first order free delivery, spend X save Y) come as further kinds of
 * line; the totals below add up whatever lines there are.
 */
export type PriceLine =
  { kind: 'delivery_fee'; amount_fen: number } | { kind: 'voucher'; amount_fen: number; voucher_id: number | null };

/** The delivery fee as a charge (never below zero). */
export const deliveryFeeLine = (feeFen: number): PriceLine => ({
  kind: 'delivery_fee',
  amount_fen: Math.max(0, feeFen),
});

/** A voucher's value as a discount: never below zero, never above the goods. */
export const voucherLine = (voucherFen: number, goodsFen: number, voucherId: number | null): PriceLine => ({
  kind: 'voucher',
  amount_fen: -Math.min(Math.max(0, voucherFen), goodsFen),
  voucher_id: voucherId,
});

/**
 * A quote's money from its goods and price lines: the fee is the charges, the discount the discounts, and total =
 * goods + fee - discount. With goods of unit prices that are never negative (types/menu-choice.ts), a fee never
 * below zero and a discount never above the goods, the total is never negative. Amounts are integer fen.
 */
export function totalsOf(goodsFen: number, lines: readonly PriceLine[]): Totals {
  let fee = 0;
  let discount = 0;
  for (const line of lines) {
    if (line.kind === 'delivery_fee') fee += line.amount_fen;
    else discount -= line.amount_fen;
  }
  return { goods_fen: goodsFen, delivery_fee_fen: fee, discount_fen: discount, total_fen: goodsFen + fee - discount };
}

/** The price lines of a fee and an applicable voucher's value (`null` for none). */
export const priceLines = (
  goodsFen: number,
  feeFen: number,
  voucherFen: number | null,
  voucherId: number | null = null,
) => [deliveryFeeLine(feeFen), ...(voucherFen === null ? [] : [voucherLine(voucherFen, goodsFen, voucherId)])];

/** A quote's money from goods, fee and an applicable voucher's value (`null` for none). */
export const quoteTotals = (goodsFen: number, feeFen: number, voucherFen: number | null): Totals =>
  totalsOf(goodsFen, priceLines(goodsFen, feeFen, voucherFen));
