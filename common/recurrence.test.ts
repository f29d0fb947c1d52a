import { describe, expect, it } from 'vitest';
import {
  describeRecurrence,
  fromRrule,
  recurrenceProblem,
  recurrenceSchema,
  toRrule,
  weekOfMonthOf,
  type Recurrence,
} from './recurrence.ts';

// 2026-01-13 is the 2nd Tuesday of January; 2026-01-27 the 4th and last.
const SECOND_TUESDAY = { year: 2026, month: 1, day: 13 };

function recurrence(fields: Partial<Recurrence> & Pick<Recurrence, 'frequency'>): Recurrence {
  return recurrenceSchema.parse(fields);
}

describe('recurrence rules (issue 25)', () => {
  it('writes the stated meeting of a lodge dark in summer, in RRULE and in words', () => {
    const stated = recurrence({ frequency: 'monthly_by_weekday', skip_months: [8, 7] });
    expect(toRrule(stated, SECOND_TUESDAY)).toBe(
      'FREQ=MONTHLY;BYDAY=2TU;BYMONTH=1,2,3,4,5,6,9,10,11,12',
    );
    expect(describeRecurrence(stated, SECOND_TUESDAY)).toBe(
      'Every 2nd Tuesday of the month, except July and August',
    );
  });

  it.each<[Partial<Recurrence> & Pick<Recurrence, 'frequency'>, string, string]>([
    [{ frequency: 'weekly' }, 'FREQ=WEEKLY;BYDAY=TU', 'Every Tuesday'],
    [
      { frequency: 'weekly', interval: 2 },
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
      'Every other Tuesday',
    ],
    [
      { frequency: 'weekly', interval: 3, ends: { kind: 'after_count', count: 10 } },
      'FREQ=WEEKLY;INTERVAL=3;BYDAY=TU;COUNT=10',
      'Every 3 weeks on Tuesday, 10 times',
    ],
    [
      { frequency: 'monthly_by_weekday', week_of_month: -1 },
      'FREQ=MONTHLY;BYDAY=-1TU',
      'Every last Tuesday of the month',
    ],
    [
      { frequency: 'monthly_by_weekday', interval: 3 },
      'FREQ=MONTHLY;INTERVAL=3;BYDAY=2TU',
      'The 2nd Tuesday of every 3rd month',
    ],
    [{ frequency: 'monthly_by_date' }, 'FREQ=MONTHLY;BYMONTHDAY=13', 'Every month on the 13th'],
    [
      { frequency: 'yearly', ends: { kind: 'after_count', count: 1 } },
      'FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=13;COUNT=1',
      'Every year on January 13, once',
    ],
  ])('%j is %s', (fields, rrule, words) => {
    const rule = recurrence(fields);
    expect(toRrule(rule, SECOND_TUESDAY)).toBe(rrule);
    expect(describeRecurrence(rule, SECOND_TUESDAY)).toBe(words);
    expect(fromRrule(rrule)).toEqual({
      ...rule,
      ...(rule.frequency === 'monthly_by_weekday'
        ? { week_of_month: rule.week_of_month ?? 2 }
        : {}),
    });
  });

  it('ends on a date as UNTIL in UTC and reads it back with the date the caller gives', () => {
    const rule = recurrence({ frequency: 'weekly', ends: { kind: 'on_date', date: '12/31/2026' } });
    const until = Date.UTC(2027, 0, 1, 4, 59, 59);
    const rrule = toRrule(rule, SECOND_TUESDAY, until);
    expect(rrule).toBe('FREQ=WEEKLY;BYDAY=TU;UNTIL=20270101T045959Z');
    expect(fromRrule(rrule, '12/31/2026')).toEqual(rule);
    expect(describeRecurrence(rule, SECOND_TUESDAY)).toBe('Every Tuesday, until 12/31/2026');
  });

  it('counts a fifth weekday as the last', () => {
    expect(weekOfMonthOf({ year: 2026, month: 3, day: 31 })).toBe(-1);
    expect(weekOfMonthOf({ year: 2026, month: 3, day: 24 })).toBe(4);
  });

  it('refuses what cannot be saved', () => {
    const everyMonth = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    expect(
      recurrenceProblem(recurrence({ frequency: 'yearly', skip_months: [7] }), SECOND_TUESDAY),
    ).toBe('yearly_skips_months');
    expect(
      recurrenceSchema.safeParse({ frequency: 'weekly', skip_months: [...everyMonth, 12] }).success,
    ).toBe(false);
    expect(
      recurrenceProblem(
        recurrence({ frequency: 'weekly', ends: { kind: 'on_date', date: '01/12/2026' } }),
        SECOND_TUESDAY,
      ),
    ).toBe('end_before_start');
    expect(
      recurrenceProblem(
        recurrence({ frequency: 'weekly', skip_months: everyMonth }),
        SECOND_TUESDAY,
      ),
    ).toBeNull();
    expect(fromRrule('FREQ=DAILY')).toBeNull();
  });
});
