import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  consoleMemberAnswerSchema,
  consoleScopeAnswerSchema,
  rosterAnswerSchema,
  rosterImportAnswerSchema,
  type ConsoleMember,
  type ConsoleScopeAnswer,
  type MemberStatusChange,
  type RosterImport,
  type RosterImportRequest,
  type RosterMember,
  type RosterQuery,
} from '../../common/schemas/console.ts';
import { apiRequest } from '../http/client.ts';

/**
 * The secretary's console (issue 23, common/schemas/console.ts). The scope (which organisations
 * and clubs the user manages) changes only when an administrator changes roles, so it is kept a
 * while; the roster and a member's record use the app's list age, and a status change refreshes
 * both. An import is polled while the server reads the file.
 */

export type ConsoleScope = ConsoleScopeAnswer['data'];
/** The roster's filters: everything of RosterQuery but the page, which the list pages itself. */
export type RosterFilters = Omit<RosterQuery, 'page'>;

export const consoleKeys = {
  all: ['console'] as const,
  scope: () => [...consoleKeys.all, 'scope'] as const,
  rosters: () => [...consoleKeys.all, 'roster'] as const,
  roster: (filters: RosterFilters) => [...consoleKeys.rosters(), filters] as const,
  members: () => [...consoleKeys.all, 'member'] as const,
  member: (partyId: number, organizationId: number) =>
    [...consoleKeys.members(), partyId, organizationId] as const,
  rosterImport: (id: number) => [...consoleKeys.all, 'import', id] as const,
};

/** Scope changes with roles, set by an administrator elsewhere: five minutes is fresh enough. */
export const CONSOLE_SCOPE_STALE_MS = 5 * 60_000;
/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 700;

export async function fetchConsoleScope(signal?: AbortSignal): Promise<ConsoleScope> {
  const answer = await apiRequest<unknown>('GET', '/admin/scope.json', signal ? { signal } : {});
  return consoleScopeAnswerSchema.parse(answer).data;
}

export async function fetchRosterPage(
  filters: RosterFilters,
  page: number,
  signal?: AbortSignal,
): Promise<{ members: RosterMember[]; hasMore: boolean }> {
  const answer = await apiRequest<unknown>('GET', '/admin/members.json', {
    query: { ...filters, page },
    ...(signal ? { signal } : {}),
  });
  const { members, has_more } = rosterAnswerSchema.parse(answer).data;
  return { members, hasMore: has_more };
}

export async function fetchConsoleMember(
  partyId: number,
  organizationId: number,
  signal?: AbortSignal,
): Promise<ConsoleMember> {
  const answer = await apiRequest<unknown>('GET', `/admin/members/${partyId}.json`, {
    query: { organization_id: organizationId },
    ...(signal ? { signal } : {}),
  });
  return consoleMemberAnswerSchema.parse(answer).data.member;
}

export async function fetchRosterImport(id: number, signal?: AbortSignal): Promise<RosterImport> {
  const answer = await apiRequest<unknown>(
    'GET',
    `/admin/roster_imports/${id}.json`,
    signal ? { signal } : {},
  );
  return rosterImportAnswerSchema.parse(answer).data.import;
}

/** The roster in the import's CSV format, as text (the caller saves it as a file). */
export async function fetchRosterExport(organizationId: number, clubId?: number): Promise<string> {
  return apiRequest<string>('GET', '/admin/roster_export.csv', {
    query: { organization_id: organizationId, club_id: clubId },
    accept: 'text/csv',
  });
}

export function useConsoleScope(enabled = true) {
  return useQuery({
    queryKey: consoleKeys.scope(),
    queryFn: ({ signal }) => fetchConsoleScope(signal),
    staleTime: CONSOLE_SCOPE_STALE_MS,
    enabled,
  });
}

/** The roster, a page at a time ("Show more"). */
export function useRoster(filters: RosterFilters) {
  return useInfiniteQuery({
    queryKey: consoleKeys.roster(filters),
    queryFn: ({ pageParam, signal }) => fetchRosterPage(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.hasMore ? lastPage + 1 : undefined),
  });
}

export function useConsoleMember(partyId: number, organizationId: number) {
  return useQuery({
    queryKey: consoleKeys.member(partyId, organizationId),
    queryFn: ({ signal }) => fetchConsoleMember(partyId, organizationId, signal),
  });
}

/** Sets a member's status; the record answers anew and every roster list is read again. */
export function useChangeMemberStatus(partyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: MemberStatusChange): Promise<ConsoleMember> => {
      const answer = await apiRequest<unknown>('PUT', `/admin/members/${partyId}/status.json`, {
        body: change,
      });
      return consoleMemberAnswerSchema.parse(answer).data.member;
    },
    onSuccess: async (member, change) => {
      client.setQueryData(consoleKeys.member(partyId, change.organization_id), member);
      await client.invalidateQueries({ queryKey: consoleKeys.rosters() });
    },
  });
}

async function invalidateRosterReads(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: consoleKeys.rosters() });
  await client.invalidateQueries({ queryKey: consoleKeys.members() });
}

/** Starts a check (dry run) or an import of a CSV file; the answer names the job to poll. */
export function useStartRosterImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: RosterImportRequest): Promise<RosterImport> => {
      const answer = await apiRequest<unknown>('POST', '/admin/roster_imports.json', {
        body: request,
      });
      return rosterImportAnswerSchema.parse(answer).data.import;
    },
    onSuccess: async (started) => {
      client.setQueryData(consoleKeys.rosterImport(started.id), started);
      // A small file may be done by the time the server answers.
      if (started.committed) await invalidateRosterReads(client);
    },
  });
}

/** One import, asked again while it runs; once done, a real import refreshes the roster. */
export function useRosterImport(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: consoleKeys.rosterImport(id ?? 0),
    queryFn: async ({ signal }) => {
      const job = await fetchRosterImport(id ?? 0, signal);
      if (job.committed) await invalidateRosterReads(client);
      return job;
    },
    enabled: id !== null,
    // A finished job never changes again.
    staleTime: (query) => (query.state.data?.state === 'running' ? 0 : Infinity),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? IMPORT_POLL_MS : false),
  });
}
