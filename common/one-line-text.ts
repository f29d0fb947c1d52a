/**
 * The rule for a one-line text a member names something with: a chat's name, an event's name
 * and location (docs/decisions.md D54). Such a text travels into lists, e-mail subjects and
 * calendar files, where a line break starts a new line of the file, and a direction override
 * shows what follows it backwards (a file name that reads as `.jpg` but is `.exe`). So it holds
 * no control character: none of C0 (tab and line breaks included) or DEL, none of C1, neither
 * Unicode line nor paragraph separator, and no bidirectional embedding, override or isolate.
 * The marks a right-to-left script needs (U+200E, U+200F) stay allowed.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_IN_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * Whether `text` keeps to the rule once trimmed: white space around it (a pasted line break
 * among it) is trimmed when the text is saved, so only what stays is judged.
 */
export function isOneLineText(text: string): boolean {
  return !NOT_IN_ONE_LINE.test(text.trim());
}
