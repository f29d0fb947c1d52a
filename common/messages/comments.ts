/** Comments: the section under a post (and later an event) and the comments API. Read through common/messages.ts. */

/** Comments (CMT-09). */
export const COMMENT_HIDDEN = 'This comment was marked hidden';

/** Error catalogue (§8). */
export const ERROR_UPDATING_COMMENT = 'Error updating comment.';
export const ERROR_CREATING_COMMENT = 'Error creating comment.';
export const ERROR_HIDING_COMMENT = 'Error hiding comment.';
export const ERROR_UNHIDING_COMMENT = 'Error unhiding comment.';
export const ERROR_DELETING_COMMENT = 'Error deleting comment.';

/** The comments section (CMT-01..12, AMB-17, AMB-34). Lodgehall's own words where the spec has none. */
export const COMMENTS_TITLE = 'Comments';
export const commentsTitle = (count: number): string => `Comments (${count})`;
export const ADD_A_COMMENT = 'Add a comment';
export const POST_COMMENT = 'Post Comment';
export const POST_REPLY = 'Post Reply';
export const COMMENT_SAVE = 'Save';
export const replyTo = (name: string): string => `Your reply to ${name}`;
export const EDIT_COMMENT_LABEL = 'Edit the comment';
export const COMMENT_REPLY = 'Reply';
export const COMMENT_EDIT = 'Edit';
export const COMMENT_UNHIDE = 'Unhide';
export const COMMENT_DELETE = 'Delete';
export const DELETE_COMMENT_TITLE = 'Delete Comment';
export const NO_COMMENTS_YET = 'No comments yet.';
export const COMMENTS_CLOSED = 'New comments and replies are turned off.';
export const LOADING_COMMENTS = 'Loading the comments…';
export const COMMENTS_LOAD_FAILED = 'The comments could not be loaded.';
export const CONFIRM_DELETE_COMMENT = 'Are you sure you wish to delete this comment?';
export const commentBy = (name: string): string => `Comment by ${name}`;
/** Said to screen readers when a new comment or reply has been taken (issue 8 §5). */
export const COMMENT_POSTED = 'Comment posted.';
export const REPLY_POSTED = 'Reply posted.';
/** Deep replies stop moving right, so they say whom they answer (CMT-01 on a phone). */
export const inReplyTo = (name: string): string => `In reply to ${name}`;

/** The comments API's refusals and notices (PERM-10, PERM-11, CMT-10, AMB-16, NOTE-10). */
export const COMMENT_HIDDEN_NOT_EDITABLE = 'A hidden comment cannot be edited.';
export const COMMENT_WITH_REPLIES_NOT_DELETABLE =
  'A comment with replies can be deleted only by an administrator.';
export const COMMENT_PARENT_NOT_HERE = 'is not a comment of this thread';
export const COMMENT_ID_MISMATCH = 'does not match the comment being edited';
/** A reply under a comment already at the deepest level (MAX_COMMENT_DEPTH), on `parent_id`. */
export const COMMENT_NESTED_TOO_DEEPLY = 'is nested too deeply';
export const NO_SUCH_COMMENT = 'No such comment.';
export const NO_SUCH_COMMENTS = 'No such comments.';
/**
 * Notice texts, as HTML (notices carry sanitised HTML): every argument must already be
 * HTML-escaped by the caller; a null title leaves the "on ..." part out.
 */
export const commentedOnYourPostNotice = (nameHtml: string, subjectHtml: string | null): string =>
  subjectHtml
    ? `<b>${nameHtml}</b> commented on your post <i>${subjectHtml}</i>`
    : `<b>${nameHtml}</b> commented on your post`;
export const commentedOnYourEventNotice = (nameHtml: string, eventNameHtml: string): string =>
  `<b>${nameHtml}</b> commented on your event <i>${eventNameHtml}</i>`;
export const repliedToYourCommentNotice = (nameHtml: string, titleHtml: string | null): string =>
  titleHtml
    ? `<b>${nameHtml}</b> replied to your comment on <i>${titleHtml}</i>`
    : `<b>${nameHtml}</b> replied to your comment`;
