/**
 * Providers that speak yuan (Alipay's `total_amount`, WeChat Pay's bills): converted from and to integer fen as text,
 * never through floating point (0.1 + 0.2 yuan must be 30 fen, not 30.000000000000004).
 */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not a whole number of fen: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12", "12.5", "12.50", "-0.01" -> fen; anything else (more than 2 decimals, exponents, spaces) -> null. */
export function yuanToFen(text: string): number | null {
  const m = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

/** WeChat Pay's `time_expire` and the like: RFC 3339 in China time (+08:00), to the second. */
export function chinaTime(ms: number): string {
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}
