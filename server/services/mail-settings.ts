/**
 * The member's own e-mail settings (issue 25, D81): `GET` and `PUT /mail_settings.json`.
 * What the mail reads of them is services/unguarded/mail-settings.ts.
 */
import type { MailSettings } from '../../common/schemas/mail-settings.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import type { ServiceContext } from './context.ts';
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
  await ctx.db.transaction().execute((trx) => storeMailSettings(trx, member.partyId, changes, now));
  return mailSettingsOfParty(ctx.db, member.partyId);
}
