/**
 * One-click unsubscribe (issue 25, D81; RFC 8058): a link in every mail turns that mail's
 * setting off without signing in. The token in the link is the key (auth/unsubscribe-tokens.ts),
 * as a calendar feed's is: these calls take no actor.
 */
import { UNSUBSCRIBE_LINK_INVALID } from '../../common/messages.ts';
import type {
  MailSettings,
  UnsubscribeState,
  UnsubscribeTopic,
} from '../../common/schemas/mail-settings.ts';
import { loadUnsubscribeKey, readUnsubscribeToken } from '../auth/unsubscribe-tokens.ts';
import { partyOnFile } from '../db/mail-settings.ts';
import { AppError } from '../errors.ts';
import type { ServiceContext } from './context.ts';
import { rescheduleMemberReminders } from './unguarded/event-reminders.ts';
import { mailSettingsOfParty, storeMailSettings } from './unguarded/mail-settings.ts';

/** The value of each topic's setting once it is turned off. */
const OFF: { [K in UnsubscribeTopic]: MailSettings[K] } = {
  notice_mail: 'off',
  announcement_mail: false,
  event_reminder: 'off',
};

function invalidLink(): AppError {
  return new AppError(404, 'unsubscribe-link-invalid', UNSUBSCRIBE_LINK_INVALID);
}

async function linkOf(
  ctx: ServiceContext,
  token: string,
): Promise<{ partyId: number; topic: UnsubscribeTopic }> {
  const link = readUnsubscribeToken(await loadUnsubscribeKey(ctx.db), token);
  if (!link || !(await partyOnFile(ctx.db, link.partyId))) throw invalidLink();
  return link;
}

/** GET /unsubscribe.json: what the link turns off, and whether it is off already. */
export async function unsubscribeState(
  ctx: ServiceContext,
  token: string,
): Promise<UnsubscribeState> {
  const { partyId, topic } = await linkOf(ctx, token);
  const settings = await mailSettingsOfParty(ctx.db, partyId);
  return { topic, already_off: settings[topic] === OFF[topic] };
}

/**
 * POST /unsubscribe.json and the mail program's one-click POST: turns the link's setting off.
 * `already_off` says it was off before this call; a second call changes nothing.
 */
export async function unsubscribe(
  ctx: ServiceContext,
  token: string,
  now: number = Date.now(),
): Promise<UnsubscribeState> {
  const { partyId, topic } = await linkOf(ctx, token);
  const before = await unsubscribeState(ctx, token);
  if (!before.already_off) {
    await ctx.db.transaction().execute(async (trx) => {
      await storeMailSettings(trx, partyId, { [topic]: OFF[topic] }, now);
      // Reminders already queued go too.
      if (topic === 'event_reminder') await rescheduleMemberReminders(trx, ctx.jobs, partyId, now);
    });
  }
  return { topic, already_off: before.already_off };
}
