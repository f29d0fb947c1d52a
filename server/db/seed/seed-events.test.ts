import { describe, expect, it } from 'vitest';
import { nthWeekdayOfMonth } from './seed-events.ts';

describe('meeting schedule', () => {
  it('finds the nth weekday of a month, or none when the month has no such day', () => {
    expect(nthWeekdayOfMonth(2025, 6, 2, 2)).toBe('2025-06-10');
    expect(nthWeekdayOfMonth(2025, 6, 2, 4)).toBe('2025-06-24');
    expect(nthWeekdayOfMonth(2025, 6, 0, 1)).toBe('2025-06-01');
    expect(nthWeekdayOfMonth(2025, 2, 6, 5)).toBeNull();
    expect(nthWeekdayOfMonth(2025, 12, 3, 5)).toBe('2025-12-31');
  });
});
