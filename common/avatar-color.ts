import { AVATAR_COLOR_COUNT } from './constants.ts';

/**
 * A member's avatar without a picture (CONST-30, AMB-31): the initials on one of 20 colours.
 *
 * The colour is the sum of the UTF-16 character codes of the member's `display_name`, modulo
 * 20, an index into AVATAR_PALETTE. The same name always gets the same colour, on every screen
 * and on the server, and two names with the same sum share one.
 *
 * The palette: 20 deep shades spread round the colour wheel (Material Design's 800 and 900
 * shades, plus an olive and an amber brown of our own), each with a contrast ratio of at least
 * 5:1 against white text, above WCAG 2.2 AA's 4.5:1 for normal text (the unit test computes
 * every ratio). Their order is fixed: changing it would recolour every member.
 */
export const AVATAR_PALETTE: readonly string[] = [
  '#B71C1C', // red
  '#AD1457', // pink
  '#880E4F', // deep pink
  '#6A1B9A', // purple
  '#4527A0', // deep purple
  '#283593', // indigo
  '#1565C0', // blue
  '#0D47A1', // dark blue
  '#01579B', // ocean blue
  '#006064', // cyan
  '#00695C', // teal
  '#2E7D32', // green
  '#1B5E20', // dark green
  '#33691E', // leaf green
  '#6B5E00', // olive
  '#8D4E00', // amber brown
  '#BF360C', // burnt orange
  '#5D4037', // brown
  '#37474F', // slate
  '#4A148C', // violet
];

if (AVATAR_PALETTE.length !== AVATAR_COLOR_COUNT) {
  throw new Error(`The avatar palette must hold ${AVATAR_COLOR_COUNT} colours.`);
}

/** The palette index for a display name: the sum of its character codes modulo 20. */
export function avatarColorIndex(displayName: string): number {
  let sum = 0;
  for (let index = 0; index < displayName.length; index += 1) sum += displayName.charCodeAt(index);
  return sum % AVATAR_COLOR_COUNT;
}

/** The background colour (hex) for a display name. */
export function avatarColor(displayName: string): string {
  return AVATAR_PALETTE[avatarColorIndex(displayName)] ?? '#37474F';
}

function firstLetter(name: string | null | undefined): string {
  const trimmed = name?.trim() ?? '';
  // Array.from keeps a letter outside the BMP whole.
  return (Array.from(trimmed)[0] ?? '').toLocaleUpperCase('en-US');
}

/**
 * The initials (AMB-31): the first letters of the first and last name, upper case. A member
 * with only one of the two gets one letter; with neither, the first letter of the fallback
 * (the display name), so an avatar is never blank.
 */
export function avatarInitials(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
  fallback = '',
): string {
  const initials = `${firstLetter(firstName)}${firstLetter(lastName)}`;
  return initials || firstLetter(fallback);
}
