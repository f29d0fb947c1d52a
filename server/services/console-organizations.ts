/**
 * The organisation's settings in the console (issue 23, docs/decisions.md D68): its name, its
 * member-number rule, whether the status checker knows it, its levels and how its statuses
 * look. Any console user of the organisation reads them; an administrator or its grand
 * secretary changes them; only an administrator creates an organisation.
 */
import { LEVEL_IN_USE } from '../../common/messages/lodge-office-clubs.ts';
import { recordConsoleAudit } from '../db/audit-log.ts';
import type {
  ConsoleOrganizationDetail,
  OrganizationSettings,
} from '../../common/schemas/console-clubs.ts';
import type { Actor } from '../auth/actor.ts';
import { requireAdmin } from '../auth/actor.ts';
import {
  clubTypesWithCounts,
  insertOrganization,
  organizationNameTaken,
  organizationRow,
  replaceClubTypes,
  replaceStatusStyles,
  statusStylesOf,
  topClubIdsOf,
  updateOrganization,
} from '../db/console-organizations.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import type { FieldErrors } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import {
  mayAddTopLevel,
  mayManageOrganization,
  mayWorkInOrganization,
} from '../policies/console.ts';
import type { ConsoleScope } from '../policies/console.ts';
import { presentOrganizationDetail } from '../presenters/console-clubs.ts';
import { requireConsole } from './console-access.ts';
import type { ServiceContext } from './context.ts';
import { ORGANIZATIONS_MEMO_PREFIX } from './organizations.ts';
import { publishAll, recordCacheChanged } from '../realtime/bus.ts';

const NO_SUCH_ORGANIZATION = 'No such organization.';
export const ORGANIZATION_NAME_TAKEN = 'Another organisation already has this name.';

async function detailOf(
  ctx: ServiceContext,
  scope: ConsoleScope,
  organizationId: number,
): Promise<ConsoleOrganizationDetail> {
  const row = await organizationRow(ctx.db, organizationId);
  if (!row || !mayWorkInOrganization(scope, organizationId)) {
    throw new NotFoundError(NO_SUCH_ORGANIZATION);
  }
  const [types, styles, tops] = await Promise.all([
    clubTypesWithCounts(ctx.db, organizationId),
    statusStylesOf(ctx.db, organizationId),
    topClubIdsOf(ctx.db, organizationId),
  ]);
  return presentOrganizationDetail(row, types, styles, mayManageOrganization(scope, tops));
}

/** GET /admin/organizations/{id}.json */
export async function consoleOrganization(
  ctx: ServiceContext,
  actor: Actor,
  organizationId: number,
): Promise<ConsoleOrganizationDetail> {
  const { scope } = await requireConsole(ctx, actor);
  return detailOf(ctx, scope, organizationId);
}

/** The settings as the audit row keeps them: what the form shows, levels by name. */
function auditView(detail: ConsoleOrganizationDetail) {
  return {
    name: detail.name,
    member_number_min_length: detail.member_number_min_length,
    member_number_max_length: detail.member_number_max_length,
    is_recognized: detail.is_recognized,
    club_types: detail.club_types.map((type) => type.name),
    statuses: detail.statuses,
  };
}

function rowValues(settings: OrganizationSettings) {
  return {
    name: settings.name,
    member_number_min_length: settings.member_number_min_length,
    member_number_max_length: settings.member_number_max_length,
    is_recognized: settings.is_recognized ? 1 : 0,
  };
}

/** PUT /admin/organizations/{id}.json */
export async function changeOrganization(
  ctx: ServiceContext,
  actor: Actor,
  organizationId: number,
  settings: OrganizationSettings,
  ip: string | null,
): Promise<ConsoleOrganizationDetail> {
  const { member, scope } = await requireConsole(ctx, actor);
  const before = await detailOf(ctx, scope, organizationId);
  assertAllowed(before.abilities.edit);

  const errors: FieldErrors = {};
  if (await organizationNameTaken(ctx.db, settings.name, organizationId)) {
    errors.name = [ORGANIZATION_NAME_TAKEN];
  }
  const keptIds = new Set(
    settings.club_types.flatMap((type) => (type.id === null ? [] : [type.id])),
  );
  settings.club_types.forEach((type, index) => {
    if (type.id !== null && !before.club_types.some((known) => known.id === type.id)) {
      errors[`club_types.${index}.id`] = ['Not a level of this organisation.'];
    }
  });
  const removed = before.club_types.filter((type) => !keptIds.has(type.id));
  const inUse = removed.filter((type) => type.club_count > 0);
  if (inUse.length > 0) errors.club_types = inUse.map((type) => LEVEL_IN_USE(type.name));
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const now = Date.now();
  const changed = await ctx.db.transaction().execute(async (trx) => {
    await updateOrganization(trx, organizationId, rowValues(settings));
    await replaceClubTypes(
      trx,
      organizationId,
      settings.club_types,
      removed.map((type) => type.id),
    );
    await replaceStatusStyles(trx, organizationId, settings.statuses);
    await recordConsoleAudit(
      trx,
      {
        actorUserId: member.userId,
        action: 'organization.changed',
        subjectType: 'Organization',
        subjectId: organizationId,
        organizationId,
        clubId: null,
        before: auditView(before),
        after: {
          ...rowValues(settings),
          is_recognized: settings.is_recognized,
          club_types: settings.club_types.map((type) => type.name),
          statuses: settings.statuses,
        },
        ip,
      },
      now,
    );
    return recordCacheChanged(trx, ORGANIZATIONS_MEMO_PREFIX, now);
  });
  // The lists registration and the status checker read show the change now on every node.
  await publishAll(ctx.bus, [changed]);
  return detailOf(ctx, scope, organizationId);
}

/** POST /admin/organizations.json: administrators only (a route of the admin level, D62). */
export async function createOrganization(
  ctx: ServiceContext,
  actor: Actor,
  settings: OrganizationSettings,
  ip: string | null,
): Promise<ConsoleOrganizationDetail> {
  requireAdmin(actor);
  const { member, scope } = await requireConsole(ctx, actor);
  assertAllowed(mayAddTopLevel(scope));
  if (await organizationNameTaken(ctx.db, settings.name, null)) {
    throw new ValidationError({ name: [ORGANIZATION_NAME_TAKEN] });
  }
  const now = Date.now();
  const created = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertOrganization(trx, rowValues(settings));
    await replaceClubTypes(
      trx,
      id,
      settings.club_types.map((type) => ({ id: null, name: type.name })),
      [],
    );
    await replaceStatusStyles(trx, id, settings.statuses);
    await recordConsoleAudit(
      trx,
      {
        actorUserId: member.userId,
        action: 'organization.created',
        subjectType: 'Organization',
        subjectId: id,
        organizationId: id,
        clubId: null,
        before: null,
        after: { ...settings },
        ip,
      },
      now,
    );
    return { id, changed: await recordCacheChanged(trx, ORGANIZATIONS_MEMO_PREFIX, now) };
  });
  await publishAll(ctx.bus, [created.changed]);
  const organizationId = created.id;
  return detailOf(ctx, scope, organizationId);
}
