import { z } from 'zod';
import { CANT_BE_BLANK, MEMBER_NUMBER_DIGITS_ONLY, memberNumberLengthRule } from '../messages.ts';
import type { Organization } from './organization.ts';

/**
 * POST /member_status_validations (STAT-02, API-DIR-07). Both fields may be missing or empty
 * here: the rules of VAL-44..46 are `memberNumberErrors` and the organisation check, run by the
 * form before sending and by the service again, so both give the same messages under the same
 * fields.
 */
export const memberStatusValidationRequestSchema = z.object({
  member_status_validation: z.object({
    organization_id: z.number().int().nullable().optional(),
    member_number: z.string().max(64).nullable().optional(),
  }),
});
export type MemberStatusValidationRequest = z.infer<typeof memberStatusValidationRequestSchema>;

/** Digits only (VAL-46). */
export const MEMBER_NUMBER_PATTERN = /^[0-9]+$/;

/**
 * The member number's rules (VAL-44..46): needed, digits only, and within the organisation's
 * minimum and maximum length when it sets them. Empty when the number passes.
 */
export function memberNumberErrors(
  memberNumber: string,
  criteria: Organization['member_status_criteria'] | null,
): string[] {
  if (memberNumber === '') return [CANT_BE_BLANK];
  if (!MEMBER_NUMBER_PATTERN.test(memberNumber)) return [MEMBER_NUMBER_DIGITS_ONLY];
  if (criteria === null) return [];
  const { minimum_length: minimum, maximum_length: maximum } = criteria.member_number;
  const tooShort = minimum !== null && memberNumber.length < minimum;
  const tooLong = maximum !== null && memberNumber.length > maximum;
  return tooShort || tooLong ? [memberNumberLengthRule(minimum, maximum)] : [];
}

/** One status found (ENT-22, STAT-03): only what the card shows, nothing else of the member. */
export const memberStatusSchema = z.object({
  number: z.string(),
  title: z.string().nullable(),
  /** The member's display name. */
  name: z.string(),
  status: z.string(),
  /** A CSS colour for the card. */
  color: z.string(),
  organization_name: z.string(),
});
export type MemberStatus = z.infer<typeof memberStatusSchema>;

export const memberStatusListAnswerSchema = z.object({
  data: z.object({ member_statuses: z.array(memberStatusSchema) }),
});
export type MemberStatusListAnswer = z.infer<typeof memberStatusListAnswerSchema>;
