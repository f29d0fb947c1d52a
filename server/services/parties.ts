/**
 * The party page (§7 Contacts and members, API-DIR-02; ENT-04, PARTY-01..08, AMB-36): one
 * party's names, avatar, phones, first e-mail and the clubs of the viewer's organisations,
 * with the viewer's own marks on them (recent contact, favourite, followed clubs).
 *
 * Who may be seen is mayViewParty (policies/parties.ts) over `sharesOrganization`
 * (db/memberships.ts, decision D37); a list of parties says the same in SQL through
 * `partyVisibleTo` (db/parties.ts), held to the policy by contacts.db.test.ts. What is shown is decision
 * D39: never a birth date, a member number or an address.
 */
import { MAX_RECORD_ID } from '../../common/schemas/record-id.ts';
import { NO_SUCH_PARTY } from '../../common/messages.ts';
import type { Party } from '../../common/schemas/party.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import { favoriteContactOf, recentContactOf } from '../db/contacts.ts';
import { sharesOrganization } from '../db/memberships.ts';
import { firstEmailOf, partyClubsSeenBy, partySummaryRow, phonesOf } from '../db/parties.ts';
import { NotFoundError } from '../errors.ts';
import { mayViewParty } from '../policies/parties.ts';
import { presentParty } from '../presenters/party.ts';
import type { PartyRow } from '../presenters/party.ts';
import type { ServiceContext } from './context.ts';

/**
 * The party if the member may see them; an unknown party and one the member may not see are
 * the same 404, so the answer says nothing of who is on other rosters.
 */
export async function loadVisibleParty(
  ctx: ServiceContext,
  member: Member,
  partyId: number,
): Promise<PartyRow> {
  const [row, shares] = await Promise.all([
    partySummaryRow(ctx.db, partyId),
    partyId === member.partyId
      ? Promise.resolve(true)
      : sharesOrganization(ctx.db, member.partyId, partyId),
  ]);
  if (!row || !mayViewParty(member, partyId, shares)) throw new NotFoundError(NO_SUCH_PARTY);
  return row;
}

/** A party's id as the address gives it, or null when it cannot be one. */
function partyIdOf(text: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_RECORD_ID ? id : null;
}

/**
 * GET /parties/{id} (API-DIR-02). `id` is the address's text: one that is not a party's id is
 * the 404 an unknown party is.
 */
export async function getParty(ctx: ServiceContext, actor: Actor, id: string): Promise<Party> {
  const member = requireMember(actor);
  const partyId = partyIdOf(id);
  if (partyId === null) throw new NotFoundError(NO_SUCH_PARTY);
  const row = await loadVisibleParty(ctx, member, partyId);
  const [phones, email, clubs, recent, favorite] = await Promise.all([
    phonesOf(ctx.db, partyId),
    firstEmailOf(ctx.db, partyId),
    partyClubsSeenBy(ctx.db, member, partyId),
    recentContactOf(ctx.db, member.userId, partyId),
    favoriteContactOf(ctx.db, member.userId, partyId),
  ]);
  return presentParty(row, phones, email, clubs, {
    recent: recent ?? null,
    favorite: favorite ?? null,
  });
}
