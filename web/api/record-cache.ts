import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';

/**
 * Cache work every record type's module (posts, calendar events) does alike: its delete, and
 * patching its cached answers in place when something it shows changes elsewhere.
 */

export interface RecordCacheKeys {
  /** The record's detail key; a delete drops it and everything under it. */
  detail: (id: number) => QueryKey;
  /** Marks every list the record may stand in stale. */
  refreshLists: (client: QueryClient) => Promise<void>;
}

/** Delete: the record leaves the cache and every list is refreshed; the caller navigates. */
export function useDeleteRecord(remove: (id: number) => Promise<void>, keys: RecordCacheKeys) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: async (_result, id) => {
      client.removeQueries({ queryKey: keys.detail(id) });
      await keys.refreshLists(client);
    },
  });
}

/**
 * Every cached answer under `queryKey` that `patch` changes (it answers a new object) is
 * replaced, keeping its fetch time, so a patch does not make an old answer look fresh. An
 * answer already marked stale is left to its refetch, unless `includeInvalidated`.
 */
export function patchCachedAnswers<T>(
  client: QueryClient,
  queryKey: QueryKey,
  patch: (data: T) => T,
  { includeInvalidated = false }: { includeInvalidated?: boolean } = {},
): void {
  for (const query of client.getQueryCache().findAll({ queryKey })) {
    const data = query.state.data as T | undefined;
    if (!data || (query.state.isInvalidated && !includeInvalidated)) continue;
    const patched = patch(data);
    if (patched === data) continue;
    client.setQueryData<T>(query.queryKey, patched, { updatedAt: query.state.dataUpdatedAt });
  }
}
