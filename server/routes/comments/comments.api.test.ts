import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_HIDDEN_NOT_EDITABLE,
  COMMENT_NESTED_TOO_DEEPLY,
  COMMENT_PARENT_NOT_HERE,
  COMMENT_WITH_REPLIES_NOT_DELETABLE,
  COMMENTS_CLOSED,
} from '../../../common/messages.ts';
import {
  COMMENT_MAX_LENGTH,
  MAX_COMMENT_DEPTH,
  type Comment,
  type CommentContainer,
  type CommentContainerAnswer,
} from '../../../common/schemas/comment.ts';
import type { PostAnswer } from '../../../common/schemas/post.ts';
import type { Access } from '../../db/schema.ts';
import { DEMO_CLUBS, MEMBER2 } from '../../db/seed/personas.ts';
import { mediaPath } from '../../storage/storage.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { ApiResponse, TestServer } from '../../test/api-harness.ts';
import {
  clubIdOf,
  unseenNoticesOf,
  seedDemoData,
  signInPersonas,
} from '../../test/member-client.ts';
import { testEngine } from '../../test/test-database.ts';
import type { MemberClient } from '../../test/member-client.ts';

interface Problem {
  status: number;
  type: string;
  errors?: Record<string, string[]>;
}

const SEED_NOW = Date.UTC(2026, 10, 22, 12);

let server: TestServer;
let m: MemberClient;
let m2: MemberClient;
let w: MemberClient;
let a: MemberClient;
const party: Record<'M' | 'M2' | 'W' | 'A', number> = { M: 0, M2: 0, W: 0, A: 0 };
let l2 = 0;

function db() {
  return server.database.handle.db;
}

/** A lodge post by W in L2; its container id and post id. */
async function lodgePost(
  access: 'PUBLIC' | 'MEMBER' | 'CLUB',
  subject: string,
  allowsComments = true,
): Promise<{ postId: number; containerId: number }> {
  const response = await w.request<PostAnswer>('POST', '/posts', {
    body: {
      post: {
        post_as: l2,
        access,
        subject,
        new_body: `<p>${subject}</p>`,
        allows_comments: allowsComments,
        photos_attributes: [],
      },
    },
  });
  if (response.status !== 200) throw new Error(`post failed: ${response.text}`);
  const { post } = response.body.data;
  return { postId: post.id, containerId: post.comment_container.id };
}

