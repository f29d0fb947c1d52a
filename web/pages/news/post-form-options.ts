import {
  ALL_FOLLOWERS_ACCESS,
  DEFAULT_ACCESS,
  PARTY_POST_TYPE,
  POST_AS_MEMBER_VALUE,
  ROLE_USER,
} from '../../../common/constants.ts';
import {
  ALL_FOLLOWERS,
  membersOfLodge,
  POST_AS_MEMBER,
  VISIBILITY_AUTHORS_ONLY,
  VISIBILITY_LOCKED,
  webmasterOfLodge,
} from '../../../common/messages.ts';
import type { Post } from '../../../common/schemas/post.ts';
import type { User, UserClub } from '../../../common/schemas/session.ts';
import {
  lodgeVisibilityOptions,
  webmasterLodges,
  type SelectOption,
} from '../../components/records/record-options.ts';

/**
 * Which choices the post form offers (POST-09, POST-13, PERM-05, PERM-08, PERM-09, AMB-09,
 * AMB-42): pure functions of the signed-in user (and, on edit, the post), so they are tested
 * without a browser. Values are the wire values: `post_as` is 'MEMBER' or a lodge id, access is
 * PUBLIC / MEMBER / CLUB for lodge posts and 'ALL_FOLLOWERS' or a lodge id for member posts,
 * all as strings because that is what a select holds and what the server accepts.
 */

type ClubsOf = Pick<User, 'clubs'>;

/** Lodges a member post may be limited to: leaf lodges where the user has role user (PERM-08/09). */
export function memberPostLodges(user: ClubsOf): UserClub[] {
  return user.clubs.filter(
    (club) => club.is_leaf && club.club_member_role_names.includes(ROLE_USER),
  );
}

/** POST-09: Member first (the default, CONST-20), then 'Webmaster of {lodge}' per lodge. */
export function postAsOptions(user: ClubsOf): SelectOption[] {
  return [
    { value: POST_AS_MEMBER_VALUE, label: POST_AS_MEMBER },
    ...webmasterLodges(user).map((club) => ({
      value: String(club.id),
      label: webmasterOfLodge(club.name),
    })),
  ];
}

export function isMemberPost(postAs: string): boolean {
  return postAs === POST_AS_MEMBER_VALUE;
}

/** PERM-08: 'All followers', then 'Members of {lodge}' for each leaf lodge with role user. */
export function memberVisibilityOptions(user: ClubsOf): SelectOption[] {
  return [
    { value: ALL_FOLLOWERS_ACCESS, label: ALL_FOLLOWERS },
    ...memberPostLodges(user).map((club) => ({
      value: String(club.id),
      label: membersOfLodge(club.name),
    })),
  ];
}

/** POST-13: the Visibility choices for the chosen Post As. */
export function visibilityOptions(user: ClubsOf, postAs: string): SelectOption[] {
  return isMemberPost(postAs) ? memberVisibilityOptions(user) : lodgeVisibilityOptions();
}

/** A new post's visibility: 'All followers' for a member post, PUBLIC for a lodge post (AMB-42). */
export function defaultVisibility(postAs: string): string {
  return isMemberPost(postAs) ? ALL_FOLLOWERS_ACCESS : DEFAULT_ACCESS;
}

/** How the edit form shows a saved post's Post As and Visibility. */
export interface EditChoices {
  postAs: SelectOption;
  access: string;
  visibility: SelectOption[];
  /**
   * Visibility is shown but cannot be changed, and the saved value goes back as it was: (§6) a
   * member post limited to a lodge the author is no longer a leaf-lodge member of, or another
   * member's post (an admin editing it), whose choices are the author's lodges, which this
   * browser does not know.
   */
  visibilityLocked: boolean;
  /** Why it is locked, shown under the field; null when it is not. */
  visibilityNote: string | null;
}

type EditingUser = Pick<User, 'clubs' | 'party_id'>;

/** A member post's saved access as a form value and its label: All followers, or its lodge. */
function savedMemberVisibility(post: Post): SelectOption {
  return post.access === 'CLUB' && post.club !== null
    ? { value: String(post.club.id), label: membersOfLodge(post.club.name) }
    : { value: ALL_FOLLOWERS_ACCESS, label: ALL_FOLLOWERS };
}

export function editChoices(user: EditingUser, post: Post): EditChoices {
  if (post.type !== PARTY_POST_TYPE) {
    const club = post.club;
    return {
      // The type never changes on edit, so Post As only says who the post speaks for.
      postAs: club
        ? { value: String(club.id), label: webmasterOfLodge(club.name) }
        : { value: '', label: '' },
      access: post.access === 'ALL_FOLLOWERS' ? DEFAULT_ACCESS : post.access,
      visibility: lodgeVisibilityOptions(),
      visibilityLocked: false,
      visibilityNote: null,
    };
  }
  const postAs = { value: POST_AS_MEMBER_VALUE, label: POST_AS_MEMBER };
  const saved = savedMemberVisibility(post);
  const locked = (note: string): EditChoices => ({
    postAs,
    access: saved.value,
    visibility: [saved],
    visibilityLocked: true,
    visibilityNote: note,
  });
  if (post.party === null || post.party.id !== user.party_id) {
    return locked(VISIBILITY_AUTHORS_ONLY);
  }
  const options = memberVisibilityOptions(user);
  if (!options.some((option) => option.value === saved.value)) return locked(VISIBILITY_LOCKED);
  return {
    postAs,
    access: saved.value,
    visibility: options,
    visibilityLocked: false,
    visibilityNote: null,
  };
}
