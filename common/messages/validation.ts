/** Field errors that any area's forms and API give. Read through common/messages.ts. */

/** Validation (§5: VAL-02..VAL-06, VAL-29..VAL-41). */
export const CANT_BE_BLANK = "Can't be blank.";
export const INVALID_ZIPCODE = 'Invalid zipcode format.';
export const INVALID_DAY_FORMAT = 'Invalid mm/dd format.';
export const INVALID_EMAIL = 'Invalid e-mail format.';
export const NOT_A_NUMBER = 'Not a number.';

/** Field errors of the API, in the server's usual lower case. Lodgehall's own words. */
export const FIELD_BLANK = "can't be blank";
export const INVALID_CHOICE = 'is not a valid choice';
/** A one-line text (a name, a location) holding a control character (common/one-line-text.ts). */
export const FIELD_CONTROL_CHARACTERS = 'must not contain control characters';
export const fieldTooLong = (maximum: number): string =>
  `is too long (maximum is ${maximum} characters)`;

/**
 * A request whose text holds U+0000, refused under `base` before any query runs with it
 * (docs/decisions.md D55). Lodgehall's own words.
 */
export const TEXT_WITH_NUL = 'Text must not contain the NUL character (U+0000).';
