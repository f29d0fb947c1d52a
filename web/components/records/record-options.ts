import { ACCESS_LABELS, ACCESS_VALUES, ROLE_WEBMASTER } from '../../../common/constants.ts';
import type { User, UserClub } from '../../../common/schemas/session.ts';

/**
 * Choices the forms of a lodge's records (posts, events) share: who may write as a lodge and
 * the lodge-wide Visibility choices. Values are the wire values, as strings, because that is
 * what a select holds and what the server accepts.
 */

export interface SelectOption {
  value: string;
  label: string;
}

/** Lodges the user may post as: those where they hold the webmaster role. */
export function webmasterLodges(user: Pick<User, 'clubs'>): UserClub[] {
  return user.clubs.filter((club) => club.club_member_role_names.includes(ROLE_WEBMASTER));
}

/** CONST-18: the three lodge-post choices with their labels. */
export function lodgeVisibilityOptions(): SelectOption[] {
  return ACCESS_VALUES.map((value) => ({ value, label: ACCESS_LABELS[value] }));
}
