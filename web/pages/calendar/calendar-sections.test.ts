import { describe, expect, it } from 'vitest';
import { testCalendarEvent } from '../../test/fixtures.ts';
import { calendarSections, dayHeading, isPastEvent, timeWithinDay } from './calendar-sections.ts';

describe('day sections (CAL-03, D31)', () => {
  it('gives events of one local_start_date one section, even when another day comes between', () => {
    // A Hawaii evening is later, by the clock, than an Eastern night past midnight.
    const readAt = Date.UTC(2026, 10, 24, 12);
    const events = [
      testCalendarEvent(1, { local_start_date: '11/24/2026' }),
      testCalendarEvent(2, { local_start_date: '11/25/2026' }),
      testCalendarEvent(3, { local_start_date: '11/24/2026', time_zone_id: 7 }),
    ];
    const { upcoming, past } = calendarSections(events, readAt);
    expect(upcoming.map((day) => [day.date, day.events.map((event) => event.id)])).toEqual([
      ['11/24/2026', [1, 3]],
      ['11/25/2026', [2]],
    ]);
    expect(past).toEqual([]);
  });

  it('calls an event past when its day is before the reading day in the event’s own zone', () => {
    // 03:00 UTC on 11/25 is still 11/24 in New York and 11/24 in Honolulu.
    const readAt = Date.UTC(2026, 10, 25, 3);
    const eastern = testCalendarEvent(1, { local_start_date: '11/24/2026', time_zone_id: 1 });
    const yesterday = testCalendarEvent(2, { local_start_date: '11/23/2026', time_zone_id: 7 });
    expect(isPastEvent(eastern, readAt)).toBe(false);
    expect(isPastEvent(yesterday, readAt)).toBe(true);
    // 06:00 UTC on 11/25 is 11/25 in New York: the 11/24 event is past there.
    expect(isPastEvent(eastern, Date.UTC(2026, 10, 25, 6))).toBe(true);
    const { upcoming, past } = calendarSections([eastern, yesterday], readAt);
    expect(upcoming.map((day) => day.date)).toEqual(['11/24/2026']);
    expect(past.map((day) => day.date)).toEqual(['11/23/2026']);
  });

  it('heads a day with its long date, led by Today or Tomorrow on the member’s own calendar', () => {
    expect(dayHeading('11/24/2026')).toBe('Tuesday, November 24, 2026');
    expect(dayHeading('11/24/2026', '2026-11-24')).toBe('Today, Tuesday, November 24, 2026');
    expect(dayHeading('11/25/2026', '2026-11-24')).toBe('Tomorrow, Wednesday, November 25, 2026');
    expect(dayHeading('11/26/2026', '2026-11-24')).toBe('Thursday, November 26, 2026');
    expect(dayHeading('12/31/2026', '2026-12-30')).toBe('Tomorrow, Thursday, December 31, 2026');
  });

  it('leaves out of a card’s time the day its heading says, but keeps another end day', () => {
    const date = '11/01/2026';
    const at = (when: string) =>
      timeWithinDay({ local_start_date: date, local_start_date_time_with_duration: when });
    expect(at('Sunday, November 1, 2026 7:00pm - 9:30pm EST')).toBe('7:00pm - 9:30pm EST');
    expect(at('Sunday, November 1, 2026 1:30am EDT - 1:30am EST')).toBe('1:30am EDT - 1:30am EST');
    expect(at('Sunday, November 1, 2026 10:00pm - Monday, November 2, 2026 6:00am EST')).toBe(
      '10:00pm - Monday, November 2, 2026 6:00am EST',
    );
    expect(at('Sometime soon')).toBe('Sometime soon');
  });
});
