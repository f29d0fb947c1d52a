import type { Kysely } from 'kysely';
import { displayName } from '../../common/display-name.ts';
import {
  BIRTH_DATE_NOT_REAL,
  CHOICE_NOT_AVAILABLE,
  CODE_BLANK,
  CODE_INVALID,
} from '../../common/messages.ts';
import {
  AUTHENTICATION_CODE_BLANK,
  AUTHENTICATION_CODE_INVALID,
  AUTH_CODE_PATTERN,
  BIRTH_DATE_PATTERN,
  CONTACT_OPTION_CHOICE_NOT_AVAILABLE,
  isRealBirthDate,
} from '../../common/schemas/registration.ts';
import type {
  AuthenticationOption,
  ClubContact,
  MembershipProof,
} from '../../common/schemas/registration.ts';
import {
  CODE_TTL_MS,
  contactKey,
  endFlow,
  extendFlow,
  findLiveFlow,
  newCode,
  startFlow,
  storeCode,
  tryCode,
} from '../auth/one-time-codes.ts';
import type { FlowRow } from '../auth/one-time-codes.ts';
import {
  addressKey,
  admitAttempt,
  attemptFailed,
  attemptSucceeded,
  enforceLimits,
} from '../auth/rate-limit.ts';
import type { PairedLimits } from '../auth/rate-limit.ts';
import { currentMembershipsOf } from '../db/memberships.ts';
import type { ContactKind, Database, MemberStatusValue, OneTimeCodePurpose } from '../db/schema.ts';
import { AppError, ValidationError } from '../errors.ts';
import type { FieldErrors } from '../errors.ts';
import type { ServiceContext } from './context.ts';

/*
 * The parts of registration and password reset that differ only in their names (spec §7, §8;
 * API-REG-01..08): prove membership with organisation, member number and birth date; choose a
 * contact already on file (never one the visitor types: a code sent to an address the visitor chose would prove nothing); enter the six-digit code
 * sent there. membership-flow.ts puts them together into the steps of both flows.
 */

const MINUTE = 60 * 1000;

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
/** Codes sent to one member from one address, whichever flow and contact (Mastodon: 5 resets per 30 minutes). */
export const CODE_SEND_LIMIT = { max: 5, windowMs: 30 * MINUTE };
/** Codes sent to one member from every address in a day, past which only a fresh address gets one. */
export const CODE_SEND_CEILING = { max: 20, windowMs: 24 * 60 * MINUTE };

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

function notReachable(spec: FlowSpec, clubContact: ClubContact | null): ValidationError {
  return new ValidationError({ base: [NOT_REACHABLE] }, spec.problems.notReachable, NOT_REACHABLE, {
    club_contact: clubContact,
  });
}

function codeBlank(spec: FlowSpec): ValidationError {
  return new ValidationError(
    { [spec.fields.code]: [CODE_BLANK] },
    AUTHENTICATION_CODE_BLANK,
    'Enter the code we sent you.',
  );
}

function codeInvalid(spec: FlowSpec): ValidationError {
  return new ValidationError(
    { [spec.fields.code]: [CODE_INVALID] },
    AUTHENTICATION_CODE_INVALID,
    'That code is not right.',
  );
}

// ---- Contacts on file -----------------------------------------------------------------------

interface ContactOnFile {
  kind: ContactKind;
  id: number;
  address: string;
  /** What the visitor sees of it: never the whole address or number. */
  anonymized: string;
  label: string;
}

function maskWord(word: string): string {
  return word.length <= 1 ? word : `${word[0] ?? ''}${'*'.repeat(word.length - 1)}`;
}

/** `daniel.whitfield@example.com` → `d*****.w********@e******.com`. */
export function anonymizeEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return maskWord(address);
  const local = address
    .slice(0, at)
    .split(/([._+-])/)
    .map((part, index) => (index % 2 === 1 ? part : maskWord(part)));
  const labels = address.slice(at + 1).split('.');
  const domain = labels.map((label, index) =>
    index === labels.length - 1 ? label : maskWord(label),
  );
  return `${local.join('')}@${domain.join('.')}`;
}

/** `6145550142` → `(***) ***-**42`: only the last two digits show. */
export function anonymizePhone(number: string): string {
  const digits = number.replace(/\D/g, '');
  const last = digits.slice(-2);
  if (digits.length === 10) return `(***) ***-**${last}`;
  return `${'*'.repeat(Math.max(0, digits.length - 2))}${last}`;
}

