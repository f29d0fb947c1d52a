/** The status checker (STAT-01..04, ERR-26, ERR-27, VAL-44..46). Read through common/messages.ts. */

export const STATUS_CHECKER_TITLE = 'Status Checker';
export const CHECK_STATUS = 'Check Status';
export const CHOOSE_AN_ORGANIZATION = 'Choose an organization';
/** VAL-44: the organisation is needed. */
export const ORGANIZATION_REQUIRED = 'Choose an organization.';
/** VAL-46: numeric input only. */
export const MEMBER_NUMBER_DIGITS_ONLY = 'Use digits only.';
/** VAL-45: the organisation's length rule, in the words the member reads. */
export function memberNumberLengthRule(minimum: number | null, maximum: number | null): string {
  if (minimum !== null && maximum !== null) {
    return minimum === maximum
      ? `Must be ${minimum} digits.`
      : `Must be ${minimum} to ${maximum} digits.`;
  }
  if (minimum !== null) return `Must be at least ${minimum} digits.`;
  if (maximum !== null) return `Must be at most ${maximum} digits.`;
  return '';
}
/** The per-member limit of POST /member_status_validations (docs/decisions.md D48). */
export const TOO_MANY_STATUS_CHECKS =
  'Too many status checks. Please wait a few minutes and try again.';
export const SEARCHING_STATUS = 'Searching…';
export const STATUS_RESULTS = 'Results';
export const STATUS_LABEL = 'Status';
export const TITLE_LABEL = 'Title';
