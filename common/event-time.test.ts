import { describe, expect, it } from 'vitest';
import {
  addDays,
  eventInstants,
  eventLocalFields,
  formatTimeLabel,
  instantFromLocal,
  isTimeLabel,
  isTimeZoneId,
  isWireDate,
  isoDateFromWire,
  localDateOf,
  parseTimeLabel,
  parseWireDate,
  TIME_SLOTS,
  TIME_ZONE_IDS,
  TIME_ZONE_LABELS,
  TIME_ZONES,
  timeOptions,
  weekdayOf,
  wireDateFromIso,
  zonedTimeToInstant,
} from './event-time.ts';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('time zones (CONST-15, AMB-32)', () => {
  it('has the eight ids in order with the Rails labels and an IANA zone each', () => {
    expect(TIME_ZONE_IDS).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(TIME_ZONE_IDS.map((id) => TIME_ZONE_LABELS[id])).toEqual([
      'Eastern Time (US & Canada)',
      'Central Time (US & Canada)',
      'Mountain Time (US & Canada)',
      'Pacific Time (US & Canada)',
      'Alaska',
      'Arizona',
      'Hawaii',
      'Indiana (East)',
    ]);
    for (const id of TIME_ZONE_IDS) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONES[id] })).not.toThrow();
    }
  });

  it('knows its ids and nothing else', () => {
    expect(TIME_ZONE_IDS.every(isTimeZoneId)).toBe(true);
    for (const n of [0, 9, 1.5, -1, Number.NaN, '1', null]) expect(isTimeZoneId(n)).toBe(false);
    expect(() => instantFromLocal('05/10/2026', '1:00pm', 9)).toThrow(/time zone/);
  });
});

describe('dates and time labels (EVF-16, EVF-19)', () => {
  it('reads and writes MM/DD/YYYY, the app’s date format, and refuses dates that are not real', () => {
    expect(parseWireDate('05/10/2026')).toEqual({ year: 2026, month: 5, day: 10 });
    expect(parseWireDate('02/29/2028')).toEqual({ year: 2028, month: 2, day: 29 });
    for (const bad of ['02/29/2026', '13/01/2026', '00/10/2026', '5/10/2026', '2026-05-10', ''])
      expect(isWireDate(bad)).toBe(false);
    expect(wireDateFromIso('2026-05-10')).toBe('05/10/2026');
    expect(isoDateFromWire('05/10/2026')).toBe('2026-05-10');
  });

  it('reads years below 100 as written, as a date input gives them while a year is typed', () => {
    expect(parseWireDate('06/01/0002')).toEqual({ year: 2, month: 6, day: 1 });
    expect(isoDateFromWire('06/01/0020')).toBe('0020-06-01');
    expect(isWireDate('02/29/0004')).toBe(true);
    expect(isWireDate('02/29/0003')).toBe(false);
  });

  it('reads and writes time labels like 1:00pm', () => {
    expect(parseTimeLabel('12:00am')).toBe(0);
    expect(parseTimeLabel('12:30pm')).toBe(12 * 60 + 30);
    expect(parseTimeLabel('1:00pm')).toBe(13 * 60);
    expect(parseTimeLabel('11:30pm')).toBe(23 * 60 + 30);
    expect(parseTimeLabel('9:05AM')).toBe(9 * 60 + 5);
    for (const bad of ['13:00pm', '0:30am', '1:60pm', '1pm', '13:00', ''])
      expect(isTimeLabel(bad)).toBe(false);
    expect(formatTimeLabel(0)).toBe('12:00am');
    expect(formatTimeLabel(13 * 60 + 5)).toBe('1:05pm');
    expect(formatTimeLabel(24 * 60 + 30)).toBe('12:30am');
    expect(formatTimeLabel(-30)).toBe('11:30pm');
  });

  it('EVF-16, CONST-10: 48 time slots every 30 minutes from 12:00am to 11:30pm', () => {
    expect(TIME_SLOTS).toHaveLength(48);
    expect(TIME_SLOTS[0]).toBe('12:00am');
    expect(TIME_SLOTS[1]).toBe('12:30am');
    expect(TIME_SLOTS[24]).toBe('12:00pm');
    expect(TIME_SLOTS[26]).toBe('1:00pm');
    expect(TIME_SLOTS[47]).toBe('11:30pm');
    expect(TIME_SLOTS.map(parseTimeLabel)).toEqual(TIME_SLOTS.map((_, i) => i * 30));
  });

  it('EVF-20: the edit form’s time options hold the saved time, in order', () => {
    expect(timeOptions('1:30pm')).toBe(TIME_SLOTS);
    expect(timeOptions(null)).toBe(TIME_SLOTS);
    expect(timeOptions('nonsense')).toBe(TIME_SLOTS);
    const options = timeOptions('1:15PM');
    expect(options).toHaveLength(49);
    expect(options.slice(26, 29)).toEqual(['1:00pm', '1:15pm', '1:30pm']);
    expect(timeOptions('11:45pm').at(-1)).toBe('11:45pm');
  });

  it('does calendar arithmetic on ISO dates', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(weekdayOf('2025-06-15')).toBe(0);
  });
});

