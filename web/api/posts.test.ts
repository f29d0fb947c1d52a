import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POSTS_PAGE_SIZE } from '../../common/constants.ts';
import type { Post, PostAnswer } from '../../common/schemas/post.ts';
import { respond } from '../test/fixtures.ts';
import {
  fetchPostPage,
  nextPostPageParam,
  patchCommentCount,
  postKeys,
  type PostPage,
} from './posts.ts';

const fetchMock = vi.fn<typeof fetch>();

function post(id: number, createdAt: number, overrides: Partial<Post> = {}): Post {
  return {
    id,
    type: 'PartyPost',
    subject: null,
    short_body: `Post ${id}`,
    post_body_id: id,
    created_at: createdAt,
    last_activity_at: createdAt,
    club: null,
    party: null,
    photos: [],
    access: 'ALL_FOLLOWERS',
    allows_comments: true,
    comment_container: { id: id + 1000, comment_count: 0 },
    appeal_post_task_token_url: null,
    abilities: { edit: false, delete: false },
    ...overrides,
  };
}

/** A full page, newest first, its first post created at `newest`. */
function fullPage(firstId: number, newest: number): Post[] {
  return Array.from({ length: POSTS_PAGE_SIZE }, (_, index) =>
    post(firstId + index, newest - index * 1_000),
  );
}

function requestedUrl(call: number): URL {
  return new URL(String(fetchMock.mock.calls[call]?.[0]), 'http://localhost');
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('paging with t (POST-06, AMB-41)', () => {
  it('sends page 0 without t and takes t from its newest post, not the browser clock', async () => {
    // The browser's clock is an hour behind the server's: it must play no part.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_000 - 3_600_000);
    const newest = 1_700_000_000_000;
    fetchMock.mockResolvedValueOnce(respond(200, { data: { posts: fullPage(1, newest) } }));
    const first = await fetchPostPage({ kind: 'feed' }, { page: 0 });
    const url = requestedUrl(0);
    expect(url.pathname).toBe('/api/private/mobile/v1/posts.json');
    expect(url.searchParams.get('page')).toBe('0');
    expect(url.searchParams.has('t')).toBe(false);
    expect(first.t).toBe(newest);
    expect(first.page).toBe(0);

    const next = nextPostPageParam(first);
    expect(next).toEqual({ page: 1, t: newest });
    fetchMock.mockResolvedValueOnce(
      respond(200, { data: { posts: fullPage(21, newest - 20_000) } }),
    );
    const second = await fetchPostPage({ kind: 'feed' }, next ?? { page: 0 });
    const secondUrl = requestedUrl(1);
    expect(secondUrl.searchParams.get('page')).toBe('1');
    expect(secondUrl.searchParams.get('t')).toBe(String(newest));
    // Later pages keep page zero's t, whatever their own posts' times.
    expect(second.t).toBe(newest);
    expect(nextPostPageParam(second)).toEqual({ page: 2, t: newest });
  });

  it('sends the lodge and t for a lodge’s list', async () => {
    fetchMock.mockResolvedValueOnce(respond(200, { data: { posts: [] } }));
    await fetchPostPage({ kind: 'club', subdomain: 'olentangy614' }, { page: 3, t: 1234 });
    const url = requestedUrl(0);
    expect(url.pathname).toBe('/api/private/mobile/v1/clubs/posts.json');
    expect(url.searchParams.get('subdomain')).toBe('olentangy614');
    expect(url.searchParams.get('page')).toBe('3');
    expect(url.searchParams.get('t')).toBe('1234');
  });

  it('has no next page after a short page or an empty page 0', async () => {
    fetchMock.mockResolvedValueOnce(respond(200, { data: { posts: [] } }));
    const empty = await fetchPostPage({ kind: 'feed' }, { page: 0 });
    expect(empty.t).toBeUndefined();
    expect(nextPostPageParam(empty)).toBeUndefined();
    const short: PostPage = { posts: fullPage(1, 5_000).slice(0, 19), page: 0, t: 5_000 };
    expect(nextPostPageParam(short)).toBeUndefined();
    // A full page without t (it cannot happen, but then no page may go out without one).
    expect(nextPostPageParam({ posts: fullPage(1, 5_000), page: 0, t: undefined })).toBe(undefined);
  });
});

describe('patchCommentCount (POST-07, CMT-08)', () => {
  const containerId = 1002;

  function seeded() {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000 } } });
    const list: InfiniteData<PostPage> = {
      pages: [{ posts: [post(1, 3_000), post(2, 2_000), post(3, 1_000)], page: 0, t: 3_000 }],
      pageParams: [{ page: 0 }],
    };
    client.setQueryData(postKeys.list({ kind: 'feed' }), list, { updatedAt: 1_000 });
    client.setQueryData(postKeys.list({ kind: 'club', subdomain: 'l2' }), list, {
      updatedAt: 2_000,
    });
    const detail: PostAnswer['data'] = {
      post: post(2, 2_000),
      post_body: { id: 2, body: '<p>Post 2</p>' },
    };
    client.setQueryData(postKeys.detail(2), detail, { updatedAt: 3_000 });
    return client;
  }

  function counts(client: QueryClient, key: readonly unknown[]): number[] {
    const data = client.getQueryData<InfiniteData<PostPage>>(key);
    return (
      data?.pages.flatMap((page) => page.posts.map((p) => p.comment_container.comment_count)) ?? []
    );
  }

  it('sets the count on the post in every list and its detail, keeping their fetch times', () => {
    const client = seeded();
    patchCommentCount(client, { id: containerId, comment_count: 4 });
    expect(counts(client, postKeys.list({ kind: 'feed' }))).toEqual([0, 4, 0]);
    expect(counts(client, postKeys.list({ kind: 'club', subdomain: 'l2' }))).toEqual([0, 4, 0]);
    const detail = client.getQueryData<PostAnswer['data']>(postKeys.detail(2));
    expect(detail?.post.comment_container).toEqual({ id: containerId, comment_count: 4 });
    const state = (key: readonly unknown[]) => client.getQueryState(key);
    expect(state(postKeys.list({ kind: 'feed' }))?.dataUpdatedAt).toBe(1_000);
    expect(state(postKeys.list({ kind: 'club', subdomain: 'l2' }))?.dataUpdatedAt).toBe(2_000);
    expect(state(postKeys.detail(2))?.dataUpdatedAt).toBe(3_000);
    expect(state(postKeys.list({ kind: 'feed' }))?.isInvalidated).toBe(false);
  });

  it('leaves other posts and a list already marked stale alone', async () => {
    const client = seeded();
    await client.invalidateQueries({
      queryKey: postKeys.list({ kind: 'feed' }),
      refetchType: 'none',
    });
    const before = client.getQueryData(postKeys.list({ kind: 'feed' }));
    patchCommentCount(client, { id: 9_999, comment_count: 4 });
    patchCommentCount(client, { id: containerId, comment_count: 4 });
    expect(client.getQueryData(postKeys.list({ kind: 'feed' }))).toBe(before);
    expect(client.getQueryState(postKeys.list({ kind: 'feed' }))?.isInvalidated).toBe(true);
    expect(counts(client, postKeys.list({ kind: 'club', subdomain: 'l2' }))).toEqual([0, 4, 0]);
  });
});
