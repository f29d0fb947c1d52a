import { BIRTH_DATE_NOT_REAL } from '../../common/messages.ts';
import { BIRTH_DATE_PATTERN, isRealBirthDate } from '../../common/schemas/registration.ts';
import type {
  AuthenticationOption,
  ClubContact,
  MembershipProof,
} from '../../common/schemas/registration.ts';
import { endFlow, startFlow } from '../auth/one-time-codes.ts';
import {
  addressKey,
  admitAttempt,
  attemptFailed,
  attemptSucceeded,
  enforceLimits,
} from '../auth/rate-limit.ts';
import type { PairedLimits } from '../auth/rate-limit.ts';
import { organizationForProof, rosterEntryByNumber } from '../db/organizations.ts';
import type { MemberStatusValue, OneTimeCodePurpose } from '../db/schema.ts';
import { AppError, ValidationError } from '../errors.ts';
import type { FieldErrors } from '../errors.ts';
import type { ServiceContext } from './context.ts';
import { clubContactFor, contactsOnFile, optionsFor } from './unguarded/contacts-on-file.ts';

/*
 * The parts of registration and password reset that differ only in their names (spec §7, §8;
 * API-REG-01..08): prove membership with organisation, member number and birth date; choose a
 * contact already on file (never one the visitor types: a code sent to an address the visitor chose would prove nothing); enter the six-digit code
 * sent there. membership-flow.ts puts them together into the steps of both flows. This file
 * holds the answers and step one; membership-codes.ts steps two and three.
 */

export const MINUTE = 60 * 1000;

/** Step one from one address: enough for a family sharing a connection, too few to guess. */
export const PROOF_IP_LIMIT = { max: 10, windowMs: 15 * MINUTE };
/** Birth dates tried for one member number from one address. */
export const PROOF_PAIR_LIMIT = { max: 10, windowMs: 30 * MINUTE };
/**
 * Wrong birth dates for one member number from every address in a day: past it, only an address
 * that has not failed at this number gets its answer, once (D52). So a member's reset and
 * registration cannot be blocked by strangers, and walking the birth dates of one member takes
 * a fresh address for nearly every guess.
 */
export const PROOF_MEMBER_CEILING = { max: 20, windowMs: 24 * 60 * MINUTE };

function proofGuessLimits(organizationId: number, number: string, ip: string | null): PairedLimits {
  const member = `membership-proof:${organizationId}:${number}`;
  return {
    pair: { key: `${member}:ip:${addressKey(ip)}`, ...PROOF_PAIR_LIMIT },
    account: { key: member, ...PROOF_MEMBER_CEILING },
  };
}
/** What differs between the two flows: the purpose, the problem names and the wire's field names. */
export interface FlowSpec {
  readonly purpose: OneTimeCodePurpose;
  readonly problems: {
    readonly invalidVerificationService: string;
    readonly parametersInvalid: string;
    readonly notReachable: string;
  };
  /** Field of the contact choice at step two and of the code at steps three and four. */
  readonly fields: { readonly contact: string; readonly code: string };
  /** Words for the message that carries the code. */
  readonly doing: string;
}

// ---- Answers --------------------------------------------------------------------------------

const NO_MATCH = 'does not match our records';
export const MEMBERSHIP_NOT_MATCHED =
  'We could not find a member with that member number and birth date. Please check both and try again.';
export const CHECK_MEMBERSHIP_FIELDS =
  'Please check your organization, member number and birth date.';
export const VERIFICATION_UNAVAILABLE =
  'We cannot check membership with that organization. Please choose another, or contact your lodge secretary.';
export const NOT_REACHABLE =
  'We have no e-mail address or mobile number on file for you, so we cannot send you a code.';
export const FLOW_EXPIRED =
  'This request has expired or was already used. Please start again from the first step.';

/**
 * The flow's server state is missing, used, expired or out of tries, or a step came out of
 * order: the client starts again at step one (ERR-54).
 */
export class FlowExpiredError extends AppError {
  constructor() {
    super(422, 'flow-expired', FLOW_EXPIRED, { errors: { base: [FLOW_EXPIRED] } });
  }
}

/** ERR-45: field errors and a base message; the visitor stays on step one. */
export function parametersInvalid(
  spec: FlowSpec,
  fields: FieldErrors,
  base = MEMBERSHIP_NOT_MATCHED,
): ValidationError {
  return new ValidationError({ ...fields, base: [base] }, spec.problems.parametersInvalid, base);
}