describe('wall-clock times in a zone', () => {
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

  it('EVF-19: reads the form’s date and time label in the event’s zone', () => {
    expect(instantFromLocal('05/10/2026', '1:00pm', 1)).toBe(at('2026-05-10T17:00:00Z'));
    expect(instantFromLocal('12/31/2026', '11:30pm', 4)).toBe(at('2027-01-01T07:30:00Z'));
    expect(() => instantFromLocal('02/30/2026', '1:00pm', 1)).toThrow(/date/);
    expect(() => instantFromLocal('05/10/2026', '13:00pm', 1)).toThrow(/time/);
  });
});

/**
 * 2026: clocks go forward at 2:00am on Sunday March 8 and back at 2:00am on Sunday November 1
 * in every US zone that keeps summer time; Arizona and Hawaii keep standard time.
 */
const ZONES: { id: number; standard: number; summer: boolean; abbr: [string, string] }[] = [
  { id: 1, standard: -5, summer: true, abbr: ['EST', 'EDT'] },
  { id: 2, standard: -6, summer: true, abbr: ['CST', 'CDT'] },
  { id: 3, standard: -7, summer: true, abbr: ['MST', 'MDT'] },
  { id: 4, standard: -8, summer: true, abbr: ['PST', 'PDT'] },
  { id: 5, standard: -9, summer: true, abbr: ['AKST', 'AKDT'] },
  { id: 6, standard: -7, summer: false, abbr: ['MST', 'MST'] },
  { id: 7, standard: -10, summer: false, abbr: ['HST', 'HST'] },
  { id: 8, standard: -5, summer: true, abbr: ['EST', 'EDT'] },
];

/** The instant of a local wall time written as UTC, moved by a whole-hour offset. */
const utcOf = (localIso: string, offsetHours: number) => at(`${localIso}Z`) - offsetHours * HOUR;

