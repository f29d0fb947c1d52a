/**
 * Invitations to register (issue 23, docs/decisions.md D69): the members a club could invite
 * (current, active, no account yet) and the `invitations` rows that say who was invited when.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { PARTY_NAME_COLUMNS } from './parties.ts';

type Db = Kysely<Database>;

/** Ids per statement: well under both engines' parameter limits. */
const CHUNK = 500;

/** The club's current members, active in its organisation, who have no account yet. */
export function invitableMembersOfClub(db: Db, organizationId: number, clubId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('parties as p', 'p.id', 'm.party_id')
    .innerJoin('member_statuses as ms', (join) =>
      join.onRef('ms.party_id', '=', 'm.party_id').on('ms.organization_id', '=', organizationId),
    )
    .select(['p.id as party_id', ...PARTY_NAME_COLUMNS, 'ms.member_number'])
    .where('m.club_id', '=', clubId)
    .where('m.left_at', 'is', null)
    .where('ms.status', '=', 'active')
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('users as u').select('u.id').whereRef('u.party_id', '=', 'p.id')),
      ),
    )
    .orderBy('p.last_name_key')
    .orderBy('p.first_name_key')
    .orderBy('p.id')
    .execute();
}

/**
 * Which of these parties were invited at or after `since`: sent, or still waiting to be sent
 * (recorded at or after `pendingSince`); an older unsent row failed and does not count.
 */
export async function invitedSince(
  db: Db,
  partyIds: readonly number[],
  since: { sent: number; pending: number },
): Promise<Set<number>> {
  const invited = new Set<number>();
  for (let start = 0; start < partyIds.length; start += CHUNK) {
    const rows = await db
      .selectFrom('invitations')
      .select('party_id')
      .where('party_id', 'in', partyIds.slice(start, start + CHUNK))
      .where('created_at', '>=', since.sent)
      .where((eb) => eb.or([eb('sent_at', 'is not', null), eb('created_at', '>=', since.pending)]))
      .execute();
    for (const row of rows) invited.add(row.party_id);
  }
  return invited;
}

export interface NewInvitation {
  partyId: number;
  email: string;
}

/** Records the invitations (unsent); answers each one's id with its party and address. */
export async function insertInvitations(
  db: Db,
  batch: { organizationId: number; clubId: number | null; invitedBy: number; now: number },
  invitations: readonly NewInvitation[],
): Promise<{ id: number; party_id: number; email: string }[]> {
  const ids: { id: number; party_id: number; email: string }[] = [];
  for (let start = 0; start < invitations.length; start += CHUNK) {
    const rows = await db
      .insertInto('invitations')
      .values(
        invitations.slice(start, start + CHUNK).map((invitation) => ({
          organization_id: batch.organizationId,
          club_id: batch.clubId,
          party_id: invitation.partyId,
          email: invitation.email,
          invited_by_user_id: batch.invitedBy,
          created_at: batch.now,
          sent_at: null,
        })),
      )
      .returning(['id', 'party_id', 'email'])
      .execute();
    ids.push(...rows);
  }
  return ids;
}

export async function markInvitationSent(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('invitations').set({ sent_at: now }).where('id', '=', id).execute();
}

/** A member's invitations in the organisation, newest first: who was invited when. */
export function invitationsOf(db: Db, organizationId: number, partyId: number, limit: number) {
  return db
    .selectFrom('invitations')
    .select(['id', 'email', 'created_at', 'sent_at'])
    .where('party_id', '=', partyId)
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