/** The member's e-mails and mobile numbers, in the order their types are listed. */
async function contactsOnFile(db: Kysely<Database>, partyId: number): Promise<ContactOnFile[]> {
  const [emails, phones] = await Promise.all([
    db
      .selectFrom('emails as e')
      .innerJoin('contact_types as t', 't.id', 'e.contact_type_id')
      .select(['e.id', 'e.address'])
      .where('e.party_id', '=', partyId)
      .orderBy('t.sort_order')
      .orderBy('e.id')
      .execute(),
    db
      .selectFrom('phones as p')
      .innerJoin('contact_types as t', 't.id', 'p.contact_type_id')
      .select(['p.id', 'p.number'])
      .where('p.party_id', '=', partyId)
      .where('t.name', '=', 'CellPhone')
      .orderBy('p.id')
      .execute(),
  ]);
  const seen = new Set<string>();
  const contacts: ContactOnFile[] = [];
  for (const email of emails) {
    const address = email.address.trim();
    if (address === '' || seen.has(`email:${address.toLowerCase()}`)) continue;
    seen.add(`email:${address.toLowerCase()}`);
    const anonymized = anonymizeEmail(address);
    contacts.push({
      kind: 'email',
      id: email.id,
      address,
      anonymized,
      label: `E-mail ${anonymized}`,
    });
  }
  for (const phone of phones) {
    const digits = phone.number.replace(/\D/g, '');
    if (digits.length < 7 || seen.has(`phone:${digits}`)) continue;
    seen.add(`phone:${digits}`);
    const anonymized = anonymizePhone(digits);
    contacts.push({
      kind: 'phone',
      id: phone.id,
      address: digits,
      anonymized,
      label: `Text message to ${anonymized}`,
    });
  }
  return contacts;
}

function optionsFor(flowToken: string, contacts: readonly ContactOnFile[]): AuthenticationOption[] {
  return contacts.map((contact) => ({
    label: contact.label,
    key: contactKey(flowToken, contact.kind, contact.id),
  }));
}

/**
 * ERR-47, ERR-48: whom a member without a reachable contact can call to update their records:
 * the current Secretary of one of their clubs in this organisation (their lodge first), with a
 * phone when one is on file; the name alone otherwise; null when there is none.
 */