describe.each(ZONES)(
  'zone $id across the 2026 daylight-saving changes',
  ({ id, standard, summer, abbr }) => {
    const daylight = summer ? standard + 1 : standard;

    it('uses standard time in winter and summer time in summer', () => {
      expect(instantFromLocal('01/15/2026', '7:30pm', id)).toBe(
        utcOf('2026-01-15T19:30', standard),
      );
      expect(instantFromLocal('07/15/2026', '7:30pm', id)).toBe(
        utcOf('2026-07-15T19:30', daylight),
      );
    });

    it('spring forward: the times either side of the change, and 2:30am, which the clocks skip', () => {
      expect(instantFromLocal('03/08/2026', '1:30am', id)).toBe(
        utcOf('2026-03-08T01:30', standard),
      );
      expect(instantFromLocal('03/08/2026', '3:00am', id)).toBe(
        utcOf('2026-03-08T03:00', daylight),
      );
      // Skipped: read with the offset before the change, so 2:30am is 3:30am summer time.
      const skipped = instantFromLocal('03/08/2026', '2:30am', id);
      expect(skipped).toBe(utcOf('2026-03-08T02:30', standard));
      expect(eventLocalFields(skipped, null, id).local_start_time).toBe(
        summer ? '3:30am' : '2:30am',
      );
    });

    it('fall back: 1:30am, which the clocks pass twice, is its first occurrence (D29)', () => {
      const first = instantFromLocal('11/01/2026', '1:30am', id);
      expect(first).toBe(utcOf('2026-11-01T01:30', daylight));
      const fields = eventLocalFields(first, first + HOUR, id);
      expect(fields.local_start_time).toBe('1:30am');
      expect(fields.local_start_date).toBe('11/01/2026');
      // The hour after it reads 1:30am again (standard time) where the clocks go back.
      expect(fields.end_time_string).toBe(summer ? '1:30am' : '2:30am');
      expect(fields.local_start_date_time_with_duration).toBe(
        summer
          ? `Sunday, November 1, 2026 1:30am ${abbr[1]} - 1:30am ${abbr[0]}`
          : `Sunday, November 1, 2026 1:30am - 2:30am ${abbr[0]}`,
      );
      expect(instantFromLocal('11/01/2026', '2:00am', id)).toBe(
        utcOf('2026-11-01T02:00', standard),
      );
    });

    it('round trips every time slot of both change days, never losing or doubling a time', () => {
      for (const date of ['03/08/2026', '11/01/2026', '06/20/2026', '12/20/2026']) {
        let previous = -Infinity;
        for (const slot of TIME_SLOTS) {
          const instant = instantFromLocal(date, slot, id);
          const back = eventLocalFields(instant, null, id);
          const skipped = summer && date === '03/08/2026' && /^2:\d\dam$/.test(slot);
          if (skipped) {
            // A skipped time is the same time an hour later, on summer time.
            expect(back.start_date_string).toBe(date);
            expect(back.start_time_string).toBe(formatTimeLabel((parseTimeLabel(slot) ?? 0) + 60));
            continue;
          }
          // Every time that exists names one instant, later than the slot before it.
          expect(instant).toBeGreaterThan(previous);
          previous = instant;
          expect(back.start_date_string).toBe(date);
          expect(back.start_time_string).toBe(slot);
          expect(instantFromLocal(back.start_date_string, back.start_time_string, id)).toBe(
            instant,
          );
        }
      }
    });

    it('round trips every half hour of the two change days, instant → local → instant', () => {
      for (const day of ['2026-03-08', '2026-11-01']) {
        const from = at(`${day}T00:00:00Z`);
        for (let instant = from; instant < from + 48 * HOUR; instant += HOUR / 2) {
          const local = eventLocalFields(instant, null, id);
          const again = instantFromLocal(local.start_date_string, local.start_time_string, id);
          // The second pass through a fall-back hour reads as its first occurrence, an hour before.
          expect([instant, instant - HOUR]).toContain(again);
          if (again !== instant) {
            expect(summer).toBe(true);
            expect(eventLocalFields(again, null, id).start_time_string).toBe(
              local.start_time_string,
            );
          }
        }
      }
    });
  },
);

describe('eventLocalFields (§3 Calendar event)', () => {
  it('reads an hour with an offset change inside it exactly (Honolulu left local mean time at 12:00 in 1896)', () => {
    // The 2026 changes fall on whole UTC hours; this one, at 22:31:26Z, does not.
    expect(eventLocalFields(at('1896-01-13T22:00:00Z'), null, 7).local_start_time).toBe('11:28am');
    expect(eventLocalFields(at('1896-01-13T22:31:00Z'), null, 7).local_start_time).toBe('11:59am');
    expect(eventLocalFields(at('1896-01-13T22:32:00Z'), null, 7).local_start_time).toBe('12:02pm');
    expect(eventLocalFields(at('1896-01-13T22:59:00Z'), null, 7).local_start_time).toBe('12:29pm');
  });

  it('computes the answer’s local fields in the event’s zone', () => {
    const start = instantFromLocal('05/16/2026', '7:00pm', 1);
    expect(eventLocalFields(start, start + 2.5 * HOUR, 1)).toEqual({
      local_start_date: '05/16/2026',
      local_start_time: '7:00pm',
      local_start_date_time_with_duration: 'Saturday, May 16, 2026 7:00pm - 9:30pm EDT',
      start_date_string: '05/16/2026',
      start_time_string: '7:00pm',
      end_date_string: '05/16/2026',
      end_time_string: '9:30pm',
    });
  });

  it('names the same instant on its own day in each zone', () => {
    const instant = at('2026-05-17T03:00:00Z');
    expect(eventLocalFields(instant, null, 1).local_start_date).toBe('05/16/2026');
    expect(eventLocalFields(instant, null, 1).local_start_time).toBe('11:00pm');
    expect(eventLocalFields(instant, null, 7).local_start_time).toBe('5:00pm');
  });

  it('writes the end day when the event ends on another day', () => {
    const start = instantFromLocal('12/31/2026', '9:00pm', 7);
    const fields = eventLocalFields(start, start + 5 * HOUR, 7);
    expect(fields.end_date_string).toBe('01/01/2027');
    expect(fields.end_time_string).toBe('2:00am');
    expect(fields.local_start_date_time_with_duration).toBe(
      'Thursday, December 31, 2026 9:00pm - Friday, January 1, 2027 2:00am HST',
    );
  });

  it('AMB-40: an event without an end has no end fields', () => {
    const start = instantFromLocal('05/16/2026', '7:00pm', 6);
    const fields = eventLocalFields(start, null, 6);
    expect(fields.end_date_string).toBeNull();
    expect(fields.end_time_string).toBeNull();
    expect(fields.local_start_date_time_with_duration).toBe('Saturday, May 16, 2026 7:00pm MST');
  });
});

