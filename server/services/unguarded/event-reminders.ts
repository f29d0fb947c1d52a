/**
 * Reminders before a meeting a member said Going to (issue 25, D81): one job per event and
 * member on the durable queue (D78), keyed `reminder:{event}:{party}`, due the member's lead
 * (`event_reminder`) before the start. An RSVP of Going schedules it, Not going cancels it, a
 * moved event moves its members' jobs, a deleted one cancels them, and a new lead moves the
 * member's. A reminder whose time has passed while the meeting is still ahead is due at once:
 * a late answer still gets one. When it runs it asks again (still Going, reminders still on, the
 * meeting still ahead) and queues the mail (D79), with the event's link, its `.ics` (D83) and
 * the unsubscribe headers of reminders. No actor: the writes that call these asked their policies already.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { BASE_PATH } from '../../../common/constants.ts';
import { eventLocalFields } from '../../../common/event-time.ts';
import { reminderMailSubject, reminderMailText } from '../../../common/messages.ts';
import { REMINDER_LEAD_MS, type Reminder } from '../../../common/schemas/mail-settings.ts';
import { firstEmailAddresses, storedEventById } from '../../db/content-events.ts';
import { goingPartyIds, isGoing, upcomingGoingEvents } from '../../db/event-changes.ts';
import type { Database } from '../../db/schema.ts';
import {
  defineTask,
  type JobQueue,
  type TaskDefinition,
  type TaskName,
} from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../mail/mail-jobs.ts';
import { eventIcsAttachment } from './event-ics.ts';
import { mailSettingsOfParty } from './mail-settings.ts';
import { unsubscribeLinks } from './unsubscribe-links.ts';

const reminderPayload = z.object({ eventId: z.number().int(), partyId: z.number().int() });
type ReminderJob = z.infer<typeof reminderPayload>;

export const REMINDER_TASK: TaskName<ReminderJob> = {
  name: 'event-reminder',
  payload: reminderPayload,
};

/** The one reminder job of this member for this event. */
export function reminderKey(eventId: number, partyId: number): string {
  return `reminder:${eventId}:${partyId}`;
}

/** When the reminder is due, or null for none: reminders off, or the meeting already begun. */
export function reminderDueAt(startAt: number, lead: Reminder, now: number): number | null {
  if (lead === 'off' || startAt <= now) return null;
  return Math.max(startAt - REMINDER_LEAD_MS[lead], now);
}

/**
 * Schedules, moves or cancels the member's reminder of the event, in the caller's transaction,
 * from their answer (`going`) and their reminder setting as stored now.
 */
export async function scheduleReminder(
  db: Kysely<Database>,
  jobs: JobQueue,
  reminder: { eventId: number; partyId: number; startAt: number; going: boolean },
  now: number,
): Promise<void> {
  const key = reminderKey(reminder.eventId, reminder.partyId);
  const lead = reminder.going
    ? (await mailSettingsOfParty(db, reminder.partyId)).event_reminder
    : 'off';
  const dueAt = reminderDueAt(reminder.startAt, lead, now);
  if (dueAt === null) {
    await jobs.cancel(db, key);
    return;
  }
  await jobs.enqueue(db, {
    task: REMINDER_TASK,
    key,
    runAt: dueAt,
    payload: { eventId: reminder.eventId, partyId: reminder.partyId },
  });
}

/** After an event moved: each Going member's reminder follows it. */
export async function rescheduleEventReminders(
  db: Kysely<Database>,
  jobs: JobQueue,
  eventId: number,
  startAt: number,
  now: number,
): Promise<void> {
  for (const partyId of await goingPartyIds(db, eventId)) {
    await scheduleReminder(db, jobs, { eventId, partyId, startAt, going: true }, now);
  }
}

/** After an event was deleted: the reminders of those who answered it go (read beforehand). */
export async function cancelEventReminders(
  db: Kysely<Database>,
  jobs: JobQueue,
  eventId: number,
  partyIds: readonly number[],
): Promise<void> {
  for (const partyId of partyIds) await jobs.cancel(db, reminderKey(eventId, partyId));
}

/** After the member changed their reminder setting: their coming meetings' reminders follow. */
export async function rescheduleMemberReminders(
  db: Kysely<Database>,
  jobs: JobQueue,
  partyId: number,
  now: number,
): Promise<void> {
  for (const event of await upcomingGoingEvents(db, partyId, now)) {
    await scheduleReminder(
      db,
      jobs,
      { eventId: event.id, partyId, startAt: event.start_at, going: true },
      now,
    );
  }
}

export interface ReminderTaskDependencies {
  db: Kysely<Database>;
  jobs: JobQueue;
  /** Where the mail's links point; without it the mail has none. */
  publicUrl: string | undefined;
}

/** The handler of reminder jobs, registered by the composition root (server/app.ts). */
export function reminderTask(deps: ReminderTaskDependencies): TaskDefinition<ReminderJob> {
  return defineTask({
    ...REMINDER_TASK,
    async run({ eventId, partyId }) {
      const { db } = deps;
      const event = await storedEventById(db, eventId);
      // A meeting called off keeps its answers (D80), but nobody is reminded of it.
      if (!event || event.cancelled_at !== null || event.start_at <= Date.now()) return;
      const settings = await mailSettingsOfParty(db, partyId);
      if (settings.event_reminder === 'off' || !(await isGoing(db, eventId, partyId))) return;
      const to = (await firstEmailAddresses(db, [partyId])).get(partyId);
      if (to === undefined) return;
      const origin = deps.publicUrl?.replace(/\/$/, '') ?? null;
      const links = origin === null ? null : await unsubscribeLinks(db, origin);
      const when = eventLocalFields(
        event.start_at,
        event.end_at,
        event.time_zone_id,
      ).local_start_date_time_with_duration;
      const place = event.location?.trim() ? event.location.trim() : null;
      // The meeting itself as a file for the member's calendar (D83); links need the origin.
      const ics =
        origin === null
          ? undefined
          : await eventIcsAttachment(db, eventId, partyId, `${origin}${BASE_PATH}`);
      // One mail per member and start: a moved meeting's reminder is a new mail.
      await enqueueMail(deps.jobs, db, `reminder-mail:${eventId}:${partyId}:${event.start_at}`, {
        to,
        subject: reminderMailSubject(event.name, when),
        text: reminderMailText(
          event.club_name,
          event.name,
          when,
          place,
          origin === null ? null : `${origin}${BASE_PATH}/calendar/${eventId}`,
          links?.url(partyId, 'event_reminder') ?? null,
        ),
        ...(links ? { headers: links.headers(partyId, 'event_reminder') } : {}),
        ...(ics ? { attachments: [ics] } : {}),
      });
    },
  });
}
