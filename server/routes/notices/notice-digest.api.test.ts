import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestMailSubject } from '../../../common/messages.ts';
import type { MailSettings, MailSettingsAnswer } from '../../../common/schemas/mail-settings.ts';
import { firstEmailAddresses } from '../../db/content-events.ts';
import { DIGEST_SENT_UNTIL_CODE } from '../../db/notice-digest.ts';
import { insertNotices } from '../../db/notices.ts';
import { upsertPartyPreference } from '../../db/party-preferences.ts';
import {
  DIGEST_MAX_NOTICES,
  DIGEST_TASK,
  DIGEST_GRACE_MS,
  digestDueAt,
  digestKey,
  nextDigestDay,
  scheduleDigest,
} from '../../services/unguarded/notice-digest.ts';
import { drainJobs, startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { PersonaKey, SignedInPersona } from '../../test/member-client.ts';
import { startSmtpCatcher } from '../../test/smtp-catcher.ts';
import type { CaughtMail, SmtpCatcher } from '../../test/smtp-catcher.ts';

/**
 * The daily digest of notices (issue 25, D83) on the real queue and a real SMTP server: the
 * day's job is read back with `inspect` at its hour, then run at once (queued again under its
 * key with no run time), so no test waits for a clock. Notices are written after each member's
 * "last digest" instant, so the demo's own notices stay out of the count.
 */

const PUBLIC_URL = 'https://lodge.example.org';
const DAY = 86_400_000;

let smtp: SmtpCatcher;
let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let address: Map<number, string>;

function dayOf(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

async function choose(persona: PersonaKey, notice_mail: MailSettings['notice_mail']) {
  const response = await personas[persona].client.request('PUT', '/mail_settings.json', {
    body: { mail_settings: { notice_mail } },
  });
  expect(response.status).toBe(200);
}

async function settingsOf(persona: PersonaKey) {
  const response = await personas[persona].client.request<MailSettingsAnswer>(
    'GET',
    '/mail_settings.json',
  );
  expect(response.status).toBe(200);
  return response.body.data.mail_settings;
}

/** Runs the digest of `day` now (its key's job replaced by one due at once) and its mails. */
async function runDigest(day: string): Promise<void> {
  await server.app.services.jobs.enqueue(server.database.handle.db, {
    task: DIGEST_TASK,
    key: digestKey(day),
    payload: { day },
  });
  await drainJobs(server);
}

function mailsOf(persona: PersonaKey, mails: readonly CaughtMail[]): CaughtMail[] {
  return mails.filter((mail) => mail.to === address.get(personas[persona].partyId));
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  await seedDemoData(server);
  personas = await signInPersonas(server);
  const db = server.database.handle.db;
  const ids = Object.values(personas).map((persona) => persona.partyId);
  address = await firstEmailAddresses(db, ids);
  // Each member's last digest a minute ago; then M, M2 and S get new notices, W none.
  const lastDigest = Date.now() - 60_000;
  for (const partyId of ids) {
    await upsertPartyPreference(db, partyId, DIGEST_SENT_UNTIL_CODE, String(lastDigest), 0);
  }
  for (const persona of ['M', 'M2', 'S'] as const) {
    for (let n = 1; n <= DIGEST_MAX_NOTICES + 2; n += 1) {
      await insertNotices(
        db,
        [
          {
            party_id: personas[persona].partyId,
            message: `<p><strong>Notice ${n}</strong> about &lt;Stated&gt; &amp; more</p>`,
            noticeable_type: 'CalendarEvent',
            noticeable_id: n,
            parent_noticeable_type: null,
            parent_noticeable_id: null,
          },
        ],
        lastDigest + n * 100,
      );
    }
  }
  await choose('M2', 'immediately');
  await choose('S', 'off');
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('the daily digest of notices', () => {
  it('a starting node queues today’s while its hour is ahead, else tomorrow’s', () => {
    const noon = Date.parse('2026-12-01T12:00:00Z');
    expect(nextDigestDay(noon - 1)).toBe('2026-12-01');
    expect(nextDigestDay(noon)).toBe('2026-12-02');
    expect(nextDigestDay(Date.parse('2026-12-31T23:59:59Z'))).toBe('2027-01-01');
  });

  it('is queued at its hour; a daily member gets one mail of their unread notices, newest first', async () => {
    const { jobs } = server.app.services;
    const db = server.database.handle.db;
    // Tomorrow's, so its hour is ahead whenever the test runs.
    const day = dayOf(Date.now() + DAY);
    await scheduleDigest(db, jobs, day);
    const queued = await jobs.inspect(digestKey(day));
    expect(queued?.state).toBe('queued');
    expect(queued?.runAt).toBe(digestDueAt(day) + DIGEST_GRACE_MS);
    expect(new Date(digestDueAt(day)).toISOString()).toBe(`${day}T12:00:00.000Z`);

    const start = smtp.mails.length;
    await runDigest(day);
    const mails = smtp.mails.slice(start);
    // The day's run queued the next day's at its hour.
    const next = dayOf(digestDueAt(day) + DAY);
    expect((await jobs.inspect(digestKey(next)))?.runAt).toBe(digestDueAt(next) + DIGEST_GRACE_MS);

    const [mail, ...others] = mailsOf('M', mails);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe(digestMailSubject(DIGEST_MAX_NOTICES + 2));
    const lines = (mail?.text ?? '').split(/\r?\n/).filter((line) => line.startsWith('- '));
    // Newest first, as plain text, the cap, then how many more.
    expect(lines[0]).toBe(`- Notice ${DIGEST_MAX_NOTICES + 2} about <Stated> & more`);
    expect(lines[DIGEST_MAX_NOTICES - 1]).toBe('- Notice 3 about <Stated> & more');
    expect(lines.slice(DIGEST_MAX_NOTICES)).toEqual(['- and 2 more']);
    expect(mail?.text).toContain(`See your notices: ${PUBLIC_URL}/app/notices`);
    expect(mail?.listUnsubscribe).toMatch(
      /^<https:\/\/lodge\.example\.org\/app\/unsubscribe\?token=\d+\.n\./,
    );
    expect(mail?.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    // Notices at once, or none: no digest. Nothing new since the last digest: none.
    expect(mailsOf('M2', mails)).toEqual([]);
    expect(mailsOf('S', mails)).toEqual([]);
    expect(mailsOf('W', mails)).toEqual([]);

    // The same day run again: nothing new, no second mail.
    await runDigest(day);
    expect(smtp.mails.slice(start)).toHaveLength(mails.length);

    // A notice after the digest goes in the next day's, alone.
    await insertNotices(
      db,
      [
        {
          party_id: personas.M.partyId,
          message: '<p>Later news</p>',
          noticeable_type: 'CalendarEvent',
          noticeable_id: 99,
          parent_noticeable_type: null,
          parent_noticeable_id: null,
        },
      ],
      Date.now(),
    );
    const later = smtp.mails.length;
    await runDigest(next);
    const [nextMail, ...more] = mailsOf('M', smtp.mails.slice(later));
    expect(more).toEqual([]);
    expect(nextMail?.subject).toBe(digestMailSubject(1));
    expect(nextMail?.text).toContain('- Later news');
    expect(nextMail?.text).not.toContain('Notice 1 ');
  });

  it('the one-click POST to its List-Unsubscribe link turns notice mail off', async () => {
    const [mail] = mailsOf('M', smtp.mails);
    const url = (mail?.listUnsubscribe ?? '').replace(/^<|>$/g, '');
    expect(url.startsWith(PUBLIC_URL)).toBe(true);
    const response = await server.request('POST', `/${url.slice(PUBLIC_URL.length)}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(200);
    expect((await settingsOf('M')).notice_mail).toBe('off');
  });
});
