import { NO_SUCH_COMMENT, NO_SUCH_COMMENTS } from '../../common/messages.ts';
import { displayName } from '../../common/display-name.ts';
import { escapeHtml } from '../../common/escape-html.ts';
import {
  COMMENT_HIDDEN_NOT_EDITABLE,
  COMMENT_ID_MISMATCH,
  COMMENT_NESTED_TOO_DEEPLY,
  COMMENT_PARENT_NOT_HERE,
  COMMENT_WITH_REPLIES_NOT_DELETABLE,
  COMMENTS_CLOSED,
  repliedToYourCommentNotice,
} from '../../common/messages.ts';
import { MAX_COMMENT_DEPTH } from '../../common/schemas/comment.ts';
import type {
  CommentContainer,
  CreateCommentRequest,
  UpdateCommentRequest,
} from '../../common/schemas/comment.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import {
  accountOfParty,
  addToContainerCount,
  commentById,
  commentLinksOfContainer,
  commentsOfContainer,
  containerCount,
  deleteComments,
  hasReplies,
  insertComment,
  updateCommentRow,
  type CommentRecord,
} from '../db/comments.ts';
import { touchRecord } from '../db/content.ts';
import type { Database } from '../db/schema.ts';
import { partyNames } from '../db/parties.ts';
import type { Kysely } from 'kysely';
import { NotFoundError, ValidationError } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import {
  mayComment,
  mayDeleteComment,
  mayEditComment,
  maySetCommentHidden,
} from '../policies/comments.ts';
import type { CommentFacts } from '../policies/comments.ts';
import { presentCommentContainer, presentCommentTree } from '../presenters/comment.ts';
import { COMMENT_OWNERS } from './comment-owner-registry.ts';
import type { CommentOwner } from './comment-owners.ts';
import type { ServiceContext } from './context.ts';
import { publishAll } from '../realtime/bus.ts';
import { addCommentNotice, removeCommentNotices } from './unguarded/notices.ts';

// ---- The thread: a container and the post or event that owns it -------------------------

interface Thread {
  containerId: number;
  owner: CommentOwner;
}

/**
 * The container if it exists and the member may see its owner; otherwise a 404, never a 403,
 * exactly as for the post or event itself. The owner is found through the registry
 * (comment-owner-registry.ts), and seen by its own area's rule.
 */
async function loadThread(
  ctx: ServiceContext,
  actor: Member,
  containerId: number,
): Promise<Thread> {
  const found = await Promise.all(
    COMMENT_OWNERS.map((kind) => kind.ownerOfContainer(ctx, containerId)),
  );
  const owner = found.find((candidate) => candidate !== undefined);
  // No container, or one nobody owns (left over): nothing to show.
  if (!owner) throw new NotFoundError(NO_SUCH_COMMENTS);
  if (!(await owner.visibleTo(ctx, actor))) throw new NotFoundError(owner.hiddenMessage);
  return { containerId, owner };
}

// ---- Reading -----------------------------------------------------------------------------

/** The container with its whole tree: one query for the count, one for every comment. */
async function containerAnswer(
  ctx: ServiceContext,
  actor: Member,
  thread: Thread,
): Promise<{ comment_container: CommentContainer }> {
  const [container, rows] = await Promise.all([
    containerCount(ctx.db, thread.containerId),
    commentsOfContainer(ctx.db, thread.containerId),
  ]);
  if (!container) throw new NotFoundError(NO_SUCH_COMMENTS);
  const comments = presentCommentTree(rows, actor, Date.now());
  return {
    comment_container: presentCommentContainer(
      {
        id: container.id,
        comment_count: container.comment_count,
        allows_comments: thread.owner.allowsComments,
      },
      comments,
    ),
  };
}

/** GET /comment_containers/{id}.json (API-CMT-01): the nested comments (CMT-01). */
export async function getCommentContainer(
  ctx: ServiceContext,
  actor: Actor,
  containerId: number,
): Promise<{ comment_container: CommentContainer }> {
  const member = requireMember(actor);
  const thread = await loadThread(ctx, member, containerId);
  return containerAnswer(ctx, member, thread);
}

// ---- One comment -------------------------------------------------------------------------

/** The comment and its thread, if it exists and the member may see its post or event. */
async function loadComment(
  ctx: ServiceContext,
  actor: Member,
  id: number,
): Promise<{ comment: CommentRecord; thread: Thread }> {
  const comment = await commentById(ctx.db, id);
  if (!comment) throw new NotFoundError(NO_SUCH_COMMENT);
  const thread = await loadThread(ctx, actor, comment.comment_container_id);
  return { comment, thread };
}

function factsOf(comment: CommentRecord, replies: boolean): CommentFacts {
  return { partyId: comment.party_id, isHidden: comment.is_hidden === 1, hasReplies: replies };
}

