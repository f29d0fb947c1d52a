/**
 * Clubs in the console (issue 23, docs/decisions.md D68): the organisation's tree as the user
 * manages it, one club's every field a member sees, a new club, a change, and closing one.
 * A club outside the user's scope is the 404 of a club that does not exist (D63).
 */
import { lodgeSearchKey } from '../../common/lodge-search.ts';
import { recordConsoleAudit } from '../db/audit-log.ts';
import {
  CLUB_ALREADY_CLOSED,
  PARENT_CYCLE,
  PARENT_OTHER_ORGANIZATION,
  SUBDOMAIN_TAKEN,
  TOP_CLUB_ADMIN_ONLY,
  TYPE_OTHER_ORGANIZATION,
} from '../../common/messages/lodge-office-clubs.ts';
import type {
  ClubTreeEntry,
  ConsoleClubDetail,
  clubFieldsSchema,
} from '../../common/schemas/console-clubs.ts';
import type { Actor } from '../auth/actor.ts';
import {
  clubAndAncestors,
  clubTreeRows,
  closeClubRow,
  consoleClubRow,
  insertClub,
  organizationOfClubType,
  subdomainTaken,
  updateClub,
} from '../db/console-clubs.ts';
import type { ClubValues, ConsoleClubRow } from '../db/console-clubs.ts';
import { organizationRow } from '../db/console-organizations.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import type { FieldErrors } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import {
  mayAddClubUnder,
  mayAddTopLevel,
  mayCloseClub,
  mayManageClub,
  mayWorkInOrganization,
} from '../policies/console.ts';
import type { ConsoleScope } from '../policies/console.ts';
import { presentClubTreeEntry, presentConsoleClub } from '../presenters/console-clubs.ts';
import { requireConsole } from './console-access.ts';
import type { ServiceContext } from './context.ts';
import { cleanRichText } from './rich-text.ts';
import type { z } from 'zod';

const NO_SUCH_CLUB = 'No such club.';
const NO_SUCH_ORGANIZATION = 'No such organization.';

type ParsedClubFields = z.output<typeof clubFieldsSchema>;

export function abilitiesOf(
  scope: ConsoleScope,
  row: ConsoleClubRow,
): ConsoleClubDetail['abilities'] {
  const open = row.closed_at === null;
  return {
    edit: mayManageClub(scope, row.id),
    close: open && mayCloseClub(scope, row.group_id),
    add_child: open && mayManageClub(scope, row.id),
  };
}

/** The club when the user manages it; otherwise the 404 of a club that does not exist. */
export async function managedClub(
  ctx: ServiceContext,
  scope: ConsoleScope,
  clubId: number,
): Promise<ConsoleClubRow> {
  const row = await consoleClubRow(ctx.db, clubId);
  if (!row || !mayManageClub(scope, row.id)) throw new NotFoundError(NO_SUCH_CLUB);
  return row;
}

/** GET /admin/clubs.json?organization_id= : the clubs the user manages, closed ones marked. */
export async function clubTree(
  ctx: ServiceContext,
  actor: Actor,
  organizationId: number,
): Promise<{ clubs: ClubTreeEntry[]; may_add_top: boolean }> {
  const { scope } = await requireConsole(ctx, actor);
  if (!mayWorkInOrganization(scope, organizationId)) throw new NotFoundError(NO_SUCH_ORGANIZATION);
  const rows = await clubTreeRows(ctx.db, organizationId);
  return {
    clubs: rows.filter((row) => mayManageClub(scope, row.id)).map(presentClubTreeEntry),
    may_add_top: mayAddTopLevel(scope),
  };
}

/** GET /admin/clubs/{id}.json */
export async function consoleClub(
  ctx: ServiceContext,
  actor: Actor,
  clubId: number,
): Promise<ConsoleClubDetail> {
  const { scope } = await requireConsole(ctx, actor);
  const row = await managedClub(ctx, scope, clubId);
  return presentConsoleClub(row, abilitiesOf(scope, row));
}

/**
 * The checks a club's fields need beyond their shapes: the level and the parent belong to the
 * organisation, the parent is not the club or one below it, and no other club has the web
 * address name.
 */
async function fieldErrors(
  ctx: ServiceContext,
  organizationId: number,
  fields: ParsedClubFields,
  clubId: number | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if ((await organizationOfClubType(ctx.db, fields.club_type_id)) !== organizationId) {
    errors.club_type_id = [TYPE_OTHER_ORGANIZATION];
  }
  if (fields.group_id !== null) {
    const parent = await consoleClubRow(ctx.db, fields.group_id);
    if (!parent || parent.organization_id !== organizationId) {
      errors.group_id = [PARENT_OTHER_ORGANIZATION];
    } else if (clubId !== null && (await clubAndAncestors(ctx.db, parent.id)).includes(clubId)) {
      errors.group_id = [PARENT_CYCLE];
    }
  }
  if (await subdomainTaken(ctx.db, fields.subdomain, clubId)) {
    errors.subdomain = [SUBDOMAIN_TAKEN];
  }
  return errors;
}

