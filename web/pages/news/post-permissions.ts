import { ROLE_WEBMASTER } from '../../../common/constants.ts';
import type { Post } from '../../../common/schemas/post.ts';
import type { User } from '../../../common/schemas/session.ts';

type PostOwnership = Pick<Post, 'type' | 'club' | 'party'>;
type PostViewer = Pick<User, 'is_admin' | 'party_id' | 'clubs'>;

/**
 * Whether the detail view offers Edit and Delete, and the edit form opens (PERM-12, §6): an
 * admin, the post's author, or a webmaster of the lodge a lodge post (ClubPost) speaks for.
 * A member post addressed to a lodge (access CLUB) is not the lodge's: its webmasters may not
 * change it. The server checks the same rule on every write (server/policies/posts.ts); this
 * only decides what to show, so it must never be looser.
 */
export function mayChangePost(user: PostViewer | null, post: PostOwnership): boolean {
  if (!user) return false;
  if (user.is_admin) return true;
  if (post.party !== null && post.party.id === user.party_id) return true;
  if (post.type !== 'ClubPost' || post.club === null) return false;
  const clubId = post.club.id;
  return user.clubs.some(
    (club) => club.id === clubId && club.club_member_role_names.includes(ROLE_WEBMASTER),
  );
}