// ---- Writing -----------------------------------------------------------------------------

async function nameOf(ctx: ServiceContext, partyId: number): Promise<string> {
  return displayName(await partyNames(ctx.db, partyId));
}

/**
 * The member behind a party, as the policies see them; undefined when the party has no account
 * (it can read nothing, so it is told nothing).
 */
async function memberOfParty(ctx: ServiceContext, partyId: number): Promise<Member | undefined> {
  const user = await accountOfParty(ctx.db, partyId);
  if (!user) return undefined;
  return { kind: 'member', userId: user.id, partyId, isAdmin: user.is_admin === 1 };
}

/**
 * Who is told about a new comment (§3 Notice), with the text: the parent comment's author for a
 * reply, else the post's or event's author; nobody for one's own comment, and nobody who may no
 * longer see the post or event.
 */
async function noticeFor(
  ctx: ServiceContext,
  actor: Member,
  thread: Thread,
  parent: CommentRecord | undefined,
): Promise<{ partyId: number; message: string } | undefined> {
  const { owner } = thread;
  const recipientId = parent ? parent.party_id : owner.authorId;
  if (recipientId === null || recipientId === actor.partyId) return undefined;
  // A notice must not tell someone about a thread they may no longer open (a reply to the
  // comment of a member who has since left the lodge of a lodge-only post).
  const recipient = await memberOfParty(ctx, recipientId);
  if (!recipient || !(await owner.visibleTo(ctx, recipient))) return undefined;
  const name = escapeHtml(await nameOf(ctx, actor.partyId));
  const title = owner.title === null || owner.title === '' ? null : escapeHtml(owner.title);
  const message = parent
    ? repliedToYourCommentNotice(name, title)
    : owner.commentedNotice(name, title);
  return { partyId: recipientId, message };
}

/**
 * How deep a comment sits (a top-level comment is 0), walking up its parents in the container's
 * rows; the walk stops at MAX_COMMENT_DEPTH, so a broken chain or a loop cannot run it away.
 */
function commentDepth(
  id: number,
  rows: readonly { id: number; parent_id: number | null }[],
): number {
  const parentOf = new Map(rows.map((row) => [row.id, row.parent_id]));
  let depth = 0;
  let up = parentOf.get(id) ?? null;
  while (up !== null && depth < MAX_COMMENT_DEPTH) {
    depth += 1;
    up = parentOf.get(up) ?? null;
  }
  return depth;
}

/**
 * Inside the transaction, after the container's row is taken (so no delete in this container
 * runs alongside): the parent is still there, and a reply under it would not nest deeper than
 * MAX_COMMENT_DEPTH allows. Both are a 422 on `parent_id`, never a foreign-key 500.
 */
async function assertParentTakesReply(
  trx: Kysely<Database>,
  containerId: number,
  parentId: number,
): Promise<void> {
  const rows = await commentLinksOfContainer(trx, containerId);
  if (!rows.some((row) => row.id === parentId)) {
    throw new ValidationError({ parent_id: [COMMENT_PARENT_NOT_HERE] });
  }
  if (commentDepth(parentId, rows) >= MAX_COMMENT_DEPTH - 1) {
    throw new ValidationError({ parent_id: [COMMENT_NESTED_TOO_DEEPLY] });
  }
}

/**
 * POST /comments (API-CMT-02): a top-level comment (CMT-03) or a reply (CMT-04) while the post
 * or event takes comments (AMB-34), no deeper than MAX_COMMENT_DEPTH. The comment, the
 * container's count and the notice to the post's author (or the parent comment's author) are
 * written together.
 */
export async function createComment(
  ctx: ServiceContext,
  actor: Actor,
  input: CreateCommentRequest['comment'],
): Promise<{ comment_container: CommentContainer }> {
  const member = requireMember(actor);
  const thread = await loadThread(ctx, member, input.comment_container_id);
  assertAllowed(mayComment(member, thread.owner), COMMENTS_CLOSED);
  const parentId = input.parent_id ?? null;
  let parent: CommentRecord | undefined;
  if (parentId !== null) {
    parent = await commentById(ctx.db, parentId);
    if (!parent || parent.comment_container_id !== thread.containerId) {
      throw new ValidationError({ parent_id: [COMMENT_PARENT_NOT_HERE] });
    }
  }
  const notice = await noticeFor(ctx, member, thread, parent);
  const body = input.comment.trim();

  const now = Date.now();
  const noticeEvent = await ctx.db.transaction().execute(async (trx) => {
    // First, so that every write to this container's comments queues on its row.
    await addToContainerCount(trx, thread.containerId, 1);
    if (parentId !== null) await assertParentTakesReply(trx, thread.containerId, parentId);
    const commentId = await insertComment(
      trx,
      { containerId: thread.containerId, parentId, partyId: member.partyId, body },
      now,
    );
    await touchRecord(trx, thread.owner.tables, thread.owner.id, now);
    if (!notice) return null;
    return addCommentNotice(trx, {
      ...notice,
      commentId,
      ownerType: thread.owner.type,
      ownerId: thread.owner.id,
      now,
    });
  });
  // The recipient's open streams send the new notices badge (D43).
  await publishAll(ctx.bus, [noticeEvent]);
  return containerAnswer(ctx, member, thread);
}