/** A calendar event of L2 by W, written straight into the database (no events API yet). */
async function lodgeEvent(
  access: Access,
  name: string,
): Promise<{ eventId: number; containerId: number }> {
  const description = await db()
    .insertInto('calendar_event_descriptions')
    .values({ body: `<p>${name}</p>` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const container = await db()
    .insertInto('comment_containers')
    .values({ comment_count: 0, created_at: SEED_NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await db()
    .insertInto('calendar_events')
    .values({
      club_id: l2,
      party_id: party.W,
      name,
      location: null,
      calendar_event_description_id: description.id,
      access,
      comment_container_id: container.id,
      start_at: SEED_NOW + 7 * 24 * 3600 * 1000,
      end_at: null,
      time_zone_id: 1,
      local_start_date: '2026-11-29',
      created_at: 0,
      updated_at: 0,
      last_activity_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { eventId: event.id, containerId: container.id };
}

function post(
  client: MemberClient,
  containerId: number,
  comment: string,
  parentId: number | null = null,
): Promise<ApiResponse<CommentContainerAnswer & Problem>> {
  return client.request('POST', '/comments', {
    body: { comment: { comment_container_id: containerId, parent_id: parentId, comment } },
  });
}

/** Posts a comment and answers the new comment's id (the highest id in the answer). */
async function add(
  client: MemberClient,
  containerId: number,
  text: string,
  parentId: number | null = null,
): Promise<number> {
  const response = await post(client, containerId, text, parentId);
  if (response.status !== 200) throw new Error(`comment failed: ${response.text}`);
  return Math.max(...flatten(response.body.data.comment_container.comments).map((c) => c.id));
}

function load(client: MemberClient, containerId: number) {
  return client.request<CommentContainerAnswer & Problem>(
    'GET',
    `/comment_containers/${containerId}.json`,
  );
}

async function containerOf(client: MemberClient, containerId: number): Promise<CommentContainer> {
  const response = await load(client, containerId);
  expect(response.status).toBe(200);
  return response.body.data.comment_container;
}

function flatten(comments: readonly Comment[]): Comment[] {
  return comments.flatMap((comment) => [comment, ...flatten(comment.children)]);
}

function find(container: CommentContainer, id: number): Comment {
  const found = flatten(container.comments).find((comment) => comment.id === id);
  if (!found) throw new Error(`comment ${id} not in the answer`);
  return found;
}

/** comment_count is true: the stored count, the answer's count and the rows all agree. */
async function expectCountTrue(containerId: number, answered?: number): Promise<number> {
  const [stored, rows] = await Promise.all([
    db()
      .selectFrom('comment_containers')
      .select('comment_count')
      .where('id', '=', containerId)
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('comment_container_id', '=', containerId)
      .executeTakeFirstOrThrow(),
  ]);
  expect(Number(stored.comment_count)).toBe(Number(rows.n));
  if (answered !== undefined) expect(answered).toBe(Number(rows.n));
  return Number(rows.n);
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  const personas = await signInPersonas(server);
  ({
    M: { client: m },
    M2: { client: m2 },
    W: { client: w },
    A: { client: a },
  } = personas);
  for (const key of ['M', 'M2', 'W', 'A'] as const) party[key] = personas[key].partyId;
  l2 = await clubIdOf(server, DEMO_CLUBS.L2);
});

afterAll(async () => {
  await server.close();
});

describe('signing in', () => {
  it('refuses unsigned calls with 401', async () => {
    const { containerId } = await lodgePost('PUBLIC', 'Unsigned');
    const get = await server.request('GET', `/comment_containers/${containerId}.json`);
    expect(get.status).toBe(401);
    const create = await server.request('POST', '/comments', {
      body: { comment: { comment_container_id: containerId, parent_id: null, comment: 'Hi' } },
    });
    expect(create.status).toBe(401);
    const unsigned = await m.request('GET', `/comment_containers/${containerId}.json`, {
      unsigned: true,
    });
    expect(unsigned.status).toBe(401);
    await expectCountTrue(containerId, 0);
  });
});

describe('the tree (CMT-01, CMT-03, CMT-04, API-CMT-01)', () => {
  let containerId = 0;
  let postId = 0;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ containerId, postId } = await lodgePost('PUBLIC', 'Tree'));
    ids.first = await add(m, containerId, 'First');
    ids.reply1 = await add(m2, containerId, 'Reply one', ids.first);
    ids.deep = await add(m, containerId, 'Reply to the reply', ids.reply1);
    ids.deeper = await add(a, containerId, 'Deeper still', ids.deep);
    ids.second = await add(m2, containerId, 'Second');
    ids.reply2 = await add(w, containerId, 'Reply two', ids.first);
  });

  it('nests replies under their parents to any depth, oldest first', async () => {
    const container = await containerOf(m, containerId);
    expect(container.id).toBe(containerId);
    expect(container.allows_comments).toBe(true);
    expect(container.comments.map((c) => c.id)).toEqual([ids.first, ids.second]);
    const [first] = container.comments;
    expect(first?.children.map((c) => c.id)).toEqual([ids.reply1, ids.reply2]);
    expect(first?.children[0]?.children.map((c) => c.id)).toEqual([ids.deep]);
    expect(first?.children[0]?.children[0]?.children.map((c) => c.id)).toEqual([ids.deeper]);
    expect(first?.children[0]?.children[0]?.children[0]?.children).toEqual([]);
    await expectCountTrue(containerId, container.comment_count);
    expect(container.comment_count).toBe(6);
  });

  it('answers each comment in the contract shape, with the author and elapsed time', async () => {
    const container = await containerOf(m, containerId);
    const first = find(container, ids.first ?? 0);
    expect(first).toMatchObject({
      comment: 'First',
      party_id: party.M,
      party_name: 'Daniel Thomas Whitfield',
      is_hidden: 0,
    });
    expect(first.elapsed_time).toMatch(/ago$/);
    expect(Math.abs(first.created_at - Date.now())).toBeLessThan(60_000);
    // Preferred name wins (display-name.ts).
    expect(find(container, ids.reply1 ?? 0).party_name).toBe('Bill Harper');
  });

  it('carries the author as a post does, names and avatar, for the same avatar (issue 8 §5)', async () => {
    const container = await containerOf(m, containerId);
    expect(find(container, ids.first ?? 0).party).toEqual({
      id: party.M,
      first_name: 'Daniel',
      middle_name: 'Thomas',
      last_name: 'Whitfield',
      suffix: null,
      preferred_name: null,
      display_name: 'Daniel Thomas Whitfield',
      avatar: null,
    });
    // M2 has a picture in the demo data; the URL is the one the post list gives for it.
    const reply = find(container, ids.reply1 ?? 0);
    expect(reply.party).toMatchObject({ id: party.M2, display_name: 'Bill Harper' });
    const stored = await db()
      .selectFrom('parties')
      .select('avatar_medium_key')
      .where('id', '=', party.M2)
      .executeTakeFirstOrThrow();
    expect(stored.avatar_medium_key).not.toBeNull();
    expect(reply.party.avatar?.medium_url).toBe(mediaPath(stored.avatar_medium_key ?? ''));
  });

  it('writes an older comment as "N days ago" (AMB-30)', async () => {
    const id = await add(m, containerId, 'Backdated');
    await db()
      .updateTable('comments')
      .set({ created_at: Date.now() - 2 * 24 * 3600 * 1000 })
      .where('id', '=', id)
      .execute();
    const container = await containerOf(m, containerId);
    expect(find(container, id).elapsed_time).toBe('2 days ago');
    // Now the oldest top-level comment, it comes first.
    expect(container.comments[0]?.id).toBe(id);
    const answer = await m.request<CommentContainerAnswer>('DELETE', `/comments/${id}`);
    expect(answer.status).toBe(200);
  });

  it('the post detail reads the container count', async () => {
    const response = await m.request<PostAnswer>('GET', `/posts/${postId}.json`);
    expect(response.body.data.post.comment_container).toEqual({
      id: containerId,
      comment_count: 6,
    });
  });

  it('says what each member may do (PERM-10, PERM-11)', async () => {
    const asM = await containerOf(m, containerId);
    // M's comment with replies: edit and hide, no delete.
    expect(find(asM, ids.first ?? 0)).toMatchObject({
      can_edit: true,
      can_hide: true,
      can_delete: false,
    });
    // M's leaf comment... `deep` has a reply, `deeper` is A's.
    expect(find(asM, ids.deep ?? 0)).toMatchObject({ can_delete: false });
    expect(find(asM, ids.deeper ?? 0)).toMatchObject({
      can_edit: false,
      can_hide: false,
      can_delete: false,
    });
    expect(find(asM, ids.second ?? 0)).toMatchObject({
      can_edit: false,
      can_hide: false,
      can_delete: false,
    });
    const asM2 = await containerOf(m2, containerId);
    expect(find(asM2, ids.second ?? 0)).toMatchObject({
      can_edit: true,
      can_hide: true,
      can_delete: true,
    });
    const asA = await containerOf(a, containerId);
    for (const comment of flatten(asA.comments)) {
      expect(comment).toMatchObject({
        can_edit: true,
        can_hide: true,
        can_unhide: false,
        can_delete: true,
      });
    }
  });

  it('sends the same answers as `abilities` beside the can_* fields, to M, M2, W and A (D58)', async () => {
    for (const client of [m, m2, w, a]) {
      const container = await containerOf(client, containerId);
      const comments = flatten(container.comments);
      expect(comments.length).toBe(6);
      for (const comment of comments) {
        expect(comment.abilities).toEqual({
          edit: comment.can_edit,
          hide: comment.can_hide,
          unhide: comment.can_unhide,
          delete: comment.can_delete,
        });
      }
    }
    const asM = await containerOf(m, containerId);
    expect(find(asM, ids.first ?? 0).abilities).toEqual({
      edit: true,
      hide: true,
      unhide: false,
      delete: false,
    });
    const asW = await containerOf(w, containerId);
    expect(find(asW, ids.reply2 ?? 0).abilities).toEqual({
      edit: true,
      hide: true,
      unhide: false,
      delete: true,
    });
    expect(find(asW, ids.first ?? 0).abilities).toEqual({
      edit: false,
      hide: false,
      unhide: false,
      delete: false,
    });
  });
});

describe('validation (VAL-11, ERR-28)', () => {
  let containerId = 0;
  let otherContainerId = 0;

  beforeAll(async () => {
    ({ containerId } = await lodgePost('PUBLIC', 'Validation'));
    ({ containerId: otherContainerId } = await lodgePost('PUBLIC', 'Elsewhere'));
  });

  it('a blank comment is a 422 on comment', async () => {
    for (const text of ['', '   ']) {
      const response = await post(m, containerId, text);
      expect(response.status).toBe(422);
      expect(response.body.type).toMatch(/unprocessable-entity-error$/);
      expect(response.body.errors?.comment).toEqual(["can't be blank"]);
    }
    await expectCountTrue(containerId, 0);
  });

  it('a comment over the limit is a 422 on comment', async () => {
    const response = await post(m, containerId, 'x'.repeat(COMMENT_MAX_LENGTH + 1));
    expect(response.status).toBe(422);
    expect(response.body.errors?.comment?.[0]).toMatch(/^is too long/);
    const longest = await post(m, containerId, 'x'.repeat(COMMENT_MAX_LENGTH));
    expect(longest.status).toBe(200);
    await expectCountTrue(containerId, 1);
  });

  it('a parent from another container, or none at all, is a 422 on parent_id', async () => {
    const elsewhere = await add(m, otherContainerId, 'Over there');
    const response = await post(m, containerId, 'Reply', elsewhere);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ parent_id: [COMMENT_PARENT_NOT_HERE] });
    const missing = await post(m, containerId, 'Reply', 999_999_999);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ parent_id: [COMMENT_PARENT_NOT_HERE] });
    await expectCountTrue(containerId, 1);
    await expectCountTrue(otherContainerId, 1);
  });

  it('an edit is checked the same way, and comment_id must be the edited comment', async () => {
    const id = await add(m, containerId, 'To edit');
    const blank = await m.request<Problem>('PUT', `/comments/${id}`, {
      body: { comment: { comment_id: id, comment: ' ' } },
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors?.comment).toEqual(["can't be blank"]);
    const tooLong = await m.request<Problem>('PUT', `/comments/${id}`, {
      body: { comment: { comment_id: id, comment: 'y'.repeat(COMMENT_MAX_LENGTH + 1) } },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors?.comment?.[0]).toMatch(/^is too long/);
    const mismatch = await m.request<Problem>('PUT', `/comments/${id}`, {
      body: { comment: { comment_id: id + 1, comment: 'Edited' } },
    });
    expect(mismatch.status).toBe(422);
    expect(Object.keys(mismatch.body.errors ?? {})).toEqual(['comment_id']);
  });

  it('unknown containers and comments are 404', async () => {
    expect((await load(m, 999_999_999)).status).toBe(404);
    expect((await post(m, 999_999_999, 'Hello')).status).toBe(404);
    const edit = await m.request('PUT', '/comments/999999999', {
      body: { comment: { comment: 'x' } },
    });
    expect(edit.status).toBe(404);
    expect((await m.request('PUT', '/comments/999999999/hide')).status).toBe(404);
    expect((await m.request('DELETE', '/comments/999999999')).status).toBe(404);
  });
});

