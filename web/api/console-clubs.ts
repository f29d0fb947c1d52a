import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  clubTreeAnswerSchema,
  consoleClubAnswerSchema,
  consoleOrganizationAnswerSchema,
  type ClubCreate,
  type ClubFields,
  type ClubImageRequest,
  type ClubTreeEntry,
  type ConsoleClubDetail,
  type ConsoleOrganizationDetail,
  type OrganizationSettings,
} from '../../common/schemas/console-clubs.ts';
import { apiRequest } from '../http/client.ts';
import { clubKeys } from './clubs.ts';
import { consoleKeys } from './console.ts';
import { organizationKeys } from './organizations.ts';

/**
 * The Lodge Office's organisation settings and clubs (issue 23, D68;
 * common/schemas/console-clubs.ts). Every change refreshes what shows it: the console's scope
 * (club names, a new club), the tree, the member-facing club pages and the organisation lists,
 * so the user sees their change at once everywhere in this tab.
 */

export const consoleClubKeys = {
  all: [...consoleKeys.all, 'clubs-area'] as const,
  organization: (id: number) => [...consoleClubKeys.all, 'organization', id] as const,
  trees: () => [...consoleClubKeys.all, 'tree'] as const,
  tree: (organizationId: number) => [...consoleClubKeys.trees(), organizationId] as const,
  club: (id: number) => [...consoleClubKeys.all, 'club', id] as const,
};

export interface ClubTree {
  clubs: ClubTreeEntry[];
  may_add_top: boolean;
}

export async function fetchConsoleOrganization(
  id: number,
  signal?: AbortSignal,
): Promise<ConsoleOrganizationDetail> {
  const answer = await apiRequest<unknown>(
    'GET',
    `/admin/organizations/${id}.json`,
    signal ? { signal } : {},
  );
  return consoleOrganizationAnswerSchema.parse(answer).data.organization;
}

export async function fetchClubTree(
  organizationId: number,
  signal?: AbortSignal,
): Promise<ClubTree> {
  const answer = await apiRequest<unknown>('GET', '/admin/clubs.json', {
    query: { organization_id: organizationId },
    ...(signal ? { signal } : {}),
  });
  return clubTreeAnswerSchema.parse(answer).data;
}

export async function fetchConsoleClub(
  id: number,
  signal?: AbortSignal,
): Promise<ConsoleClubDetail> {
  const answer = await apiRequest<unknown>(
    'GET',
    `/admin/clubs/${id}.json`,
    signal ? { signal } : {},
  );
  return consoleClubAnswerSchema.parse(answer).data.club;
}

export function useConsoleOrganization(id: number | null) {
  return useQuery({
    queryKey: consoleClubKeys.organization(id ?? 0),
    queryFn: ({ signal }) => fetchConsoleOrganization(id ?? 0, signal),
    enabled: id !== null,
  });
}

export function useClubTree(organizationId: number) {
  return useQuery({
    queryKey: consoleClubKeys.tree(organizationId),
    queryFn: ({ signal }) => fetchClubTree(organizationId, signal),
  });
}

export function useConsoleClub(id: number | null) {
  return useQuery({
    queryKey: consoleClubKeys.club(id ?? 0),
    queryFn: ({ signal }) => fetchConsoleClub(id ?? 0, signal),
    enabled: id !== null,
  });
}

/** What a club change shows in: the console's scope and tree, and the members' club pages. */
async function refreshClubReads(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: consoleKeys.scope() }),
    client.invalidateQueries({ queryKey: consoleClubKeys.trees() }),
    client.invalidateQueries({ queryKey: clubKeys.all }),
  ]);
}

/** Saves the organisation's settings (or creates one, `id` null). */
export function useSaveOrganization(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: OrganizationSettings): Promise<ConsoleOrganizationDetail> => {
      const answer = await apiRequest<unknown>(
        id === null ? 'POST' : 'PUT',
        id === null ? '/admin/organizations.json' : `/admin/organizations/${id}.json`,
        { body: settings },
      );
      return consoleOrganizationAnswerSchema.parse(answer).data.organization;
    },
    onSuccess: async (saved) => {
      client.setQueryData(consoleClubKeys.organization(saved.id), saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: consoleKeys.scope() }),
        client.invalidateQueries({ queryKey: organizationKeys.all }),
        client.invalidateQueries({ queryKey: consoleClubKeys.trees() }),
      ]);
    },
  });
}

/** Adds a club (`id` null) or saves one's fields. */
export function useSaveClub(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClubCreate | ClubFields): Promise<ConsoleClubDetail> => {
      const answer = await apiRequest<unknown>(
        id === null ? 'POST' : 'PUT',
        id === null ? '/admin/clubs.json' : `/admin/clubs/${id}.json`,
        { body },
      );
      return consoleClubAnswerSchema.parse(answer).data.club;
    },
    onSuccess: async (saved) => {
      client.setQueryData(consoleClubKeys.club(saved.id), saved);
      await refreshClubReads(client);
    },
  });
}

export function useCloseClub(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<ConsoleClubDetail> => {
      const answer = await apiRequest<unknown>('POST', `/admin/clubs/${id}/close.json`);
      return consoleClubAnswerSchema.parse(answer).data.club;
    },
    onSuccess: async (saved) => {
      client.setQueryData(consoleClubKeys.club(saved.id), saved);
      await refreshClubReads(client);
    },
  });
}

/** Sets the club's emblem or map picture (the bytes as base64, their type read by the server). */
export function useSetClubImage(id: number, kind: 'avatar' | 'map_image') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (image: ClubImageRequest): Promise<ConsoleClubDetail> => {
      const answer = await apiRequest<unknown>('PUT', `/admin/clubs/${id}/${kind}.json`, {
        body: image,
      });
      return consoleClubAnswerSchema.parse(answer).data.club;
    },
    onSuccess: async (saved) => {
      client.setQueryData(consoleClubKeys.club(saved.id), saved);
      await refreshClubReads(client);
    },
  });
}