describe('eventInstants (§7 create and update, VAL-27, AMB-40)', () => {
  const body = (
    start_date_string: string,
    start_time_string: string,
    end_date_string: string | null = null,
    end_time_string: string | null = null,
  ) => ({ start_date_string, start_time_string, end_date_string, end_time_string });

  it('reads the start and end in the event’s zone', () => {
    expect(eventInstants(body('05/16/2026', '7:00pm', '05/16/2026', '9:30pm'), 3)).toEqual({
      ok: true,
      startAt: at('2026-05-17T01:00:00Z'),
      endAt: at('2026-05-17T03:30:00Z'),
    });
  });

  it('VAL-27: start date and time are required and must be a date and a time label', () => {
    expect(eventInstants(body('', ' '), 1)).toEqual({
      ok: false,
      errors: { start_date_string: 'blank', start_time_string: 'blank' },
    });
    expect(eventInstants(body('2026-05-16', '19:00', '13/01/2026', 'noon'), 1)).toEqual({
      ok: false,
      errors: {
        start_date_string: 'invalid',
        start_time_string: 'invalid',
        end_date_string: 'invalid',
        end_time_string: 'invalid',
      },
    });
  });

  it('AMB-40: the end is optional; an end time alone ends on the start date', () => {
    expect(eventInstants(body('05/16/2026', '7:00pm'), 1)).toEqual({
      ok: true,
      startAt: at('2026-05-16T23:00:00Z'),
      endAt: null,
    });
    expect(eventInstants(body('05/16/2026', '7:00pm', '', ''), 1)).toMatchObject({ endAt: null });
    expect(eventInstants(body('05/16/2026', '7:00pm', null, '8:00pm'), 1)).toMatchObject({
      endAt: at('2026-05-17T00:00:00Z'),
    });
  });

  it('AMB-40, CONST-09: an end date alone ends at the start time plus the default hour', () => {
    expect(eventInstants(body('05/16/2026', '7:00pm', '05/18/2026'), 1)).toMatchObject({
      endAt: at('2026-05-19T00:00:00Z'),
    });
    expect(eventInstants(body('05/16/2026', '11:30pm', '05/16/2026'), 1)).toMatchObject({
      endAt: at('2026-05-17T04:30:00Z'),
    });
  });

  it('AMB-40: an end before the start refuses both end fields; an equal end is allowed', () => {
    const refused = {
      ok: false,
      errors: { end_date_string: 'before_start', end_time_string: 'before_start' },
    };
    expect(eventInstants(body('05/16/2026', '7:00pm', '05/15/2026', '9:00pm'), 1)).toEqual(refused);
    expect(eventInstants(body('05/16/2026', '7:00pm', '05/16/2026', '6:30pm'), 1)).toEqual(refused);
    expect(eventInstants(body('05/16/2026', '7:00pm', '05/16/2026', '7:00pm'), 1)).toMatchObject({
      ok: true,
    });
  });

  it('reads a daylight-saving night as its wall clock: 12:30am to 1:30am on the fall-back night is one hour', () => {
    const result = eventInstants(body('11/01/2026', '12:30am', '11/01/2026', '1:30am'), 4);
    // 1:30am is its first occurrence, so the event is one hour, not two.
    expect(result).toEqual({
      ok: true,
      startAt: at('2026-11-01T07:30:00Z'),
      endAt: at('2026-11-01T08:30:00Z'),
    });
    // And 1:00am to 3:00am on the spring-forward night is one hour too.
    expect(eventInstants(body('03/08/2026', '1:00am', '03/08/2026', '3:00am'), 4)).toEqual({
      ok: true,
      startAt: at('2026-03-08T09:00:00Z'),
      endAt: at('2026-03-08T10:00:00Z'),
    });
  });
});
