import ICAL from 'ical.js';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimeLabel, formatWireDate, localDateTimeOf } from '../../../common/event-time.ts';
import { reminderMailSubject } from '../../../common/messages.ts';
import type { CalendarEventAnswer } from '../../../common/schemas/calendar-event.ts';
import type { MailSettings } from '../../../common/schemas/mail-settings.ts';
import { firstEmailAddresses } from '../../db/content-events.ts';
import { DEMO_CLUBS } from '../../db/seed/personas.ts';
import { reminderKey } from '../../services/unguarded/event-reminders.ts';
import { drainJobs, startTestServer } from '../../test/api-harness.ts';
import { answerEvent, createClubEvent, type WireWhen } from '../../test/event-fixtures.ts';

import type { TestServer } from '../../test/api-harness.ts';
import { readCalendar } from '../../test/ical-reader.ts';
import { clubIdOf, seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { PersonaKey, SignedInPersona } from '../../test/member-client.ts';
import { startSmtpCatcher } from '../../test/smtp-catcher.ts';
import type { SmtpCatcher } from '../../test/smtp-catcher.ts';

/**
 * Reminders before a meeting a member said Going to (issue 25, D81): one job per event and
 * member on the real queue, due the member's lead before the start, read back with the queue's
 * `inspect` (so no test waits for a clock); a reminder already due runs at once and its mail
 * reaches a real SMTP server with the reminders' unsubscribe header and the meeting's .ics.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const PUBLIC_URL = 'https://lodge.example.org';

let smtp: SmtpCatcher;
let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let l2: number;

/** Wire date and time strings in Eastern time (zone 1) of an instant. */
function easternStrings(instant: number) {
  const local = localDateTimeOf(instant, 1);
  return { date: formatWireDate(local.date), time: formatTimeLabel(local.minutes) };
}

async function create(name: string, start: WireWhen, end: WireWhen) {
  return createClubEvent(personas.W.client, l2, { name, start, end });
}

async function answer(persona: PersonaKey, eventId: number, status: 'YES' | 'NO') {
  await answerEvent(personas[persona].client, eventId, status);
}

async function remindMe(persona: PersonaKey, lead: MailSettings['event_reminder']) {
  const response = await personas[persona].client.request('PUT', '/mail_settings.json', {
    body: { mail_settings: { event_reminder: lead } },
  });
  expect(response.status).toBe(200);
}

/** When the member's reminder of the event is due; undefined when none is queued. */
async function dueAt(eventId: number, persona: PersonaKey): Promise<number | undefined> {
  const job = await server.app.services.jobs.inspect(
    reminderKey(eventId, personas[persona].partyId),
  );
  if (job === undefined) return undefined;
  expect(job.state).toBe('queued');
  return job.runAt;
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  await seedDemoData(server);
  personas = await signInPersonas(server);
  l2 = await clubIdOf(server, DEMO_CLUBS.L2);
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('reminders (D81)', () => {
  it('Going schedules one a day before; the lead, a move, Not going and a deletion follow', async () => {
    const event = await create(
      'Stated Communication',
      { date: '12/08/2027', time: '7:30pm' },
      { date: '12/08/2027', time: '9:30pm' },
    );
    const start = event.start_time;
    await answer('M', event.id, 'YES');
    expect(await dueAt(event.id, 'M')).toBe(start - DAY);
    // M2 said Not going: nothing. S turned reminders off: nothing either.
    await answer('M2', event.id, 'NO');
    await remindMe('S', 'off');
    await answer('S', event.id, 'YES');
    expect(await dueAt(event.id, 'M2')).toBeUndefined();
    expect(await dueAt(event.id, 'S')).toBeUndefined();

    await remindMe('M', '3_days');
    expect(await dueAt(event.id, 'M')).toBe(start - 3 * DAY);
    await remindMe('M', '1_hour');
    expect(await dueAt(event.id, 'M')).toBe(start - HOUR);
    // S turns them on again: the meeting S is going to gets its reminder.
    await remindMe('S', '1_day');
    expect(await dueAt(event.id, 'S')).toBe(start - DAY);

    const moved = await personas.W.client.request<CalendarEventAnswer>(
      'PUT',
      `/calendar_events/${event.id}.json`,
      {
        body: {
          calendar_event: { start_date_string: '12/09/2027', end_date_string: '12/09/2027' },
        },
      },
    );
    expect(moved.status).toBe(200);
    const newStart = moved.body.data.calendar_event.start_time;
    expect(newStart).toBe(start + DAY);
    expect(await dueAt(event.id, 'M')).toBe(newStart - HOUR);
    expect(await dueAt(event.id, 'S')).toBe(newStart - DAY);

    await answer('M', event.id, 'NO');
    expect(await dueAt(event.id, 'M')).toBeUndefined();
    await answer('M', event.id, 'YES');
    expect(await dueAt(event.id, 'M')).toBe(newStart - HOUR);

    expect((await personas.W.client.request('DELETE', `/calendar_events/${event.id}`)).status).toBe(
      204,
    );
    expect(await dueAt(event.id, 'M')).toBeUndefined();
    expect(await dueAt(event.id, 'S')).toBeUndefined();
    await remindMe('M', '1_day');
  });

  it('a reminder already due is mailed at once, with the time, place, link and unsubscribe', async () => {
    // Three hours ahead, with reminders a day before: due already.
    const begins = Date.now() + 3 * HOUR;
    const event = await create(
      'Lodge of Instruction',
      easternStrings(begins),
      easternStrings(begins + HOUR),
    );
    const start = smtp.mails.length;
    await answer('M', event.id, 'YES');
    await drainJobs(server);
    const address = (
      await firstEmailAddresses(server.database.handle.db, [personas.M.partyId])
    ).get(personas.M.partyId);
    const mails = smtp.mails.slice(start);
    expect(mails.map((mail) => mail.to)).toEqual([address]);
    const [mail] = mails;
    expect(mail?.subject).toBe(
      reminderMailSubject('Lodge of Instruction', event.local_start_date_time_with_duration),
    );
    expect(mail?.text).toContain('Where: Olentangy Temple');
    expect(mail?.text).toContain(`${PUBLIC_URL}/app/calendar/${event.id}`);
    expect(mail?.listUnsubscribe).toMatch(
      /^<https:\/\/lodge\.example\.org\/app\/unsubscribe\?token=\d+\.r\./,
    );
    expect(mail?.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    // The meeting's own .ics, as a calendar program reads it (D83).
    const parsed = await PostalMime.parse(mail?.raw ?? '');
    const files = parsed.attachments.filter((file) => file.mimeType === 'text/calendar');
    expect(files.map((file) => file.filename)).toEqual([`event-${event.id}.ics`]);
    const content = files[0]?.content ?? '';
    const ics = typeof content === 'string' ? content : new TextDecoder().decode(content);
    const vevents = readCalendar(ics).getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(1);
    const vevent = new ICAL.Event(vevents[0]);
    expect(vevent.summary).toBe('Lodge of Instruction');
    expect(vevent.location).toBe('Olentangy Temple');
    expect(vevent.startDate.toUnixTime() * 1000).toBe(event.start_time);
    // Answering Going again sends no second mail for the same meeting.
    await answer('M', event.id, 'YES');
    await drainJobs(server);
    expect(smtp.mails.slice(start)).toHaveLength(1);
  });
});
