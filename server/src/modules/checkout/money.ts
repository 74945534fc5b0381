/** ¥ and the amount in yuan, without a decimal part made only of zeros (¥12, ¥12.5), as the app shows it. */
export function yuan(fen: number): string {
  const text = (fen / 100).toFixed(2).replace(/\.?0+$/, '');
  return `¥${text}`;
}
