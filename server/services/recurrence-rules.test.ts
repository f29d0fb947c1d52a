import { describe, expect, it } from 'vitest';
import {
  alignedRule,
  countOf,
  dtstartLine,
  endingBefore,
  firstInstants,
  recurrenceOf,
  ruleInstants,
  rruleOf,
  withCount,
} from './recurrence-rules.ts';

/** A lodge in New York meeting on the 2nd Tuesday at 7:30pm, dark in July and August. */
const STATED = {
  rrule: 'FREQ=MONTHLY;BYDAY=2TU;BYMONTH=1,2,3,4,5,6,9,10,11,12',
  startDate: '2026-01-13',
  startMinutes: 19 * 60 + 30,
  timeZoneId: 1,
};

describe('a series rule as instants (D80)', () => {
  it('writes DTSTART in the zone by name', () => {
    expect(dtstartLine(STATED)).toBe('DTSTART;TZID=America/New_York:20260113T193000');
  });

  it('keeps 7:30pm on both sides of the change of clocks, and skips the dark months', () => {
    const instants = firstInstants(STATED, 8).map((at) => new Date(at).toISOString());
    expect(instants).toEqual([
      '2026-01-14T00:30:00.000Z',
      '2026-02-11T00:30:00.000Z',
      // Daylight time from March 8: 7:30pm is 23:30 UTC.
      '2026-03-10T23:30:00.000Z',
      '2026-04-14T23:30:00.000Z',
      '2026-05-12T23:30:00.000Z',
      '2026-06-09T23:30:00.000Z',
      '2026-09-08T23:30:00.000Z',
      '2026-10-13T23:30:00.000Z',
    ]);
  });

  it('answers the instants of a window, its start included and its end not', () => {
    const [, second, third] = firstInstants(STATED, 3);
    expect(ruleInstants(STATED, second ?? 0, third ?? 0)).toEqual([second]);
  });

  it('starts a rule on its own first meeting when the form starts on another day', () => {
    const inJuly = { ...STATED, startDate: '2026-07-01' };
    expect(alignedRule(inJuly)?.startDate).toBe('2026-09-08');
  });

  it('ends a rule before a meeting with UNTIL, and carries a count over', () => {
    const [, second] = firstInstants(STATED, 2);
    const ended = endingBefore(`${STATED.rrule};COUNT=10`, second ?? 0);
    expect(ended).toBe(`${STATED.rrule};UNTIL=20260211T002959Z`);
    expect(firstInstants({ ...STATED, rrule: ended }, 5)).toHaveLength(1);
    expect(countOf(withCount(`${STATED.rrule};COUNT=10`, 7))).toBe(7);
    expect(countOf(STATED.rrule)).toBeUndefined();
  });

  it('reads an on-date end back as the form wrote it', () => {
    const recurrence = {
      frequency: 'weekly' as const,
      interval: 1,
      skip_months: [],
      ends: { kind: 'on_date' as const, date: '03/31/2026' },
    };
    const rule = { ...STATED, rrule: rruleOf(recurrence, '2026-01-13', 1) };
    expect(recurrenceOf(rule)).toEqual({
      recurrence,
      description: 'Every Tuesday, until 03/31/2026',
    });
    // The last Tuesday of March is its last meeting.
    expect(firstInstants(rule, 100)).toHaveLength(12);
  });

  it('gives no instant for a rule that never meets, rather than failing', () => {
    const never = {
      ...STATED,
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2,4,6,9,11',
      startDate: '2030-01-31',
    };
    expect(firstInstants(never, 1)).toEqual([]);
    expect(alignedRule(never)).toBeUndefined();
  });
});