describe('edit (CMT-05, PERM-10)', () => {
  let containerId = 0;
  let mine = 0;

  beforeAll(async () => {
    ({ containerId } = await lodgePost('PUBLIC', 'Edits'));
    mine = await add(m, containerId, 'Original');
  });

  it('the author edits, and the answer holds the new text', async () => {
    const response = await m.request<CommentContainerAnswer>('PUT', `/comments/${mine}`, {
      body: { comment: { comment_id: mine, comment: '  Edited by M  ' } },
    });
    expect(response.status).toBe(200);
    expect(find(response.body.data.comment_container, mine).comment).toBe('Edited by M');
    await expectCountTrue(containerId, response.body.data.comment_container.comment_count);
  });

  it('another member gets 403 with an errors body', async () => {
    for (const client of [m2, w]) {
      const response = await client.request<Problem>('PUT', `/comments/${mine}`, {
        body: { comment: { comment_id: mine, comment: 'Not yours' } },
      });
      expect(response.status).toBe(403);
      expect(response.body.errors?.base?.length).toBe(1);
    }
    expect(find(await containerOf(m, containerId), mine).comment).toBe('Edited by M');
  });

  it('an admin may edit anyone', async () => {
    const response = await a.request<CommentContainerAnswer>('PUT', `/comments/${mine}`, {
      body: { comment: { comment: 'Edited by A' } },
    });
    expect(response.status).toBe(200);
    expect(find(response.body.data.comment_container, mine).comment).toBe('Edited by A');
  });
});

