import { describe, expect, it } from 'vitest';
import { TIME_ZONE_LABELS } from '../../../common/event-time.ts';
import { CANT_BE_BLANK, RECURRENCE_PROBLEMS } from '../../../common/messages.ts';
import {
  createCalendarEventRequestSchema,
  updateCalendarEventRequestSchema,
  type CalendarEventDetail,
} from '../../../common/schemas/calendar-event.ts';
import {
  createEventRequest,
  editEventValues,
  eventFormFieldOf,
  eventFormSchema,
  inputDateFromWire,
  newEventValues,
  TIME_ZONE_OPTIONS,
  updateEventRequest,
  wireDateFromInput,
  type EventFormValues,
} from './event-form-schema.ts';
import { NO_REPEAT } from './event-repeats.ts';

const values = (overrides: Partial<EventFormValues> = {}): EventFormValues => ({
  club_id: '12',
  name: 'Ladies Night',
  start_date_string: '05/16/2026',
  start_time_string: '7:00pm',
  end_date_string: '',
  end_time_string: '',
  time_zone_id: '1',
  recurrence: NO_REPEAT,
  location: '3937 River Rd, Westerville, OH 43081',
  new_description: '<p>Dinner and <strong>dancing</strong>.</p>',
  photos: [],
  access: 'PUBLIC',
  allows_comments: true,
  ...overrides,
});

function issues(mode: 'new' | 'edit', input: EventFormValues) {
  const result = eventFormSchema(mode).safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
}

describe('the event form check (VAL-27, VAL-28, EVF-23)', () => {
  it('passes a whole event, with or without an end', () => {
    expect(issues('new', values())).toEqual({});
    expect(
      issues('new', values({ end_date_string: '05/16/2026', end_time_string: '9:30pm' })),
    ).toEqual({});
  });

  it.each([
    ['name', { name: '   ' }],
    ['start_date_string', { start_date_string: '' }],
    ['start_time_string', { start_time_string: '' }],
    ['time_zone_id', { time_zone_id: '' }],
    ['time_zone_id', { time_zone_id: '9' }],
    ['new_description', { new_description: '<p></p>' }],
  ] as const)('VAL-27: needs %s (%j)', (field, change) => {
    expect(issues('new', values(change))).toEqual({ [field]: CANT_BE_BLANK });
    expect(issues('edit', values(change))).toEqual({ [field]: CANT_BE_BLANK });
  });

  it('VAL-28: a new event needs a lodge; an edit has its own', () => {
    expect(issues('new', values({ club_id: '' }))).toEqual({ club_id: CANT_BE_BLANK });
    expect(issues('edit', values({ club_id: '' }))).toEqual({});
  });

  it('reports every missing field at once', () => {
    const empty = values({
      club_id: '',
      name: '',
      start_date_string: '',
      start_time_string: '',
      new_description: '',
    });
    expect(Object.keys(issues('new', empty)).sort()).toEqual(
      ['club_id', 'name', 'new_description', 'start_date_string', 'start_time_string'].sort(),
    );
  });
});

describe('the requests made from the form (EVF-19, EVF-21, EVF-22)', () => {
  it('EVF-21: POST carries the lodge and every field, times as labels, no end as null', () => {
    const request = createEventRequest(values({ name: '  Ladies Night  ', time_zone_id: '4' }));
    expect(request).toEqual({
      calendar_event: {
        club_id: 12,
        name: 'Ladies Night',
        location: '3937 River Rd, Westerville, OH 43081',
        new_description: '<p>Dinner and <strong>dancing</strong>.</p>',
        access: 'PUBLIC',
        start_date_string: '05/16/2026',
        start_time_string: '7:00pm',
        end_date_string: null,
        end_time_string: null,
        time_zone_id: 4,
        allows_comments: true,
        photos_attributes: [],
      },
    });
    expect(createCalendarEventRequestSchema.safeParse(request).success).toBe(true);
  });

  it('a meeting that repeats sends its rule, checked by the API’s own schema (D80, D82)', () => {
    const request = createEventRequest(
      values({
        start_date_string: '01/13/2026',
        recurrence: { ...NO_REPEAT, repeat: 'monthly_by_weekday', skip_months: ['7', '8'] },
      }),
    );
    expect(request.calendar_event.recurrence).toEqual({
      frequency: 'monthly_by_weekday',
      interval: 1,
      skip_months: [7, 8],
      ends: { kind: 'never' },
    });
    expect(createCalendarEventRequestSchema.safeParse(request).success).toBe(true);
  });

  it('refuses a rule the API would refuse, with the API’s words under Repeats', () => {
    const darkAllYear = values({
      recurrence: {
        ...NO_REPEAT,
        repeat: 'weekly',
        skip_months: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
      },
    });
    expect(issues('new', darkAllYear)).toEqual({});
    expect(eventFormSchema('new', 'new').safeParse(darkAllYear).error?.issues).toEqual([
      expect.objectContaining({
        path: ['recurrence'],
        message: RECURRENCE_PROBLEMS.skips_every_month,
      }),
    ]);
  });

  it('EVF-22: PUT has the same fields but no club_id; saved photos go as {id}', () => {
    const request = updateEventRequest(
      values({
        end_date_string: '05/17/2026',
        end_time_string: '12:30am',
        location: '  ',
        photos: [{ kind: 'saved', id: 7, previewUrl: '/p/7.jpg' }],
      }),
    );
    expect(request.calendar_event).not.toHaveProperty('club_id');
    expect(request.calendar_event).toMatchObject({
      end_date_string: '05/17/2026',
      end_time_string: '12:30am',
      location: null,
      photos_attributes: [{ id: 7 }],
    });
    expect(updateCalendarEventRequestSchema.safeParse(request).success).toBe(true);
  });
});

