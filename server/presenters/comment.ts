import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import type { Comment, CommentContainer } from '../../common/schemas/comment.ts';
import type { Actor } from '../auth/actor.ts';
import { commentAbilities, maySeeHiddenCommentText } from '../policies/comments.ts';
import type { CommentFacts } from '../policies/comments.ts';
import { presentAuthor, type AuthorColumns } from './party.ts';

dayjs.extend(relativeTime);

/** One comment as the container query selects it (comments + author). */
export interface CommentRow extends AuthorColumns {
  id: number;
  parent_id: number | null;
  party_id: number;
  body: string;
  is_hidden: number;
  created_at: number;
}

export interface ContainerRow {
  id: number;
  comment_count: number;
  allows_comments: boolean;
}

/** AMB-30: "a few seconds ago", "5 minutes ago", "2 days ago"; never in the future. */
export function elapsedTime(createdAt: number, now: number): string {
  return dayjs(Math.min(createdAt, now)).from(now);
}

/**
 * The container's comments as a tree (CMT-01): top-level comments and each comment's replies
 * oldest first, to any depth, from the one flat list of the container's rows. A reply whose
 * parent is missing from the list (it cannot happen through the API) is shown at the top level
 * rather than lost. Whether the words of a hidden comment are sent, and every `can_*`, is the
 * comment policies' answer (policies/comments.ts).
 */
export function presentCommentTree(
  rows: readonly CommentRow[],
  actor: Actor,
  now: number,
): Comment[] {
  const ordered = [...rows].sort((a, b) => a.created_at - b.created_at || a.id - b.id);
  const childrenOf = new Map<number, CommentRow[]>();
  const ids = new Set(ordered.map((row) => row.id));
  const roots: CommentRow[] = [];
  for (const row of ordered) {
    if (row.parent_id === null || !ids.has(row.parent_id)) {
      roots.push(row);
    } else {
      const siblings = childrenOf.get(row.parent_id) ?? [];
      siblings.push(row);
      childrenOf.set(row.parent_id, siblings);
    }
  }
  const present = (row: CommentRow): Comment => {
    const children = (childrenOf.get(row.id) ?? []).map(present);
    const facts: CommentFacts = {
      partyId: row.party_id,
      isHidden: row.is_hidden === 1,
      hasReplies: children.length > 0,
    };
    const party = presentAuthor(row.party_id, row);
    const abilities = commentAbilities(actor, facts);
    return {
      id: row.id,
      comment: facts.isHidden && !maySeeHiddenCommentText(actor, facts) ? '' : row.body,
      party_id: row.party_id,
      party_name: party.display_name,
      party,
      elapsed_time: elapsedTime(row.created_at, now),
      created_at: row.created_at,
      is_hidden: facts.isHidden ? 1 : 0,
      can_edit: abilities.edit,
      can_hide: abilities.hide,
      can_unhide: abilities.unhide,
      can_delete: abilities.delete,
      abilities,
      children,
    };
  };
  return roots.map(present);
}

export function presentCommentContainer(
  container: ContainerRow,
  comments: Comment[],
): CommentContainer {
  return {
    id: container.id,
    comment_count: container.comment_count,
    allows_comments: container.allows_comments,
    comments,
  };
}
