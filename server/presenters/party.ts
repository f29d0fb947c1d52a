import { displayName } from '../../common/display-name.ts';
import type { SessionParty as PartySummary } from '../../common/schemas/session.ts';
import { presentAvatar } from './media.ts';

export interface PartySummaryRow {
  id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  suffix: string | null;
  preferred_name: string | null;
  avatar_medium_key: string | null;
}

export function presentPartySummary(row: PartySummaryRow): PartySummary {
  return {
    id: row.id,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    suffix: row.suffix,
    preferred_name: row.preferred_name,
    display_name: displayName(row),
    avatar: presentAvatar(row.avatar_medium_key),
  };
}
