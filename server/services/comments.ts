import type { Kysely } from 'kysely';
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
  commentedOnYourEventNotice,
  commentedOnYourPostNotice,
  repliedToYourCommentNotice,
} from '../../common/messages.ts';
import { MAX_COMMENT_DEPTH } from '../../common/schemas/comment.ts';
import type {
  CommentContainer,
  CreateCommentRequest,
  UpdateCommentRequest,
} from '../../common/schemas/comment.ts';
import { currentClubIdsOf } from '../db/memberships.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import type { Access, Database } from '../db/schema.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayViewCalendarEvent } from '../policies/calendar-events.ts';
import type { CalendarEventFacts } from '../policies/calendar-events.ts';
import {
  mayComment,
  mayDeleteComment,
  mayEditComment,
  maySetCommentHidden,
} from '../policies/comments.ts';
import type { CommentFacts } from '../policies/comments.ts';
import { presentCommentContainer, presentCommentTree } from '../presenters/comment.ts';
import type { ServiceContext } from './context.ts';
import { publishAll } from '../realtime/bus.ts';
import { addCommentNotice, removeCommentNotices } from './notices.ts';
import type { CommentOwnerType } from './notices.ts';
import { assertPostVisible } from './posts.ts';

// ---- The thread: a container and the post or event that owns it -------------------------

interface Thread {
  containerId: number;
  ownerType: CommentOwnerType;
  ownerId: number;
  /** Who gets the notice of a new top-level comment. */
  ownerAuthorId: number | null;
  /** The post's subject or the event's name, for notices; null for a member post. */
  title: string | null;
  allowsComments: boolean;
  /** The event's facts for mayViewCalendarEvent; null for a post. */
  event: CalendarEventFacts | null;
}

/**
 * The container if it exists and the member may see its owner; otherwise a 404, never a 403,
 * exactly as for the post or event itself. A post is checked by the posts service's own rule
 * (assertPostVisible: policies/posts.ts mayViewPost); an event by mayViewCalendarEvent.
 */
