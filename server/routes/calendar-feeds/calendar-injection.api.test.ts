import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INJECTION_CORPUS,
  comparableText,
  type InjectionPayload,
} from '../../../e2e/fixtures/injection-corpus.ts';
import { escapeHtml } from '../../../common/escape-html.ts';
import { TEXT_WITH_NUL } from '../../../common/messages.ts';
import type { CalendarEventAnswer } from '../../../common/schemas/calendar-event.ts';
import type { CalendarFeedAnswer } from '../../../common/schemas/calendar-feed.ts';
import { DEMO_CLUBS, WEBMASTER } from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { clubIdOf, seedDemoData, signInAs } from '../../test/member-client.ts';
import type { MemberClient } from '../../test/member-client.ts';

/**
 * The injection corpus (issue 21, docs/decisions.md D55) through every text that reaches a
 * calendar file: an event's name (its SUMMARY, and the calendar name of its download), its
 * location and its description, written through the API and, for the name and location, stored
 * straight into the database as an old row written before the schema refused anything could
 * be. Each file is read by ical.js, as a calendar program would: one calendar, the expected
 * events and nothing else, no line break inside a line, and every text read back as written
 * (white space and control characters aside, see comparableText).
 */

interface Problem {
  status: number;
  errors?: Record<string, string[]>;
}

/** What an event's files must say: its stored name and location (trimmed, as the service keeps them). */
interface Expected {
  id: number;
  name: string;
  location: string | null;
  /** The description's plain text when the test knows it; else only the file's shape is checked. */
  description?: string;
}

// RFC 7986 NAME and the common X-WR-CALNAME are TEXT: read them as calendar programs do, with
// TEXT's escapes undone (ical.js leaves properties it does not know as they stand).
const design = ICAL.design.icalendar as { property: Record<string, unknown> };
design.property.name = { defaultType: 'text' };
design.property['x-wr-calname'] = { defaultType: 'text' };

const CALENDAR_PROPERTIES = new Set(['version', 'prodid', 'name', 'x-wr-calname']);
/** What a series' VEVENTs add (D80): the rule, cancelled meetings, a changed meeting's instant. */
const SERIES_PROPERTIES = new Set(['rrule', 'exdate', 'recurrence-id']);

const EVENT_PROPERTIES = new Set([
  'uid',
  'sequence',
  'dtstamp',
  'dtstart',
  'dtend',
  'summary',
  'location',
  'description',
  'url',
  'last-modified',
]);
const TIMEZONE_PARTS = new Set(['standard', 'daylight']);

let server: TestServer;
let webmaster: MemberClient;
let lodgeId: number;
let lodgeName: string;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  webmaster = await signInAs(server, WEBMASTER.username);
  lodgeId = await clubIdOf(server, DEMO_CLUBS.L2);
  const lodge = await server.database.handle.db
    .selectFrom('clubs')
    .select('name')
    .where('id', '=', lodgeId)
    .executeTakeFirstOrThrow();
  lodgeName = lodge.name;
});

afterAll(async () => {
  await server.close();
});

