/**
 * The member's preferences (§3 Party preference, ENT-12; API-CHAT-11): SHOW_HIDDEN_CHATS with
 * YES or NO (CHAT-05). One row per member and code, replaced by each call.
 */
import type { PartyPreference } from '../../common/schemas/chat.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { upsertPartyPreference } from '../db/party-preferences.ts';
import type { ServiceContext } from './context.ts';

/** POST /party_preferences.json: stores the value and answers it as stored. */
export async function setPartyPreference(
  ctx: ServiceContext,
  actor: Actor,
  preference: PartyPreference,
  now: number = Date.now(),
): Promise<PartyPreference> {
  const member = requireMember(actor);
  await upsertPartyPreference(ctx.db, member.partyId, preference.code, preference.value, now);
  return { code: preference.code, value: preference.value };
}
