/**
 * The member's own contact lists (§7 Contacts and members; API-DIR-03..06, ENT-18, DIR-16,
 * DIR-17, PARTY-03): Members › Recent, recorded when the member calls, e-mails or chats
 * someone, and Members › Favorite.
 *
 * Both lists show only parties the member may still see (D37, db/parties.ts `partyVisibleTo`): a favourite who
 * has left the organisation stays stored, and comes back if they rejoin, but is not listed,
 * since their page would be the 404 page. Held to the policy by contacts.db.test.ts.
 */
import { CANNOT_CONTACT_YOURSELF } from '../../common/messages.ts';
import type {
  FavoriteContact,
  PartyFavoriteContact,
  RecentContact,
  RecentContactType,
} from '../../common/schemas/party.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import {
  deleteFavoriteContact,
  favoriteContactOf,
  favoriteContactsSeenBy,
  insertFavoriteContact,
  recentContactsSeenBy,
  upsertRecentContact,
} from '../db/contacts.ts';
import { ValidationError } from '../errors.ts';
import { mayRecordContactWith } from '../policies/parties.ts';
import { presentFavoriteContact, presentRecentContact } from '../presenters/party.ts';
import type { ServiceContext } from './context.ts';
import { loadVisibleParty } from './parties.ts';

/** Members › Recent holds the latest this many (one entry per party). */
export const RECENT_CONTACTS_LIMIT = 50;

/** GET /user_recent_contacts.json (API-DIR-03): newest first, one entry per party. */
export async function listRecentContacts(
  ctx: ServiceContext,
  actor: Actor,
): Promise<RecentContact[]> {
  const member = requireMember(actor);
  const rows = await recentContactsSeenBy(ctx.db, member, RECENT_CONTACTS_LIMIT);
  return rows.map(presentRecentContact);
}

/**
 * Records that the member reached `partyId` now, by `contactType` (a call or e-mail tap from
 * the party page; the chats area records `chat` through this same function). One row per
 * member and party, moved to the top on each contact, so the table grows with the people a
 * member reaches, not with each tap. Refuses oneself (422 under `party_id`) and a party the
 * member may not see (404).
 */
export async function recordRecentContact(
  ctx: ServiceContext,
  actor: Actor,
  partyId: number,
  contactType: RecentContactType,
  now: number = Date.now(),
): Promise<RecentContact> {
  const member = requireMember(actor);
  if (!mayRecordContactWith(member, partyId)) {
    throw new ValidationError({ party_id: [CANNOT_CONTACT_YOURSELF] });
  }
  const party = await loadVisibleParty(ctx, member, partyId);
  const stored = await upsertRecentContact(ctx.db, member.userId, partyId, contactType, now);
  return presentRecentContact({ ...party, ...stored });
}

/** GET /user_favorite_contacts.json (API-DIR-04): by last name, then first name. */
export async function listFavoriteContacts(
  ctx: ServiceContext,
  actor: Actor,
): Promise<FavoriteContact[]> {
  const member = requireMember(actor);
  const rows = await favoriteContactsSeenBy(ctx.db, member);
  return rows.map(presentFavoriteContact);
}

/**
 * POST /user_favorite_contacts (API-DIR-05, PARTY-03): marks a party the member may see as a
 * favourite. Idempotent: a second call answers the mark the first one made.
 */
export async function addFavoriteContact(
  ctx: ServiceContext,
  actor: Actor,
  partyId: number,
  now: number = Date.now(),
): Promise<PartyFavoriteContact> {
  const member = requireMember(actor);
  await loadVisibleParty(ctx, member, partyId);
  await insertFavoriteContact(ctx.db, member.userId, partyId, now);
  const stored = await favoriteContactOf(ctx.db, member.userId, partyId);
  // A removal at the same moment may have taken the mark away again; the answer is the add.
  return stored ?? { party_id: partyId, created_at: now };
}

/**
 * DELETE /user_favorite_contacts/{partyId} (API-DIR-06): removes the member's own mark, if
 * any. It touches only the member's row, so it asks no visibility: a favourite who has left
 * the organisation can still be let go.
 */
export async function removeFavoriteContact(
  ctx: ServiceContext,
  actor: Actor,
  partyId: number,
): Promise<void> {
  const member = requireMember(actor);
  await deleteFavoriteContact(ctx.db, member.userId, partyId);
}