describe('hide and unhide (CMT-06, CMT-09, CMT-10, PERM-10)', () => {
  let containerId = 0;
  let mine = 0;

  beforeAll(async () => {
    ({ containerId } = await lodgePost('PUBLIC', 'Hiding'));
    mine = await add(m, containerId, 'Something regrettable');
  });

  it('another member may neither hide nor unhide it', async () => {
    const response = await m2.request<Problem>('PUT', `/comments/${mine}/hide`);
    expect(response.status).toBe(403);
    expect(response.body.errors?.base?.length).toBe(1);
  });

  it('the author hides it; then it cannot be edited or hidden again in the UI', async () => {
    const response = await m.request<CommentContainerAnswer>('PUT', `/comments/${mine}/hide`);
    expect(response.status).toBe(200);
    expect(find(response.body.data.comment_container, mine)).toMatchObject({
      is_hidden: 1,
      comment: 'Something regrettable',
      can_edit: false,
      can_hide: false,
      can_unhide: true,
      can_delete: true,
    });
    await expectCountTrue(containerId, response.body.data.comment_container.comment_count);
  });

  it('others get the hidden comment without its words', async () => {
    const comment = find(await containerOf(m2, containerId), mine);
    expect(comment).toMatchObject({
      is_hidden: 1,
      comment: '',
      can_edit: false,
      can_hide: false,
      can_unhide: false,
    });
    expect(find(await containerOf(a, containerId), mine)).toMatchObject({
      comment: 'Something regrettable',
      can_unhide: true,
    });
  });

  it('hiding a hidden comment changes nothing (idempotent)', async () => {
    const response = await m.request<CommentContainerAnswer>('PUT', `/comments/${mine}/hide`);
    expect(response.status).toBe(200);
    expect(find(response.body.data.comment_container, mine).is_hidden).toBe(1);
  });

  it('a hidden comment cannot be edited: 403, even by its author or an admin', async () => {
    for (const client of [m, a]) {
      const response = await client.request<Problem>('PUT', `/comments/${mine}`, {
        body: { comment: { comment: 'Sneaky edit' } },
      });
      expect(response.status).toBe(403);
      expect(response.body.errors?.base).toEqual([COMMENT_HIDDEN_NOT_EDITABLE]);
    }
  });

  it('another member may not unhide; an admin may; unhiding twice changes nothing', async () => {
    expect((await m2.request('PUT', `/comments/${mine}/unhide`)).status).toBe(403);
    const response = await a.request<CommentContainerAnswer>('PUT', `/comments/${mine}/unhide`);
    expect(response.status).toBe(200);
    expect(find(response.body.data.comment_container, mine)).toMatchObject({
      is_hidden: 0,
      can_edit: true,
    });
    const again = await m.request<CommentContainerAnswer>('PUT', `/comments/${mine}/unhide`);
    expect(again.status).toBe(200);
    expect(find(again.body.data.comment_container, mine)).toMatchObject({
      is_hidden: 0,
      can_edit: true,
      can_hide: true,
      can_unhide: false,
    });
  });

  it('an admin may hide anyone and the author may unhide it', async () => {
    expect((await a.request('PUT', `/comments/${mine}/hide`)).status).toBe(200);
    const response = await m.request<CommentContainerAnswer>('PUT', `/comments/${mine}/unhide`);
    expect(response.status).toBe(200);
    expect(find(response.body.data.comment_container, mine).is_hidden).toBe(0);
  });
});

