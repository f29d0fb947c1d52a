import { z } from 'zod';
import { recordIdSchema } from './record-id.ts';
import { AUTH_CODE_LENGTH } from '../constants.ts';

/**
 * Registration (`/users/step_*`) and password reset (`/password_reset_request/step_*`), four
 * steps each (§2, §7, REG-01..13, API-REG-01..08, AMB-37): the wire shapes both sides share.
 */

/** CONST-24, VAL-14: a complete MM/DD/YYYY birth date. */
export const BIRTH_DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Month 1-12 and a day that month can have (29 February only in a leap year). */
export function isRealBirthDate(value: string): boolean {
  const match = BIRTH_DATE_PATTERN.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const year = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || year < 1000) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** VAL-16, CONST-13: six digits. */
export const AUTH_CODE_PATTERN = new RegExp(`^\\d{${AUTH_CODE_LENGTH}}$`);

/** Step one: organisation, member number, birth date (VAL-12..14). */
export const membershipProofSchema = z.object({
  organization_id: recordIdSchema,
  member_number: z.string().trim().min(1),
  birth_date: z.string().trim().regex(BIRTH_DATE_PATTERN),
});
export type MembershipProof = z.infer<typeof membershipProofSchema>;

export const registrationStepOneRequestSchema = z.object({ new_user: membershipProofSchema });
export const resetStepOneRequestSchema = z.object({
  password_reset_request: membershipProofSchema,
});

/** A way to send the code: an anonymised label and an opaque key (ENT-21). */
export const authenticationOptionSchema = z.object({ label: z.string(), key: z.string() });
export type AuthenticationOption = z.infer<typeof authenticationOptionSchema>;

export const stepOneAnswerSchema = z.object({
  data: z.object({ authentication_options: z.array(authenticationOptionSchema) }),
});

export const registrationStepTwoRequestSchema = z.object({
  contact_option_choice: z.object({ id: z.string().min(1) }),
});
export const resetStepTwoRequestSchema = z.object({
  password_reset_request: z.object({ contact_option_key: z.string().min(1) }),
});
export const stepTwoAnswerSchema = z.object({
  data: z.object({ selected_authentication_option_anonymized: z.string() }),
});

export const registrationStepThreeRequestSchema = z.object({
  authentication_code: z.object({ code: z.string() }),
});
export const resetStepThreeRequestSchema = z.object({
  password_reset_request: z.object({ auth_token_attempt: z.string() }),
});

export const registrationStepFourRequestSchema = z.object({
  authentication_code: z.object({ code: z.string() }),
  public_key: z.string().min(1),
  user: z.object({ username: z.string(), password: z.string() }),
});
export const resetStepFourRequestSchema = z.object({
  public_key: z.string().min(1),
  password_reset_request: z.object({
    auth_token_attempt: z.string(),
    password: z.string(),
    password_confirmation: z.string(),
  }),
});

/** ERR-47, ERR-48: who to call when no contact on file can take a code. */
export const clubContactSchema = z.object({
  name: z.string(),
  phone: z.string().nullable(),
});
export type ClubContact = z.infer<typeof clubContactSchema>;

/**
 * The catalogue's names for the flows' errors (§8, ERR-43..54): the last segment of the
 * problem `type`. Registration and reset name the same cases differently.
 */
export const FLOW_ERRORS = {
  register: {
    invalidVerificationService: 'new-user-invalid-verification-service',
    parametersInvalid: 'new-user-invalid',
    notReachable: 'new-user-not-reachable',
  },
  reset: {
    invalidVerificationService: 'password-reset-request-invalid-verification-service',
    parametersInvalid: 'password-reset-request-user-parameters-invalid',
    notReachable: 'password-reset-request-user-not-reachable',
  },
} as const;
export const CONTACT_OPTION_CHOICE_NOT_AVAILABLE = 'contact-option-choice-not-available';
export const AUTHENTICATION_CODE_BLANK = 'authentication-code-blank';
export const AUTHENTICATION_CODE_INVALID = 'authentication-code-invalid';
export const PASSWORD_PARAMETERS_INVALID = 'password-parameters-invalid-error';
export const USER_PARAMS_INVALID = 'user-params-invalid';
export const TOO_MANY_REQUESTS = 'too-many-requests';
export const INVALID_CREDENTIALS = 'invalid-credentials';
