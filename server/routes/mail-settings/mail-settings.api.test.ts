import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CHOICE, UNSUBSCRIBE_LINK_INVALID } from '../../../common/messages.ts';
import {
  DEFAULT_MAIL_SETTINGS,
  type MailSettingsAnswer,
  type UnsubscribeAnswer,
} from '../../../common/schemas/mail-settings.ts';
import { announcementMailRecipients } from '../../services/unguarded/mail-settings.ts';
import {
  unsubscribeLinks,
  type UnsubscribeLinks,
} from '../../services/unguarded/unsubscribe-links.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { PersonaKey, SignedInPersona } from '../../test/member-client.ts';

/**
 * The member's e-mail settings and the one-click unsubscribe link (issue 25, D81) over real
 * HTTP against the real database: signed reads and changes, the link's page calls without a
 * session, a mail program's one-click POST, and links that were tampered with.
 */

interface Problem {
  type: string;
  title: string;
  status: number;
  errors?: Record<string, string[]>;
}

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let links: UnsubscribeLinks;

function db() {
  return server.database.handle.db;
}

async function settingsOf(persona: PersonaKey) {
  const response = await personas[persona].client.request<MailSettingsAnswer>(
    'GET',
    '/mail_settings.json',
  );
  expect(response.status).toBe(200);
  return response.body.data.mail_settings;
}

async function change(persona: PersonaKey, mailSettings: Record<string, unknown>) {
  return personas[persona].client.request<MailSettingsAnswer & Problem>(
    'PUT',
    '/mail_settings.json',
    { body: { mail_settings: mailSettings } },
  );
}

function tokenOf(url: string): string {
  return new URL(url).searchParams.get('token') ?? '';
}

