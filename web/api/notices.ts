import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { LIST_STALE_MS } from '../../common/constants.ts';
import {
  noticeAnswerSchema,
  noticeListAnswerSchema,
  type Notice,
  type NoticeListAnswer,
} from '../../common/schemas/notice.ts';
import { apiRequest } from '../http/client.ts';

/**
 * Notices (§2 Notices, §4 Notice, §7 Notices; NOTE-01..12, API-NOTE-01/02). The badge is not
 * kept here: every answer's x-user-metadata sets it (web/http/user-metadata.ts), mark_read's
 * answer included, so it drops by one when the server says so.
 */

/** Every key of this module; the mutation invalidates through these. A sign-out clears them. */
export const noticeKeys = {
  all: ['notices'] as const,
  list: () => [...noticeKeys.all, 'list'] as const,
};

/** CONST-08: the list's age, as for every list. */
export const NOTICES_STALE_MS = LIST_STALE_MS;

export type NoticePage = NoticeListAnswer['data'];

export async function fetchNoticePage(
  before: string | null,
  signal?: AbortSignal,
): Promise<NoticePage> {
  const answer = await apiRequest<unknown>('GET', '/notices.json', {
    ...(before === null ? {} : { query: { before } }),
    ...(signal ? { signal } : {}),
  });
  return noticeListAnswerSchema.parse(answer).data;
}

/** `GET /notices.json`, newest first, a page at a time (`before`, docs/decisions.md D47). */
export function useNotices() {
  return useInfiniteQuery({
    queryKey: noticeKeys.list(),
    queryFn: ({ pageParam, signal }) => fetchNoticePage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    staleTime: NOTICES_STALE_MS,
  });
}

export async function markNoticeRead(id: number): Promise<Notice> {
  const answer = await apiRequest<unknown>('PUT', `/notices/${id}/mark_read`);
  return noticeAnswerSchema.parse(answer).data.notice;
}

/**
 * `PUT /notices/{id}/mark_read` (NOTE-06, NOTE-07): the notice shows as read at once in the
 * cached list, and the list is fetched again the next time it is shown.
 */
export function useMarkNoticeRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNoticeRead,
    onSuccess: (notice) => {
      client.setQueryData<InfiniteData<NoticePage, string | null>>(noticeKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                notices: page.notices.map((n) => (n.id === notice.id ? notice : n)),
              })),
            }
          : data,
      );
      return client.invalidateQueries({ queryKey: noticeKeys.list(), refetchType: 'none' });
    },
  });
}
