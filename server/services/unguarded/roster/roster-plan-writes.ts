import type { Kysely } from 'kysely';
import { searchKeysOf } from '../../../../common/member-search.ts';
import { engineOf } from '../../../db/database.ts';
import { ROSTER_CONTACT_TYPES } from '../../../db/roster.ts';
import { deleteClubRoles, reserveIds, updateRows } from '../../../db/roster-writes.ts';
import type { Database, RoleName } from '../../../db/schema.ts';
import { BatchWriter } from '../../../db/seed/batch-writer.ts';
import type { RosterAddress, RosterMembershipLine } from './roster-csv.ts';
import type { ContactField, RosterPlan } from './roster-diff.ts';

/** Ids handed out in order from one reservation. */
class IdPool {
  private next = 0;
  constructor(private readonly ids: number[]) {}
  take(): number {
    const id = this.ids[this.next++];
    if (id === undefined) throw new Error('The roster import reserved too few ids');
    return id;
  }
}

const PHONE_TYPES = {
  cell_phone: ROSTER_CONTACT_TYPES.cell_phone,
  home_phone: ROSTER_CONTACT_TYPES.home_phone,
  office_phone: ROSTER_CONTACT_TYPES.office_phone,
} as const;

/**
 * Writes the plan (one chunk of the file) in the caller's transaction: batched inserts with
 * reserved ids, batched updates, then one audit row per changed member.
 */
