import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_IDS } from '../../../common/event-time.ts';
import {
  END_BEFORE_START,
  EVENT_WITH_COMMENTS_NOT_DELETABLE,
  FIELD_BLANK,
  FIELD_CONTROL_CHARACTERS,
  INVALID_CHOICE,
  NOT_A_TIME_LABEL,
  NOT_A_WIRE_DATE,
} from '../../../common/messages.ts';
import type {
  CalendarEventAnswer,
  CalendarEventDetail,
  ClubCalendarAnswer,
} from '../../../common/schemas/calendar-event.ts';
import type { PhotoAttributes } from '../../../common/schemas/post.ts';
import { DEMO_CLUBS } from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import {
  clubIdOf,
  unseenNoticesOf,
  seedDemoData,
  signInPersonas,
} from '../../test/member-client.ts';
import type { MemberClient, PersonaKey, SignedInPersona } from '../../test/member-client.ts';

/**
 * Writing events (§7 Calendar, §6; API-CAL-03..06, EVF-19..23, VAL-27, VAL-28, AMB-06, AMB-40)
 * over signed HTTP against the real database. W is webmaster of L2 only; A is an admin and
 * webmaster of no lodge; M is a plain member of L1.
 */

interface Problem {
  status: number;
  errors?: Record<string, string[]>;
}

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let m: MemberClient;
let w: MemberClient;
let a: MemberClient;
let l1: number;
let l2: number;

function db() {
  return server.database.handle.db;
}

async function pngBase64(): Promise<string> {
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: '#336699' },
  })
    .png()
    .toBuffer();
  return png.toString('base64');
}

function upload(name: string, base64: string): PhotoAttributes {
  return {
    guid: name,
    image_file_name: name,
    image_content_type: 'image/png',
    image_base64: base64,
  };
}

interface Fields {
  [field: string]: unknown;
}

function eventBody(clubIdValue: number, fields: Fields = {}) {
  return {
    calendar_event: {
      club_id: clubIdValue,
      name: 'Ladies Night Dinner',
      location: '1 Lodge St, Columbus, OH',
      new_description: '<p>Dinner and dancing.</p>',
      access: 'PUBLIC',
      start_date_string: '05/16/2027',
      start_time_string: '7:00pm',
      end_date_string: '05/16/2027',
      end_time_string: '9:30pm',
      time_zone_id: 1,
      allows_comments: true,
      photos_attributes: [],
      ...fields,
    },
  };
}