describe('delete (CMT-07, PERM-11)', () => {
  let containerId = 0;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ containerId } = await lodgePost('PUBLIC', 'Deleting'));
    ids.parent = await add(m, containerId, 'Parent');
    ids.child = await add(m2, containerId, 'Child', ids.parent);
    ids.grandchild = await add(m, containerId, 'Grandchild', ids.child);
    ids.leaf = await add(m, containerId, 'Leaf');
    ids.other = await add(m2, containerId, 'Other');
  });

  it('another member gets 403', async () => {
    const response = await m2.request<Problem>('DELETE', `/comments/${ids.leaf}`);
    expect(response.status).toBe(403);
    expect(response.body.errors?.base?.length).toBe(1);
    await expectCountTrue(containerId, 5);
  });

  it('the author deletes a comment without replies', async () => {
    const response = await m.request<CommentContainerAnswer>('DELETE', `/comments/${ids.leaf}`);
    expect(response.status).toBe(200);
    const container = response.body.data.comment_container;
    expect(flatten(container.comments).map((c) => c.id)).not.toContain(ids.leaf);
    expect(container.comment_count).toBe(4);
    await expectCountTrue(containerId, container.comment_count);
  });

  it('the author may not delete a comment with replies', async () => {
    const response = await m.request<Problem>('DELETE', `/comments/${ids.parent}`);
    expect(response.status).toBe(403);
    expect(response.body.errors?.base).toEqual([COMMENT_WITH_REPLIES_NOT_DELETABLE]);
    await expectCountTrue(containerId, 4);
  });

  it('an admin deletes a comment with its whole subtree and its notices', async () => {
    const noticesBefore = await db()
      .selectFrom('notices')
      .select('id')
      .where('noticeable_type', '=', 'Comment')
      .where('noticeable_id', 'in', [ids.child ?? 0, ids.grandchild ?? 0])
      .execute();
    expect(noticesBefore.length).toBe(2);
    const response = await a.request<CommentContainerAnswer>('DELETE', `/comments/${ids.parent}`);
    expect(response.status).toBe(200);
    const container = response.body.data.comment_container;
    expect(flatten(container.comments).map((c) => c.id)).toEqual([ids.other]);
    expect(container.comment_count).toBe(1);
    await expectCountTrue(containerId, 1);
    const noticesAfter = await db()
      .selectFrom('notices')
      .select('id')
      .where('noticeable_type', '=', 'Comment')
      .where('noticeable_id', 'in', [ids.parent ?? 0, ids.child ?? 0, ids.grandchild ?? 0])
      .execute();
    expect(noticesAfter).toEqual([]);
  });

  it('a deleted comment is gone: 404', async () => {
    expect((await a.request('DELETE', `/comments/${ids.child}`)).status).toBe(404);
  });
});

