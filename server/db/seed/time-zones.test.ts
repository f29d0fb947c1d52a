import { describe, expect, it } from 'vitest';
import {
  addDays,
  localDateOf,
  nthWeekdayOfMonth,
  weekdayOf,
  zonedTimeToInstant,
} from './time-zones.ts';

const at = (iso: string) => Date.parse(iso);

describe('time zones', () => {
  it('places local wall-clock times at the right instant, with and without summer time', () => {
    // Eastern: EDT (UTC-4) in June, EST (UTC-5) in January.
    expect(zonedTimeToInstant('2025-06-10', 19 * 60 + 30, 1)).toBe(at('2025-06-10T23:30:00Z'));
    expect(zonedTimeToInstant('2025-01-14', 19 * 60 + 30, 1)).toBe(at('2025-01-15T00:30:00Z'));
    // Arizona keeps standard time all year; Hawaii is UTC-10; Alaska UTC-8 in summer.
    expect(zonedTimeToInstant('2025-06-10', 19 * 60, 6)).toBe(at('2025-06-11T02:00:00Z'));
    expect(zonedTimeToInstant('2025-06-10', 19 * 60, 7)).toBe(at('2025-06-11T05:00:00Z'));
    expect(zonedTimeToInstant('2025-06-10', 12 * 60, 5)).toBe(at('2025-06-10T20:00:00Z'));
    // Indiana (East) follows Eastern time.
    expect(zonedTimeToInstant('2025-11-20', 18 * 60, 8)).toBe(at('2025-11-20T23:00:00Z'));
  });

  it('gives the local date of an instant', () => {
    expect(localDateOf(at('2025-06-11T02:00:00Z'), 1)).toBe('2025-06-10');
    expect(localDateOf(at('2025-06-11T02:00:00Z'), 2)).toBe('2025-06-10');
    expect(localDateOf(at('2025-06-11T12:00:00Z'), 7)).toBe('2025-06-11');
  });

  it('does calendar arithmetic', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(weekdayOf('2025-06-15')).toBe(0);
    expect(nthWeekdayOfMonth(2025, 6, 2, 2)).toBe('2025-06-10');
    expect(nthWeekdayOfMonth(2025, 6, 2, 4)).toBe('2025-06-24');
    expect(nthWeekdayOfMonth(2025, 2, 6, 5)).toBeNull();
  });
});
