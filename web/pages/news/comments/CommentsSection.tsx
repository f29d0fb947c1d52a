import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import {
  ADD_A_COMMENT,
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
  TRY_AGAIN,
  commentsTitle,
} from '../../../../common/messages.ts';
import {
  commentKeys,
  useCommentAction,
  useCommentContainer,
  type CommentAction,
} from '../../../api/comments.ts';
import { showOkDialog } from '../../../components/ok-dialog-store.ts';
import { commentElementId, commentIdFromState } from './comment-rules.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentList } from './CommentItem.tsx';
import { CommentsContext, type CommentsContextValue, type OpenForm } from './comments-context.ts';
import styles from './CommentsSection.module.css';

export interface CommentsSectionProps {
  containerId: number;
  /** AMB-34: when false, existing comments show read-only with no form and no Reply. */
  allowsComments: boolean;
}

/** How long a comment a notice pointed at stays highlighted (AMB-29). */
const HIGHLIGHT_MS = 4_000;

const QUICK_FAILURES = {
  hide: ERROR_HIDING_COMMENT,
  unhide: ERROR_UNHIDING_COMMENT,
  delete: ERROR_DELETING_COMMENT,
} as const;

/**
 * The comments of a post, and later of an event (CMT-01..12, POST-20, CAL-20): the count, the
 * top-level form when comments are allowed, and the nested tree. Every action's answer
 * replaces the cached container (CMT-08), so the tree updates with no reload.
 */
export function CommentsSection({ containerId, allowsComments }: CommentsSectionProps) {
  const container = useCommentContainer(containerId);
  const action = useCommentAction(containerId);
  const queryClient = useQueryClient();
  const location = useLocation();
  const [openForm, setOpenForm] = useState<OpenForm>(null);
  const [pendingCommentId, setPendingCommentId] = useState<number | null>(null);

  const data = container.data;
  // The post says whether comments are allowed; the container is the fresher word on it.
  const writable = allowsComments && (data?.allows_comments ?? true);
  const { mutateAsync } = action;

  const send = useCallback((request: CommentAction) => mutateAsync(request), [mutateAsync]);

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
    const element = document.getElementById(commentElementId(targetId));
    if (!element) return;
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
  }, [targetId, loaded, location.key]);

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
