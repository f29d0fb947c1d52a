import type { Kysely } from 'kysely';
import {
  organizationForRoster,
  rosterClubs,
  rosterPage,
  rosterReferenceRows,
} from '../../../db/roster.ts';
import type { StoredMember } from '../../../db/roster.ts';
import { statusStylesOf } from '../../../db/console-organizations.ts';
import type { Database, MemberStatusValue } from '../../../db/schema.ts';
import type { ConsoleScope } from '../../../policies/console.ts';
import type { RosterClub, RosterCountry, RosterReference } from './roster-csv.ts';

/** Members read per page: a few queries each, and little memory held at once. */
const PAGE = 2_000;

/** What an import or export of one organisation's roster needs besides the members. */
export interface RosterSetting {
  organizationId: number;
  organizationName: string;
  reference: RosterReference;
  contactTypeIds: ReadonlyMap<string, number>;
  clubsById: ReadonlyMap<number, RosterClub>;
  clubIds: ReadonlySet<number>;
  countriesById: ReadonlyMap<number, RosterCountry>;
  /** The card colour of each status, as the organisation chose it (D68). */
  statusColors: Readonly<Record<MemberStatusValue, string>>;
}

export async function loadRosterSetting(
  db: Kysely<Database>,
  organizationId: number,
  scope: ConsoleScope,
): Promise<RosterSetting | null> {
  const [organization] = await organizationForRoster(db, String(organizationId));
  if (!organization) return null;
  const [clubs, { countries, states, contactTypeIds }, styles] = await Promise.all([
    rosterClubs(db, organizationId),
    rosterReferenceRows(db),
    statusStylesOf(db, organizationId),
  ]);
  return {
    organizationId,
    organizationName: organization.name,
    reference: {
      memberNumberMin: organization.member_number_min_length,
      memberNumberMax: organization.member_number_max_length,
      clubs,
      countries,
      states,
      scope,
    },
    contactTypeIds,
    clubsById: new Map(clubs.map((club) => [club.id, club])),
    clubIds: new Set(clubs.map((club) => club.id)),
    countriesById: new Map(countries.map((country) => [country.id, country])),
    statusColors: {
      active: styles.active.color,
      suspended: styles.suspended.color,
      demitted: styles.demitted.color,
      deceased: styles.deceased.color,
      expelled: styles.expelled.color,
    },
  };
}

/** Every member of the organisation, a page at a time, in party order. */
export async function* rosterMembers(
  db: Kysely<Database>,
  setting: RosterSetting,
): AsyncGenerator<StoredMember> {
  let after = 0;
  for (;;) {
    const page = await rosterPage(
      db,
      setting.organizationId,
      setting.clubIds,
      setting.contactTypeIds,
      after,
      PAGE,
    );
    if (page.length === 0) return;
    yield* page;
    after = page[page.length - 1]?.party_id ?? after;
  }
}
