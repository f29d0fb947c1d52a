import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clubOfficersAnswerSchema,
  invitationAnswerSchema,
  memberInvitationsAnswerSchema,
  membershipRolesAnswerSchema,
  type ClubOfficersAnswer,
  type InvitationOutcome,
  type InvitationRequest,
  type MembershipRolesAnswer,
  type OfficerPositionUpdate,
  type OfficerTermCreate,
  type OfficerTermUpdate,
} from '../../common/schemas/console-officers.ts';
import type { ConsoleRoleName } from '../../common/schemas/console.ts';
import { apiRequest, type HttpMethod } from '../http/client.ts';
import { clubKeys } from './clubs.ts';
import { consoleKeys, fetchRosterPage } from './console.ts';

/**
 * The Lodge Office's duties (roles), officers and invitations (issue 23, D69,
 * common/schemas/console-officers.ts). Every officers write answers the club's officers anew,
 * which replaces the cached list; the club homes are read again, so the lodge's page shows the
 * change. A change of duties refreshes the member's record and the scope, since the console
 * user may have changed their own.
 */

export type ClubOfficers = ClubOfficersAnswer['data'];

export const officerKeys = {
  all: [...consoleKeys.all, 'officers'] as const,
  club: (clubId: number) => [...officerKeys.all, clubId] as const,
  invitations: (partyId: number, organizationId: number) =>
    [...consoleKeys.all, 'invitations', partyId, organizationId] as const,
};

export async function fetchClubOfficers(
  clubId: number,
  signal?: AbortSignal,
): Promise<ClubOfficers> {
  const answer = await apiRequest<unknown>('GET', '/admin/officers.json', {
    query: { club_id: clubId },
    ...(signal ? { signal } : {}),
  });
  return clubOfficersAnswerSchema.parse(answer).data;
}

export function useClubOfficers(clubId: number | null) {
  return useQuery({
    queryKey: officerKeys.club(clubId ?? 0),
    queryFn: ({ signal }) => fetchClubOfficers(clubId ?? 0, signal),
    enabled: clubId !== null,
  });
}

/** One change to a club's officers, as the screen asks for it. */
export type OfficersChange =
  | { kind: 'addPosition'; title: string }
  | { kind: 'changePosition'; id: number; change: OfficerPositionUpdate }
  | { kind: 'removePosition'; id: number }
  | { kind: 'reorder'; positionIds: number[] }
  | { kind: 'appoint'; term: OfficerTermCreate }
  | { kind: 'changeTerm'; id: number; change: OfficerTermUpdate };

function requestOf(
  clubId: number,
  change: OfficersChange,
): { method: HttpMethod; path: string; body?: unknown } {
  switch (change.kind) {
    case 'addPosition':
      return {
        method: 'POST',
        path: '/admin/officer_positions.json',
        body: { club_id: clubId, title: change.title },
      };
    case 'changePosition':
      return {
        method: 'PUT',
        path: `/admin/officer_positions/${change.id}.json`,
        body: change.change,
      };
    case 'removePosition':
      return { method: 'DELETE', path: `/admin/officer_positions/${change.id}.json` };
    case 'reorder':
      return {
        method: 'PUT',
        path: '/admin/officer_position_order.json',
        body: { club_id: clubId, position_ids: change.positionIds },
      };
    case 'appoint':
      return { method: 'POST', path: '/admin/officer_terms.json', body: change.term };
    case 'changeTerm':
      return { method: 'PUT', path: `/admin/officer_terms/${change.id}.json`, body: change.change };
  }
}

export function useChangeOfficers(clubId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: OfficersChange): Promise<ClubOfficers> => {
      const { method, path, body } = requestOf(clubId, change);
      const answer = await apiRequest<unknown>(method, path, body === undefined ? {} : { body });
      return clubOfficersAnswerSchema.parse(answer).data;
    },
    onSuccess: async (officers) => {
      client.setQueryData(officerKeys.club(clubId), officers);
      await client.invalidateQueries({ queryKey: clubKeys.details() });
    },
  });
}

/** Sets a membership's duties; the record and the scope are read again. */
export function useSetMembershipRoles(partyId: number, organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: {
      membershipId: number;
      roles: ConsoleRoleName[];
    }): Promise<MembershipRolesAnswer['data']['membership']> => {
      const answer = await apiRequest<unknown>(
        'PUT',
        `/admin/memberships/${change.membershipId}/roles.json`,
        { body: { roles: change.roles } },
      );
      return membershipRolesAnswerSchema.parse(answer).data.membership;
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: consoleKeys.member(partyId, organizationId) });
      await client.invalidateQueries({ queryKey: consoleKeys.scope() });
    },
  });
}

/** Invites one member or a club's members (or, with dry_run, counts them). */
export function useInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: InvitationRequest): Promise<InvitationOutcome> => {
      const answer = await apiRequest<unknown>('POST', '/admin/invitations.json', {
        body: request,
      });
      return invitationAnswerSchema.parse(answer).data.invitation;
    },
    onSuccess: async (_outcome, request) => {
      if (request.party_id === undefined) return;
      await client.invalidateQueries({
        queryKey: officerKeys.invitations(request.party_id, request.organization_id),
      });
    },
  });
}

/** A member's invitations, newest first: who was invited when. */
export function useMemberInvitations(partyId: number, organizationId: number) {
  return useQuery({
    queryKey: officerKeys.invitations(partyId, organizationId),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<unknown>('GET', '/admin/invitations.json', {
        query: { organization_id: organizationId, party_id: partyId },
        signal,
      });
      return memberInvitationsAnswerSchema.parse(answer).data.invitations;
    },
  });
}

/** The roster picker's matches: the first page of the roster search, once two letters are in. */
export function useRosterPicker(organizationId: number, text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: [...officerKeys.all, 'picker', organizationId, q] as const,
    queryFn: ({ signal }) => fetchRosterPage({ organization_id: organizationId, q }, 1, signal),
    enabled: q.length >= 2,
  });
}
