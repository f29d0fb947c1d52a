/**
 * The member's own contact lists (§7 Contacts and members; API-DIR-03..06, ENT-18, DIR-16,
 * DIR-17, PARTY-03): Members › Recent, recorded when the member calls, e-mails or chats
 * someone, and Members › Favorite.
 *
 * Both lists show only parties the member may still see (D37, `visibleParty`): a favourite who
 * has left the organisation stays stored, and comes back if they rejoin, but is not listed,
 * since their page would be the 404 page. Held to the policy by contacts.db.test.ts.
 */
import { sql } from 'kysely';
import { CANNOT_CONTACT_YOURSELF } from '../../common/messages.ts';
import type {
  FavoriteContact,
  PartyFavoriteContact,
  RecentContact,
  RecentContactType,
} from '../../common/schemas/party.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import { ValidationError } from '../errors.ts';
import { mayRecordContactWith } from '../policies/parties.ts';
import { presentFavoriteContact, presentRecentContact } from '../presenters/party.ts';
import type { ServiceContext } from './context.ts';
import { loadVisibleParty, PARTY_SUMMARY_COLUMNS, visibleParty } from './parties.ts';

/** Members › Recent holds the latest this many (one entry per party). */
export const RECENT_CONTACTS_LIMIT = 50;

/** GET /user_recent_contacts.json (API-DIR-03): newest first, one entry per party. */
export async function listRecentContacts(
  ctx: ServiceContext,
  actor: Actor,
): Promise<RecentContact[]> {
  const member = requireMember(actor);
  const rows = await ctx.db
    .selectFrom('user_recent_contacts as r')
    .innerJoin('parties as p', 'p.id', 'r.party_id')
    .select([...PARTY_SUMMARY_COLUMNS, 'r.contact_type', 'r.contacted_at'])
    .where('r.user_id', '=', member.userId)
    .where((eb) => visibleParty(ctx.db, eb, member))
    .orderBy('r.contacted_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(RECENT_CONTACTS_LIMIT)
    .execute();
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
  const stored = await upsertRecentContact(ctx, member, partyId, contactType, now);
  return presentRecentContact({ ...party, ...stored });
}

async function upsertRecentContact(
  ctx: ServiceContext,
  member: Member,
  partyId: number,
  contactType: RecentContactType,
  now: number,
): Promise<{ contact_type: string; contacted_at: number }> {
  return (
    ctx.db
      .insertInto('user_recent_contacts')
      .values({
        user_id: member.userId,
        party_id: partyId,
        contact_type: contactType,
        contacted_at: now,
      })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'party_id']).doUpdateSet({
          contact_type: contactType,
          // Two taps in one millisecond, or a clock set back, never move an entry down.
          contacted_at: sql<number>`case when user_recent_contacts.contacted_at > ${now} then user_recent_contacts.contacted_at else ${now} end`,
        }),
      )
      // The entry as stored: a later tap that landed first keeps its time.
      .returning(['contact_type', 'contacted_at'])
      .executeTakeFirstOrThrow()
  );
}

/** GET /user_favorite_contacts.json (API-DIR-04): by last name, then first name. */
export async function listFavoriteContacts(
  ctx: ServiceContext,
  actor: Actor,
): Promise<FavoriteContact[]> {
  const member = requireMember(actor);
  const rows = await ctx.db
    .selectFrom('user_favorite_contacts as f')
    .innerJoin('parties as p', 'p.id', 'f.party_id')
    .select([...PARTY_SUMMARY_COLUMNS, 'f.created_at'])
    .where('f.user_id', '=', member.userId)
    .where((eb) => visibleParty(ctx.db, eb, member))
    .orderBy('p.last_name_key')
    .orderBy('p.first_name_key')
    .orderBy('p.id')
    .execute();
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
  await ctx.db
    .insertInto('user_favorite_contacts')
    .values({ user_id: member.userId, party_id: partyId, created_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'party_id']).doNothing())
    .execute();
  const stored = await ctx.db
    .selectFrom('user_favorite_contacts')
    .select(['party_id', 'created_at'])
    .where('user_id', '=', member.userId)
    .where('party_id', '=', partyId)
    .executeTakeFirst();
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
  await ctx.db
    .deleteFrom('user_favorite_contacts')
    .where('user_id', '=', member.userId)
    .where('party_id', '=', partyId)
    .execute();
}
