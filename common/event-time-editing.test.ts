import { describe, expect, it } from 'vitest';
import {
  changeEndDate,
  changeLodge,
  changeStartDate,
  changeStartTime,
  newEventDefaults,
} from './event-time-editing.ts';
import type { EventTimeValues } from './event-time-editing.ts';

const form = (
  start_date_string = '',
  start_time_string = '',
  end_date_string = '',
  end_time_string = '',
): EventTimeValues => ({ start_date_string, start_time_string, end_date_string, end_time_string });

describe('start date (§4 event date and time editing)', () => {
  it('EVF-10: with End Date empty, the end date becomes the start date', () => {
    expect(changeStartDate(form(), '05/10/2026')).toEqual(form('05/10/2026', '', '05/10/2026'));
    expect(changeStartDate(form('05/01/2026', '1:00pm', '', '2:00pm'), '05/10/2026')).toEqual(
      form('05/10/2026', '1:00pm', '05/10/2026', '2:00pm'),
    );
  });

  it('EVF-11: with End Date set, the end keeps its distance and shifts', () => {
    expect(changeStartDate(form('05/10/2026', '', '05/12/2026'), '05/20/2026')).toEqual(
      form('05/20/2026', '', '05/22/2026'),
    );
    // Earlier, and across a month and a year end.
    expect(
      changeStartDate(form('05/10/2026', '', '05/12/2026'), '05/01/2026').end_date_string,
    ).toBe('05/03/2026');
    expect(
      changeStartDate(form('12/30/2026', '', '12/31/2026'), '12/31/2026').end_date_string,
    ).toBe('01/01/2027');
    expect(
      changeStartDate(form('02/27/2028', '', '02/28/2028'), '02/28/2028').end_date_string,
    ).toBe('02/29/2028');
    // The times stay as they are.
    expect(
      changeStartDate(form('05/10/2026', '7:00pm', '05/10/2026', '9:00pm'), '05/11/2026'),
    ).toEqual(form('05/11/2026', '7:00pm', '05/11/2026', '9:00pm'));
  });

  it('EVF-11: with no earlier start to measure from, an end before the new start becomes it', () => {
    expect(changeStartDate(form('', '', '05/08/2026'), '05/10/2026').end_date_string).toBe(
      '05/10/2026',
    );
    expect(changeStartDate(form('', '', '05/12/2026'), '05/10/2026').end_date_string).toBe(
      '05/12/2026',
    );
  });

  it('leaves the end alone while the start date is cleared or half typed', () => {
    expect(changeStartDate(form('05/10/2026', '', '05/12/2026'), '')).toEqual(
      form('', '', '05/12/2026'),
    );
    expect(changeStartDate(form('05/10/2026', '', '05/12/2026'), '05/2').end_date_string).toBe(
      '05/12/2026',
    );
  });
});

describe('end date (§4 event date and time editing)', () => {
  it('EVF-12: an end date before the start moves the start to it', () => {
    expect(changeEndDate(form('05/10/2026', '', '05/10/2026'), '05/08/2026')).toEqual(
      form('05/08/2026', '', '05/08/2026'),
    );
  });

  it('EVF-12: an end date on or after the start leaves the start alone', () => {
    expect(changeEndDate(form('05/10/2026'), '05/10/2026')).toEqual(
      form('05/10/2026', '', '05/10/2026'),
    );
    expect(changeEndDate(form('05/10/2026'), '05/12/2026').start_date_string).toBe('05/10/2026');
    expect(changeEndDate(form('05/10/2026', '', '05/12/2026'), '')).toEqual(form('05/10/2026'));
  });
});

