/**
 * The party page (§7 Contacts and members, API-DIR-02; ENT-04, PARTY-01..08, AMB-36): one
 * party's names, avatar, phones, first e-mail and the clubs of the viewer's organisations,
 * with the viewer's own marks on them (recent contact, favourite, followed clubs).
 *
 * Who may be seen is mayViewParty (policies/parties.ts) over `sharesOrganization`
 * (db/memberships.ts, decision D37); a list of parties says the same in SQL through
 * `visibleParty`, held to the policy by contacts.db.test.ts. What is shown is decision
 * D39: never a birth date, a member number or an address.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { MAX_RECORD_ID } from '../../common/schemas/record-id.ts';
import { NO_SUCH_PARTY } from '../../common/messages.ts';
import type { Party } from '../../common/schemas/party.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import {
  clubIdsOf,
  currentMembershipsOf,
  membersOfOrganizations,
  organizationIdsOf,
  sharesOrganization,
} from '../db/memberships.ts';
import type { Database } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';
import { mayViewParty } from '../policies/parties.ts';
import { presentParty } from '../presenters/party.ts';
import type { PartyRow } from '../presenters/party.ts';
import type { ServiceContext } from './context.ts';

type Db = Kysely<Database>;
type PartiesEb = ExpressionBuilder<Database & { p: Database['parties'] }, 'p'>;

/** The party columns every answer of this area shows, from a query that names parties `p`. */
export const PARTY_SUMMARY_COLUMNS = [
  'p.id',
  'p.first_name',
  'p.middle_name',
  'p.last_name',
  'p.suffix',
  'p.preferred_name',
  'p.avatar_medium_key',
] as const;

/**
 * mayViewParty as SQL, for a list whose parties are `p`: the viewer, or a current member of a
 * club of one of the viewer's organisations.
 */
export function visibleParty(db: Db, eb: PartiesEb, viewer: Member): Expression<SqlBool> {
  return eb.or([
    eb('p.id', '=', viewer.partyId),
    eb.exists(
      membersOfOrganizations(db, organizationIdsOf(db, viewer.partyId))
        .select('fellow.id')
        .where('fellow.party_id', '=', eb.ref('p.id')),
    ),
  ]);
}

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
    ctx.db
      .selectFrom('parties as p')
      .select([...PARTY_SUMMARY_COLUMNS, 'p.left_at'])
      .where('p.id', '=', partyId)
      .executeTakeFirst(),
    partyId === member.partyId
      ? Promise.resolve(true)
      : sharesOrganization(ctx.db, member.partyId, partyId),
  ]);
  if (!row || !mayViewParty(member, partyId, shares)) throw new NotFoundError(NO_SUCH_PARTY);
  return row;
}

/** The party's phones, in the contact types' order (Mobile, Home, Office, then others). */
function phonesOf(db: Db, partyId: number) {
  return db
    .selectFrom('phones as ph')
    .innerJoin('contact_types as t', 't.id', 'ph.contact_type_id')
    .select(['t.name as type', 'ph.number', 'ph.extension'])
    .where('ph.party_id', '=', partyId)
    .orderBy('t.sort_order')
    .orderBy('ph.id')
    .execute();
}

/** The party's first e-mail address (PARTY-08): personal before work, then the oldest. */
async function firstEmailOf(db: Db, partyId: number): Promise<string | null> {
  const row = await db
    .selectFrom('emails as e')
    .innerJoin('contact_types as t', 't.id', 'e.contact_type_id')
    .select('e.address')
    .where('e.party_id', '=', partyId)
    .orderBy('t.sort_order')
    .orderBy('e.id')
    .limit(1)
    .executeTakeFirst();
  return row?.address ?? null;
}

/**
 * The party's current clubs within the viewer's organisations (D39: a brother's other
 * fraternities are not this roster's to tell), lodges before the bodies above them, with the
 * viewer's own standing in each: followed (`favorite_clubs`) and member.
 */
function clubListOf(db: Db, member: Member, partyId: number) {
  return currentMembershipsOf(db, partyId)
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.subdomain',
      't.name as type_name',
      // As the club home means it (D40): followed, or the member's own club.
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('favorite_clubs as f')
              .select('f.id')
              .where('f.user_id', '=', member.userId)
              .whereRef('f.club_id', '=', 'c.id'),
          ),
          eb('c.id', 'in', clubIdsOf(db, member.partyId)),
        ])
        .as('is_favorite'),
      eb('c.id', 'in', clubIdsOf(db, member.partyId)).as('is_member'),
    ])
    .where('c.organization_id', 'in', organizationIdsOf(db, member.partyId))
    .orderBy('t.rank', 'desc')
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

function recentContactOf(db: Db, member: Member, partyId: number) {
  return db
    .selectFrom('user_recent_contacts')
    .select(['contact_type', 'contacted_at'])
    .where('user_id', '=', member.userId)
    .where('party_id', '=', partyId)
    .executeTakeFirst();
}

function favoriteContactOf(db: Db, member: Member, partyId: number) {
  return db
    .selectFrom('user_favorite_contacts')
    .select(['party_id', 'created_at'])
    .where('user_id', '=', member.userId)
    .where('party_id', '=', partyId)
    .executeTakeFirst();
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
    clubListOf(ctx.db, member, partyId),
    recentContactOf(ctx.db, member, partyId),
    favoriteContactOf(ctx.db, member, partyId),
  ]);
  return presentParty(row, phones, email, clubs, {
    recent: recent ?? null,
    favorite: favorite ?? null,
  });
}
