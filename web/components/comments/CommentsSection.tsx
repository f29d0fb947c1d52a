import { Button, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import {
  ADD_A_COMMENT,
  COMMENT_POSTED,
  COMMENTS_CLOSED,
  COMMENTS_LOAD_FAILED,
  COMMENTS_TITLE,
  CONFIRM_DELETE_COMMENT,
  DELETE_COMMENT_TITLE,
  ERROR_CREATING_COMMENT,
  ERROR_DELETING_COMMENT,
  ERROR_HIDING_COMMENT,
  ERROR_TITLE,
  ERROR_UNHIDING_COMMENT,
  LOADING_COMMENTS,
  NO_COMMENTS_YET,
  POST_COMMENT,
  REPLY_POSTED,
  TRY_AGAIN,
  commentsTitle,
} from '../../../common/messages.ts';
import type { CommentContainer } from '../../../common/schemas/comment.ts';
import {
  commentKeys,
  useCommentAction,
  useCommentContainer,
  type CommentAction,
} from '../../api/comments.ts';
import { showOkDialog } from '../ok-dialog-store.ts';
import {
  commentElementId,
  commentIdFromState,
  hasComment,
  postedCommentId,
} from './comment-rules.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentList } from './CommentItem.tsx';
import { CommentsContext, type CommentsContextValue, type OpenForm } from './comments-context.ts';
import styles from './CommentsSection.module.css';

export interface CommentsSectionProps {
  containerId: number;
  /** AMB-34: when false, existing comments show read-only with no form and no Reply. */
  allowsComments: boolean;
}

/** How long a comment a notice pointed at, or a new one, stays highlighted (AMB-29). */
const HIGHLIGHT_MS = 4_000;

/**
 * Brings a comment into view, gives it the focus and lights it up for a moment: for the
 * comment a notice pointed at (AMB-29) and for the one the member just posted (issue 8 §5).
 * Returns what puts the light out early, or undefined when the comment is not on the page.
 */
function spotlightComment(commentId: number): (() => void) | undefined {
  const element = document.getElementById(commentElementId(commentId));
  if (!element) return undefined;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
  element.focus({ preventScroll: true });
  // The light is set on the element itself: React does not render this attribute, and the
  // moment passes on its own.
  element.dataset.highlighted = 'true';
  const timer = window.setTimeout(() => delete element.dataset.highlighted, HIGHLIGHT_MS);
  return () => {
    window.clearTimeout(timer);
    delete element.dataset.highlighted;
  };
}

/** The comment or reply the member just posted; id null if the answer did not show it. */
interface Posted {
  id: number | null;
  reply: boolean;
}

const QUICK_FAILURES = {
  hide: ERROR_HIDING_COMMENT,
  unhide: ERROR_UNHIDING_COMMENT,
  delete: ERROR_DELETING_COMMENT,
} as const;

/**
 * The comments of a post, and later of an event (CMT-01..12, POST-20, CAL-20): the count, the
 * top-level form when comments are allowed, and the nested tree. Every action's answer
 * replaces the cached container (CMT-08), so the tree updates with no reload. A new comment
 * or reply is brought into view, lit up and given the focus, and a screen reader hears that
 * it was posted (issue 8 §5): on a phone it is often far below the form.
 */
export function CommentsSection({ containerId, allowsComments }: CommentsSectionProps) {
  const container = useCommentContainer(containerId);
  const action = useCommentAction(containerId);
  const queryClient = useQueryClient();
  const location = useLocation();
  const [openForm, setOpenForm] = useState<OpenForm>(null);
  const [pendingCommentId, setPendingCommentId] = useState<number | null>(null);
  const [posted, setPosted] = useState<Posted | null>(null);

  const data = container.data;
  // The post says whether comments are allowed; the container is the fresher word on it.
  const writable = allowsComments && (data?.allows_comments ?? true);
  const { mutateAsync } = action;

  const send = useCallback(
    async (request: CommentAction) => {
      if (request.kind !== 'create') return mutateAsync(request);
      const before = queryClient.getQueryData<CommentContainer>(commentKeys.container(containerId));
      // Cleared first, so a second post in a row is announced again.
      setPosted(null);
      const after = await mutateAsync(request);
      setPosted({
        id: postedCommentId(before, after, request.parentId, request.comment),
        reply: request.parentId !== null,
      });
      return after;
    },
    [mutateAsync, queryClient, containerId],
  );

  const quickAction = useCallback(
    (kind: 'hide' | 'unhide' | 'delete', commentId: number) => {
      const run = async () => {
        setPendingCommentId(commentId);
        try {
          await mutateAsync({ kind, commentId });
        } catch {
          showOkDialog({ title: ERROR_TITLE, content: QUICK_FAILURES[kind] });
          // Someone else may have changed or removed it: show what the server has now.
          void queryClient.invalidateQueries({ queryKey: commentKeys.container(containerId) });
        } finally {
          setPendingCommentId(null);
        }
      };
      if (kind === 'delete') {
        // AMB-17: deleting asks first, with the OK dialog and Cancel (NAV-13).
        showOkDialog({
          title: DELETE_COMMENT_TITLE,
          content: CONFIRM_DELETE_COMMENT,
          onOk: () => void run(),
        });
      } else {
        void run();
      }
    },
    [mutateAsync, queryClient, containerId],
  );

  // AMB-29: a notice sends the member here with a comment id; scroll to it and light it up once.
  const targetId = commentIdFromState(location.state);
  const loaded = data !== undefined;
  useEffect(() => {
    if (targetId === null || !loaded) return;
    return spotlightComment(targetId);
  }, [targetId, loaded, location.key]);

  // Issue 8 §5: the new comment, once the answer's tree is on the page.
  const postedId = posted?.id ?? null;
  const postedShown =
    postedId !== null && data !== undefined && hasComment(data.comments, postedId);
  useEffect(() => {
    if (postedId === null || !postedShown) return;
    return spotlightComment(postedId);
  }, [posted, postedId, postedShown]);

  const contextValue = useMemo<CommentsContextValue>(
    () => ({
      writable,
      openForm,
      setOpenForm,
      send,
      quickAction,
      pendingCommentId,
    }),
    [writable, openForm, send, quickAction, pendingCommentId],
  );

  const titleId = `comments-title-${containerId}`;
  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="comments-section">
      <Title order={2} id={titleId} className={styles.title}>
        {data ? commentsTitle(data.comment_count) : COMMENTS_TITLE}
      </Title>

      {container.isPending ? (
        <Stack align="center" gap="xs" py="lg" role="status">
          <Loader size="md" aria-hidden="true" />
          <Text size="md">{LOADING_COMMENTS}</Text>
        </Stack>
      ) : container.isError || !data ? (
        <Stack align="flex-start" gap="sm" py="md" role="alert">
          <Text size="md">{COMMENTS_LOAD_FAILED}</Text>
          <Button
            variant="default"
            size="md"
            onClick={() => void container.refetch()}
            loading={container.isFetching}
          >
            {TRY_AGAIN}
          </Button>
        </Stack>
      ) : (
        <CommentsContext.Provider value={contextValue}>
          {/* On the page before anything is posted, so the words are heard when they appear. */}
          <VisuallyHidden role="status" data-testid="comment-posted-status">
            {posted ? (posted.reply ? REPLY_POSTED : COMMENT_POSTED) : ''}
          </VisuallyHidden>
          {writable ? (
            <CommentForm
              label={ADD_A_COMMENT}
              submitLabel={POST_COMMENT}
              failureText={ERROR_CREATING_COMMENT}
              onSubmit={(text) => send({ kind: 'create', parentId: null, comment: text })}
              testId="comment-form"
            />
          ) : (
            <Text size="md" c="dimmed" data-testid="comments-closed">
              {COMMENTS_CLOSED}
            </Text>
          )}
          {data.comments.length === 0 ? (
            <Text size="md" className={styles.empty}>
              {NO_COMMENTS_YET}
            </Text>
          ) : (
            <CommentList comments={data.comments} depth={0} />
          )}
        </CommentsContext.Provider>
      )}
    </section>
  );
}