async function loadThread(
  ctx: ServiceContext,
  actor: Member,
  containerId: number,
): Promise<Thread> {
  const row = await ctx.db
    .selectFrom('comment_containers as cc')
    .leftJoin('posts as p', 'p.comment_container_id', 'cc.id')
    .leftJoin('calendar_events as e', 'e.comment_container_id', 'cc.id')
    .select([
      'cc.id',
      'p.id as post_id',
      'p.party_id as post_party_id',
      'p.subject as post_subject',
      'p.allows_comments as post_allows_comments',
      'e.id as event_id',
      'e.party_id as event_party_id',
      'e.club_id as event_club_id',
      'e.access as event_access',
      'e.name as event_name',
      'e.allows_comments as event_allows_comments',
    ])
    .where('cc.id', '=', containerId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(NO_SUCH_COMMENTS);

  if (row.post_id !== null) {
    // Throws the 404 when the member may not see the post.
    await assertPostVisible(ctx, actor, row.post_id);
    return {
      containerId: row.id,
      ownerType: 'Post',
      ownerId: row.post_id,
      ownerAuthorId: row.post_party_id,
      title: row.post_subject,
      allowsComments: row.post_allows_comments === 1,
      event: null,
    };
  }
  if (row.event_id !== null && row.event_club_id !== null && row.event_access !== null) {
    const event: CalendarEventFacts = {
      clubId: row.event_club_id,
      partyId: row.event_party_id,
      access: row.event_access satisfies Access,
    };
    if (!mayViewCalendarEvent(actor, event, await currentClubIdsOf(ctx.db, actor.partyId))) {
      throw new NotFoundError(NO_SUCH_COMMENTS);
    }
    return {
      containerId: row.id,
      ownerType: 'CalendarEvent',
      ownerId: row.event_id,
      ownerAuthorId: row.event_party_id,
      title: row.event_name,
      allowsComments: row.event_allows_comments === 1,
      event,
    };
  }
  // A container nobody owns (left over): nothing to show.
  throw new NotFoundError(NO_SUCH_COMMENTS);
}

// ---- Reading -----------------------------------------------------------------------------

function selectComments(db: Kysely<Database>, containerId: number) {
  return db
    .selectFrom('comments as c')
    .innerJoin('parties as a', 'a.id', 'c.party_id')
    .select([
      'c.id',
      'c.parent_id',
      'c.party_id',
      'c.body',
      'c.is_hidden',
      'c.created_at',
      'a.first_name as author_first_name',
      'a.middle_name as author_middle_name',
      'a.last_name as author_last_name',
      'a.suffix as author_suffix',
      'a.preferred_name as author_preferred_name',
      'a.avatar_medium_key as author_avatar_medium_key',
    ])
    .where('c.comment_container_id', '=', containerId)
    .orderBy('c.created_at')
    .orderBy('c.id');
}

/** The container with its whole tree: one query for the count, one for every comment. */
async function containerAnswer(
  ctx: ServiceContext,
  actor: Member,
  thread: Thread,
): Promise<{ comment_container: CommentContainer }> {
  const [container, rows] = await Promise.all([
    ctx.db
      .selectFrom('comment_containers')
      .select(['id', 'comment_count'])
      .where('id', '=', thread.containerId)
      .executeTakeFirst(),
    selectComments(ctx.db, thread.containerId).execute(),
  ]);
  if (!container) throw new NotFoundError(NO_SUCH_COMMENTS);
  const comments = presentCommentTree(rows, actor, Date.now());
  return {
    comment_container: presentCommentContainer(
      {
        id: container.id,
        comment_count: Number(container.comment_count),
        allows_comments: thread.allowsComments,
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

interface CommentRecord {
  id: number;
  comment_container_id: number;
  parent_id: number | null;
  party_id: number;
  is_hidden: number;
}

async function findComment(ctx: ServiceContext, id: number): Promise<CommentRecord | undefined> {
  return ctx.db
    .selectFrom('comments')
    .select(['id', 'comment_container_id', 'parent_id', 'party_id', 'is_hidden'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The comment and its thread, if it exists and the member may see its post or event. */
async function loadComment(
  ctx: ServiceContext,
  actor: Member,
  id: number,
): Promise<{ comment: CommentRecord; thread: Thread }> {
  const comment = await findComment(ctx, id);
  if (!comment) throw new NotFoundError(NO_SUCH_COMMENT);
  const thread = await loadThread(ctx, actor, comment.comment_container_id);
  return { comment, thread };
}

async function hasReplies(ctx: ServiceContext, id: number): Promise<boolean> {
  const reply = await ctx.db
    .selectFrom('comments')
    .select('id')
    .where('parent_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return reply !== undefined;
}

function factsOf(comment: CommentRecord, replies: boolean): CommentFacts {
  return { partyId: comment.party_id, isHidden: comment.is_hidden === 1, hasReplies: replies };
}

// ---- Writing -----------------------------------------------------------------------------

async function nameOf(ctx: ServiceContext, partyId: number): Promise<string> {
  const party = await ctx.db
    .selectFrom('parties')
    .select(['first_name', 'middle_name', 'last_name', 'suffix', 'preferred_name'])
    .where('id', '=', partyId)
    .executeTakeFirstOrThrow();
  return displayName(party);
}

/**
 * The member behind a party, as the policies see them; undefined when the party has no account
 * (it can read nothing, so it is told nothing).
 */
async function memberOfParty(ctx: ServiceContext, partyId: number): Promise<Member | undefined> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'is_admin'])
    .where('party_id', '=', partyId)
    .orderBy('id')
    .executeTakeFirst();
  if (!user) return undefined;
  return { kind: 'member', userId: user.id, partyId, isAdmin: user.is_admin === 1 };
}

/**
 * Whether this member may (still) see the thread's post or event, by the same rules as
 * loadThread: a notice must not tell someone about a thread they may no longer open (a reply
 * to the comment of a member who has since left the lodge of a lodge-only post).
 */
async function maySeeThread(ctx: ServiceContext, member: Member, thread: Thread): Promise<boolean> {
  if (thread.event !== null) {
    return mayViewCalendarEvent(
      member,
      thread.event,
      await currentClubIdsOf(ctx.db, member.partyId),
    );
  }
  try {
    await assertPostVisible(ctx, member, thread.ownerId);
    return true;
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
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
  const recipientId = parent ? parent.party_id : thread.ownerAuthorId;
  if (recipientId === null || recipientId === actor.partyId) return undefined;
  const recipient = await memberOfParty(ctx, recipientId);
  if (!recipient || !(await maySeeThread(ctx, recipient, thread))) return undefined;
  const name = escapeHtml(await nameOf(ctx, actor.partyId));
  const title = thread.title === null || thread.title === '' ? null : escapeHtml(thread.title);
  let message: string;
  if (parent) message = repliedToYourCommentNotice(name, title);
  else if (thread.ownerType === 'CalendarEvent') {
    message = commentedOnYourEventNotice(name, title ?? '');
  } else message = commentedOnYourPostNotice(name, title);
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
  const rows = await trx
    .selectFrom('comments')
    .select(['id', 'parent_id'])
    .where('comment_container_id', '=', containerId)
    .execute();
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
  assertAllowed(mayComment(member, thread), COMMENTS_CLOSED);
  const parentId = input.parent_id ?? null;
  let parent: CommentRecord | undefined;
  if (parentId !== null) {
    parent = await findComment(ctx, parentId);
    if (!parent || parent.comment_container_id !== thread.containerId) {
      throw new ValidationError({ parent_id: [COMMENT_PARENT_NOT_HERE] });
    }
  }
  const notice = await noticeFor(ctx, member, thread, parent);
  const body = input.comment.trim();

  const now = Date.now();
  const noticeEvent = await ctx.db.transaction().execute(async (trx) => {
    // First, so that every write to this container's comments queues on its row.
    await trx
      .updateTable('comment_containers')
      .set((eb) => ({ comment_count: eb('comment_count', '+', 1) }))
      .where('id', '=', thread.containerId)
      .execute();
    if (parentId !== null) await assertParentTakesReply(trx, thread.containerId, parentId);
    const comment = await trx
      .insertInto('comments')
      .values({
        comment_container_id: thread.containerId,
        parent_id: parentId,
        party_id: member.partyId,
        body,
        is_hidden: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const owner = thread.ownerType === 'Post' ? 'posts' : 'calendar_events';
    await trx
      .updateTable(owner)
      .set({ last_activity_at: now })
      .where('id', '=', thread.ownerId)
      .execute();
    if (!notice) return null;
    return addCommentNotice(trx, {
      ...notice,
      commentId: comment.id,
      ownerType: thread.ownerType,
      ownerId: thread.ownerId,
      now,
    });
  });
  // The recipient's open streams send the new notices badge (D43).
  publishAll(ctx.bus, [noticeEvent]);
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
  await ctx.db
    .updateTable('comments')
    .set({ body: input.comment.trim(), updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
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
    await ctx.db
      .updateTable('comments')
      .set({ is_hidden: flag, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
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
  const facts = factsOf(comment, await hasReplies(ctx, id));
  const authorWithReplies = facts.hasReplies && comment.party_id === member.partyId;
  assertAllowed(
    mayDeleteComment(member, facts),
    authorWithReplies ? COMMENT_WITH_REPLIES_NOT_DELETABLE : undefined,
  );

  const noticeEvent = await ctx.db.transaction().execute(async (trx) => {
    // Take the container's row first: no reply can land under the comment while it goes.
    await trx
      .updateTable('comment_containers')
      .set((eb) => ({ comment_count: eb.ref('comment_count') }))
      .where('id', '=', thread.containerId)
      .execute();
    const rows = await trx
      .selectFrom('comments')
      .select(['id', 'parent_id'])
      .where('comment_container_id', '=', thread.containerId)
      .execute();
    if (!rows.some((row) => row.id === id)) throw new NotFoundError(NO_SUCH_COMMENT);
    const ids = subtreeOf(id, rows);
    // A reply written since the permission check turns the author's delete into a refusal.
    assertAllowed(
      mayDeleteComment(member, { ...facts, hasReplies: ids.length > 1 }),
      COMMENT_WITH_REPLIES_NOT_DELETABLE,
    );
    const removedNotices = await removeCommentNotices(trx, ids, Date.now());
    // Deepest first is not needed: the replies' foreign key cascades, and every id is listed.
    await trx.deleteFrom('comments').where('id', 'in', ids).execute();
    await trx
      .updateTable('comment_containers')
      .set((eb) => ({ comment_count: eb('comment_count', '-', ids.length) }))
      .where('id', '=', thread.containerId)
      .execute();
    return removedNotices;
  });
  publishAll(ctx.bus, [noticeEvent]);
  return containerAnswer(ctx, member, thread);
}