describe('who may comment where (AMB-34, AMB-16)', () => {
  it('refuses new comments and replies with 403 while comments are off, still shows old ones', async () => {
    const { containerId, postId } = await lodgePost('PUBLIC', 'Closing');
    const early = await add(m, containerId, 'Before closing');
    await db().updateTable('posts').set({ allows_comments: 0 }).where('id', '=', postId).execute();
    for (const parentId of [null, early]) {
      const response = await post(m2, containerId, 'Too late', parentId);
      expect(response.status).toBe(403);
      expect(response.body.errors?.base).toEqual([COMMENTS_CLOSED]);
    }
    const container = await containerOf(m2, containerId);
    expect(container.allows_comments).toBe(false);
    expect(container.comments.map((c) => c.id)).toEqual([early]);
    await expectCountTrue(containerId, 1);
  });

  it('a post made with comments off refuses them from the start', async () => {
    const { containerId } = await lodgePost('PUBLIC', 'Closed', false);
    expect((await post(a, containerId, 'Admin too')).status).toBe(403);
    expect((await containerOf(m, containerId)).allows_comments).toBe(false);
  });

  it('the comments of a post the member may not see are 404 (AMB-16)', async () => {
    // L2's lodge-only post: W and admins see it; M (of L1) does not.
    const { containerId } = await lodgePost('CLUB', 'Lodge only');
    const ws = await add(w, containerId, 'Lodge business');
    expect((await load(m, containerId)).status).toBe(404);
    expect((await post(m, containerId, 'Peeking')).status).toBe(404);
    expect((await post(m, containerId, 'Peeking', ws)).status).toBe(404);
    expect(
      (
        await m.request('PUT', `/comments/${ws}`, {
          body: { comment: { comment: 'x' } },
        })
      ).status,
    ).toBe(404);
    expect((await m.request('PUT', `/comments/${ws}/hide`)).status).toBe(404);
    expect((await m.request('DELETE', `/comments/${ws}`)).status).toBe(404);
    expect((await load(a, containerId)).status).toBe(200);
    await expectCountTrue(containerId, 1);
  });
});

describe('calendar event comments (CAL-20)', () => {
  it('follow the event access: lodge-only events only for the lodge and admins', async () => {
    const { containerId } = await lodgeEvent('CLUB', 'Lodge degree night');
    expect((await load(m, containerId)).status).toBe(404);
    expect((await post(m, containerId, 'Hello')).status).toBe(404);
    expect((await load(w, containerId)).status).toBe(200);
    expect((await load(a, containerId)).status).toBe(200);
    expect((await post(a, containerId, 'Admin note')).status).toBe(200);
    await expectCountTrue(containerId, 1);
  });

  it('member events take any member’s comment, and tell the event’s author', async () => {
    const { containerId, eventId } = await lodgeEvent('MEMBER', 'Open <house>');
    const before = await unseenNoticesOf(w);
    const started = Date.now();
    const id = await add(m, containerId, 'See you there');
    expect(await unseenNoticesOf(w)).toBe(before + 1);
    const notice = await db()
      .selectFrom('notices')
      .selectAll()
      .where('noticeable_type', '=', 'Comment')
      .where('noticeable_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({
      party_id: party.W,
      parent_noticeable_type: 'CalendarEvent',
      parent_noticeable_id: eventId,
      is_read: 0,
      message: '<b>Daniel Thomas Whitfield</b> commented on your event <i>Open &lt;house&gt;</i>',
    });
    const event = await db()
      .selectFrom('calendar_events')
      .select('last_activity_at')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(Number(event.last_activity_at)).toBeGreaterThanOrEqual(started);
  });
});

