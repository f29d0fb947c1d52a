import { useQuery } from '@tanstack/react-query';
import {
  clubMembershipGroupsAnswerSchema,
  type ClubMembershipGroup,
} from '../../common/schemas/session.ts';
import { apiRequest } from '../http/client.ts';

/** `GET /club_membership_groups.json` (NAV-09): the signed-in member's clubs by group name. */
export async function fetchClubMembershipGroups(
  signal?: AbortSignal,
): Promise<ClubMembershipGroup[]> {
  const answer = await apiRequest<unknown>('GET', '/club_membership_groups.json', {
    ...(signal ? { signal } : {}),
  });
  return clubMembershipGroupsAnswerSchema.parse(answer).data.club_membership_groups;
}

/** Every membership query's key; mutations invalidate through these, never a literal. */
export const membershipKeys = {
  all: ['club_membership_groups'] as const,
  groups: () => [...membershipKeys.all, 'groups'] as const,
};

/** Clubs change rarely, and sign-in and sign-out clear the cache anyway (SESS-07). */
export const MEMBERSHIPS_STALE_MS = 5 * 60_000;

export function useClubMembershipGroups() {
  return useQuery({
    queryKey: membershipKeys.groups(),
    queryFn: ({ signal }) => fetchClubMembershipGroups(signal),
    staleTime: MEMBERSHIPS_STALE_MS,
  });
}
