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
import { apiRequest } from './client.ts';

/**
 * Posts (§7 Posts; POST-01..19). One module: query keys, fetchers, queries and the mutations
 * that invalidate what they change. Lists are infinite queries: page 0 is fetched again only
 * when over 15 s old (POST-07, the client's default staleTime), and later pages carry page
 * zero's time `t` so they never shift (POST-06, AMB-41).
 */

/** Whose posts a list shows: the member's feed (/news) or one lodge's (/clubs/{subdomain}/news). */
export type PostListScope = { kind: 'feed' } | { kind: 'club'; subdomain: string };

export interface PostPage {
  posts: Post[];
  page: number;
  /** Epoch ms when page 0 of this list was fetched; later pages send it as `t`. */
  t: number;
}

interface PageParam {
  page: number;
  t: number | undefined;
}

export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (scope: PostListScope) =>
    scope.kind === 'feed'
      ? ([...postKeys.lists(), 'feed'] as const)
      : ([...postKeys.lists(), 'club', scope.subdomain] as const),
  detail: (id: number) => [...postKeys.all, 'detail', id] as const,
};

export async function fetchPostPage(
  scope: PostListScope,
  param: PageParam,
  signal?: AbortSignal,
): Promise<PostPage> {
  const t = param.t ?? Date.now();
  const path = scope.kind === 'feed' ? '/posts.json' : '/clubs/posts.json';
  const answer = await apiRequest<unknown>('GET', path, {
    query: {
      ...(scope.kind === 'club' ? { subdomain: scope.subdomain } : {}),
      page: param.page,
      // Page 0 asks for the newest; the time it was asked pins the pages after it.
      t: param.page === 0 ? undefined : t,
    },
    ...(signal ? { signal } : {}),
  });
  return { posts: postListAnswerSchema.parse(answer).data.posts, page: param.page, t };
}

/** A post list with Load More (`fetchNextPage`; `hasNextPage` is false after a short page). */
export function usePostList(scope: PostListScope) {
  return useInfiniteQuery({
    queryKey: postKeys.list(scope),
    queryFn: ({ pageParam, signal }) => fetchPostPage(scope, pageParam, signal),
    initialPageParam: { page: 0, t: undefined } as PageParam,
    getNextPageParam: (last: PostPage): PageParam | undefined =>
      last.posts.length < POSTS_PAGE_SIZE ? undefined : { page: last.page + 1, t: last.t },
    staleTime: LIST_STALE_MS,
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
    staleTime: LIST_STALE_MS,
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

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: async (_result, id) => {
      client.removeQueries({ queryKey: postKeys.detail(id) });
      await refreshPostLists(client);
    },
  });
}
