import type { Notice } from '../../common/schemas/notice.ts';

export interface NoticeRow {
  id: number;
  message: string;
  is_read: number;
  last_set_at: number;
  noticeable_type: string | null;
  noticeable_id: number | null;
  parent_noticeable_type: string | null;
  parent_noticeable_id: number | null;
}

/**
 * A notice as §3 names its fields (ENT-30). `cleanMessage` is the rich-text allow-list: the
 * stored HTML is cleaned again on the way out, so a row written by any path (an import, a
 * script, an older version) never reaches a browser unfiltered.
 */
export function presentNotice(row: NoticeRow, cleanMessage: (html: string) => string): Notice {
  return {
    id: Number(row.id),
    message: cleanMessage(row.message),
    is_read: Number(row.is_read) === 1,
    last_set_at: Number(row.last_set_at),
    noticeable_type: row.noticeable_type,
    noticeable_id: row.noticeable_id === null ? null : Number(row.noticeable_id),
    parent_noticeable_type: row.parent_noticeable_type,
    parent_noticeable_id:
      row.parent_noticeable_id === null ? null : Number(row.parent_noticeable_id),
  };
}
