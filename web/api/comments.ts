import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_STALE_MS } from '../../common/constants.ts';
import {
  commentContainerAnswerSchema,
  type CommentContainer,
} from '../../common/schemas/comment.ts';
import { apiRequest } from '../http/client.ts';
import { patchEventCommentCount } from './calendar-events.ts';
import { patchCommentCount } from './posts.ts';

/**
 * Comments (§7 Posts and comments; CMT-01..12). Every mutation answers with the refreshed
 * container, which replaces the cached one (CMT-08, API-CMT-06), so the list updates without
 * another call. The post's comment count is patched in the cached lists and detail rather than
 * marking them stale, so going back to a list within 15 s fetches nothing (POST-07); an event's
 * in its cached detail, where Delete depends on it (PERM-14).
 */

/** Every comment query's key; mutations replace and invalidate through these, never a literal. */
export const commentKeys = {
  all: ['comment_containers'] as const,
  container: (id: number) => [...commentKeys.all, id] as const,
};

/** A thread is read again after the same 15 s as the post it belongs to (CONST-08). */
export const COMMENTS_STALE_MS = LIST_STALE_MS;

function parseContainer(answer: unknown): CommentContainer {
  return commentContainerAnswerSchema.parse(answer).data.comment_container;
}

export async function fetchCommentContainer(
  id: number,
  signal?: AbortSignal,
): Promise<CommentContainer> {
  const answer = await apiRequest<unknown>('GET', `/comment_containers/${id}.json`, {
    ...(signal ? { signal } : {}),
  });
  return parseContainer(answer);
}

/** `GET /comment_containers/{id}.json` (CMT-01). */
export function useCommentContainer(id: number | null) {
  return useQuery({
    queryKey: commentKeys.container(id ?? 0),
    queryFn: ({ signal }) => fetchCommentContainer(id ?? 0, signal),
    enabled: id !== null,
    staleTime: COMMENTS_STALE_MS,
  });
}

export type CommentAction =
  | { kind: 'create'; parentId: number | null; comment: string }
  | { kind: 'update'; commentId: number; comment: string }
  | { kind: 'hide'; commentId: number }
  | { kind: 'unhide'; commentId: number }
  | { kind: 'delete'; commentId: number };

export async function runCommentAction(
  containerId: number,
  action: CommentAction,
): Promise<CommentContainer> {
  switch (action.kind) {
    case 'create':
      return parseContainer(
        await apiRequest<unknown>('POST', '/comments', {
          body: {
            comment: {
              comment_container_id: containerId,
              parent_id: action.parentId,
              comment: action.comment,
            },
          },
        }),
      );
    case 'update':
      return parseContainer(
        await apiRequest<unknown>('PUT', `/comments/${action.commentId}`, {
          body: { comment: { comment_id: action.commentId, comment: action.comment } },
        }),
      );
    case 'hide':
    case 'unhide':
      return parseContainer(
        await apiRequest<unknown>('PUT', `/comments/${action.commentId}/${action.kind}`),
      );
    case 'delete':
      return parseContainer(await apiRequest<unknown>('DELETE', `/comments/${action.commentId}`));
  }
}

/** Create, edit, hide, unhide or delete; the answer replaces the container in the cache. */
export function useCommentAction(containerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: CommentAction) => runCommentAction(containerId, action),
    onSuccess: (container) => {
      client.setQueryData(commentKeys.container(containerId), container);
      patchCommentCount(client, container);
      patchEventCommentCount(client, container);
    },
  });
}