/** MM/DD/YYYY `days` from now (UTC): inside the feed's window. */
function wireDate(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getUTCFullYear()}`;
}

function eventBody(fields: Record<string, unknown>) {
  return {
    calendar_event: {
      club_id: lodgeId,
      name: 'Open House',
      location: 'Lodge hall',
      new_description: '<p>Dinner and dancing.</p>',
      access: 'PUBLIC',
      start_date_string: wireDate(10),
      start_time_string: '7:00pm',
      end_date_string: wireDate(10),
      end_time_string: '9:30pm',
      time_zone_id: 1,
      allows_comments: false,
      ...fields,
    },
  };
}

/** Runs `work` over `items`, a few at a time (the server handles each as it would a member's). */
async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += 8) {
    results.push(...(await Promise.all(items.slice(start, start + 8).map(work))));
  }
  return results;
}

type Outcome = { kind: 'made'; id: number } | { kind: 'refused' } | { kind: 'wrong'; why: string };

/** A new event with `fields`: made, refused with a 422 under those fields only, or wrong. */
async function tryEvent(fields: Record<string, string>): Promise<Outcome> {
  const answer = await webmaster.request<CalendarEventAnswer & Problem>(
    'POST',
    '/calendar_events',
    { body: eventBody(fields) },
  );
  if (answer.status === 200) return { kind: 'made', id: answer.body.data.calendar_event.id };
  const fieldsRefused = Object.keys(answer.body.errors ?? {});
  // No engine stores U+0000: the database layer refuses it under base (D55, fuzzing).
  const nulRefused =
    Object.values(fields).some((value) => value.includes('\u0000')) &&
    (answer.body.errors?.base ?? []).includes(TEXT_WITH_NUL) &&
    fieldsRefused.length === 1;
  if (
    answer.status === 422 &&
    fieldsRefused.length > 0 &&
    (nulRefused || fieldsRefused.every((field) => field in fields))
  ) {
    return { kind: 'refused' };
  }
  return { kind: 'wrong', why: `${answer.status} ${answer.text.slice(0, 300)}` };
}

/**
 * Each payload as an event's name and location at once; when that is refused, as each alone,
 * so a refusal of one field does not hide the other.
 */
async function eventsThroughTheApi(
  problems: string[],
): Promise<{ expected: Expected[]; refused: number }> {
  const expected: Expected[] = [];
  let refused = 0;
  await inBatches(INJECTION_CORPUS, async (payload) => {
    const both = await tryEvent({ name: payload.text, location: payload.text });
    const tries =
      both.kind === 'refused'
        ? [
            { field: 'name', outcome: await tryEvent({ name: payload.text }) },
            { field: 'location', outcome: await tryEvent({ location: payload.text }) },
          ]
        : [{ field: 'both', outcome: both }];
    for (const { field, outcome } of tries) {
      if (outcome.kind === 'wrong')
        problems.push(`payload ${payload.id} as ${field}: ${outcome.why}`);
      if (outcome.kind === 'refused') refused += 1;
      if (outcome.kind !== 'made') continue;
      expected.push({
        id: outcome.id,
        name: field === 'location' ? 'Open House' : payload.text.trim(),
        location: field === 'name' ? 'Lodge hall' : payload.text.trim(),
      });
    }
  });
  return { expected, refused };
}

/** TEXT's escapes undone, as a calendar program shows the text. */
function textOf(component: ICAL.Component, property: string): string | null {
  const value = component.getFirstPropertyValue(property);
  return typeof value === 'string' ? value : null;
}

function same(actual: string | null, written: string | null): boolean {
  if (actual === null || written === null) return actual === written;
  return comparableText(actual) === comparableText(written);
}

function eventIdOf(uid: string): number | null {
  const match = /^calendar-event-(\d+)@/.exec(uid);
  return match?.[1] ? Number(match[1]) : null;
}

/** Every VEVENT and VALARM anywhere in the tree, however deep an injection put it. */
function countDeep(component: ICAL.Component, name: string): number {
  return component
    .getAllSubcomponents()
    .reduce((sum, child) => sum + (child.name === name ? 1 : 0) + countDeep(child, name), 0);
}

/**
 * The problems of one calendar file: more than one calendar, a line holding a line break,
 * a property or a part no file of ours has, an event not expected or missing, and texts that
 * do not read back as written. `calendarName` is checked when given.
 */
function calendarProblems(
  label: string,
  text: string,
  expected: readonly Expected[],
  options: { calendarName?: string; otherEventIds?: ReadonlySet<number> } = {},
): string[] {
  const problems: string[] = [];
  const lines = text.split('\r\n');
  const broken = lines.filter((line) => /[\r\n]/.test(line));
  if (broken.length > 0)
    problems.push(
      `${label}: a line holds a line break: ${JSON.stringify(broken[0]?.slice(0, 120))}`,
    );
  let parsed: unknown[];
  try {
    parsed = ICAL.parse(text) as unknown[];
  } catch (error) {
    return [...problems, `${label}: ical.js cannot read it: ${(error as Error).message}`];
  }
  if (Array.isArray(parsed[0])) {
    return [...problems, `${label}: ${parsed.length} components at the top, not one calendar`];
  }
  const calendar = new ICAL.Component(parsed);
  if (calendar.name !== 'vcalendar') problems.push(`${label}: the top is ${calendar.name}`);
  for (const property of calendar.getAllProperties()) {
    if (!CALENDAR_PROPERTIES.has(property.name)) {
      problems.push(`${label}: calendar property ${property.name} added`);
    }
  }
  if (options.calendarName !== undefined) {
    for (const property of ['name', 'x-wr-calname']) {
      const read = textOf(calendar, property);
      if (!same(read, options.calendarName)) {
        problems.push(
          `${label}: ${property.toUpperCase()} reads ${JSON.stringify(read?.slice(0, 80))}, written ${JSON.stringify(options.calendarName.slice(0, 80))}`,
        );
      }
    }
  }
  const events: ICAL.Component[] = [];
  for (const child of calendar.getAllSubcomponents()) {
    if (child.name === 'vevent') events.push(child);
    else if (child.name === 'vtimezone') {
      for (const part of child.getAllSubcomponents()) {
        if (!TIMEZONE_PARTS.has(part.name)) problems.push(`${label}: ${part.name} inside a zone`);
      }
    } else problems.push(`${label}: a ${child.name} in the calendar`);
  }
  const nested = countDeep(calendar, 'vevent') - events.length;
  if (nested > 0) problems.push(`${label}: ${nested} events nested inside other parts`);
  if (countDeep(calendar, 'valarm') > 0) problems.push(`${label}: an alarm was added`);

  const wanted = new Map(expected.map((event) => [event.id, event]));
  const seen = new Set<number>();
  for (const vevent of events) {
    const uid = textOf(vevent, 'uid') ?? '';
    // A demo lodge's stated meeting (D80): its series' VEVENT and those of changed meetings,
    // which share its UID; the payloads here are single events, so only its shape is checked.
    if (/^calendar-event-series-\d+@/.test(uid)) {
      for (const property of vevent.getAllProperties()) {
        if (!EVENT_PROPERTIES.has(property.name) && !SERIES_PROPERTIES.has(property.name)) {
          problems.push(`${label}: series ${uid} has ${property.name}`);
        }
      }
      continue;
    }
    const id = eventIdOf(uid);
    if (id === null || seen.has(id)) {
      problems.push(`${label}: an event with UID ${JSON.stringify(uid)}`);
      continue;
    }
    seen.add(id);
    for (const property of vevent.getAllProperties()) {
      if (!EVENT_PROPERTIES.has(property.name)) {
        problems.push(`${label}: event ${id} has ${property.name}`);
      }
    }
    if (vevent.getAllSubcomponents().length > 0) problems.push(`${label}: event ${id} has parts`);
    const event = wanted.get(id);
    if (!event) {
      if (!options.otherEventIds?.has(id)) problems.push(`${label}: event ${id} not expected`);
      continue;
    }
    const summary = textOf(vevent, 'summary');
    if (!same(summary, event.name)) {
      problems.push(
        `${label}: event ${id} SUMMARY reads ${JSON.stringify(summary?.slice(0, 80))}, written ${JSON.stringify(event.name.slice(0, 80))}`,
      );
    }
    const location = textOf(vevent, 'location');
    if (!same(location, event.location)) {
      problems.push(
        `${label}: event ${id} LOCATION reads ${JSON.stringify(location?.slice(0, 80))}, written ${JSON.stringify(event.location?.slice(0, 80))}`,
      );
    }
    if (event.description !== undefined) {
      const description = textOf(vevent, 'description');
      if (!same(description, `${lodgeName}\n\n${event.description}`)) {
        problems.push(`${label}: event ${id} DESCRIPTION does not read back as written`);
      }
    }
  }
  for (const id of wanted.keys()) {
    if (!seen.has(id)) problems.push(`${label}: event ${id} missing`);
  }
  return problems;
}

/** The problems of each event's own download. */
async function downloadProblems(expected: readonly Expected[]): Promise<string[]> {
  const lists = await inBatches(expected, async (event) => {
    const answer = await webmaster.request('GET', `/calendar_events/${event.id}.ics`);
    if (answer.status !== 200) return [`event ${event.id}.ics: ${answer.status}`];
    return calendarProblems(`event ${event.id}.ics`, answer.text, [event], {
      calendarName: event.name,
    });
  });
  return lists.flat();
}

/** The webmaster's feed (My Events: their lodge's events), read whole. */
async function feedText(): Promise<string> {
  const made = await webmaster.request<CalendarFeedAnswer>('POST', '/calendar_feed.json');
  const url = made.body.data.calendar_feed?.url;
  if (!url) throw new Error('no feed address');
  const answer = await server.request('GET', `/${new URL(url).pathname}`);
  expect(answer.status).toBe(200);
  return answer.text;
}

/** The ids of the events in the feed before the test adds its own. */
async function feedEventIds(): Promise<Set<number>> {
  const calendar = new ICAL.Component(ICAL.parse(await feedText()) as unknown[]);
  return new Set(
    calendar
      .getAllSubcomponents('vevent')
      .map((vevent) => eventIdOf(textOf(vevent, 'uid') ?? '') ?? 0),
  );
}

function describePayloads(payloads: readonly InjectionPayload[]): string {
  return payloads.map((payload) => `<p>${escapeHtml(payload.text)}</p>`).join('');
}

describe('the injection corpus in calendar files (issue 21)', () => {
  it(`names and locations written through the API (${INJECTION_CORPUS.length} payloads) read back whole in each download and the feed, with no line, property or event added`, async () => {
    const before = await feedEventIds();
    const problems: string[] = [];
    const { expected, refused } = await eventsThroughTheApi(problems);
    problems.push(...(await downloadProblems(expected)));
    problems.push(
      ...calendarProblems('the feed', await feedText(), expected, { otherEventIds: before }),
    );
    expect(problems).toEqual([]);
    // Most of the corpus is stored: the test reads files full of it, not a pile of refusals.
    expect(expected.length).toBeGreaterThan(INJECTION_CORPUS.length / 2);
    expect(refused).toBeLessThan(INJECTION_CORPUS.length);
  });

  it('descriptions written through the API, typed or as raw HTML, keep each file whole; typed ones read back as typed', async () => {
    const before = await feedEventIds();
    const problems: string[] = [];
    const expected: Expected[] = [];
    // As the editor sends typed text (escaped, in paragraphs), the text must read back; as raw
    // HTML from a hostile client, it is cleaned, and only the file's shape is checked.
    // Text with NUL is refused whatever the field (db/database.ts); the rest goes in one piece.
    const storable = INJECTION_CORPUS.filter((payload) => !payload.text.includes('\u0000'));
    for (const [body, text] of [
      [describePayloads(storable), storable.map((p) => p.text).join(' ')],
      [storable.map((p) => p.text).join('\n'), undefined],
    ] as const) {
      const outcome = await tryEvent({ new_description: body });
      if (outcome.kind !== 'made') {
        problems.push(`description: ${outcome.kind === 'wrong' ? outcome.why : 'refused'}`);
        continue;
      }
      expected.push({
        id: outcome.id,
        name: 'Open House',
        location: 'Lodge hall',
        ...(text === undefined ? {} : { description: text }),
      });
    }
    problems.push(...(await downloadProblems(expected)));
    problems.push(
      ...calendarProblems('the feed', await feedText(), expected, { otherEventIds: before }),
    );
    expect(problems).toEqual([]);
  });

  it('names and locations stored past the schema, as old rows could hold them, are escaped in each download and the feed', async () => {
    const before = await feedEventIds();
    // No text with NUL reaches either engine (db/database.ts), so no old row can hold one.
    const storable = INJECTION_CORPUS.filter((payload) => !payload.text.includes('\u0000'));
    const expected = await inBatches(storable, async (payload): Promise<Expected> => {
      const outcome = await tryEvent({});
      if (outcome.kind !== 'made') throw new Error(`a plain event was not made: ${outcome.kind}`);
      await server.database.handle.db
        .updateTable('calendar_events')
        .set({ name: payload.text, location: payload.text })
        .where('id', '=', outcome.id)
        .execute();
      return { id: outcome.id, name: payload.text, location: payload.text };
    });
    const problems = await downloadProblems(expected);
    problems.push(
      ...calendarProblems('the feed', await feedText(), expected, { otherEventIds: before }),
    );
    expect(problems).toEqual([]);
  });
});
