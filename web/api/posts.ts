import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { LIST_STALE_MS, POSTS_PAGE_SIZE } from '../../common/constants.ts';
import {
  postAnswerSchema,
  postListAnswerSchema,
  type CreatePostRequest,
  type Post,
  type PostAnswer,
  type UpdatePostRequest,
} from '../../common/schemas/post.ts';
import { apiRequest } from '../http/client.ts';
import { patchCachedAnswers, useDeleteRecord } from './record-cache.ts';

/**
 * Posts (§7 Posts; POST-01..19). One module: query keys, fetchers, queries and the mutations
 * that invalidate what they change. Lists are infinite queries: page 0 is fetched again only
 * when over 15 s old (POST-07, the client's default staleTime), and later pages carry page
 * zero's time `t` so they never shift (POST-06, AMB-41). That time is taken from the server's
 * own data, the `created_at` of page zero's newest post, never from the browser's clock: a
 * clock behind the server's, or a post saved while page zero was on its way, would otherwise
 * make page one skip posts.
 */

/** Whose posts a list shows: the member's feed (/news) or one lodge's (/clubs/{subdomain}/news). */
export type PostListScope = { kind: 'feed' } | { kind: 'club'; subdomain: string };

export interface PostPage {
  posts: Post[];
  page: number;
  /**
   * Page zero's time (AMB-41): the `created_at` of its newest post, which later pages send as
   * `t`. Undefined only when page zero came back empty, and then there is no next page.
   */
  t: number | undefined;
}

/** Page 0 goes without `t`; every later page carries page zero's. */
export type PostPageParam = { page: 0; t?: undefined } | { page: number; t: number };

/** Every post query's key; mutations invalidate and patch through these, never a literal. */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (scope: PostListScope) =>
    scope.kind === 'feed'
      ? ([...postKeys.lists(), 'feed'] as const)
      : ([...postKeys.lists(), 'club', scope.subdomain] as const),
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (id: number) => [...postKeys.details(), id] as const,
};

/** CONST-08: a list or a post is fetched again when over 15 s old (POST-07). */
export const POSTS_STALE_MS = LIST_STALE_MS;

/** The newest `created_at` of page zero (its first post, as the list is newest first). */
function pageZeroTime(posts: readonly Post[]): number | undefined {
  return posts.length === 0 ? undefined : Math.max(...posts.map((post) => post.created_at));
}

export async function fetchPostPage(
  scope: PostListScope,
  param: PostPageParam,
  signal?: AbortSignal,
): Promise<PostPage> {
  const path = scope.kind === 'feed' ? '/posts.json' : '/clubs/posts.json';
  const answer = await apiRequest<unknown>('GET', path, {
    query: {
      ...(scope.kind === 'club' ? { subdomain: scope.subdomain } : {}),
      page: param.page,
      // Page 0 asks for the newest; its newest post's time pins the pages after it.
      t: param.page === 0 ? undefined : param.t,
    },
    ...(signal ? { signal } : {}),
  });
  const posts = postListAnswerSchema.parse(answer).data.posts;
  return { posts, page: param.page, t: param.page === 0 ? pageZeroTime(posts) : param.t };
}

/** Load More's next request, or undefined after a short page (AMB-41). */
export function nextPostPageParam(last: PostPage): PostPageParam | undefined {
  if (last.posts.length < POSTS_PAGE_SIZE || last.t === undefined) return undefined;
  return { page: last.page + 1, t: last.t };
}

/** A post list with Load More (`fetchNextPage`; `hasNextPage` is false after a short page). */
export function usePostList(scope: PostListScope) {
  return useInfiniteQuery({
    queryKey: postKeys.list(scope),
    queryFn: ({ pageParam, signal }) => fetchPostPage(scope, pageParam, signal),
    initialPageParam: { page: 0 } as PostPageParam,
    getNextPageParam: nextPostPageParam,
    staleTime: POSTS_STALE_MS,
  });
}

/** Every post of a loaded list, in the server's order. */
export function flattenPostPages(data: InfiniteData<PostPage> | undefined): Post[] {
  return data?.pages.flatMap((page) => page.posts) ?? [];
}

export async function fetchPost(id: number, signal?: AbortSignal): Promise<PostAnswer['data']> {
  const answer = await apiRequest<unknown>('GET', `/posts/${id}.json`, {
    ...(signal ? { signal } : {}),
  });
  return postAnswerSchema.parse(answer).data;
}

/** `GET /posts/{id}.json`: the post and its full body (POST-04). A 404 is an ApiError. */
export function usePost(id: number | null) {
  return useQuery({
    queryKey: postKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchPost(id ?? 0, signal),
    enabled: id !== null,
    staleTime: POSTS_STALE_MS,
  });
}

export async function createPost(request: CreatePostRequest): Promise<PostAnswer['data']> {
  const answer = await apiRequest<unknown>('POST', '/posts', { body: request });
  return postAnswerSchema.parse(answer).data;
}

export async function updatePost(
  id: number,
  request: UpdatePostRequest,
): Promise<PostAnswer['data']> {
  const answer = await apiRequest<unknown>('PUT', `/posts/${id}.json`, { body: request });
  return postAnswerSchema.parse(answer).data;
}

export async function deletePost(id: number): Promise<void> {
  await apiRequest<unknown>('DELETE', `/posts/${id}`);
}

/** After a change every list is stale (POST-16, POST-19); the caller navigates. */
function refreshPostLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: postKeys.lists() });
}

export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: async (data) => {
      client.setQueryData(postKeys.detail(data.post.id), data);
      await refreshPostLists(client);
    },
  });
}

export function useUpdatePost(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdatePostRequest) => updatePost(id, request),
    onSuccess: async (data) => {
      client.setQueryData(postKeys.detail(id), data);
      await refreshPostLists(client);
    },
  });
}

/** Delete (POST-19): the post leaves the cache and every list is refreshed. */
export function useDeletePost() {
  return useDeleteRecord(deletePost, { detail: postKeys.detail, refreshLists: refreshPostLists });
}

/**
 * A comment was added or removed (CMT-08): its post's `comment_count` in every cached list
 * and detail becomes the container's. The lists are patched, not invalidated, so coming back
 * to them within 15 s does not fetch page 0 again (POST-07); each entry keeps its fetch time,
 * so the patch does not make an old list look fresh either. An entry already marked stale is
 * left to its refetch, which brings the count anyway.
 */
export function patchCommentCount(
  client: QueryClient,
  container: { id: number; comment_count: number },
): void {
  const patchPost = (post: Post): Post =>
    post.comment_container.id === container.id &&
    post.comment_container.comment_count !== container.comment_count
      ? {
          ...post,
          comment_container: { id: container.id, comment_count: container.comment_count },
        }
      : post;
  patchCachedAnswers<InfiniteData<PostPage>>(client, postKeys.lists(), (data) =>
    data.pages.some((page) => page.posts.some((post) => patchPost(post) !== post))
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, posts: page.posts.map(patchPost) })),
        }
      : data,
  );
  patchCachedAnswers<PostAnswer['data']>(client, postKeys.details(), (data) => {
    const post = patchPost(data.post);
    return post === data.post ? data : { ...data, post };
  });
}
