import { Button, Group, Text } from '@mantine/core';
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import type { Comment } from '../../../common/schemas/comment.ts';
import {
  COMMENT_HIDDEN,
  COMMENT_DELETE,
  COMMENT_EDIT,
  EDIT_COMMENT_LABEL,
  ERROR_CREATING_COMMENT,
  ERROR_UPDATING_COMMENT,
  HIDE,
  POST_REPLY,
  COMMENT_REPLY,
  COMMENT_SAVE,
  COMMENT_UNHIDE,
  commentBy,
  inReplyTo,
  replyTo,
} from '../../../common/messages.ts';
import { MemberAvatar } from '../MemberAvatar.tsx';
import { commentActions, commentElementId, depthParity, listIndented } from './comment-rules.ts';
import { CommentForm } from './CommentForm.tsx';
import { useCommentsContext } from './comments-context.ts';
import styles from './CommentsSection.module.css';

/** What every action button under a comment shares. */
const ACTION_BUTTON = { variant: 'subtle', size: 'md', className: styles.action } as const;

/** The nested list of comments (CMT-01): a <ul> per level, each reply inside its parent's <li>. */
export function CommentList({
  comments,
  depth,
  parentName = null,
}: {
  comments: readonly Comment[];
  depth: number;
  /** The author of the comment these reply to; shown once the indent has stopped growing. */
  parentName?: string | null;
}) {
  return (
    <ul className={`${styles.list} ${listIndented(depth) ? styles.indented : ''}`}>
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} depth={depth} parentName={parentName} />
      ))}
    </ul>
  );
}

/**
 * One comment: the author's avatar (the one posts show) and name, the server's elapsed time
 * (AMB-30), the text as plain text with its line breaks, the actions this member may take, the
 * reply or edit form when open, then its replies one level deeper. The background alternates by
 * depth (CMT-02).
 */
export function CommentItem({
  comment,
  depth,
  parentName,
}: {
  comment: Comment;
  depth: number;
  parentName: string | null;
}) {
  const context = useCommentsContext();
  const { openForm, setOpenForm, send, quickAction, pendingCommentId } = context;
  const actions = commentActions(comment, context.writable);
  const hidden = comment.is_hidden === 1;
  const editing = openForm?.kind === 'edit' && openForm.commentId === comment.id && actions.edit;
  const replying = openForm?.kind === 'reply' && openForm.commentId === comment.id && actions.reply;
  const pending = pendingCommentId === comment.id;
  const busy = pendingCommentId !== null;
  const parity = depthParity(depth);
  // Hide, unhide and delete answer at once with the new container; one at a time per section.
  const quickButton = (kind: 'hide' | 'unhide' | 'delete') => ({
    ...ACTION_BUTTON,
    onClick: () => quickAction(kind, comment.id),
    disabled: busy,
    loading: pending,
  });
  const replyButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Closing a form puts focus back on the button that opened it, not on the page's start.
  const closeForm = (which: 'edit' | 'reply') => {
    flushSync(() => setOpenForm(null));
    const button = which === 'edit' ? editButton.current : replyButton.current;
    (button ?? document.getElementById(commentElementId(comment.id)))?.focus();
  };
  const closeEdit = () => closeForm('edit');
  const closeReply = () => closeForm('reply');
  // A posted reply takes the focus itself, where the section brings it into view (issue 8 §5).
  const replyPosted = () => setOpenForm(null);

  return (
    <li className={styles.item}>
      <article
        id={commentElementId(comment.id)}
        tabIndex={-1}
        aria-label={commentBy(comment.party_name)}
        className={`${styles.comment} ${parity === 'even' ? styles.depthEven : styles.depthOdd}`}
        data-depth={depth}
        data-parity={parity}
        data-hidden={hidden ? 'true' : undefined}
        data-testid="comment"
      >
        <header className={styles.meta}>
          <MemberAvatar party={comment.party} size={36} />
          <div className={styles.byline}>
            <Text component="h3" className={styles.author}>
              {comment.party_name}
            </Text>
            <Text component="span" className={styles.elapsed}>
              {comment.elapsed_time}
            </Text>
          </div>
        </header>
        {parentName !== null && !listIndented(depth) && depth > 0 ? (
          // Past the last indent step a reply sits level with its parent, so it says whose it is.
          <Text className={styles.inReplyTo}>{inReplyTo(parentName)}</Text>
        ) : null}

        {editing ? (
          <CommentForm
            label={EDIT_COMMENT_LABEL}
            submitLabel={COMMENT_SAVE}
            failureText={ERROR_UPDATING_COMMENT}
            initialText={comment.comment}
            autoFocus
            onSubmit={(text) => send({ kind: 'update', commentId: comment.id, comment: text })}
            onDone={closeEdit}
            onCancel={closeEdit}
            testId="edit-form"
          />
        ) : hidden ? (
          <Text className={`${styles.text} ${styles.hiddenText}`} data-testid="comment-text">
            {COMMENT_HIDDEN}
          </Text>
        ) : (
          // Plain text only: React escapes it, and pre-wrap keeps the author's line breaks.
          <Text className={styles.text} data-testid="comment-text">
            {comment.comment}
          </Text>
        )}

        {!editing ? (
          <Group gap={4} className={styles.actions}>
            {actions.reply ? (
              <Button
                {...ACTION_BUTTON}
                ref={replyButton}
                onClick={() => setOpenForm({ kind: 'reply', commentId: comment.id })}
                aria-expanded={replying}
              >
                {COMMENT_REPLY}
              </Button>
            ) : null}
            {actions.edit ? (
              <Button
                {...ACTION_BUTTON}
                ref={editButton}
                onClick={() => setOpenForm({ kind: 'edit', commentId: comment.id })}
                disabled={busy}
              >
                {COMMENT_EDIT}
              </Button>
            ) : null}
            {actions.hide ? <Button {...quickButton('hide')}>{HIDE}</Button> : null}
            {actions.unhide ? <Button {...quickButton('unhide')}>{COMMENT_UNHIDE}</Button> : null}
            {actions.delete ? (
              // The subtle red text is too light; red 9 keeps 5.4:1 on white.
              <Button {...quickButton('delete')} color="red" c="red.9">
                {COMMENT_DELETE}
              </Button>
            ) : null}
          </Group>
        ) : null}

        {replying ? (
          <CommentForm
            label={replyTo(comment.party_name)}
            submitLabel={POST_REPLY}
            failureText={ERROR_CREATING_COMMENT}
            autoFocus
            onSubmit={(text) => send({ kind: 'create', parentId: comment.id, comment: text })}
            onDone={replyPosted}
            onCancel={closeReply}
            testId="reply-form"
          />
        ) : null}
      </article>

      {comment.children.length > 0 ? (
        <CommentList
          comments={comment.children}
          depth={depth + 1}
          parentName={comment.party_name}
        />
      ) : null}
    </li>
  );
}