export async function writeRosterPlan(
  trx: Kysely<Database>,
  plan: RosterPlan,
  actorUserId: number | null,
  progress: (rows: number) => Promise<void>,
): Promise<void> {
  const { now, setting } = plan;
  const typeId = (name: string): number => {
    const id = setting.contactTypeIds.get(name);
    if (id === undefined) throw new Error(`The contact type ${name} is missing`);
    return id;
  };

  // ---- Ids for every new row.
  const fresh = plan.newMembers;
  const newMembershipCount =
    fresh.reduce((sum, member) => sum + member.memberships.length, 0) +
    plan.membershipInserts.length;
  const roleCount =
    [...fresh.flatMap((m) => m.memberships), ...plan.membershipInserts.map((i) => i.line)].reduce(
      (sum, line) => sum + 1 + (line.roles?.length ?? 0),
      0,
    ) + plan.roleReplacements.reduce((sum, r) => sum + r.roles.length + (r.addUser ? 1 : 0), 0);
  const emailCount =
    fresh.filter((m) => m.person.email !== undefined).length +
    plan.contactInserts.filter((i) => i.field === 'email').length;
  const phoneCount =
    fresh.reduce(
      (sum, m) =>
        sum +
        (['cell_phone', 'home_phone', 'office_phone'] as const).filter(
          (f) => m.person[f] !== undefined,
        ).length,
      0,
    ) + plan.contactInserts.filter((i) => i.field !== 'email').length;
  const addressCount =
    fresh.filter((m) => m.person.address !== undefined).length + plan.addressInserts.length;
  const ids = {
    parties: new IdPool(await reserveIds(trx, 'parties', fresh.length)),
    member_statuses: new IdPool(await reserveIds(trx, 'member_statuses', fresh.length)),
    memberships: new IdPool(await reserveIds(trx, 'memberships', newMembershipCount)),
    membership_roles: new IdPool(await reserveIds(trx, 'membership_roles', roleCount)),
    emails: new IdPool(await reserveIds(trx, 'emails', emailCount)),
    phones: new IdPool(await reserveIds(trx, 'phones', phoneCount)),
    addresses: new IdPool(await reserveIds(trx, 'addresses', addressCount)),
    audit_log: new IdPool(await reserveIds(trx, 'audit_log', plan.audits.length)),
  };

  const writer = new BatchWriter(trx, engineOf(trx));
  const addMembership = async (
    partyId: number,
    memberNumber: string,
    line: RosterMembershipLine,
  ): Promise<void> => {
    const membershipId = ids.memberships.take();
    await writer.add('memberships', {
      id: membershipId,
      party_id: partyId,
      club_id: line.clubId,
      member_number: memberNumber,
      joined_on: line.joined_on ?? null,
      left_at: null,
      created_at: now,
    });
    for (const role of ['user', ...(line.roles ?? [])] as RoleName[]) {
      await writer.add('membership_roles', {
        id: ids.membership_roles.take(),
        membership_id: membershipId,
        role_name: role,
      });
    }
  };
  const addContact = async (partyId: number, field: ContactField, value: string) => {
    if (field === 'email') {
      await writer.add('emails', {
        id: ids.emails.take(),
        party_id: partyId,
        contact_type_id: typeId(ROSTER_CONTACT_TYPES.email),
        address: value,
        created_at: now,
        updated_at: now,
      });
    } else {
      await writer.add('phones', {
        id: ids.phones.take(),
        party_id: partyId,
        contact_type_id: typeId(PHONE_TYPES[field]),
        number: value,
        extension: null,
        created_at: now,
        updated_at: now,
      });
    }
  };
  const addAddress = async (partyId: number, address: RosterAddress) => {
    await writer.add('addresses', {
      id: ids.addresses.take(),
      party_id: partyId,
      contact_type_id: typeId(ROSTER_CONTACT_TYPES.address),
      company: null,
      ...address,
      start_day: null,
      end_day: null,
      is_invalid: 0,
      invalid_reason: null,
      created_at: now,
      updated_at: now,
    });
  };

  // ---- New members.
  const newPartyIds = new Map<string, number>();
  for (const member of fresh) {
    const partyId = ids.parties.take();
    newPartyIds.set(member.member_number, partyId);
    const { person } = member;
    await writer.add('parties', {
      id: partyId,
      first_name: person.first_name,
      middle_name: person.middle_name ?? null,
      last_name: person.last_name,
      suffix: person.suffix ?? null,
      preferred_name: person.preferred_name ?? null,
      ...searchKeysOf({
        first_name: person.first_name,
        last_name: person.last_name,
        preferred_name: person.preferred_name ?? null,
      }),
      birth_date: person.birth_date,
      avatar_key: null,
      avatar_medium_key: null,
      left_at: null,
      created_at: now,
      updated_at: now,
    });
    const status = person.status ?? 'active';
    await writer.add('member_statuses', {
      id: ids.member_statuses.take(),
      party_id: partyId,
      organization_id: setting.organizationId,
      member_number: member.member_number,
      title: null,
      status,
      color: setting.statusColors[status],
      status_on: null,
      status_note: null,
      updated_at: now,
    });
    for (const line of member.memberships) await addMembership(partyId, member.member_number, line);
    for (const field of ['email', 'cell_phone', 'home_phone', 'office_phone'] as const) {
      const value = person[field];
      if (value !== undefined) await addContact(partyId, field, value);
    }
    if (person.address) await addAddress(partyId, person.address);
    await progress(member.memberships.length);
  }

  // ---- Changes to members on record.
  for (const insert of plan.membershipInserts) {
    await addMembership(insert.partyId, insert.memberNumber, insert.line);
  }
  for (const insert of plan.contactInserts) {
    await addContact(insert.partyId, insert.field, insert.value);
  }
  for (const insert of plan.addressInserts) await addAddress(insert.partyId, insert.address);
  await deleteClubRoles(
    trx,
    plan.roleReplacements.map((r) => r.membershipId),
  );
  for (const replacement of plan.roleReplacements) {
    const roles: RoleName[] = replacement.addUser
      ? ['user', ...replacement.roles]
      : replacement.roles;
    for (const role of roles) {
      await writer.add('membership_roles', {
        id: ids.membership_roles.take(),
        membership_id: replacement.membershipId,
        role_name: role,
      });
    }
  }
  await writer.flushAll();

  await updateRows(
    trx,
    'parties',
    [
      { name: 'first_name', type: 'text' },
      { name: 'middle_name', type: 'text' },
      { name: 'last_name', type: 'text' },
      { name: 'suffix', type: 'text' },
      { name: 'preferred_name', type: 'text' },
      { name: 'birth_date', type: 'text' },
      { name: 'first_name_key', type: 'text' },
      { name: 'last_name_key', type: 'text' },
      { name: 'preferred_name_key', type: 'text' },
      { name: 'updated_at', type: 'bigint' },
    ],
    plan.partyUpdates.map((row) => {
      const [, first, , last, , preferred] = row;
      const keys = searchKeysOf({
        first_name: String(first),
        last_name: String(last),
        preferred_name: preferred === null || preferred === undefined ? null : String(preferred),
      });
      return [...row, keys.first_name_key, keys.last_name_key, keys.preferred_name_key, now];
    }),
  );
  await updateRows(
    trx,
    'member_statuses',
    [
      { name: 'status', type: 'text' },
      { name: 'color', type: 'text' },
      { name: 'status_on', type: 'text' },
      { name: 'updated_at', type: 'bigint' },
    ],
    plan.statusUpdates,
  );
  await updateRows(
    trx,
    'emails',
    [
      { name: 'address', type: 'text' },
      { name: 'updated_at', type: 'bigint' },
    ],
    plan.contactUpdates.get('email') ?? [],
  );
  await updateRows(
    trx,
    'phones',
    [
      { name: 'number', type: 'text' },
      { name: 'updated_at', type: 'bigint' },
    ],
    (['cell_phone', 'home_phone', 'office_phone'] as const).flatMap(
      (field) => plan.contactUpdates.get(field) ?? [],
    ),
  );
  await updateRows(
    trx,
    'addresses',
    [
      { name: 'address_1', type: 'text' },
      { name: 'address_2', type: 'text' },
      { name: 'city', type: 'text' },
      { name: 'state', type: 'text' },
      { name: 'state_id', type: 'integer' },
      { name: 'zip', type: 'text' },
      { name: 'country_id', type: 'integer' },
      { name: 'updated_at', type: 'bigint' },
    ],
    plan.addressUpdates,
  );
  await updateRows(
    trx,
    'memberships',
    [{ name: 'joined_on', type: 'text' }],
    plan.membershipUpdates,
  );

  // ---- The audit log: one row per changed member, one for the import.
  const audit = new BatchWriter(trx, engineOf(trx));
  for (const entry of plan.audits) {
    const partyId =
      entry.partyId ??
      (entry.member ? (newPartyIds.get(entry.member.member_number) ?? null) : null);
    await audit.add('audit_log', {
      id: ids.audit_log.take(),
      actor_user_id: actorUserId,
      action: entry.action,
      subject_type: 'Party',
      subject_id: partyId,
      detail: null,
      ip: null,
      organization_id: setting.organizationId,
      club_id: entry.clubId,
      party_id: partyId,
      before_value: entry.before === null ? null : JSON.stringify(entry.before),
      after_value: JSON.stringify(entry.after),
      created_at: now,
    });
  }
  await audit.flushAll();
  // The rows of the members on record that changed are written now.
  await progress(plan.updatedRows);
}

/** The import's own audit row, with its counts, once every chunk is written. */
export async function writeImportAudit(
  trx: Kysely<Database>,
  organizationId: number,
  counts: { added: number; updated: number; unchanged: number },
  actorUserId: number | null,
  now: number,
): Promise<void> {
  const ids = new IdPool(await reserveIds(trx, 'audit_log', 1));
  const audit = new BatchWriter(trx, engineOf(trx));
  await audit.add('audit_log', {
    id: ids.take(),
    actor_user_id: actorUserId,
    action: 'roster.imported',
    subject_type: 'Organization',
    subject_id: organizationId,
    detail: JSON.stringify(counts),
    ip: null,
    organization_id: organizationId,
    club_id: null,
    party_id: null,
    before_value: null,
    after_value: null,
    created_at: now,
  });
  await audit.flushAll();
}
