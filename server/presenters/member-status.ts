import { displayName } from '../../common/display-name.ts';
import { DEFAULT_STATUS_STYLES } from '../../common/schemas/console-clubs.ts';
import { memberStatusValueSchema } from '../../common/schemas/console.ts';
import type { MemberStatus } from '../../common/schemas/member-status.ts';

export interface MemberStatusRow {
  member_number: string;
  title: string | null;
  status: string;
  color: string;
  /** The organisation's title and colour for the status, when it chose them (D68). */
  status_title: string | null;
  status_color: string | null;
  organization_name: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  suffix: string | null;
  preferred_name: string | null;
}

/**
 * A status card (ENT-22, STAT-03): the party's name and nothing else of them. The status shows
 * in the organisation's words and colour (D68), else the defaults, else as stored.
 */
export function presentMemberStatus(row: MemberStatusRow): MemberStatus {
  const known = memberStatusValueSchema.safeParse(row.status);
  const fallback = known.success ? DEFAULT_STATUS_STYLES[known.data] : null;
  return {
    number: row.member_number,
    title: row.title,
    name: displayName(row),
    status: row.status_title ?? fallback?.title ?? row.status,
    color: row.status_color ?? row.color,
    organization_name: row.organization_name,
  };
}
