import { useQuery } from '@tanstack/react-query';
import { organizationListSchema, type Organization } from '../../common/schemas/organization.ts';
import { apiRequest } from '../http/client.ts';

/**
 * `GET /organizations.json` (REG-03, AMB-07): the organisations of registration and reset.
 * Unsigned (AMB-51). No global dialog: a failure shows 'There are no organizations.' instead
 * (REG-04).
 */
export async function fetchOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  const answer = await apiRequest<unknown>('GET', '/organizations.json', {
    signed: false,
    globalErrors: false,
    handleUnauthorized: false,
    ...(signal ? { signal } : {}),
  });
  return organizationListSchema.parse(answer).data.organizations;
}

/** Every organisation query's key; mutations invalidate through these, never a literal. */
export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
};

/** The organisations change with a seed or an import, not while a member registers. */
export const ORGANIZATIONS_STALE_MS = 5 * 60_000;

export function useOrganizations() {
  return useQuery({
    queryKey: organizationKeys.list(),
    queryFn: ({ signal }) => fetchOrganizations(signal),
    staleTime: ORGANIZATIONS_STALE_MS,
  });
}
