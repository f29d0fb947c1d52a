/**
 * The daily digest of notices (issue 25, D83): once a day, at DIGEST_HOUR_UTC, each member whose
 * notice mail is `daily` (the default) and who has unread notices set since their last digest
 * gets one mail listing them. A `digest` job on the durable queue per day, keyed
 * `digest:YYYY-MM-DD`, first queues the next day's, then queues one mail per member, keyed
 * `digest:<day>:<party>`, and stores how far the member's digests reached, in one transaction
 * per batch: a second run of the day (a retry, a node killed mid-run, a second node's start)
 * finds nothing new for those done and mails only the rest. No actor: it mails the notices'
 * own recipients.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { BASE_PATH } from '../../../common/constants.ts';
import { digestMailSubject, digestMailText } from '../../../common/messages.ts';
import { firstEmailAddresses } from '../../db/content-events.ts';
import {
  DIGEST_SENT_UNTIL_CODE,
  digestsSentUntil,
  partiesWithUnreadNotices,
  unreadNoticesOf,
} from '../../db/notice-digest.ts';
import { upsertPartyPreference } from '../../db/party-preferences.ts';
import type { Database } from '../../db/schema.ts';
import {
  defineTask,
  type JobQueue,
  type TaskDefinition,
  type TaskName,
} from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../mail/mail-jobs.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { plainText } from '../rich-text.ts';
import { noticeDigestRecipients } from './mail-settings.ts';
import { unsubscribeLinks, type UnsubscribeLinks } from './unsubscribe-links.ts';

/** Noon UTC: morning across the Americas, afternoon in Europe (D83). */
export const DIGEST_HOUR_UTC = 12;
/** Notices listed in one mail; the rest are counted ("and 5 more"). */
export const DIGEST_MAX_NOTICES = 20;
/** How long after DIGEST_HOUR_UTC the day's digest runs. */
export const DIGEST_GRACE_MS = 5 * 60_000;
/** Members per transaction. */
const BATCH = 100;
const DAY_MS = 86_400_000;
/** How far back a digest looks at most: a week of days the digest could not run. */
const LOOKBACK_MS = 7 * DAY_MS;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const digestPayload = z.object({ day: z.string().regex(DAY) });
type DigestJob = z.infer<typeof digestPayload>;

export const DIGEST_TASK: TaskName<DigestJob> = { name: 'digest', payload: digestPayload };

/** The one digest job of a day (`YYYY-MM-DD`, UTC). */
export function digestKey(day: string): string {
  return `digest:${day}`;
}

/** The UTC day (`YYYY-MM-DD`) of an instant. */
function dayOf(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** When the day's digest is due: the day at DIGEST_HOUR_UTC. */
export function digestDueAt(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) + DIGEST_HOUR_UTC * 3_600_000;
}

/** The day of the next digest due after `now`: today's if its hour is still ahead. */
export function nextDigestDay(now: number): string {
  const today = dayOf(now);
  return digestDueAt(today) > now ? today : dayOf(now + DAY_MS);
}

/**
 * Queues the digest of `day` at its hour. The key makes it one job however many nodes start:
 * a second enqueue replaces the waiting one with the same day and time (D78).
 */
export async function scheduleDigest(
  db: Kysely<Database>,
  jobs: JobQueue,
  day: string,
): Promise<void> {
  await jobs.enqueue(db, {
    task: DIGEST_TASK,
    key: digestKey(day),
    // It gathers the notices stamped before the hour; a few minutes after it, those of a
    // transaction still open at the hour (an Announce to a lodge takes seconds) are there too.
    runAt: digestDueAt(day) + DIGEST_GRACE_MS,
    payload: { day },
  });
}

export interface DigestTaskDependencies {
  db: Kysely<Database>;
  jobs: JobQueue;
  /** Where the mail's links point; without it the mail has none. */
  publicUrl: string | undefined;
}

interface DigestRun {
  day: string;
  until: number;
  origin: string | null;
  links: UnsubscribeLinks | null;
}

/** The member's digest mail, or null when nothing unread is new since their last one. */
async function digestMailOf(
  db: Kysely<Database>,
  run: DigestRun,
  partyId: number,
  sentUntil: number | undefined,
  to: string,
): Promise<MailMessage | null> {
  // A member never digested gets the last day's; none looks back more than a week.
  const from = Math.max(sentUntil ?? run.until - DAY_MS, run.until - LOOKBACK_MS);
  const { messages, total } = await unreadNoticesOf(db, partyId, {
    from,
    until: run.until,
    limit: DIGEST_MAX_NOTICES,
  });
  if (total === 0) return null;
  return {
    to,
    subject: digestMailSubject(total),
    text: digestMailText(
      messages.map((message) => plainText(message)),
      total - messages.length,
      run.origin === null ? null : `${run.origin}${BASE_PATH}/notices`,
      run.links?.url(partyId, 'notice_mail') ?? null,
    ),
    ...(run.links ? { headers: run.links.headers(partyId, 'notice_mail') } : {}),
  };
}

/** Mails one batch of members their digest and records how far it reached, in one transaction. */
async function digestBatch(
  deps: DigestTaskDependencies,
  run: DigestRun,
  candidates: readonly number[],
): Promise<void> {
  const { db } = deps;
  const partyIds = await noticeDigestRecipients(db, candidates);
  if (partyIds.length === 0) return;
  const [sentUntil, addresses] = await Promise.all([
    digestsSentUntil(db, partyIds),
    firstEmailAddresses(db, partyIds),
  ]);
  const mails: { partyId: number; mail: MailMessage }[] = [];
  for (const partyId of partyIds) {
    const to = addresses.get(partyId);
    if (to === undefined) continue;
    const mail = await digestMailOf(db, run, partyId, sentUntil.get(partyId), to);
    if (mail !== null) mails.push({ partyId, mail });
  }
  if (mails.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const { partyId, mail } of mails) {
      await enqueueMail(deps.jobs, trx, `digest:${run.day}:${partyId}`, mail);
      await upsertPartyPreference(
        trx,
        partyId,
        DIGEST_SENT_UNTIL_CODE,
        String(run.until),
        run.until,
      );
    }
  });
}

/** The handler of digest jobs, registered by the composition root (server/app.ts). */
export function digestTask(deps: DigestTaskDependencies): TaskDefinition<DigestJob> {
  return defineTask({
    ...DIGEST_TASK,
    async run({ day }) {
      const { db } = deps;
      // The chain first: a day whose run fails for good does not end the digests.
      const next = dayOf(digestDueAt(day) + DAY_MS);
      await scheduleDigest(db, deps.jobs, next);
      // Up to the day's hour (or now, for a run started early): the same bound on every run of
      // the day, so a second run finds those already mailed with nothing new.
      const until = Math.min(digestDueAt(day), Date.now());
      const origin = deps.publicUrl?.replace(/\/$/, '') ?? null;
      const run: DigestRun = {
        day,
        until,
        origin,
        links: origin === null ? null : await unsubscribeLinks(db, origin),
      };
      const candidates = await partiesWithUnreadNotices(db, until - LOOKBACK_MS, until);
      for (let start = 0; start < candidates.length; start += BATCH) {
        await digestBatch(deps, run, candidates.slice(start, start + BATCH));
      }
    },
  });
}