const savedEvent = {
  id: 41,
  name: 'Stated Communication',
  club: {
    id: 12,
    name: 'Olentangy Lodge No. 614',
    subdomain: 'olentangy614',
    type_name: 'Lodge',
    default_url: null,
  },
  start_date_string: '05/16/2026',
  start_time_string: '1:30pm',
  end_date_string: null,
  end_time_string: null,
  time_zone_id: 6,
  location: null,
  access: 'CLUB',
  allows_comments: false,
  photos: [{ id: 3, url: '/p/3.jpg', medium_url: '/p/3-m.jpg' }],
  calendar_event_description: { id: 9, body: '<p>Dinner at six.</p>' },
} as unknown as CalendarEventDetail;

describe('the edit form’s values (EVF-20, EVF-04)', () => {
  it('fills every field from edit.json, the saved 1:30pm as the start time', () => {
    expect(editEventValues(savedEvent)).toEqual({
      club_id: '12',
      name: 'Stated Communication',
      start_date_string: '05/16/2026',
      start_time_string: '1:30pm',
      end_date_string: '',
      end_time_string: '',
      time_zone_id: '6',
      recurrence: NO_REPEAT,
      location: '',
      new_description: '<p>Dinner at six.</p>',
      photos: [{ kind: 'saved', id: 3, previewUrl: '/p/3-m.jpg' }],
      access: 'CLUB',
      allows_comments: false,
    });
  });

  it('keeps a saved end', () => {
    const withEnd = {
      ...savedEvent,
      end_date_string: '05/17/2026',
      end_time_string: '12:30am',
    } as CalendarEventDetail;
    expect(editEventValues(withEnd)).toMatchObject({
      end_date_string: '05/17/2026',
      end_time_string: '12:30am',
    });
  });
});

describe('a new event’s values (EVF-05..EVF-09, CONST-16, CONST-17, AMB-08)', () => {
  it('takes the first webmaster lodge, its address and zone; PUBLIC; comments on', () => {
    expect(
      newEventValues([
        { id: 5, full_address: '1 Main St', time_zone_id: 4 },
        { id: 6, full_address: '2 Oak St', time_zone_id: 2 },
      ]),
    ).toMatchObject({
      club_id: '5',
      location: '1 Main St',
      time_zone_id: '4',
      access: 'PUBLIC',
      allows_comments: true,
      start_date_string: '',
      start_time_string: '',
    });
  });

  it('uses zone 1 for a lodge without one, and no lodge when there is none', () => {
    expect(newEventValues([{ id: 5, full_address: null, time_zone_id: null }])).toMatchObject({
      location: '',
      time_zone_id: '1',
    });
    expect(newEventValues([]).club_id).toBe('');
  });
});

describe('the form’s pieces', () => {
  it('EVF-17: the eight zones in id order with the AMB-32 labels', () => {
    expect(TIME_ZONE_OPTIONS.map((option) => option.value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
    expect(TIME_ZONE_OPTIONS[0]?.label).toBe('Eastern Time (US & Canada)');
    expect(TIME_ZONE_OPTIONS.map((option) => option.label)).toEqual(
      Object.values(TIME_ZONE_LABELS),
    );
  });

  it('turns the date input’s value into the wire date and back', () => {
    expect(wireDateFromInput('2026-05-10')).toBe('05/10/2026');
    expect(wireDateFromInput('')).toBe('');
    expect(inputDateFromWire('05/10/2026')).toBe('2026-05-10');
    expect(inputDateFromWire('')).toBe('');
    expect(inputDateFromWire('5/10/2026')).toBe('');
  });

  it('AMB-40: puts the server’s end errors under the end fields, photos under Photos', () => {
    expect(eventFormFieldOf('end_date_string')).toBe('end_date_string');
    expect(eventFormFieldOf('end_time_string')).toBe('end_time_string');
    expect(eventFormFieldOf('new_description')).toBe('new_description');
    expect(eventFormFieldOf('photos')).toBe('photos');
    expect(eventFormFieldOf('image_base64')).toBe('photos');
    expect(eventFormFieldOf('base')).toBeNull();
  });
});