/** The same token with one character of its signature changed. */
function tampered(token: string): string {
  const last = token.at(-1) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -1)}${last}`;
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  personas = await signInPersonas(server);
  links = await unsubscribeLinks(db(), server.baseUrl);
});

afterAll(async () => {
  await server?.close();
});

describe('GET and PUT /mail_settings.json', () => {
  it('answers the defaults to a member who never chose (D81)', async () => {
    expect(await settingsOf('M2')).toEqual(DEFAULT_MAIL_SETTINGS);
    expect(DEFAULT_MAIL_SETTINGS).toEqual({
      notice_mail: 'daily',
      announcement_mail: true,
      event_reminder: '1_day',
    });
  });

  it('changes only the settings sent, keeps them, and answers all of them', async () => {
    const first = await change('W', { event_reminder: '3_days' });
    expect(first.status).toBe(200);
    expect(first.body.data.mail_settings).toEqual({
      ...DEFAULT_MAIL_SETTINGS,
      event_reminder: '3_days',
    });
    const second = await change('W', { notice_mail: 'immediately', announcement_mail: false });
    expect(second.body.data.mail_settings).toEqual({
      notice_mail: 'immediately',
      announcement_mail: false,
      event_reminder: '3_days',
    });
    expect(await settingsOf('W')).toEqual(second.body.data.mail_settings);
    // Another member's stay as they were.
    expect(await settingsOf('M2')).toEqual(DEFAULT_MAIL_SETTINGS);
  });

  it('refuses a choice it does not offer (422) and an unsigned call (401)', async () => {
    const bad = await change('M2', { event_reminder: '2_days' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ event_reminder: [INVALID_CHOICE] });
    const unknown = await change('M2', { sms: true });
    expect(unknown.status).toBe(422);
    const unsigned = await personas.M2.client.request('GET', '/mail_settings.json', {
      unsigned: true,
    });
    expect(unsigned.status).toBe(401);
    expect(await settingsOf('M2')).toEqual(DEFAULT_MAIL_SETTINGS);
  });

  it('leaves out of an Announce’s mail exactly those who turned announcement mail off', async () => {
    const ids = (['M', 'M2', 'S'] as const).map((key) => personas[key].partyId);
    expect(await announcementMailRecipients(db(), ids)).toEqual(ids);
    expect((await change('S', { announcement_mail: false })).status).toBe(200);
    // A member whose notices are off still takes an Announce's mail.
    expect((await change('M2', { notice_mail: 'off' })).status).toBe(200);
    expect(await announcementMailRecipients(db(), ids)).toEqual([
      personas.M.partyId,
      personas.M2.partyId,
    ]);
    expect((await change('S', { announcement_mail: true })).status).toBe(200);
    expect((await change('M2', { notice_mail: 'daily' })).status).toBe(200);
  });
});

describe('the unsubscribe link (RFC 8058)', () => {
  it('gives a mail the two headers, its link pointing at the page', () => {
    const headers = links.headers(personas.M.partyId, 'announcement_mail');
    const url = links.url(personas.M.partyId, 'announcement_mail');
    expect(url.startsWith(`${server.baseUrl}/app/unsubscribe?token=`)).toBe(true);
    expect(headers).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // One link per member and topic.
    expect(links.url(personas.M2.partyId, 'announcement_mail')).not.toBe(url);
    expect(links.url(personas.M.partyId, 'notice_mail')).not.toBe(url);
  });

  it('the page’s calls, without a session: what will change, then the change', async () => {
    const token = tokenOf(links.url(personas.M.partyId, 'notice_mail'));
    const before = await server.request<UnsubscribeAnswer>(
      'GET',
      `/unsubscribe.json?token=${token}`,
    );
    expect(before.status).toBe(200);
    expect(before.body.data.unsubscribe).toEqual({ topic: 'notice_mail', already_off: false });
    // Reading the link changes nothing.
    expect((await settingsOf('M')).notice_mail).toBe('daily');

    const done = await server.request<UnsubscribeAnswer>('POST', '/unsubscribe.json', {
      body: { token },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.unsubscribe).toEqual({ topic: 'notice_mail', already_off: false });
    expect(await settingsOf('M')).toEqual({ ...DEFAULT_MAIL_SETTINGS, notice_mail: 'off' });

    const again = await server.request<UnsubscribeAnswer>('POST', '/unsubscribe.json', {
      body: { token },
    });
    expect(again.body.data.unsubscribe).toEqual({ topic: 'notice_mail', already_off: true });
    const after = await server.request<UnsubscribeAnswer>(
      'GET',
      `/unsubscribe.json?token=${token}`,
    );
    expect(after.body.data.unsubscribe.already_off).toBe(true);
  });

  it('a mail program’s one-click POST to the link itself turns the setting off', async () => {
    const url = links.url(personas.M.partyId, 'event_reminder');
    const path = url.slice(server.baseUrl.length);
    const response = await server.request<UnsubscribeAnswer>('POST', `/${path}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.data.unsubscribe).toEqual({ topic: 'event_reminder', already_off: false });
    expect((await settingsOf('M')).event_reminder).toBe('off');

    const boundary = 'lodgehall-boundary';
    const multipart = await server.request<UnsubscribeAnswer>(
      'POST',
      `/${links.url(personas.M.partyId, 'announcement_mail').slice(server.baseUrl.length)}`,
      {
        rawBody: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
    );
    expect(multipart.status).toBe(200);
    expect((await settingsOf('M')).announcement_mail).toBe(false);
  });

  it('answers a tampered, cut or foreign link with the clear 404, and changes nothing', async () => {
    const good = tokenOf(links.url(personas.M2.partyId, 'notice_mail'));
    const [party, , mac] = good.split('.');
    const otherTopic = `${party}.a.${mac}`;
    const otherMember = `${personas.M.partyId}.n.${mac}`;
    const unknownMember = tokenOf(links.url(999_999, 'notice_mail'));
    for (const token of [
      tampered(good),
      good.slice(0, -3),
      otherTopic,
      otherMember,
      unknownMember,
    ]) {
      const read = await server.request<Problem>('GET', `/unsubscribe.json?token=${token}`);
      expect(read.status, token).toBe(404);
      expect(read.body.type).toMatch(/\/unsubscribe-link-invalid$/);
      expect(read.body.title).toBe(UNSUBSCRIBE_LINK_INVALID);
      const post = await server.request<Problem>('POST', '/unsubscribe.json', { body: { token } });
      expect(post.status).toBe(404);
      const oneClick = await server.request<Problem>('POST', `//app/unsubscribe?token=${token}`, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(oneClick.status).toBe(404);
      expect(oneClick.body.title).toBe(UNSUBSCRIBE_LINK_INVALID);
    }
    const noToken = await server.request<Problem>('POST', '//app/unsubscribe', {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(noToken.status).toBe(404);
    expect(await settingsOf('M2')).toEqual(DEFAULT_MAIL_SETTINGS);
  });
});