describe('start time (§4 event date and time editing)', () => {
  it('EVF-13: the end time shifts by the same duration', () => {
    expect(changeStartTime(form('05/10/2026', '1:00pm', '05/10/2026', '3:00pm'), '2:00pm')).toEqual(
      form('05/10/2026', '2:00pm', '05/10/2026', '4:00pm'),
    );
    expect(changeStartTime(form('', '1:00pm', '', '3:00pm'), '12:00pm')).toEqual(
      form('', '12:00pm', '', '2:00pm'),
    );
  });

  it('EVF-13: an event over several days keeps its whole length', () => {
    expect(
      changeStartTime(form('05/10/2026', '10:00pm', '05/11/2026', '1:00am'), '8:00pm'),
    ).toEqual(form('05/10/2026', '8:00pm', '05/10/2026', '11:00pm'));
    expect(
      changeStartTime(form('05/10/2026', '9:00am', '05/12/2026', '5:00pm'), '10:00am'),
    ).toEqual(form('05/10/2026', '10:00am', '05/12/2026', '6:00pm'));
  });

  it('EVF-14, CONST-09: with no end time the end is one hour after the start', () => {
    expect(changeStartTime(form(), '1:00pm')).toEqual(form('', '1:00pm', '', '2:00pm'));
    expect(changeStartTime(form('05/10/2026', '', '05/10/2026'), '1:00pm')).toEqual(
      form('05/10/2026', '1:00pm', '05/10/2026', '2:00pm'),
    );
    // No earlier start time to measure from: the default hour too.
    expect(changeStartTime(form('', '', '', '5:00pm'), '1:00pm').end_time_string).toBe('2:00pm');
  });

  it('EVF-15: the end time wraps at 24 hours, and the end date follows it past midnight', () => {
    expect(
      changeStartTime(form('05/10/2026', '10:30pm', '05/10/2026', '11:30pm'), '11:30pm'),
    ).toEqual(form('05/10/2026', '11:30pm', '05/11/2026', '12:30am'));
    expect(changeStartTime(form('', '', '', ''), '11:30pm').end_time_string).toBe('12:30am');
    expect(changeStartTime(form('05/10/2026'), '11:30pm')).toEqual(
      form('05/10/2026', '11:30pm', '05/11/2026', '12:30am'),
    );
    // And back again when the start moves earlier.
    expect(
      changeStartTime(form('05/10/2026', '11:30pm', '05/11/2026', '12:30am'), '9:00pm'),
    ).toEqual(form('05/10/2026', '9:00pm', '05/10/2026', '10:00pm'));
  });

  it('EVF-15: an end before the start shifts on a 24-hour clock', () => {
    expect(changeStartTime(form('05/10/2026', '3:00pm', '05/10/2026', '1:00pm'), '4:00pm')).toEqual(
      form('05/10/2026', '4:00pm', '05/11/2026', '2:00pm'),
    );
  });

  it('leaves the end alone while the start time is cleared', () => {
    expect(changeStartTime(form('05/10/2026', '1:00pm', '05/10/2026', '3:00pm'), '')).toEqual(
      form('05/10/2026', '', '05/10/2026', '3:00pm'),
    );
  });
});

describe('new event defaults (§9, AMB-08)', () => {
  const l2 = { id: 12, full_address: '1 Main St, Springfield, IL', time_zone_id: 2 };
  const l3 = { id: 13, full_address: '9 Oak Ave, Honolulu, HI', time_zone_id: 7 };

  it('EVF-05..EVF-09, CONST-16, CONST-17: the first webmaster lodge, its address and zone, PUBLIC, comments on', () => {
    expect(newEventDefaults([l2, l3])).toEqual({
      club_id: 12,
      location: '1 Main St, Springfield, IL',
      time_zone_id: 2,
      access: 'PUBLIC',
      allows_comments: true,
      start_date_string: '',
      start_time_string: '',
      end_date_string: '',
      end_time_string: '',
    });
  });

  it('EVF-07, AMB-08: a lodge with no time zone gives zone 1', () => {
    expect(newEventDefaults([{ id: 1, full_address: null, time_zone_id: null }])).toMatchObject({
      location: '',
      time_zone_id: 1,
    });
    expect(newEventDefaults([{ ...l2, time_zone_id: 42 }]).time_zone_id).toBe(1);
    expect(newEventDefaults([])).toMatchObject({ club_id: null, time_zone_id: 1 });
  });

  it('AMB-08: another Post As lodge re-defaults Location and Time Zone unless edited by hand', () => {
    const values = newEventDefaults([l2, l3]);
    expect(changeLodge(values, l3, { location: false, time_zone_id: false })).toMatchObject({
      club_id: 13,
      location: '9 Oak Ave, Honolulu, HI',
      time_zone_id: 7,
    });
    const edited = { ...values, location: 'The park', time_zone_id: 4 };
    expect(changeLodge(edited, l3, { location: true, time_zone_id: false })).toMatchObject({
      club_id: 13,
      location: 'The park',
      time_zone_id: 7,
    });
    expect(changeLodge(edited, l3, { location: false, time_zone_id: true })).toMatchObject({
      location: '9 Oak Ave, Honolulu, HI',
      time_zone_id: 4,
    });
  });
});
