import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventCancelledMailLine,
  eventCancelledMailSubject,
  eventChangedMailSubject,
  eventMovedMailLine,
} from '../../../common/messages.ts';
import type { MailSettingsAnswer } from '../../../common/schemas/mail-settings.ts';
import { firstEmailAddresses } from '../../db/content-events.ts';
import { DEMO_CLUBS } from '../../db/seed/personas.ts';
import { drainJobs, startTestServer } from '../../test/api-harness.ts';
import { answerEvent, createClubEvent, editEvent } from '../../test/event-fixtures.ts';

import type { TestServer } from '../../test/api-harness.ts';
import { clubIdOf, seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { PersonaKey, SignedInPersona } from '../../test/member-client.ts';
import { startSmtpCatcher } from '../../test/smtp-catcher.ts';
import type { CaughtMail, SmtpCatcher } from '../../test/smtp-catcher.ts';

/**
 * The e-mail of a changed or cancelled event (issue 25, D81), through the mail queue (D79) to a
 * real SMTP server: only to those who answered and take their notices at once, each with the
 * event's link and a one-click unsubscribe that turns notice mail off.
 */

const PUBLIC_URL = 'https://lodge.example.org';
const L2_NAME = 'Olentangy Lodge No. 614';

let smtp: SmtpCatcher;
let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let l2: number;
const addressOf: Partial<Record<PersonaKey, string>> = {};

async function settle(persona: PersonaKey, noticeMail: 'immediately' | 'daily') {
  const response = await personas[persona].client.request<MailSettingsAnswer>(
    'PUT',
    '/mail_settings.json',
    { body: { mail_settings: { notice_mail: noticeMail } } },
  );
  expect(response.status).toBe(200);
}

async function create(name: string): Promise<number> {
  return (await createClubEvent(personas.W.client, l2, { name })).id;
}

async function answer(persona: PersonaKey, eventId: number, status: 'YES' | 'NO') {
  await answerEvent(personas[persona].client, eventId, status);
}

async function edit(eventId: number, fields: Record<string, unknown>) {
  return editEvent(personas.W.client, eventId, fields);
}

/** The mails caught since `from`, by recipient. */
function mailsSince(from: number): CaughtMail[] {
  return smtp.mails.slice(from);
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  await seedDemoData(server);
  personas = await signInPersonas(server);
  l2 = await clubIdOf(server, DEMO_CLUBS.L2);
  const addresses = await firstEmailAddresses(
    server.database.handle.db,
    (['M', 'M2'] as const).map((key) => personas[key].partyId),
  );
  addressOf.M = addresses.get(personas.M.partyId);
  addressOf.M2 = addresses.get(personas.M2.partyId);
  expect(addressOf.M).toBeDefined();
  expect(addressOf.M2).toBeDefined();
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('the mail of a changed or cancelled event (D81)', () => {
  it('goes to those who answered and take notices at once, with the one-click unsubscribe', async () => {
    await settle('M', 'immediately');
    const id = await create('Stated Communication');
    await answer('M', id, 'YES');
    await answer('M2', id, 'NO');
    await drainJobs(server);
    const start = smtp.mails.length;

    const moved = await edit(id, { start_time_string: '6:30pm' });
    await drainJobs(server);
    const mails = mailsSince(start);
    // M2 keeps the daily digest: the notice, no mail now.
    expect(mails.map((mail) => mail.to)).toEqual([addressOf.M]);
    const [mail] = mails;
    expect(mail?.subject).toBe(eventChangedMailSubject(L2_NAME, 'Stated Communication'));
    expect(mail?.text).toContain(
      eventMovedMailLine('Stated Communication', moved.local_start_date_time_with_duration),
    );
    expect(mail?.text).toContain(`${PUBLIC_URL}/app/calendar/${id}`);
    expect(mail?.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https:\/\/lodge\.example\.org\/app\/unsubscribe\?token=[^>]+)>$/.exec(
      mail?.listUnsubscribe ?? '',
    )?.[1];
    expect(link).toBeDefined();
    // The body is quoted-printable: its `=` comes as `=3D`.
    expect(mail?.text.replaceAll('=3D', '=')).toContain(link);

    // The mail program's one click, to this server.
    const oneClick = await server.request('POST', `/${(link ?? '').slice(PUBLIC_URL.length)}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    const settings = await personas.M.client.request<MailSettingsAnswer>(
      'GET',
      '/mail_settings.json',
    );
    expect(settings.body.data.mail_settings.notice_mail).toBe('off');

    const afterUnsubscribe = smtp.mails.length;
    await edit(id, { location: 'Harmony Hall' });
    await drainJobs(server);
    expect(mailsSince(afterUnsubscribe)).toEqual([]);
  });

  it('tells of a cancellation, once', async () => {
    await settle('M', 'immediately');
    await settle('M2', 'immediately');
    const id = await create('Table Lodge');
    await answer('M', id, 'YES');
    await answer('M2', id, 'NO');
    const event = await edit(id, { name: 'Table Lodge' });
    await drainJobs(server);
    const start = smtp.mails.length;
    expect((await personas.W.client.request('DELETE', `/calendar_events/${id}`)).status).toBe(204);
    await drainJobs(server);
    const mails = mailsSince(start);
    expect(mails.map((mail) => mail.to).sort()).toEqual([addressOf.M, addressOf.M2].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe(eventCancelledMailSubject(L2_NAME, 'Table Lodge'));
      expect(mail.text).toContain(
        eventCancelledMailLine('Table Lodge', event.local_start_date_time_with_duration),
      );
    }
    await settle('M', 'daily');
    await settle('M2', 'daily');
  });
});

describe('the mail of an Announce (D79, D81)', () => {
  it('carries the one-click unsubscribe from announcement mail, which stops the next one', async () => {
    // Olentangy's own members get it (the personas but W belong to Harmony).
    const first = await create('Ladies Night');
    const start = smtp.mails.length;
    const announced = await personas.W.client.request(
      'POST',
      `/calendar_events/${first}/announce.json`,
    );
    expect(announced.status, announced.text).toBe(200);
    await drainJobs(server);
    const mails = mailsSince(start);
    expect(mails.length).toBeGreaterThan(1);
    for (const mail of mails) expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    const [mail] = mails;
    const link = /^<(https:\/\/lodge\.example\.org\/app\/unsubscribe\?token=[^>]+)>$/.exec(
      mail?.listUnsubscribe ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(mail?.text.replaceAll('=3D', '=')).toContain(link);
    const oneClick = await server.request('POST', `/${(link ?? '').slice(PUBLIC_URL.length)}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);

    // The next Announce reaches the others, not the member who clicked.
    const second = await create('Table Lodge');
    const before = smtp.mails.length;
    await personas.W.client.request('POST', `/calendar_events/${second}/announce.json`);
    await drainJobs(server);
    const recipients = mailsSince(before).map((candidate) => candidate.to);
    expect(recipients.sort()).toEqual(
      mails
        .map((candidate) => candidate.to)
        .filter((to) => to !== mail?.to)
        .sort(),
    );
  });
});
