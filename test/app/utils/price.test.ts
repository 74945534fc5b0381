import { formatPrice } from '../../../src/utils/price';

describe('formatPrice (fen -> display)', () => {
  it.each([
    [1200, '¥12'],
    [1250, '¥12.5'],
    [1205, '¥12.05'],
    [1299, '¥12.99'],
    [0, '¥0'],
    [5, '¥0.05'],
    [50, '¥0.5'],
    [100, '¥1'],
    [123456700, '¥1234567'],
  ])('%p fen -> %s', (fen, shown) => {
    expect(formatPrice(fen)).toBe(shown);
  });

  it('puts the sign before the symbol for negative amounts (discounts)', () => {
    expect(formatPrice(-1250)).toBe('-¥12.5');
    expect(formatPrice(-1200)).toBe('-¥12');
    expect(formatPrice(-5)).toBe('-¥0.05');
  });

  it('rounds a non-integer amount to the nearest fen', () => {
    expect(formatPrice(1234.4)).toBe('¥12.34');
    expect(formatPrice(1234.5)).toBe('¥12.35');
    expect(formatPrice(1299.6)).toBe('¥13');
    expect(formatPrice(-1234.5)).toBe('-¥12.35');
  });

  it('shows no minus sign for an amount that rounds to zero', () => {
    expect(formatPrice(-0.4)).toBe('¥0');
    expect(formatPrice(-0)).toBe('¥0');
  });

  it('shows ¥0 for something that is not a number', () => {
    expect(formatPrice(NaN)).toBe('¥0');
    expect(formatPrice(Infinity)).toBe('¥0');
  });

  it('takes another symbol', () => {
    expect(formatPrice(1250, 'RMB ')).toBe('RMB 12.5');
  });
});
