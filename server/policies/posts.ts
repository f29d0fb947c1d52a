import type { Actor } from '../auth/actor.ts';
import type { Access, PostType } from '../db/schema.ts';

/** What a policy needs to know about a post. */
export interface PostFacts {
  readonly type: PostType;
  /** The lodge of a ClubPost, or the lodge audience of a member post with access CLUB. */
  readonly clubId: number | null;
  /** The author. */
  readonly partyId: number | null;
  readonly access: Access;
}

/** What a policy needs to know about the viewer's relation to a post; the service looks it up. */
export interface ViewerFacts {
  /** Clubs with a current membership of the viewer. */
  readonly memberClubIds: ReadonlySet<number>;
  /** The viewer keeps the post's author as a favourite contact (a follower). */
  readonly followsAuthor: boolean;
  /** The viewer and the author share a current membership of a leaf lodge. */
  readonly lodgeMateOfAuthor: boolean;
}

/**
 * Who sees a post (issue 4): the author and admins always; a lodge post by its access; a member
 * post to 'All followers' by the author's followers and lodge-mates; a member post to a lodge by
 * that lodge's members. The feed (db/posts-feed.ts) and the lodge list (db/posts.ts)
 * mirror this rule in SQL.
 */
export function mayViewPost(actor: Actor, post: PostFacts, viewer: ViewerFacts): boolean {
  if (actor.kind !== 'member') return post.type === 'ClubPost' && post.access === 'PUBLIC';
  if (actor.isAdmin || post.partyId === actor.partyId) return true;
  const inPostClub = post.clubId !== null && viewer.memberClubIds.has(post.clubId);
  if (post.type === 'ClubPost') {
    if (post.access === 'PUBLIC' || post.access === 'MEMBER') return true;
    return post.access === 'CLUB' && inPostClub;
  }
  if (post.access === 'ALL_FOLLOWERS') return viewer.followsAuthor || viewer.lodgeMateOfAuthor;
  return post.access === 'CLUB' && inPostClub;
}

/** Edit and delete (PERM-12): admin, a webmaster of the lodge of a lodge post, or the author. */
export function mayEditPost(
  actor: Actor,
  post: PostFacts,
  webmasterClubIds: ReadonlySet<number>,
): boolean {
  if (actor.kind !== 'member') return false;
  if (actor.isAdmin || post.partyId === actor.partyId) return true;
  // "A webmaster of the post's club" means a lodge's own posts: a member post addressed to
  // the lodge stays its author's words, which only the author (or an admin) may change.
  return post.type === 'ClubPost' && post.clubId !== null && webmasterClubIds.has(post.clubId);
}

export function mayDeletePost(
  actor: Actor,
  post: PostFacts,
  webmasterClubIds: ReadonlySet<number>,
): boolean {
  return mayEditPost(actor, post, webmasterClubIds);
}

/** Post As a lodge (PERM-05): only its webmasters. Admin rights do not make one a webmaster. */
export function mayPostAsClub(
  actor: Actor,
  clubId: number,
  webmasterClubIds: ReadonlySet<number>,
): boolean {
  return actor.kind === 'member' && webmasterClubIds.has(clubId);
}

/** Any signed-in member may write a member post (PERM-02). */
export function mayCreatePost(actor: Actor): boolean {
  return actor.kind === 'member';
}

/**
 * What the member may do with a post (D58), sent with each post: the same answers that guard
 * PUT and DELETE /posts/{id}, so the browser keeps no copy of the rule.
 */
export function postAbilities(
  actor: Actor,
  post: PostFacts,
  webmasterClubIds: ReadonlySet<number>,
): { edit: boolean; delete: boolean } {
  return {
    edit: mayEditPost(actor, post, webmasterClubIds),
    delete: mayDeletePost(actor, post, webmasterClubIds),
  };
}
