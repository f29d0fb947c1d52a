import { displayName } from '../../common/display-name.ts';
import type { MemberStatus } from '../../common/schemas/member-status.ts';

export interface MemberStatusRow {
  member_number: string;
  title: string | null;
  status: string;
  color: string;
  organization_name: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  suffix: string | null;
  preferred_name: string | null;
}

/** A status card (ENT-22, STAT-03): the party's name and nothing else of them. */
export function presentMemberStatus(row: MemberStatusRow): MemberStatus {
  return {
    number: row.member_number,
    title: row.title,
    name: displayName(row),
    status: row.status,
    color: row.color,
    organization_name: row.organization_name,
  };
}
