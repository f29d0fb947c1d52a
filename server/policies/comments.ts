import type { Actor } from '../auth/actor.ts';

/** What a policy needs to know about a comment. */
export interface CommentFacts {
  /** The author. */
  readonly partyId: number;
  readonly isHidden: boolean;
  /** It has at least one reply. */
  readonly hasReplies: boolean;
}

/** What a policy needs to know about the post or event the comments belong to. */
export interface ThreadFacts {
  /** The owner's `allows_comments` (AMB-34). */
  readonly allowsComments: boolean;
}

function isAdminOrAuthor(actor: Actor, comment: CommentFacts): boolean {
  return actor.kind === 'member' && (actor.isAdmin || actor.partyId === comment.partyId);
}

/**
 * A new comment or reply (§6: any signed-in member), only while the post or event takes them
 * (AMB-34: with comments off, existing ones still show, read-only).
 */
export function mayComment(actor: Actor, thread: ThreadFacts): boolean {
  return actor.kind === 'member' && thread.allowsComments;
}

/** Edit (PERM-10): admin or the author; a hidden comment cannot be edited (CMT-10). */
export function mayEditComment(actor: Actor, comment: CommentFacts): boolean {
  return isAdminOrAuthor(actor, comment) && !comment.isHidden;
}

/**
 * Hide and unhide (PERM-10): admin or the author. The server takes both idempotently (hiding a
 * hidden comment changes nothing), so a double click or a retry is not an error.
 */
export function maySetCommentHidden(actor: Actor, comment: CommentFacts): boolean {
  return isAdminOrAuthor(actor, comment);
}

/** The Hide action offered (`can_hide`): as above, but not on a hidden comment (CMT-10). */
export function mayHideComment(actor: Actor, comment: CommentFacts): boolean {
  return maySetCommentHidden(actor, comment) && !comment.isHidden;
}

/** The Unhide action offered (`can_unhide`): only on a hidden comment, admin or author. */
export function mayUnhideComment(actor: Actor, comment: CommentFacts): boolean {
  return comment.isHidden && maySetCommentHidden(actor, comment);
}

/**
 * The words of a hidden comment (CMT-09) go only to admins and the author, those who may unhide
 * it; everyone else gets the fixed text, so sending them the words would undo the hiding.
 */
export function maySeeHiddenCommentText(actor: Actor, comment: CommentFacts): boolean {
  return isAdminOrAuthor(actor, comment);
}

/** Delete (PERM-11): admin, or the author only while the comment has no replies. */
export function mayDeleteComment(actor: Actor, comment: CommentFacts): boolean {
  if (actor.kind !== 'member') return false;
  return actor.isAdmin || (actor.partyId === comment.partyId && !comment.hasReplies);
}

/** What the member may do with a comment (D58): the `can_*` answers, as every record names them. */
export function commentAbilities(
  actor: Actor,
  comment: CommentFacts,
): { edit: boolean; hide: boolean; unhide: boolean; delete: boolean } {
  return {
    edit: mayEditComment(actor, comment),
    hide: mayHideComment(actor, comment),
    unhide: mayUnhideComment(actor, comment),
    delete: mayDeleteComment(actor, comment),
  };
}
