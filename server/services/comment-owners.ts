/**
 * The registry of what may own a comment container (D57). Comments know their owners only
 * through it: each owning area (posts.ts, calendar-event-records.ts) fills in a
 * `CommentOwnerKind` that finds its record by container and says who may see it, whether it
 * takes comments and who is told of one. A new record type that takes comments adds its kind
 * to `COMMENT_OWNERS`; services/comments.ts does not change.
 */
import type { Member } from '../auth/actor.ts';
import type { ContentTables } from '../db/content.ts';
import type { ServiceContext } from './context.ts';
import type { CommentOwnerType } from './unguarded/notices.ts';

/** The post or event a container belongs to, as the comments need it. */
export interface CommentOwner {
  readonly type: CommentOwnerType;
  readonly id: number;
  /** Its tables: a new comment touches its row's latest activity. */
  readonly tables: ContentTables;
  /** Who gets the notice of a new top-level comment. */
  readonly authorId: number | null;
  /** The post's subject or the event's name, for notices; null for a member post. */
  readonly title: string | null;
  /** The owner's `allows_comments` (AMB-34). */
  readonly allowsComments: boolean;
  /** Whether this member may see the owner, and so its comments, by the owner's own rule. */
  visibleTo(ctx: ServiceContext, member: Member): Promise<boolean>;
  /** The 404's message for one who may not (as the owner's own answer says it). */
  readonly hiddenMessage: string;
  /** The notice of a new top-level comment, from escaped parts (common/messages.ts). */
  commentedNotice(name: string, title: string | null): string;
}

/** One kind of owner: finds its record by the container's id. */
export interface CommentOwnerKind {
  ownerOfContainer(ctx: ServiceContext, containerId: number): Promise<CommentOwner | undefined>;
}
