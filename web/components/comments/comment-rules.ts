import {
  commentFormSchema,
  type Comment,
  type CommentContainer,
} from '../../../common/schemas/comment.ts';
import { isApiError } from '../../http/client.ts';

/**
 * The decisions of the comments section as pure functions, so they are tested without a
 * screen: which actions a comment offers, how deep it looks, when a form may be sent and what
 * a failure says.
 */

/** Beyond this depth replies stop moving right, so a deep thread still fits a phone. */
export const MAX_INDENT_DEPTH = 4;

/** CMT-02: depth 0 and 2 look alike, 1 and 3 alike. */
export function depthParity(depth: number): 'even' | 'odd' {
  return depth % 2 === 0 ? 'even' : 'odd';
}

/** Whether the list of comments at `depth` sits one step further right than its parent. */
export function listIndented(depth: number): boolean {
  return depth > 0 && depth < MAX_INDENT_DEPTH;
}

export interface CommentActions {
  reply: boolean;
  edit: boolean;
  hide: boolean;
  unhide: boolean;
  delete: boolean;
}

/**
 * The actions one comment offers (PERM-10, PERM-11, CMT-10, AMB-34). Edit, Hide, Unhide and
 * Delete follow the server's `can_*` answers, so the screen and the server answer each
 * question once; a hidden comment offers no Edit or Hide whatever they say (CMT-10), and only
 * a hidden one offers Unhide.
 */
export function commentActions(comment: Comment, writable: boolean): CommentActions {
  const hidden = comment.is_hidden === 1;
  return {
    reply: writable,
    edit: comment.can_edit && !hidden,
    hide: comment.can_hide && !hidden,
    unhide: comment.can_unhide && hidden,
    delete: comment.can_delete,
  };
}

/** VAL-10: the text passes the shared comment rule (not blank once trimmed, not too long). */
export function commentTextProblem(text: string): string | null {
  const result = commentFormSchema.safeParse({ comment: text });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** VAL-10: Submit is off while the text is blank or a submit is running. */
export function canSubmitComment(text: string, submitting: boolean): boolean {
  return !submitting && text.trim().length > 0;
}

export interface FormFailure {
  /** Shown under the text field (ERR-28, VAL-11). */
  field: string | null;
  /** Shown under the form (ERR-29, ERR-30). */
  form: string | null;
}

/**
 * What a failed create or edit shows: a 422's messages for `comment` under the field, joined
 * with ', '; its base messages under the form; anything else the fixed text.
 */
export function formFailure(error: unknown, fallback: string): FormFailure {
  if (isApiError(error) && error.status === 422) {
    const field = error.fieldErrors('comment');
    const base = error.fieldErrors('base');
    if (field.length > 0 || base.length > 0) {
      return {
        field: field.length > 0 ? field.join(', ') : null,
        form: base.length > 0 ? base.join(', ') : null,
      };
    }
  }
  return { field: null, form: fallback };
}

/** The id of a comment's element, for AMB-29's scroll. */
export function commentElementId(commentId: number): string {
  return `comment-${commentId}`;
}

/** The comment id a notice put in the navigation state (NOTE-10, AMB-29), if any. */
export function commentIdFromState(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('commentId' in state)) return null;
  const value = (state as { commentId: unknown }).commentId;
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

function findComment(comments: readonly Comment[], id: number): Comment | null {
  for (const comment of comments) {
    if (comment.id === id) return comment;
    const found = findComment(comment.children, id);
    if (found) return found;
  }
  return null;
}

/** Whether the tree holds the comment with this id, at any depth. */
export function hasComment(comments: readonly Comment[], id: number): boolean {
  return findComment(comments, id) !== null;
}

/**
 * The comment a create just added, read from the container the server answered with
 * (API-CMT-06): one that was not there `before`, among the replies to `parentId` (the
 * top-level comments when null), with the text that was sent. Someone else's comment that
 * came in the same answer is passed over; if the text came back changed, the newest new one
 * there. Null when the answer holds no new comment in that place.
 */
export function postedCommentId(
  before: CommentContainer | undefined,
  after: CommentContainer,
  parentId: number | null,
  text: string,
): number | null {
  const siblings =
    parentId === null ? after.comments : (findComment(after.comments, parentId)?.children ?? []);
  const fresh = siblings.filter(
    (comment) => !before || findComment(before.comments, comment.id) === null,
  );
  const same = fresh.filter((comment) => comment.comment === text);
  const ids = (same.length > 0 ? same : fresh).map((comment) => comment.id);
  return ids.length > 0 ? Math.max(...ids) : null;
}
