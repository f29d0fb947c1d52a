/**
 * The member's own e-mail settings (issue 25, D81): `GET` and `PUT /mail_settings.json`.
 * What the mail reads of them is services/unguarded/mail-settings.ts.
 */
import type { MailSettings } from '../../common/schemas/mail-settings.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import type { ServiceContext } from './context.ts';
import { rescheduleMemberReminders } from './unguarded/event-reminders.ts';
import { mailSettingsOfParty, storeMailSettings } from './unguarded/mail-settings.ts';

/** GET /mail_settings.json: the member's settings, the defaults where never chosen. */
export async function getMailSettings(ctx: ServiceContext, actor: Actor): Promise<MailSettings> {
  const member = requireMember(actor);
  return mailSettingsOfParty(ctx.db, member.partyId);
}

/** PUT /mail_settings.json: the settings sent change, in one transaction; answers all of them. */
export async function changeMailSettings(
  ctx: ServiceContext,
  actor: Actor,
  changes: Partial<MailSettings>,
  now: number = Date.now(),
): Promise<MailSettings> {
  const member = requireMember(actor);
  await ctx.db.transaction().execute(async (trx) => {
    await storeMailSettings(trx, member.partyId, changes, now);
    // A new lead moves the reminders of the meetings the member is Going to.
    if (changes.event_reminder !== undefined) {
      await rescheduleMemberReminders(trx, ctx.jobs, member.partyId, now);
    }
  });
  return mailSettingsOfParty(ctx.db, member.partyId);
}
