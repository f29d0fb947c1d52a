/**
 * The ways people write a birth date, turned into the MM/DD/YYYY mask (CONST-24, VAL-14,
 * issue 8 §5). A member who types `7/4/1949` means the fourth of July: a month or day of one
 * digit gets its leading zero, so the mask does not read `74/19/49`.
 * The check of the result stays with VAL-14 (BIRTH_DATE_PATTERN, isRealBirthDate).
 */

/** What people put between month, day and year: a slash, a dash, a dot or a space. */
const SEPARATOR = /^[/.\-\s]$/;

const DIGITS_IN_DATE = 8;

/** Whether a typed character is one of the separators people put in a date. */
export function isBirthDateSeparator(character: string): boolean {
  return SEPARATOR.test(character);
}

/** `07041949` → `07/04/1949`; `0704` → `07/04/`, as the mask writes the separator it owns. */
function withSlashes(digits: string): string {
  const month = digits.slice(0, 2);
  const day = digits.slice(2, 4);
  const year = digits.slice(4, DIGITS_IN_DATE);
  let text = month;
  if (month.length === 2) text += `/${day}`;
  if (day.length === 2) text += `/${year}`;
  return text;
}

const YEAR_FIRST = /^\s*(\d{4})[/.\-\s]+(\d{1,2})[/.\-\s]+(\d{1,2})\s*$/;

/**
 * The date as the MM/DD/YYYY mask takes it, from how it was typed or pasted, read one
 * character at a time as the member typed it:
 * - a separator after a month or day of one digit pads it: `7/` gives `07/`, `07/4/` gives
 *   `07/04/`, so `7/4/1949`, `7-4-1949`, `7.4.1949` and `7 4 1949` all give `07/04/1949`;
 * - a month that starts with 2 to 9, or a day that starts with 4 to 9, can only be one digit,
 *   so it is padded at once: `7` gives `07/` and `741949` gives `07/04/1949`, which a phone's
 *   number pad (no separator key) needs;
 * - a year-first `1949-07-04` is turned around;
 * - anything but digits and separators is left out, and so is what does not fit the mask.
 * The year is never guessed: `7/4/49` stays incomplete, for VAL-14 to say so.
 */
export function birthDateForMask(text: string): string {
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) {
    const [, year = '', month = '', day = ''] = yearFirst;
    return withSlashes(`${month.padStart(2, '0')}${day.padStart(2, '0')}${year}`);
  }
  let digits = '';
  for (const character of text) {
    if (/\d/.test(character)) {
      if (digits.length === DIGITS_IN_DATE) break;
      const onlyOneDigit =
        (digits.length === 0 && character >= '2') || (digits.length === 2 && character >= '4');
      digits += onlyOneDigit ? `0${character}` : character;
    } else if (isBirthDateSeparator(character) && (digits.length === 1 || digits.length === 3)) {
      digits = `${digits.slice(0, -1)}0${digits.slice(-1)}`;
    }
  }
  return withSlashes(digits);
}

/** `1949-07-04` (how the roster keeps a birth date) → `07/04/1949` (how a member enters it). */
export function birthDateFromIso(isoDate: string): string {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}
