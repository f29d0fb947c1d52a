import { describe, expect, it } from 'vitest';
import { centsToDollars, formatCents, formatDollars } from './money.ts';

describe('money (CONST-34)', () => {
  it('shows a $ sign and two decimals: 50 -> $50.00, 12.5 -> $12.50', () => {
    expect(formatDollars(50)).toBe('$50.00');
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(1234)).toBe('$1,234.00');
  });

  it('turns integer cents into dollars without losing a cent', () => {
    expect(centsToDollars(1250)).toBe(12.5);
    expect(formatCents(5000)).toBe('$50.00');
    expect(formatCents(1)).toBe('$0.01');
    expect(formatCents(19999)).toBe('$199.99');
  });
});