function valuesOf(fields: ParsedClubFields): ClubValues {
  const introduction = fields.introduction === null ? null : cleanRichText(fields.introduction);
  return {
    name: fields.name,
    formal_name: fields.formal_name,
    club_type_id: fields.club_type_id,
    group_id: fields.group_id,
    subdomain: fields.subdomain,
    address1: fields.address1,
    address2: fields.address2,
    city: fields.city,
    state: fields.state,
    zip: fields.zip,
    time_zone_id: fields.time_zone_id,
    lat: fields.lat,
    lng: fields.lng,
    description: fields.description,
    introduction: introduction === '' ? null : introduction,
    is_hiding_stock_introduction: fields.is_hiding_stock_introduction ? 1 : 0,
    meetings: fields.meetings,
    map_url: fields.map_url,
    default_url: fields.default_url,
    search_key: lodgeSearchKey(fields),
  };
}

/** The written fields for the audit log's after: the search key is derived, not chosen. */
function auditFields(values: ClubValues): Partial<ClubValues> {
  const copy: Partial<ClubValues> = { ...values };
  delete copy.search_key;
  return copy;
}

/** A club's row for the audit log: the form's fields, not its parent's name or picture keys. */
function auditRow(row: ConsoleClubRow) {
  const {
    group_name: _groupName,
    avatar_key: _avatar,
    avatar_medium_key: _avatarMedium,
    map_image: _map,
    ...fields
  } = row;
  return fields;
}

/** POST /admin/clubs.json */
export async function createClub(
  ctx: ServiceContext,
  actor: Actor,
  organizationId: number,
  fields: ParsedClubFields,
  ip: string | null,
): Promise<ConsoleClubDetail> {
  const { member, scope } = await requireConsole(ctx, actor);
  if (
    !mayWorkInOrganization(scope, organizationId) ||
    !(await organizationRow(ctx.db, organizationId))
  ) {
    throw new NotFoundError(NO_SUCH_ORGANIZATION);
  }
  if (fields.group_id === null) {
    if (!mayAddTopLevel(scope)) throw new ValidationError({ group_id: [TOP_CLUB_ADMIN_ONLY] });
  } else if (!mayAddClubUnder(scope, fields.group_id)) {
    throw new NotFoundError(NO_SUCH_CLUB);
  }
  const errors = await fieldErrors(ctx, organizationId, fields, null);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const values = valuesOf(fields);
  const now = Date.now();
  const clubId = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertClub(trx, organizationId, values, now);
    await recordConsoleAudit(
      trx,
      {
        actorUserId: member.userId,
        action: 'club.created',
        subjectType: 'Club',
        subjectId: id,
        organizationId,
        clubId: id,
        before: null,
        after: auditFields(values),
        ip,
      },
      now,
    );
    return id;
  });
  // A secretary's scope now holds the new club (it is below theirs): read it afresh.
  return consoleClub(ctx, actor, clubId);
}

/** PUT /admin/clubs/{id}.json */
export async function changeClub(
  ctx: ServiceContext,
  actor: Actor,
  clubId: number,
  fields: ParsedClubFields,
  ip: string | null,
): Promise<ConsoleClubDetail> {
  const { member, scope } = await requireConsole(ctx, actor);
  const before = await managedClub(ctx, scope, clubId);
  if (fields.group_id !== before.group_id) {
    // Moving a club takes it from under one club and puts it under another: both the user's.
    assertAllowed(
      mayAddClubUnder(scope, before.group_id) && mayAddClubUnder(scope, fields.group_id),
    );
  }
  const errors = await fieldErrors(ctx, before.organization_id, fields, clubId);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const values = valuesOf(fields);
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await updateClub(trx, clubId, values, now);
    await recordConsoleAudit(
      trx,
      {
        actorUserId: member.userId,
        action: 'club.changed',
        subjectType: 'Club',
        subjectId: clubId,
        organizationId: before.organization_id,
        clubId,
        before: auditRow(before),
        after: auditFields(values),
        ip,
      },
      now,
    );
  });
  const row = await managedClub(ctx, scope, clubId);
  return presentConsoleClub(row, abilitiesOf(scope, row));
}

/** POST /admin/clubs/{id}/close.json */
export async function closeClub(
  ctx: ServiceContext,
  actor: Actor,
  clubId: number,
  ip: string | null,
): Promise<ConsoleClubDetail> {
  const { member, scope } = await requireConsole(ctx, actor);
  const before = await managedClub(ctx, scope, clubId);
  assertAllowed(mayCloseClub(scope, before.group_id));
  if (before.closed_at !== null) throw new ValidationError({ base: [CLUB_ALREADY_CLOSED] });
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await closeClubRow(trx, clubId, now);
    await recordConsoleAudit(
      trx,
      {
        actorUserId: member.userId,
        action: 'club.closed',
        subjectType: 'Club',
        subjectId: clubId,
        organizationId: before.organization_id,
        clubId,
        before: { closed_at: null },
        after: { closed_at: now },
        ip,
      },
      now,
    );
  });
  const row = await managedClub(ctx, scope, clubId);
  return presentConsoleClub(row, abilitiesOf(scope, row));
}