async function create(
  client: MemberClient,
  clubIdValue: number,
  fields: Fields = {},
): Promise<CalendarEventDetail> {
  const response = await client.request<CalendarEventAnswer>('POST', '/calendar_events', {
    body: eventBody(clubIdValue, fields),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.calendar_event;
}

async function eventCount(): Promise<number> {
  const row = await db()
    .selectFrom('calendar_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function stored(id: number) {
  return db().selectFrom('calendar_events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How long the event lasts, in ms; NaN when it has no end (so a check against a length fails). */
function lengthOf(event: CalendarEventDetail): number {
  return event.end_time === null ? NaN : event.end_time - event.start_time;
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  personas = await signInPersonas(server);
  m = personas.M.client;
  w = personas.W.client;
  a = personas.A.client;
  l1 = await clubIdOf(server, DEMO_CLUBS.L1);
  l2 = await clubIdOf(server, DEMO_CLUBS.L2);
});

afterAll(async () => {
  await server?.close();
});

describe('POST /calendar_events (EVF-21, API-CAL-04, PERM-06)', () => {
  it("a webmaster creates an event of their lodge, with a photo; it shows on the lodge's calendar", async () => {
    const event = await create(w, l2, {
      name: '  Spring Degree Night  ',
      new_description: '<p>Bring <strong>aprons</strong>.</p><script>alert(1)</script>',
      access: 'MEMBER',
      time_zone_id: 4,
      allows_comments: false,
      photos_attributes: [upload('hall.png', await pngBase64())],
    });
    expect(event).toMatchObject({
      name: 'Spring Degree Night',
      clubId: l2,
      access: 'MEMBER',
      announced: false,
      allows_comments: false,
      time_zone_id: 4,
      location: '1 Lodge St, Columbus, OH',
      local_start_date: '05/16/2027',
      start_date_string: '05/16/2027',
      start_time_string: '7:00pm',
      end_date_string: '05/16/2027',
      end_time_string: '9:30pm',
      local_start_date_time_with_duration: 'Sunday, May 16, 2027 7:00pm - 9:30pm PDT',
      event_attendee: null,
      event_attendance_counts: { yes: 0, no: 0, guests: 0 },
    });
    // 7:00pm Pacific daylight time is 02:00 UTC the next day.
    expect(new Date(event.start_time).toISOString()).toBe('2027-05-17T02:00:00.000Z');
    expect(lengthOf(event)).toBe(150 * 60_000);
    expect(event.calendar_event_description.body).toBe('<p>Bring <strong>aprons</strong>.</p>');
    expect(event.photos).toHaveLength(1);

    const calendar = await w.request<ClubCalendarAnswer>(
      'GET',
      `/clubs/calendar_events.json?subdomain=${DEMO_CLUBS.L2}`,
    );
    expect(calendar.body.data.calendar_events.map((e) => e.id)).toContain(event.id);
    const row = await stored(event.id);
    expect(row?.party_id).toBe(personas.W.partyId);
  });

  it('defaults access to PUBLIC and comments to on when left out (CONST-16)', async () => {
    const body = eventBody(l2);
    const { access: _access, allows_comments: _comments, ...rest } = body.calendar_event;
    const response = await w.request<CalendarEventAnswer>('POST', '/calendar_events', {
      body: { calendar_event: rest },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.calendar_event).toMatchObject({
      access: 'PUBLIC',
      allows_comments: true,
    });
  });

  it('refuses a lodge one is not webmaster of (403), even for an admin; nothing is created', async () => {
    const before = await eventCount();
    for (const [client, club] of [
      [m, l1],
      [w, l1],
      [a, l1],
    ] as const) {
      const response = await client.request<Problem>('POST', '/calendar_events', {
        body: eventBody(club),
      });
      expect(response.status).toBe(403);
    }
    const unknown = await w.request<Problem>('POST', '/calendar_events', {
      body: eventBody(999_999),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty('club_id');
    expect(await eventCount()).toBe(before);
  });

  it('required fields, unreadable dates and times and a bad zone are 422 under each field (VAL-27)', async () => {
    const before = await eventCount();
    const blank = await w.request<Problem>('POST', '/calendar_events', {
      body: eventBody(l2, {
        name: ' ',
        new_description: '<p> </p>',
        start_date_string: '',
        start_time_string: '',
      }),
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({
      name: [FIELD_BLANK],
      new_description: [FIELD_BLANK],
      start_date_string: [FIELD_BLANK],
      start_time_string: [FIELD_BLANK],
    });
    const unreadable = await w.request<Problem>('POST', '/calendar_events', {
      body: eventBody(l2, {
        start_date_string: '2027-05-16',
        start_time_string: '19:00',
        time_zone_id: 9,
      }),
    });
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.errors).toMatchObject({
      start_date_string: [NOT_A_WIRE_DATE],
      start_time_string: [NOT_A_TIME_LABEL],
      time_zone_id: [INVALID_CHOICE],
    });
    const missingClub = await w.request<Problem>('POST', '/calendar_events', {
      body: { calendar_event: { ...eventBody(l2).calendar_event, club_id: undefined } },
    });
    expect(missingClub.status).toBe(422); // VAL-28: a new event needs a lodge.
    expect(await eventCount()).toBe(before);
  });

  it('an unknown zone with good dates is a 422 under time_zone_id, on create and on edit', async () => {
    const before = await eventCount();
    for (const zone of [0, 9, -1, 1e9]) {
      const refused = await w.request<Problem>('POST', '/calendar_events', {
        body: eventBody(l2, { time_zone_id: zone }),
      });
      expect(refused.status, `zone ${zone}`).toBe(422);
      expect(refused.body.errors).toEqual({ time_zone_id: [INVALID_CHOICE] });
    }
    expect(await eventCount()).toBe(before);
    const event = await create(w, l2);
    const edit = await w.request<Problem>('PUT', `/calendar_events/${event.id}.json`, {
      body: { calendar_event: { time_zone_id: 9 } },
    });
    expect(edit.status).toBe(422);
    expect(edit.body.errors).toEqual({ time_zone_id: [INVALID_CHOICE] });
  });

  it('a control character or a direction override in the name or location is a 422 under that field, on create and on edit (D54)', async () => {
    const before = await eventCount();
    const hostile = [
      'Open House\r\nBEGIN:VEVENT',
      'Two\nlines',
      'Tab\there',
      'nul\u0000',
      'next\u0085line',
      'photo\u202egpj.exe',
      'isolate\u2066x\u2069',
    ];
    for (const text of hostile) {
      for (const field of ['name', 'location'] as const) {
        const refused = await w.request<Problem>('POST', '/calendar_events', {
          body: eventBody(l2, { [field]: text }),
        });
        expect({ text, field, status: refused.status }).toEqual({ text, field, status: 422 });
        expect(refused.body.errors).toEqual({ [field]: [FIELD_CONTROL_CHARACTERS] });
      }
    }
    expect(await eventCount()).toBe(before);

    // Around the text, white space (a pasted line break) is trimmed as before, not refused.
    const event = await create(w, l2, { name: 'Open House\r\n', location: ' Hall 2\n' });
    expect([event.name, event.location]).toEqual(['Open House', 'Hall 2']);
    for (const field of ['name', 'location'] as const) {
      const edit = await w.request<Problem>('PUT', `/calendar_events/${event.id}.json`, {
        body: { calendar_event: { [field]: 'Injected\r\nEND:VEVENT' } },
      });
      expect(edit.status).toBe(422);
      expect(edit.body.errors).toEqual({ [field]: [FIELD_CONTROL_CHARACTERS] });
    }
    expect(await stored(event.id)).toMatchObject({ name: 'Open House', location: 'Hall 2' });
  });

  it('an end before the start is a 422 under both end fields (AMB-40); no end is allowed', async () => {
    const refused = await w.request<Problem>('POST', '/calendar_events', {
      body: eventBody(l2, { end_date_string: '05/16/2027', end_time_string: '6:30pm' }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      end_date_string: [END_BEFORE_START],
      end_time_string: [END_BEFORE_START],
    });
    const open = await create(w, l2, { end_date_string: '', end_time_string: null });
    expect(open).toMatchObject({ end_time: null, end_date_string: null, end_time_string: null });
  });

  it('keeps the wall time across daylight-saving changes in every zone (D29)', async () => {
    for (const zone of TIME_ZONE_IDS) {
      // The night clocks fall back in 2027: 1:30am happens twice where the zone keeps DST.
      const fall = await create(w, l2, {
        time_zone_id: zone,
        start_date_string: '11/07/2027',
        start_time_string: '12:30am',
        end_date_string: '11/07/2027',
        end_time_string: '2:30am',
      });
      const keepsDst = zone !== 6 && zone !== 7; // Arizona and Hawaii have no DST.
      expect(fall).toMatchObject({
        start_date_string: '11/07/2027',
        start_time_string: '12:30am',
        end_date_string: '11/07/2027',
        end_time_string: '2:30am',
      });
      expect(lengthOf(fall), `zone ${zone}`).toBe((keepsDst ? 3 : 2) * 3_600_000);
      // The night clocks spring forward: 1:30am to 3:30am is one hour where DST begins.
      const spring = await create(w, l2, {
        time_zone_id: zone,
        start_date_string: '03/14/2027',
        start_time_string: '1:30am',
        end_date_string: '03/14/2027',
        end_time_string: '3:30am',
      });
      expect(spring.start_time_string).toBe('1:30am');
      expect(spring.end_time_string).toBe('3:30am');
      expect(lengthOf(spring), `zone ${zone}`).toBe((keepsDst ? 1 : 2) * 3_600_000);
    }
  });
});

describe('GET /calendar_events/{id}/edit.json (API-CAL-03, EVF-20)', () => {
  it('gives an editor the times as labels; 403 for a member; 404 for an unknown event', async () => {
    const event = await create(w, l2, { start_time_string: '1:30pm', end_time_string: '3:00pm' });
    const edit = await w.request<CalendarEventAnswer>(
      'GET',
      `/calendar_events/${event.id}/edit.json`,
    );
    expect(edit.status).toBe(200);
    expect(edit.body.data.calendar_event).toMatchObject({
      id: event.id,
      start_time_string: '1:30pm',
      end_time_string: '3:00pm',
      calendar_event_description: { body: '<p>Dinner and dancing.</p>' },
    });
    expect((await a.request('GET', `/calendar_events/${event.id}/edit.json`)).status).toBe(200);
    expect((await m.request('GET', `/calendar_events/${event.id}/edit.json`)).status).toBe(403);
    expect((await w.request('GET', '/calendar_events/999999/edit.json')).status).toBe(404);
  });
});

describe('PUT /calendar_events/{id}.json (EVF-22, API-CAL-05, §6 event edit)', () => {
  it('the webmaster changes fields; left-out ones keep their value; the lodge never moves', async () => {
    const event = await create(w, l2);
    const response = await w.request<CalendarEventAnswer>(
      'PUT',
      `/calendar_events/${event.id}.json`,
      {
        body: {
          calendar_event: {
            club_id: l1,
            name: 'Ladies Night Dinner (moved)',
            start_date_string: '05/23/2027',
            start_time_string: '6:00pm',
            end_date_string: '05/23/2027',
            end_time_string: '8:00pm',
            time_zone_id: 2,
          },
        },
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.calendar_event).toMatchObject({
      name: 'Ladies Night Dinner (moved)',
      clubId: l2,
      time_zone_id: 2,
      local_start_date: '05/23/2027',
      start_time_string: '6:00pm',
      end_time_string: '8:00pm',
      location: '1 Lodge St, Columbus, OH',
      access: 'PUBLIC',
      calendar_event_description: { body: '<p>Dinner and dancing.</p>' },
    });
  });

  it('changing only the zone keeps the wall times of start and end', async () => {
    const event = await create(w, l2);
    const response = await w.request<CalendarEventAnswer>(
      'PUT',
      `/calendar_events/${event.id}.json`,
      { body: { calendar_event: { time_zone_id: 7 } } },
    );
    expect(response.status).toBe(200);
    const updated = response.body.data.calendar_event;
    expect(updated).toMatchObject({
      time_zone_id: 7,
      start_date_string: '05/16/2027',
      start_time_string: '7:00pm',
      end_date_string: '05/16/2027',
      end_time_string: '9:30pm',
    });
    // 7:00pm in Hawaii (UTC-10) is 05:00 UTC the next day.
    expect(new Date(updated.start_time).toISOString()).toBe('2027-05-17T05:00:00.000Z');
  });

  it('sending one end field empty removes the end; the other end field counts as empty', async () => {
    for (const cleared of [{ end_time_string: null }, { end_date_string: '' }]) {
      const event = await create(w, l2);
      const response = await w.request<CalendarEventAnswer>(
        'PUT',
        `/calendar_events/${event.id}.json`,
        { body: { calendar_event: cleared } },
      );
      expect(response.status, JSON.stringify(cleared)).toBe(200);
      expect(response.body.data.calendar_event).toMatchObject({
        start_time_string: '7:00pm',
        end_time: null,
        end_date_string: null,
        end_time_string: null,
      });
    }
  });

  it('two edits at once each keep what the other changed', async () => {
    const event = await create(w, l2, {
      photos_attributes: [upload('first.png', await pngBase64())],
    });
    const path = `/calendar_events/${event.id}.json`;
    const [hide, rename] = await Promise.all([
      a.request('PUT', path, { body: { calendar_event: { access: 'CLUB' } } }),
      w.request('PUT', path, {
        body: {
          calendar_event: {
            name: 'Renamed meanwhile',
            photos_attributes: [upload('second.png', await pngBase64())],
          },
        },
      }),
    ]);
    expect([hide.status, rename.status]).toEqual([200, 200]);
    const row = await stored(event.id);
    expect(row).toMatchObject({ access: 'CLUB', name: 'Renamed meanwhile' });
  });

  it('an admin may edit; a member and a webmaster of another lodge get 403 and nothing changes', async () => {
    const event = await create(w, l2);
    const byAdmin = await a.request<CalendarEventAnswer>(
      'PUT',
      `/calendar_events/${event.id}.json`,
      { body: { calendar_event: { location: 'The annex' } } },
    );
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.calendar_event.location).toBe('The annex');
    const refused = await m.request<Problem>('PUT', `/calendar_events/${event.id}.json`, {
      body: { calendar_event: { name: 'Hijacked' } },
    });
    expect(refused.status).toBe(403);
    expect((await stored(event.id))?.name).toBe('Ladies Night Dinner');
  });

  it('keeps, orders and adds photos as the form sends them; a foreign photo id is a 422', async () => {
    const image = await pngBase64();
    const event = await create(w, l2, {
      photos_attributes: [upload('one.png', image), upload('two.png', image)],
    });
    const [first, second] = event.photos;
    if (!first || !second) throw new Error('the event should have two photos');
    const response = await w.request<CalendarEventAnswer>(
      'PUT',
      `/calendar_events/${event.id}.json`,
      {
        body: {
          calendar_event: {
            photos_attributes: [{ id: second.id }, upload('three.png', image)],
          },
        },
      },
    );
    expect(response.status).toBe(200);
    const photos = response.body.data.calendar_event.photos;
    expect(photos).toHaveLength(2);
    expect(photos[0]?.id).toBe(second.id);
    expect(photos.map((p) => p.id)).not.toContain(first.id);
    const foreign = await w.request<Problem>('PUT', `/calendar_events/${event.id}.json`, {
      body: { calendar_event: { photos_attributes: [{ id: first.id }] } },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toHaveProperty('photos');
  });

  it('an end before the start is a 422 under both end fields and nothing changes (AMB-40)', async () => {
    const event = await create(w, l2);
    const refused = await w.request<Problem>('PUT', `/calendar_events/${event.id}.json`, {
      body: { calendar_event: { start_time_string: '10:00pm' } },
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors ?? {}).sort()).toEqual([
      'end_date_string',
      'end_time_string',
    ]);
    expect(Number((await stored(event.id))?.start_at)).toBe(event.start_time);
  });
});

describe('DELETE /calendar_events/{id} (API-CAL-06, CAL-22, §6 event delete)', () => {
  it('refused (403) while comments are on and exist; allowed once they are turned off', async () => {
    const event = await create(w, l2);
    const comment = await m.request('POST', '/comments', {
      body: {
        comment: { comment_container_id: event.comment_container.id, comment: 'Count me in' },
      },
    });
    expect(comment.status).toBe(200);
    const refused = await w.request<Problem>('DELETE', `/calendar_events/${event.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual({ base: [EVENT_WITH_COMMENTS_NOT_DELETABLE] });
    expect((await a.request('DELETE', `/calendar_events/${event.id}`)).status).toBe(403);
    expect(await stored(event.id)).toBeDefined();

    const off = await w.request('PUT', `/calendar_events/${event.id}.json`, {
      body: { calendar_event: { allows_comments: false } },
    });
    expect(off.status).toBe(200);
    expect((await w.request('POST', `/calendar_events/${event.id}/announce.json`)).status).toBe(
      200,
    );
    const row = await stored(event.id);
    const notices = () =>
      db()
        .selectFrom('notices')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('noticeable_type', '=', 'CalendarEvent'),
              eb('noticeable_id', '=', event.id),
            ]),
            eb.and([
              eb('parent_noticeable_type', '=', 'CalendarEvent'),
              eb('parent_noticeable_id', '=', event.id),
            ]),
          ]),
        )
        .execute();
    // The author's comment notice and the announcement's.
    expect((await notices()).length).toBeGreaterThan(1);

    expect((await w.request('DELETE', `/calendar_events/${event.id}`)).status).toBe(204);
    expect(await stored(event.id)).toBeUndefined();
    // Its old links say it was cancelled (D81; event-changes.api.test.ts).
    expect((await w.request('GET', `/calendar_events/${event.id}.json`)).status).toBe(410);
    expect(await notices()).toEqual([]);
    const [descriptions, containers, comments] = await Promise.all([
      db()
        .selectFrom('calendar_event_descriptions')
        .select('id')
        .where('id', '=', row?.calendar_event_description_id ?? -1)
        .execute(),
      db()
        .selectFrom('comment_containers')
        .select('id')
        .where('id', '=', event.comment_container.id)
        .execute(),
      db()
        .selectFrom('comments')
        .select('id')
        .where('comment_container_id', '=', event.comment_container.id)
        .execute(),
    ]);
    expect([descriptions, containers, comments]).toEqual([[], [], []]);
  });

  it('a member may not delete (403); an admin may delete an event without comments', async () => {
    const event = await create(w, l2, {
      photos_attributes: [upload('gone.png', await pngBase64())],
    });
    await m.request('POST', '/event_attendees.json', {
      body: { calendar_event_id: event.id, status: 'YES', guests: 1 },
    });
    const photoUrl = event.photos[0]?.url ?? '';
    expect((await fetch(`${server.baseUrl}${photoUrl}`)).status).toBe(200);
    expect((await m.request('DELETE', `/calendar_events/${event.id}`)).status).toBe(403);
    expect((await a.request('DELETE', `/calendar_events/${event.id}`)).status).toBe(204);
    expect((await fetch(`${server.baseUrl}${photoUrl}`)).status).toBe(404);
    const rsvps = await db()
      .selectFrom('event_attendees')
      .select('id')
      .where('calendar_event_id', '=', event.id)
      .execute();
    expect(rsvps).toEqual([]);
    const photo = await db()
      .selectFrom('photos')
      .select('id')
      .where(
        'id',
        'in',
        event.photos.map((photo) => photo.id),
      )
      .executeTakeFirst();
    expect(photo).toBeUndefined();
  });
});

describe('POST /calendar_events/{id}/announce.json (AMB-06, CAL-21, PERM-07)', () => {
  async function membersOf(club: number): Promise<number[]> {
    const rows = await db()
      .selectFrom('memberships')
      .select('party_id')
      .distinct()
      .where('club_id', '=', club)
      .where('left_at', 'is', null)
      .execute();
    return rows.map((row) => row.party_id).sort((x, y) => x - y);
  }

  async function noticesOf(eventId: number): Promise<number[]> {
    const rows = await db()
      .selectFrom('notices')
      .select('party_id')
      .where('noticeable_type', '=', 'CalendarEvent')
      .where('noticeable_id', '=', eventId)
      .execute();
    return rows.map((row) => row.party_id).sort((x, y) => x - y);
  }

  /** The addresses each member's announcement mail should go to: their first e-mail, if any. */
  async function firstAddressesOf(partyIds: readonly number[]): Promise<string[]> {
    const rows = await db()
      .selectFrom('emails as e')
      .innerJoin('contact_types as t', 't.id', 'e.contact_type_id')
      .select(['e.party_id', 'e.address'])
      .where('e.party_id', 'in', partyIds)
      .orderBy('e.party_id')
      .orderBy('t.sort_order')
      .orderBy('e.id')
      .execute();
    const first = new Map<number, string>();
    for (const row of rows) if (!first.has(row.party_id)) first.set(row.party_id, row.address);
    return [...first.values()].sort();
  }

  /** The announcement mails of one event (they go after the answer, so wait for them). */
  async function mailsAbout(eventId: number) {
    return (
      db()
        .selectFrom('outbox_messages')
        .select(['to_address', 'subject', 'body'])
        // The link ends its line; the unsubscribe line follows (D81).
        .where('body', 'like', `%/app/calendar/${eventId}\n%`)
        .execute()
    );
  }

  it('notifies and mails every other member of the lodge once; a second announce changes nothing', async () => {
    const event = await create(w, l2);
    const response = await w.request<CalendarEventAnswer>(
      'POST',
      `/calendar_events/${event.id}/announce.json`,
    );
    expect(response.status).toBe(200);
    expect(response.body.data.calendar_event.announced).toBe(true);

    const expected = (await membersOf(l2)).filter((id) => id !== personas.W.partyId);
    expect(expected.length).toBeGreaterThan(1);
    expect(await noticesOf(event.id)).toEqual(expected);
    const addresses = await firstAddressesOf(expected);
    expect(addresses.length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await mailsAbout(event.id)).map((mail) => mail.to_address).sort())
      .toEqual(addresses);
    const [mail] = await mailsAbout(event.id);
    expect(mail?.subject).toContain('Ladies Night Dinner');

    const again = await w.request<CalendarEventAnswer>(
      'POST',
      `/calendar_events/${event.id}/announce.json`,
    );
    expect(again.status).toBe(200);
    expect(await noticesOf(event.id)).toEqual(expected);
    expect(await mailsAbout(event.id)).toHaveLength(addresses.length);
  });

  it('two announces at once tell each member once', async () => {
    const event = await create(w, l2);
    const path = `/calendar_events/${event.id}/announce.json`;
    const answers = await Promise.all([w.request('POST', path), a.request('POST', path)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const notices = await noticesOf(event.id);
    expect(new Set(notices).size).toBe(notices.length);
    expect(notices.length).toBeGreaterThan(0);
  });

  it("the notices badge counts it: an admin announces an L1 event and M's count rises by one", async () => {
    const row = await db()
      .selectFrom('calendar_events')
      .select('id')
      .where('club_id', '=', l1)
      .where('announced', '=', 0)
      .limit(1)
      .executeTakeFirstOrThrow();
    const before = await unseenNoticesOf(m);
    const response = await a.request('POST', `/calendar_events/${row.id}/announce.json`);
    expect(response.status).toBe(200);
    expect(await unseenNoticesOf(m)).toBe(before + 1);
  });

  it('a member gets 403 and the event stays unannounced, with no notices', async () => {
    const event = await create(w, l2);
    const refused = await m.request('POST', `/calendar_events/${event.id}/announce.json`);
    expect(refused.status).toBe(403);
    expect((await stored(event.id))?.announced).toBe(0);
    expect(await noticesOf(event.id)).toEqual([]);
  });
});

describe('comments on events (CAL-20)', () => {
  it("a member's comment gives the event's author a notice; comments off refuses new ones", async () => {
    const event = await create(w, l2, { name: 'Pancake Breakfast' });
    const before = await unseenNoticesOf(w);
    const posted = await m.request('POST', '/comments', {
      body: { comment: { comment_container_id: event.comment_container.id, comment: 'Yum' } },
    });
    expect(posted.status).toBe(200);
    expect(await unseenNoticesOf(w)).toBe(before + 1);

    await w.request('PUT', `/calendar_events/${event.id}.json`, {
      body: { calendar_event: { allows_comments: false } },
    });
    const closed = await m.request('POST', '/comments', {
      body: { comment: { comment_container_id: event.comment_container.id, comment: 'More' } },
    });
    expect(closed.status).toBe(403);
  });
});

describe('abilities: what each member may do with an event (D58; PERM-13, PERM-14, CAL-21)', () => {
  const NONE = { edit: false, delete: false, announce: false, cancel: false };

  async function detailAbilities(key: PersonaKey, id: number) {
    const response = await personas[key].client.request<CalendarEventAnswer>(
      'GET',
      `/calendar_events/${id}.json`,
    );
    expect(response.status).toBe(200);
    return response.body.data.calendar_event.abilities;
  }

  /**
   * The first page of L2's calendar as this persona reads it: every L2 event on it carries the
   * abilities the rules give, whichever events the page holds.
   */
  async function expectListed(key: PersonaKey, editor: boolean) {
    const response = await personas[key].client.request<ClubCalendarAnswer>(
      'GET',
      `/clubs/calendar_events.json?subdomain=${DEMO_CLUBS.L2}`,
    );
    expect(response.status).toBe(200);
    const own = response.body.data.calendar_events.filter((event) => event.club.id === l2);
    expect(own.length).toBeGreaterThan(0);
    for (const event of own) {
      expect(event.abilities).toEqual({
        edit: editor,
        delete: editor && (!event.allows_comments || event.comment_container.comment_count === 0),
        announce: editor && !event.announced,
        cancel: editor && event.series_id !== null && !event.cancelled,
      });
    }
  }

  /** The club home's next event (one of L2's own) carries the same abilities. */
  async function expectHome(key: PersonaKey, editor: boolean) {
    const response = await personas[key].client.request<{
      data: { club: { next_event: CalendarEventDetail | null } };
    }>('GET', `/clubs/by_subdomain.json?subdomain=${DEMO_CLUBS.L2}`);
    expect(response.status).toBe(200);
    const next = response.body.data.club.next_event;
    expect(next?.club.id).toBe(l2);
    expect(next?.abilities.edit).toBe(editor);
    expect(next?.abilities.announce).toBe(editor && next?.announced === false);
  }

  it('the lodge’s webmaster and an admin may edit, delete and announce; members nothing', async () => {
    const event = await create(w, l2, { name: 'Abilities Night' });
    const all = { edit: true, delete: true, announce: true, cancel: false };
    expect(event.abilities).toEqual(all);
    for (const key of ['W', 'A'] as const) {
      expect(await detailAbilities(key, event.id)).toEqual(all);
      await expectListed(key, true);
    }
    for (const key of ['M', 'M2'] as const) {
      expect(await detailAbilities(key, event.id)).toEqual(NONE);
      await expectListed(key, false);
    }
    const edit = await w.request<CalendarEventAnswer>(
      'GET',
      `/calendar_events/${event.id}/edit.json`,
    );
    expect(edit.body.data.calendar_event.abilities).toEqual(all);
    await expectHome('W', true);
    await expectHome('A', true);
    await expectHome('M', false);
  });

  it('delete goes once a comment exists while comments are on, and comes back when they are off', async () => {
    const event = await create(w, l2, { name: 'Abilities Supper' });
    const posted = await m.request('POST', '/comments', {
      body: { comment: { comment_container_id: event.comment_container.id, comment: 'Yes' } },
    });
    expect(posted.status).toBe(200);
    const commented = { edit: true, delete: false, announce: true, cancel: false };
    expect(await detailAbilities('W', event.id)).toEqual(commented);
    expect(await detailAbilities('A', event.id)).toEqual(commented);
    expect(await detailAbilities('M', event.id)).toEqual(NONE);

    const off = await w.request<CalendarEventAnswer>('PUT', `/calendar_events/${event.id}.json`, {
      body: { calendar_event: { allows_comments: false } },
    });
    expect(off.body.data.calendar_event.abilities).toEqual({
      edit: true,
      delete: true,
      announce: true,
      cancel: false,
    });
    expect(await detailAbilities('A', event.id)).toEqual({
      edit: true,
      delete: true,
      announce: true,
      cancel: false,
    });
  });

  it('announce goes once the event is announced', async () => {
    const event = await create(w, l2, { name: 'Abilities Breakfast' });
    const announced = await a.request<CalendarEventAnswer>(
      'POST',
      `/calendar_events/${event.id}/announce.json`,
    );
    expect(announced.status).toBe(200);
    const after = { edit: true, delete: true, announce: false, cancel: false };
    expect(announced.body.data.calendar_event.abilities).toEqual(after);
    expect(await detailAbilities('W', event.id)).toEqual(after);
    expect(await detailAbilities('M2', event.id)).toEqual(NONE);
  });
});

describe('RSVPs at once (CAL-15, stored counts, D31)', () => {
  it('four members answering together leave counts equal to the RSVPs', async () => {
    const event = await create(w, l2);
    const answers = await Promise.all(
      (['M', 'M2', 'W', 'A'] as const).map((key, index) =>
        personas[key].client.request('POST', '/event_attendees.json', {
          body: {
            calendar_event_id: event.id,
            status: index === 3 ? 'NO' : 'YES',
            guests: index,
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const detail = await m.request<CalendarEventAnswer>('GET', `/calendar_events/${event.id}.json`);
    expect(detail.body.data.calendar_event.event_attendance_counts).toEqual({
      yes: 3,
      no: 1,
      guests: 0 + 1 + 2,
    });
  });
});
