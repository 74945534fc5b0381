/**
 * Formats fen for display: ¥12 (a decimal part made only of zeros is dropped, spec §5), ¥12.5, ¥12.05.
 * Money stays in integer fen everywhere else (DESIGN.md §3).
 */
export function formatPrice(fen: number, symbol = '¥'): string {
  if (!Number.isFinite(fen)) return `${symbol}0`;
  const abs = Math.round(Math.abs(fen));
  // An amount that rounds to nothing shows as ¥0, not -¥0.
  const negative = fen < 0 && abs > 0;
  const yuan = Math.floor(abs / 100);
  const cents = abs % 100;
  const decimals = cents === 0 ? '' : `.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
  return `${negative ? '-' : ''}${symbol}${yuan}${decimals}`;
}
