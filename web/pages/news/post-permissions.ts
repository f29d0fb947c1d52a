import type { Post } from '../../../common/schemas/post.ts';
import type { User } from '../../../common/schemas/session.ts';

/** The role name that makes a member a lodge's webmaster (§3 Club member role names). */
const WEBMASTER_ROLE = 'webmaster';

type PostOwnership = Pick<Post, 'club' | 'party'>;
type PostViewer = Pick<User, 'is_admin' | 'party_id' | 'clubs'>;

/**
 * Whether the detail view offers Edit and Delete (PERM-12, §6): an admin, a webmaster of the
 * post's club, or the post's author. The server checks the same rule on every write
 * (server/policies/posts.ts); this only decides what to show, so it must never be looser.
 */
export function mayChangePost(user: PostViewer | null, post: PostOwnership): boolean {
  if (!user) return false;
  if (user.is_admin) return true;
  if (post.party !== null && post.party.id === user.party_id) return true;
  const clubId = post.club?.id;
  if (clubId === undefined) return false;
  return user.clubs.some(
    (club) => club.id === clubId && club.club_member_role_names.includes(WEBMASTER_ROLE),
  );
}
