import type { Notice } from '../../../common/schemas/notice.ts';
import { CALENDAR_PATH, NEWS_PATH, NOTICES_PATH } from '../../paths.ts';

/** Where opening a notice goes, and the navigation state a comment's parent page reads. */
export interface NoticeTarget {
  path: string;
  /** NOTE-10, AMB-29: the comment to scroll to (comment-rules.ts commentIdFromState). */
  state?: { commentId: number };
}

function ownerPath(type: string | null, id: number | null): string | null {
  if (id === null) return null;
  if (type === 'CalendarEvent') return `${CALENDAR_PATH}/${id}`;
  if (type === 'Post') return `${NEWS_PATH}/${id}`;
  return null;
}

/**
 * §4 Notice (NOTE-08..11): an event goes to /calendar/{id}, a post to /news/{id}, a comment to
 * its parent post or event with the comment's id in the navigation state, anything else (or a
 * notice missing its ids) to /notices.
 */
export function noticeTarget(notice: Notice): NoticeTarget {
  if (notice.noticeable_type === 'Comment') {
    const parent = ownerPath(notice.parent_noticeable_type, notice.parent_noticeable_id);
    if (parent === null) return { path: NOTICES_PATH };
    return notice.noticeable_id === null
      ? { path: parent }
      : { path: parent, state: { commentId: notice.noticeable_id } };
  }
  return { path: ownerPath(notice.noticeable_type, notice.noticeable_id) ?? NOTICES_PATH };
}
