import { useMutation, useQuery } from '@tanstack/react-query';
import {
  memberStatusListAnswerSchema,
  type MemberStatus,
} from '../../common/schemas/member-status.ts';
import { organizationListSchema, type Organization } from '../../common/schemas/organization.ts';
import { apiRequest } from '../http/client.ts';

/**
 * The status checker (§2 Other screens, §5, §7; STAT-01..04, AMB-07): the organisations it can
 * look up and the check itself. A check is a question, not a change: nothing is cached by it.
 */

/** Every key of this module. A sign-out clears them with the rest of the cache. */
export const memberStatusKeys = {
  all: ['member-status'] as const,
  recognizedOrganizations: () => [...memberStatusKeys.all, 'recognized-organizations'] as const,
};

/** The recognised organisations change with a seed or an import, not while a member checks. */
export const RECOGNIZED_ORGANIZATIONS_STALE_MS = 5 * 60_000;

export async function fetchRecognizedOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  const answer = await apiRequest<unknown>('GET', '/organizations/recognized.json', {
    ...(signal ? { signal } : {}),
  });
  return organizationListSchema.parse(answer).data.organizations;
}

/** `GET /organizations/recognized.json` (AMB-07): the Organization select's choices. */
export function useRecognizedOrganizations() {
  return useQuery({
    queryKey: memberStatusKeys.recognizedOrganizations(),
    queryFn: ({ signal }) => fetchRecognizedOrganizations(signal),
    staleTime: RECOGNIZED_ORGANIZATIONS_STALE_MS,
  });
}

export interface StatusCheck {
  organizationId: number;
  memberNumber: string;
}

export async function checkMemberStatus(check: StatusCheck): Promise<MemberStatus[]> {
  const answer = await apiRequest<unknown>('POST', '/member_status_validations', {
    body: {
      member_status_validation: {
        organization_id: check.organizationId,
        member_number: check.memberNumber,
      },
    },
  });
  return memberStatusListAnswerSchema.parse(answer).data.member_statuses;
}

/** `POST /member_status_validations` (STAT-02). */
export function useCheckMemberStatus() {
  return useMutation({ mutationFn: checkMemberStatus });
}
