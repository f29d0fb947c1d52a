import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommentContainer } from '../../common/schemas/comment.ts';
import type { Post } from '../../common/schemas/post.ts';
import { respond } from '../test/fixtures.ts';
import { commentKeys, useCommentAction } from './comments.ts';
import { postKeys, type PostPage } from './posts.ts';

const fetchMock = vi.fn<typeof fetch>();
const CONTAINER_ID = 55;

function post(id: number, containerId: number, count: number): Post {
  return {
    id,
    type: 'PartyPost',
    subject: null,
    short_body: `Post ${id}`,
    post_body_id: id,
    created_at: id,
    last_activity_at: id,
    club: null,
    party: null,
    photos: [],
    access: 'ALL_FOLLOWERS',
    allows_comments: true,
    comment_container: { id: containerId, comment_count: count },
    appeal_post_task_token_url: null,
    abilities: { edit: false, delete: false },
  };
}

const container: CommentContainer = {
  id: CONTAINER_ID,
  comment_count: 3,
  allows_comments: true,
  comments: [],
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useCommentAction (CMT-08, POST-07)', () => {
  it('stores the answer and patches the post’s count without marking any post stale', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000 } } });
    const listKey = postKeys.list({ kind: 'feed' });
    const list: InfiniteData<PostPage> = {
      pages: [{ posts: [post(2, CONTAINER_ID, 2), post(1, 99, 7)], page: 0, t: 2 }],
      pageParams: [{ page: 0 }],
    };
    const fetchedAt = Date.now() - 5_000;
    client.setQueryData(listKey, list, { updatedAt: fetchedAt });
    client.setQueryData(postKeys.detail(2), {
      post: post(2, CONTAINER_ID, 2),
      post_body: { id: 2, body: '' },
    });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    fetchMock.mockResolvedValue(respond(200, { data: { comment_container: container } }));

    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => useCommentAction(CONTAINER_ID), { wrapper });
    await act(() => result.current.mutateAsync({ kind: 'create', parentId: null, comment: 'Hi' }));

    expect(client.getQueryData(commentKeys.container(CONTAINER_ID))).toEqual(container);
    const pages = client.getQueryData<InfiniteData<PostPage>>(listKey)?.pages ?? [];
    expect(pages[0]?.posts.map((p) => p.comment_container.comment_count)).toEqual([3, 7]);
    expect(client.getQueryData<{ post: Post }>(postKeys.detail(2))?.post.comment_container).toEqual(
      { id: CONTAINER_ID, comment_count: 3 },
    );
    expect(invalidate).not.toHaveBeenCalled();
    const state = client.getQueryState(listKey);
    expect(state?.isInvalidated).toBe(false);
    expect(state?.dataUpdatedAt).toBe(fetchedAt);
    // Fresh for the rest of its 15 s: going back to the list fetches nothing (POST-07).
    expect(client.getQueryCache().find({ queryKey: listKey })?.isStaleByTime(15_000)).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
