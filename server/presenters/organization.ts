import type { Organization } from '../../common/schemas/organization.ts';

export interface OrganizationRow {
  id: number;
  name: string;
  member_number_min_length: number | null;
  member_number_max_length: number | null;
}

export function presentOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    member_status_criteria: {
      member_number: {
        minimum_length: row.member_number_min_length,
        maximum_length: row.member_number_max_length,
      },
    },
  };
}