/** PUT /comments/{id} (API-CMT-03, CMT-05): admin or the author (PERM-10), never when hidden. */
export async function updateComment(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  input: UpdateCommentRequest['comment'],
): Promise<{ comment_container: CommentContainer }> {
  const member = requireMember(actor);
  const { comment, thread } = await loadComment(ctx, member, id);
  const facts = factsOf(comment, false);
  // Someone who may otherwise edit it is told why not: the comment is hidden (CMT-10).
  const hiddenOnly = facts.isHidden && maySetCommentHidden(member, facts);
  assertAllowed(
    mayEditComment(member, facts),
    hiddenOnly ? COMMENT_HIDDEN_NOT_EDITABLE : undefined,
  );
  if (input.comment_id !== undefined && input.comment_id !== id) {
    throw new ValidationError({ comment_id: [COMMENT_ID_MISMATCH] });
  }
  await updateCommentRow(ctx.db, id, { body: input.comment.trim(), updated_at: Date.now() });
  return containerAnswer(ctx, member, thread);
}

/**
 * PUT /comments/{id}/hide and /unhide (API-CMT-04, CMT-06): admin or the author (PERM-10).
 * Idempotent: hiding a hidden comment or unhiding a visible one answers the same container.
 */
export async function setCommentHidden(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  hidden: boolean,
): Promise<{ comment_container: CommentContainer }> {
  const member = requireMember(actor);
  const { comment, thread } = await loadComment(ctx, member, id);
  assertAllowed(maySetCommentHidden(member, factsOf(comment, false)));
  const flag = hidden ? 1 : 0;
  if (comment.is_hidden !== flag) {
    await updateCommentRow(ctx.db, id, { is_hidden: flag, updated_at: Date.now() });
  }
  return containerAnswer(ctx, member, thread);
}

/** The comment and every reply under it, at any depth. */
function subtreeOf(rootId: number, rows: readonly { id: number; parent_id: number | null }[]) {
  const childrenOf = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    const siblings = childrenOf.get(row.parent_id) ?? [];
    siblings.push(row.id);
    childrenOf.set(row.parent_id, siblings);
  }
  const ids: number[] = [];
  const queue = [rootId];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    ids.push(next);
    queue.push(...(childrenOf.get(next) ?? []));
  }
  return ids;
}

/**
 * DELETE /comments/{id} (API-CMT-05, CMT-07): admin, or the author while it has no replies
 * (PERM-11). An admin's delete takes the replies under it too; the container's count drops by
 * every comment removed, and their notices go with them.
 */
export async function deleteComment(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<{ comment_container: CommentContainer }> {
  const member = requireMember(actor);
  const { comment, thread } = await loadComment(ctx, member, id);
  const facts = factsOf(comment, await hasReplies(ctx.db, id));
  const authorWithReplies = facts.hasReplies && comment.party_id === member.partyId;
  assertAllowed(
    mayDeleteComment(member, facts),
    authorWithReplies ? COMMENT_WITH_REPLIES_NOT_DELETABLE : undefined,
  );

  const noticeEvent = await ctx.db.transaction().execute(async (trx) => {
    // Take the container's row first: no reply can land under the comment while it goes.
    await addToContainerCount(trx, thread.containerId, 0);
    const rows = await commentLinksOfContainer(trx, thread.containerId);
    if (!rows.some((row) => row.id === id)) throw new NotFoundError(NO_SUCH_COMMENT);
    const ids = subtreeOf(id, rows);
    // A reply written since the permission check turns the author's delete into a refusal.
    assertAllowed(
      mayDeleteComment(member, { ...facts, hasReplies: ids.length > 1 }),
      COMMENT_WITH_REPLIES_NOT_DELETABLE,
    );
    const removedNotices = await removeCommentNotices(trx, ids, Date.now());
    // Deepest first is not needed: the replies' foreign key cascades, and every id is listed.
    await deleteComments(trx, ids);
    await addToContainerCount(trx, thread.containerId, -ids.length);
    return removedNotices;
  });
  await publishAll(ctx.bus, [noticeEvent]);
  return containerAnswer(ctx, member, thread);
}
