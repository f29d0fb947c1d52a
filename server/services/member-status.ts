import {
  INVALID_CHOICE,
  ORGANIZATION_REQUIRED,
  TOO_MANY_STATUS_CHECKS,
} from '../../common/messages.ts';
import { memberNumberErrors } from '../../common/schemas/member-status.ts';
import type {
  MemberStatus,
  MemberStatusValidationRequest,
} from '../../common/schemas/member-status.ts';
import { requireMember } from '../auth/actor.ts';
import type { Actor } from '../auth/actor.ts';
import { enforceLimits } from '../auth/rate-limit.ts';
import { statusesUnderNumber } from '../db/organizations.ts';
import { ValidationError } from '../errors.ts';
import type { FieldErrors } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayCheckMemberStatus } from '../policies/member-status.ts';
import { presentMemberStatus } from '../presenters/member-status.ts';
import type { ServiceContext } from './context.ts';
import { listRecognizedOrganizations } from './organizations.ts';

const STATUS_CHECK_WINDOW_MS = 10 * 60 * 1000;

/**
 * The status checker (§5, STAT-02, API-DIR-07): the statuses held under a member number in a
 * recognised organisation. Every attempt counts against the member's limit first, a refused one
 * too, so the roster cannot be walked by any mix of calls (docs/decisions.md D48). The rules of
 * VAL-44..46 are the form's (common/schemas/member-status.ts), with the same messages.
 */
export async function checkMemberStatus(
  ctx: ServiceContext,
  actor: Actor,
  request: MemberStatusValidationRequest['member_status_validation'],
): Promise<MemberStatus[]> {
  const member = requireMember(actor);
  assertAllowed(mayCheckMemberStatus(member));
  await enforceLimits(
    ctx.db,
    [
      {
        key: `status-check:party:${member.partyId}`,
        max: ctx.config.STATUS_CHECK_LIMIT,
        windowMs: STATUS_CHECK_WINDOW_MS,
      },
    ],
    Date.now(),
    TOO_MANY_STATUS_CHECKS,
  );

  const errors: FieldErrors = {};
  const organizationId = request.organization_id ?? null;
  const organization =
    organizationId === null
      ? undefined
      : (await listRecognizedOrganizations(ctx, member)).find((o) => o.id === organizationId);
  // An organisation not recognised is refused like an unknown one (AMB-07).
  if (organizationId === null) errors.organization_id = [ORGANIZATION_REQUIRED];
  else if (!organization) errors.organization_id = [INVALID_CHOICE];
  const memberNumber = request.member_number ?? '';
  const numberErrors = memberNumberErrors(
    memberNumber,
    organization ? organization.member_status_criteria : null,
  );
  if (numberErrors.length > 0) errors.member_number = numberErrors;
  if (Object.keys(errors).length > 0 || !organization) throw new ValidationError(errors);

  const rows = await statusesUnderNumber(ctx.db, organization.id, memberNumber);
  return rows.map(presentMemberStatus);
}
