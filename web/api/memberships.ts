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

export const CLUB_MEMBERSHIP_GROUPS_KEY = ['club_membership_groups'] as const;

export function useClubMembershipGroups() {
  return useQuery({
    queryKey: CLUB_MEMBERSHIP_GROUPS_KEY,
    queryFn: ({ signal }) => fetchClubMembershipGroups(signal),
    staleTime: 5 * 60_000,
  });
}
