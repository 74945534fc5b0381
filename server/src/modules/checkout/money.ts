/** ¥ and the amount in yuan, without a decimal part made only of zeros (¥12, ¥12.5), as the app shows it. */
export function yuan(fen: number): string {
  const text = (fen / 100).toFixed(2).replace(/\.?0+$/, '');
  return `¥${text}`;
}

/** The goods of a quote: the sum of the lines that can be ordered (each priced as the menu is now). */
export function goodsOf(lines: ReadonlyArray<{ orderable: boolean; out: { line_total_fen: number } }>): number {
  return lines.filter((l) => l.orderable).reduce((n, l) => n + l.out.line_total_fen, 0);
}

export interface Totals {
  goods_fen: number;
  delivery_fee_fen: number;
  discount_fen: number;
  total_fen: number;
}

/**
 * A quote's money: total = goods + fee - discount, where the discount (an applicable voucher's value, `null` for
 * none) is never below zero nor above the goods, so with goods of unit prices that are never negative
 * (types/menu-choice.ts) and a fee never below zero, the total is never negative. Amounts are integer fen.
 */
export function quoteTotals(goodsFen: number, feeFen: number, voucherFen: number | null): Totals {
  const fee = Math.max(0, feeFen);
  const discount = voucherFen === null ? 0 : Math.min(Math.max(0, voucherFen), goodsFen);
  return { goods_fen: goodsFen, delivery_fee_fen: fee, discount_fen: discount, total_fen: goodsFen + fee - discount };
}
