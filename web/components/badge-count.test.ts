import { describe, expect, it } from 'vitest';
import { badgeText, isWideBadge } from './badge-count.ts';

describe('badge count (NAV-04..06, AMB-25)', () => {
  it.each([
    [null, null],
    [0, null],
    [-1, null],
    [1, '1'],
    [9, '9'],
    [10, '10'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
  ])('%s shows %s', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });

  it('is the wider pill above 9 only', () => {
    expect(isWideBadge(null)).toBe(false);
    expect(isWideBadge(9)).toBe(false);
    expect(isWideBadge(10)).toBe(true);
    expect(isWideBadge(150)).toBe(true);
  });
});