describe('notices (§3 Notice, NOTE-10)', () => {
  let containerId = 0;
  let postId = 0;

  beforeAll(async () => {
    ({ containerId, postId } = await lodgePost('PUBLIC', 'Banquet & <dinner>'));
  });

  it("a top-level comment tells the post's author, and the badge counts it", async () => {
    const before = await unseenNoticesOf(w);
    const id = await add(m, containerId, 'Count me in');
    expect(await unseenNoticesOf(w)).toBe(before + 1);
    const notice = await db()
      .selectFrom('notices')
      .selectAll()
      .where('noticeable_type', '=', 'Comment')
      .where('noticeable_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({
      party_id: party.W,
      parent_noticeable_type: 'Post',
      parent_noticeable_id: postId,
      is_read: 0,
      message:
        '<b>Daniel Thomas Whitfield</b> commented on your post <i>Banquet &amp; &lt;dinner&gt;</i>',
    });
  });

  it("the author's own comment tells nobody", async () => {
    const before = await unseenNoticesOf(w);
    const id = await add(w, containerId, 'Thanks all');
    expect(await unseenNoticesOf(w)).toBe(before);
    const notices = await db()
      .selectFrom('notices')
      .select('id')
      .where('noticeable_type', '=', 'Comment')
      .where('noticeable_id', '=', id)
      .execute();
    expect(notices).toEqual([]);
  });

  it("a reply tells the parent comment's author (escaped), not the post's author", async () => {
    const parent = await add(m, containerId, 'Who else is coming?');
    await db()
      .updateTable('parties')
      .set({ preferred_name: 'Bill <Harper> & Sons' })
      .where('id', '=', party.M2)
      .execute();
    try {
      const [mBefore, wBefore] = [await unseenNoticesOf(m), await unseenNoticesOf(w)];
      const reply = await add(m2, containerId, 'Me!', parent);
      expect(await unseenNoticesOf(m)).toBe(mBefore + 1);
      expect(await unseenNoticesOf(w)).toBe(wBefore);
      const notice = await db()
        .selectFrom('notices')
        .selectAll()
        .where('noticeable_type', '=', 'Comment')
        .where('noticeable_id', '=', reply)
        .executeTakeFirstOrThrow();
      expect(notice).toMatchObject({
        party_id: party.M,
        parent_noticeable_type: 'Post',
        parent_noticeable_id: postId,
        message:
          '<b>Bill &lt;Harper&gt; &amp; Sons</b> replied to your comment on ' +
          '<i>Banquet &amp; &lt;dinner&gt;</i>',
      });
      // Replying to oneself tells nobody.
      const mAfter = await unseenNoticesOf(m);
      await add(m, containerId, 'Answering myself', parent);
      expect(await unseenNoticesOf(m)).toBe(mAfter);
    } finally {
      await db()
        .updateTable('parties')
        .set({ preferred_name: MEMBER2.preferredName })
        .where('id', '=', party.M2)
        .execute();
    }
  });
});

