/**
 * An Announce to a lodge of N members through a local SMTP server (issue 25, docs/decisions.md
 * D79): the demo data, N more members of Olentangy Lodge with an e-mail each, then its
 * webmaster announces an event; timed are the Announce's answer (its transaction enqueues
 * one mail job per recipient) and the last mail's arrival at the SMTP server (the `smtp-server`
 * package in this process), with the queue's default concurrency and poll. The mailer pools its
 * SMTP connections; `--unpooled` opens one per message, as before D79 (`pool=false` on the
 * URL). Use a fresh SQLite folder or database.
 *
 *   npx tsx bench/announce-mail.ts --data-dir /tmp/announce-bench
 *   npx tsx bench/announce-mail.ts --database-url postgres://.../lodgehall_announce_bench
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDemo } from '../server/db/seed/index.ts';
import { DEMO_CLUBS, DEMO_ORGANIZATION_NAME, WEBMASTER } from '../server/db/seed/personas.ts';
import { migrateJobQueue } from '../server/jobs/job-queue.ts';
import {
  announceCalendarEvent,
  createCalendarEvent,
} from '../server/services/calendar-event-writes.ts';
import type { TestServer } from '../server/test/api-harness.ts';
import { addRosterMember } from '../server/test/flow-client.ts';
import { startSmtpCatcher } from '../server/test/smtp-catcher.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: 'bench/.data/announce-mail' },
    'database-url': { type: 'string' },
    members: { type: 'string', default: '2000' },
    unpooled: { type: 'boolean', default: false },
  },
});

const members = Number(values.members);
const url = values['database-url'];
const handle = await openDatabase({ url, dataDir: values['data-dir'] });
await migrateToLatest(handle.db);
await migrateJobQueue(handle, url);
await seedDemo(handle.db, { passwordHash: await hashPassword('bench password 1') });

const { db } = handle;
const organization = await db
  .selectFrom('organizations')
  .select('id')
  .where('name', '=', DEMO_ORGANIZATION_NAME)
  .executeTakeFirstOrThrow();
// The test helper reads only the database of the server it is given.
const target = { database: { handle } } as unknown as TestServer;
for (let n = 0; n < members; n++) {
  await addRosterMember(target, {
    organizationId: organization.id,
    memberNumber: `B${String(n).padStart(6, '0')}`,
    birthDate: '1960-01-01',
    lastName: `Brother${n}`,
    email: `brother${n}@example.org`,
    club: DEMO_CLUBS.L2,
  });
}
const club = await db
  .selectFrom('clubs')
  .select('id')
  .where('subdomain', '=', DEMO_CLUBS.L2)
  .executeTakeFirstOrThrow();
// The lodge's webmaster announces, as a signed-in member (server/auth/actor.ts).
const webmaster = await db
  .selectFrom('users')
  .select(['id', 'party_id', 'is_admin'])
  .where('username', '=', WEBMASTER.username)
  .executeTakeFirstOrThrow();
const actor = {
  kind: 'member',
  userId: webmaster.id,
  partyId: webmaster.party_id,
  isAdmin: webmaster.is_admin === 1,
} as const;

const smtp = await startSmtpCatcher();
const smtpUrl = values.unpooled ? `${smtp.url}?pool=false` : smtp.url;
const config = loadConfig({
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
  SMTP_URL: smtpUrl,
  DATA_DIR: values['data-dir'],
  ...(url ? { DATABASE_URL: url } : {}),
});
const app = await buildApp({ config, database: handle, logger: false });
await app.services.jobs.start();

const event = await createCalendarEvent(app.services, actor, {
  club_id: club.id,
  name: 'Stated Communication',
  location: '1 Lodge St, Columbus, OH',
  new_description: '<p>Business and a talk.</p>',
  access: 'PUBLIC',
  start_date_string: '05/16/2027',
  start_time_string: '7:30pm',
  end_date_string: '05/16/2027',
  end_time_string: '9:30pm',
  time_zone_id: 1,
  allows_comments: true,
  photos_attributes: [],
});
const recipients = await db
  .selectFrom('memberships')
  .innerJoin('emails', 'emails.party_id', 'memberships.party_id')
  .select('memberships.party_id')
  .distinct()
  .where('memberships.club_id', '=', club.id)
  .where('memberships.left_at', 'is', null)
  .where('memberships.party_id', '!=', webmaster.party_id)
  .execute();

const started = performance.now();
await announceCalendarEvent(app.services, actor, event.id, null);
const answeredMs = performance.now() - started;
while (smtp.mails.length < recipients.length) await new Promise((r) => setTimeout(r, 5));
const lastMailMs = performance.now() - started;

await app.close();
await smtp.close();
await handle.close();
process.stdout.write(
  `${handle.engine}${values.unpooled ? ', a connection per mail' : ', pooled SMTP'}: Announce to ${recipients.length} ` +
    `recipients answered in ${Math.round(answeredMs)} ms; last mail after ` +
    `${Math.round(lastMailMs)} ms (${Math.round((recipients.length / lastMailMs) * 1000)} mails/s)\n`,
);