function verificationUnavailable(spec: FlowSpec): ValidationError {
  return new ValidationError(
    { base: [VERIFICATION_UNAVAILABLE] },
    spec.problems.invalidVerificationService,
    VERIFICATION_UNAVAILABLE,
  );
}

export function notReachable(spec: FlowSpec, clubContact: ClubContact | null): ValidationError {
  return new ValidationError({ base: [NOT_REACHABLE] }, spec.problems.notReachable, NOT_REACHABLE, {
    club_contact: clubContact,
  });
}

// ---- Step one -------------------------------------------------------------------------------

export interface ProvenMember {
  partyId: number;
  organizationId: number;
  status: MemberStatusValue;
  partyLeftAt: number | null;
  userId: number | null;
  isAdmin: boolean;
  /** Active in any organisation: what sign-in asks of a member who is not an administrator. */
  activeAnywhere: boolean;
}

/** 'MM/DD/YYYY' → 'YYYY-MM-DD', as parties.birth_date keeps it. */
function isoDate(birthDate: string): string {
  const match = BIRTH_DATE_PATTERN.exec(birthDate.trim());
  return match ? `${match[3]}-${match[1]}-${match[2]}` : '';
}

/**
 * Step one: organisation, member number and birth date must match a member_statuses row whose
 * party has that birth date. The same answer whether the number or the date is wrong, so the
 * flow never says which member numbers exist.
 */
export async function proveMembership(
  ctx: ServiceContext,
  spec: FlowSpec,
  proof: MembershipProof,
  ip: string | null,
): Promise<ProvenMember> {
  await enforceLimits(ctx.db, [
    { key: `${spec.purpose}:step-one:ip:${addressKey(ip)}`, ...PROOF_IP_LIMIT },
  ]);
  if (!isRealBirthDate(proof.birth_date)) {
    throw parametersInvalid(spec, { birth_date: [BIRTH_DATE_NOT_REAL] });
  }

  const organization = await organizationForProof(ctx.db, proof.organization_id);
  // An organisation Lodgehall has no roster for cannot be checked (ERR-44).
  if (!organization || !organization.has_roster) throw verificationUnavailable(spec);

  const number = proof.member_number.trim();
  const min = organization.member_number_min_length;
  const max = organization.member_number_max_length;
  if ((min !== null && number.length < min) || (max !== null && number.length > max)) {
    const rule =
      min !== null && max !== null
        ? min === max
          ? `must be ${min} characters`
          : `must be ${min} to ${max} characters`
        : min !== null
          ? `must be at least ${min} characters`
          : `must be at most ${max ?? 0} characters`;
    throw parametersInvalid(spec, { member_number: [rule] }, `The member number ${rule}.`);
  }

  const guess = proofGuessLimits(organization.id, number, ip);
  await admitAttempt(ctx.db, guess);

  const member = await rosterEntryByNumber(ctx.db, organization.id, number);
  if (!member || member.birth_date === null || member.birth_date !== isoDate(proof.birth_date)) {
    await attemptFailed(ctx.db, guess);
    throw parametersInvalid(spec, { member_number: [NO_MATCH], birth_date: [NO_MATCH] });
  }
  await attemptSucceeded(ctx.db, guess);
  return {
    partyId: member.party_id,
    organizationId: organization.id,
    status: member.status,
    partyLeftAt: member.left_at,
    userId: member.user_id,
    isAdmin: member.is_admin === 1,
    activeAnywhere: Boolean(member.active_anywhere),
  };
}

/**
 * Ends step one for a proven, eligible member: lists the contacts on file a code can go to and
 * opens the flow's server state. A member with none is told whom to call (ERR-46..48).
 */
export async function openFlow(
  ctx: ServiceContext,
  spec: FlowSpec,
  member: ProvenMember,
  previousToken: string | undefined,
): Promise<{ flowToken: string; options: AuthenticationOption[] }> {
  const contacts = await contactsOnFile(ctx.db, member.partyId);
  if (contacts.length === 0) {
    throw notReachable(spec, await clubContactFor(ctx.db, member.partyId, member.organizationId));
  }
  const { token } = await ctx.db.transaction().execute(async (trx) => {
    if (previousToken) await endFlow(trx, previousToken);
    return startFlow(trx, spec.purpose, member.partyId);
  });
  return { flowToken: token, options: optionsFor(token, contacts) };
}