describe('nesting depth (MAX_COMMENT_DEPTH)', () => {
  it('refuses a reply under a comment at the deepest level with a 422 on parent_id', async () => {
    const { containerId } = await lodgePost('PUBLIC', 'Deep thread');
    // A chain written straight into the database: chain[d] sits at depth d.
    const chain: number[] = [];
    const since = Date.now() - 60_000;
    for (let depth = 0; depth < MAX_COMMENT_DEPTH; depth += 1) {
      const row = await db()
        .insertInto('comments')
        .values({
          comment_container_id: containerId,
          parent_id: chain[depth - 1] ?? null,
          party_id: party.M,
          body: `Level ${depth}`,
          is_hidden: 0,
          created_at: since + depth,
          updated_at: since + depth,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      chain.push(row.id);
    }
    await db()
      .updateTable('comment_containers')
      .set({ comment_count: chain.length })
      .where('id', '=', containerId)
      .execute();

    const tooDeep = await post(m2, containerId, 'Too deep', chain[MAX_COMMENT_DEPTH - 1]);
    expect(tooDeep.status).toBe(422);
    expect(tooDeep.body.errors).toEqual({ parent_id: [COMMENT_NESTED_TOO_DEEPLY] });
    await expectCountTrue(containerId, MAX_COMMENT_DEPTH);

    const deepest = await post(m2, containerId, 'Just fits', chain[MAX_COMMENT_DEPTH - 2]);
    expect(deepest.status).toBe(200);
    const container = deepest.body.data.comment_container;
    expect(container.comment_count).toBe(MAX_COMMENT_DEPTH + 1);
    let level = container.comments[0];
    for (let depth = 1; depth < MAX_COMMENT_DEPTH; depth += 1) level = level?.children.at(-1);
    expect(level?.comment).toBe('Just fits');
    await expectCountTrue(containerId, MAX_COMMENT_DEPTH + 1);
  });

  // Only PostgreSQL lets a test hold the container's row while the server's request waits;
  // SQLite serialises writers, so the race cannot happen there and the test exists only here.
  if (testEngine() === 'postgres') {
    it('a parent deleted while the reply waits for the container is a 422, not a 500', async () => {
      const { containerId } = await lodgePost('PUBLIC', 'Vanishing parent');
      const parent = await add(m, containerId, 'Soon gone');
      let reply: Promise<ApiResponse<CommentContainerAnswer & Problem>> | undefined;
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('comment_containers')
            .set((eb) => ({ comment_count: eb('comment_count', '-', 1) }))
            .where('id', '=', containerId)
            .execute();
          await trx.deleteFrom('comments').where('id', '=', parent).execute();
          // The reply checks its parent (still there for it), then queues on the container row.
          reply = post(m2, containerId, 'Too late', parent);
          const deadline = Date.now() + 10_000;
          for (;;) {
            const waiting = await sql<{ n: number }>`
              select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`.execute(db());
            if ((waiting.rows[0]?.n ?? 0) > 0) break;
            if (Date.now() > deadline) throw new Error('the reply never queued on the container');
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        });
      const response = await reply;
      expect(response?.status).toBe(422);
      expect(response?.body.errors).toEqual({ parent_id: [COMMENT_PARENT_NOT_HERE] });
      await expectCountTrue(containerId, 0);
    });
  }
});

describe('notices only to those who may still see the thread', () => {
  it('a reply to a member who has left the lodge of a lodge-only post tells nobody', async () => {
    const { containerId } = await lodgePost('CLUB', 'Lodge-only notices');
    // M joins L2 for a while and comments; a reply then tells M.
    const membership = await db()
      .insertInto('memberships')
      .values({
        party_id: party.M,
        club_id: l2,
        member_number: null,
        joined_on: null,
        left_at: null,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const mine = await add(m, containerId, 'Glad to be here');
      const first = await add(w, containerId, 'Welcome', mine);
      const noticesOf = (commentId: number) =>
        db()
          .selectFrom('notices')
          .select('party_id')
          .where('noticeable_type', '=', 'Comment')
          .where('noticeable_id', '=', commentId)
          .execute();
      expect(await noticesOf(first)).toEqual([{ party_id: party.M }]);

      // M leaves L2: the post is out of M's sight, so a new reply must not reach M.
      await db()
        .updateTable('memberships')
        .set({ left_at: Date.now() })
        .where('id', '=', membership.id)
        .execute();
      expect((await load(m, containerId)).status).toBe(404);
      const before = await unseenNoticesOf(m);
      const second = await add(w, containerId, 'Sorry to see you go', mine);
      expect(await noticesOf(second)).toEqual([]);
      expect(await unseenNoticesOf(m)).toBe(before);
    } finally {
      await db().deleteFrom('memberships').where('id', '=', membership.id).execute();
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists the comment routes, recursive schema included', async () => {
    const response = await server.request<{ paths: Record<string, unknown> }>(
      'GET',
      '/openapi.json',
    );
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/private/mobile/v1/comment_containers/{id}.json',
        '/api/private/mobile/v1/comments',
        '/api/private/mobile/v1/comments/{id}',
        '/api/private/mobile/v1/comments/{id}/hide',
        '/api/private/mobile/v1/comments/{id}/unhide',
      ]),
    );
  });
});