export async function clubContactFor(
  db: Kysely<Database>,
  partyId: number,
  organizationId: number,
  today = new Date().toISOString().slice(0, 10),
): Promise<ClubContact | null> {
  const secretaries = await currentMembershipsOf(db, partyId)
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .innerJoin('club_types as ct', 'ct.id', 'c.club_type_id')
    .innerJoin('officer_positions as op', 'op.club_id', 'c.id')
    .innerJoin('officer_terms as ot', 'ot.officer_position_id', 'op.id')
    .leftJoin('parties as sp', 'sp.id', 'ot.party_id')
    .select([
      'ot.party_id',
      'ot.full_name',
      'sp.first_name',
      'sp.middle_name',
      'sp.last_name',
      'sp.suffix',
      'sp.preferred_name',
    ])
    .where('c.organization_id', '=', organizationId)
    .where('op.title', '=', 'Secretary')
    .where('ot.from_date', '<=', today)
    .where((eb) => eb.or([eb('ot.to_date', 'is', null), eb('ot.to_date', '>=', today)]))
    .where((eb) => eb.or([eb('ot.party_id', 'is', null), eb('ot.party_id', '<>', partyId)]))
    .orderBy('ct.is_leaf', 'desc')
    .orderBy('ct.rank', 'desc')
    .orderBy('c.id')
    .execute();

  const named = secretaries
    .map((row) => ({
      partyId: row.party_id,
      name:
        row.first_name !== null || row.last_name !== null
          ? displayName(row)
          : (row.full_name?.trim() ?? ''),
    }))
    .filter((row) => row.name !== '');
  if (named.length === 0) return null;

  const partyIds = named.flatMap((row) => (row.partyId === null ? [] : [row.partyId]));
  if (partyIds.length > 0) {
    const phones = await db
      .selectFrom('phones as p')
      .innerJoin('contact_types as t', 't.id', 'p.contact_type_id')
      .select(['p.party_id', 'p.number', 't.name as type_name', 't.sort_order'])
      .where('p.party_id', 'in', partyIds)
      .execute();
    for (const secretary of named) {
      // A mobile first: the member is told to call, and a mobile is answered in person.
      const phone = phones
        .filter((row) => row.party_id === secretary.partyId)
        .sort(
          (a, b) =>
            Number(b.type_name === 'CellPhone') - Number(a.type_name === 'CellPhone') ||
            a.sort_order - b.sort_order,
        )[0];
      if (phone) return { name: secretary.name, phone: phone.number };
    }
  }
  const first = named[0];
  return first ? { name: first.name, phone: null } : null;
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

  const organization = await ctx.db
    .selectFrom('organizations as o')
    .select(['o.id', 'o.member_number_min_length', 'o.member_number_max_length'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('member_statuses as ms')
            .select('ms.id')
            .whereRef('ms.organization_id', '=', 'o.id'),
        )
        .as('has_roster'),
    )
    .where('o.id', '=', proof.organization_id)
    .executeTakeFirst();
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

  const member = await ctx.db
    .selectFrom('member_statuses as ms')
    .innerJoin('parties as p', 'p.id', 'ms.party_id')
    .leftJoin('users as u', 'u.party_id', 'p.id')
    .select([
      'ms.party_id',
      'ms.status',
      'p.birth_date',
      'p.left_at',
      'u.id as user_id',
      'u.is_admin',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('member_statuses as any_ms')
            .select('any_ms.id')
            .whereRef('any_ms.party_id', '=', 'p.id')
            .where('any_ms.status', '=', 'active'),
        )
        .as('active_anywhere'),
    )
    .where('ms.organization_id', '=', organization.id)
    .where('ms.member_number', '=', number)
    .executeTakeFirst();
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

// ---- Steps two and three --------------------------------------------------------------------

/** The live flow of this browser's cookie, or the answer that sends the visitor back to step one. */
export async function liveFlowOrFail(
  ctx: ServiceContext,
  spec: FlowSpec,
  flowToken: string | undefined,
): Promise<{ flow: FlowRow; token: string }> {
  const flow = flowToken ? await findLiveFlow(ctx.db, spec.purpose, flowToken) : null;
  if (!flow || !flowToken) throw new FlowExpiredError();
  return { flow, token: flowToken };
}

function codeMessage(spec: FlowSpec, code: string): { subject: string; text: string; sms: string } {
  const minutes = CODE_TTL_MS / MINUTE;
  return {
    subject: 'Your Lodgehall code',
    text: [
      `Your Lodgehall code is ${code}.`,
      '',
      `Enter it to ${spec.doing}. It works for ${minutes} minutes, and only once.`,
      '',
      'If you did not ask for it, you can ignore this message: nothing changes without the code.',
    ].join('\n'),
    sms: `Lodgehall code: ${code}. Enter it to ${spec.doing}. It works for ${minutes} minutes. Do not share it.`,
  };
}

/**
 * Step two: the visitor picks one of the options of step one by its key; a fresh code goes to
 * that contact. A key that names no contact on file any more answers the fresh options
 * (ERR-50). Answers the contact as the visitor may see it.
 */
export async function sendCode(
  ctx: ServiceContext,
  spec: FlowSpec,
  flowToken: string | undefined,
  optionKey: string,
  ip: string | null,
): Promise<{ anonymized: string }> {
  const { flow, token } = await liveFlowOrFail(ctx, spec, flowToken);
  const contacts = await contactsOnFile(ctx.db, flow.party_id);
  const chosen = contacts.find(
    (contact) => contactKey(token, contact.kind, contact.id) === optionKey.trim(),
  );
  if (!chosen) {
    if (contacts.length === 0) throw notReachable(spec, null);
    throw new ValidationError(
      { [spec.fields.contact]: [CHOICE_NOT_AVAILABLE] },
      CONTACT_OPTION_CHOICE_NOT_AVAILABLE,
      'That choice is no longer available. Please choose again.',
      { authentication_options: optionsFor(token, contacts) },
    );
  }
  // Every code sent spends: it counts against the member's ceiling and marks the address, so one
  // who knows a member's birth date cannot use up the member's codes from one address (D52).
  const sends: PairedLimits = {
    pair: { key: `code-send:party:${flow.party_id}:${addressKey(ip)}`, ...CODE_SEND_LIMIT },
    account: { key: `code-send:party:${flow.party_id}`, ...CODE_SEND_CEILING },
  };
  await admitAttempt(ctx.db, sends);
  await attemptFailed(ctx.db, sends);

  const code = newCode();
  // The code is stored before it leaves: a message that arrives always carries a code that
  // works. Delivery is not inside a transaction, since SMTP or an SMS provider cannot take part
  // in one; if it fails the visitor asks again and gets a new code.
  await storeCode(ctx.db, flow, token, chosen, code);
  const message = codeMessage(spec, code);
  try {
    if (chosen.kind === 'email') {
      await ctx.mailer.send({ to: chosen.address, subject: message.subject, text: message.text });
    } else {
      await ctx.sms.send({ to: chosen.address, text: message.sms });
    }
  } catch (error) {
    const failure = new AppError(
      503,
      'code-delivery-failed',
      'We could not send the code just now.',
    );
    failure.cause = error;
    throw failure;
  }
  return { anonymized: chosen.anonymized };
}

/**
 * Checks the code the visitor typed (steps three and four). A blank code is its own error; a
 * code of the wrong shape cannot match and costs no try; a wrong code costs one of five; a dead
 * flow sends the visitor back to step one.
 */
export async function checkCode(
  ctx: ServiceContext,
  spec: FlowSpec,
  flowToken: string | undefined,
  code: string,
): Promise<FlowRow> {
  const { flow, token } = await liveFlowOrFail(ctx, spec, flowToken);
  // Step three or four before step two sent a code: out of order.
  if (flow.code_hash === null) throw new FlowExpiredError();
  const typed = code.trim();
  if (typed === '') throw codeBlank(spec);
  if (!AUTH_CODE_PATTERN.test(typed)) throw codeInvalid(spec);
  const result = await tryCode(ctx.db, flow.id, token, typed);
  if (result === 'dead') throw new FlowExpiredError();
  if (result === 'wrong') throw codeInvalid(spec);
  return flow;
}

/** Step three: the code is right; the member has ten more minutes for step four. */
export async function confirmCode(
  ctx: ServiceContext,
  spec: FlowSpec,
  flowToken: string | undefined,
  code: string,
): Promise<void> {
  const flow = await checkCode(ctx, spec, flowToken, code);
  await extendFlow(ctx.db, flow.id);
}
