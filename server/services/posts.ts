import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import {
  FIELD_BLANK as BLANK,
  INVALID_CHOICE,
  NO_SUCH_POST,
  ONLY_WEBMASTERS_POST_AS_LODGE,
  notAPhotoOfThisPost,
} from '../../common/messages.ts';
import type {
  CreatePostRequest,
  Post,
  PostAnswer,
  UpdatePostRequest,
} from '../../common/schemas/post.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import { POSTS_PAGE_SIZE } from '../../common/constants.ts';
import { areLodgeMates, clubIdsOf, lodgeMatesOf, standingOf } from '../db/memberships.ts';
import type { Standing } from '../db/memberships.ts';
import type { Access, Database, PostType } from '../db/schema.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import type { FieldErrors } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import {
  mayCreatePost,
  mayDeletePost,
  mayEditPost,
  mayPostAsClub,
  mayViewPost,
} from '../policies/posts.ts';
import type { PostFacts, ViewerFacts } from '../policies/posts.ts';
import { presentPostBody } from '../presenters/post.ts';
import type { PostRow } from '../presenters/post.ts';
import { visibleClubOr404 } from './club-visibility.ts';
import type { ServiceContext } from './context.ts';
import { publishAll } from '../realtime/bus.ts';
import { removeOwnerNotices } from './notices.ts';
import { presentRows, selectPosts } from './post-pages.ts';
import type { PageRequest } from './post-pages.ts';
import {
  deleteStoredFiles,
  deleteUnlinkedPhotos,
  insertPhotoRows,
  keptPhotoIds,
  newUploads,
  savePhotoForm,
  storeUploads,
  withStoredUploads,
} from './photos.ts';
import type { PhotoLinks } from './photos.ts';
import { cleanRichText, shortBody } from './rich-text.ts';

type PostsDb = Database & { p: Database['posts'] };
type PostsEb = ExpressionBuilder<PostsDb, 'p'>;

// ---- Visibility in SQL: mirrors mayViewPost (policies/posts.ts) --------------------------

/**
 * The SQL twin of mayViewPost for a signed-in member. Admins are not special-cased here: the
 * lists ask `seesEverything` separately, because an admin's feed stays a member's feed.
 */
function visibleTo(db: Kysely<Database>, eb: PostsEb, actor: Member): Expression<SqlBool> {
  return eb.or([
    eb('p.party_id', '=', actor.partyId),
    eb.and([eb('p.type', '=', 'ClubPost'), eb('p.access', 'in', ['PUBLIC', 'MEMBER'])]),
    eb.and([eb('p.access', '=', 'CLUB'), eb('p.club_id', 'in', clubIdsOf(db, actor.partyId))]),
    eb.and([
      eb('p.type', '=', 'PartyPost'),
      eb('p.access', '=', 'ALL_FOLLOWERS'),
      eb.or([
        eb(
          'p.party_id',
          'in',
          eb
            .selectFrom('user_favorite_contacts as uf')
            .select('uf.party_id')
            .where('uf.user_id', '=', actor.userId),
        ),
        eb('p.party_id', 'in', lodgeMatesOf(db, actor.partyId)),
      ]),
    ]),
  ]);
}

async function loadViewerFacts(
  ctx: ServiceContext,
  actor: Member,
  standing: Standing,
  authorId: number | null,
): Promise<ViewerFacts> {
  if (authorId === null) {
    return {
      memberClubIds: standing.memberClubIds,
      followsAuthor: false,
      lodgeMateOfAuthor: false,
    };
  }
  const [follow, lodgeMateOfAuthor] = await Promise.all([
    ctx.db
      .selectFrom('user_favorite_contacts')
      .select('id')
      .where('user_id', '=', actor.userId)
      .where('party_id', '=', authorId)
      .executeTakeFirst(),
    areLodgeMates(ctx.db, actor.partyId, authorId),
  ]);
  return {
    memberClubIds: standing.memberClubIds,
    followsAuthor: follow !== undefined,
    lodgeMateOfAuthor,
  };
}

// ---- Lists -------------------------------------------------------------------------------
//
// Newest first on (created_at, id), pinned to `t`. The API speaks page numbers, not cursors,
// so page N is an OFFSET inside the t-pinned set: posts created after t are outside that set and
// cannot shift it, and the (created_at, id) indexes serve the order, so page N costs reading
// about (N + 1) * 20 index entries. Deleting a post does shift later pages by one (accepted).

/**
 * GET /clubs/posts.json: one lodge's posts that the member may see (admins: all of them). A
 * club the member may not open (mayViewClub: another organisation's) is the 404 of an unknown
 * one, as its home is (D53); a single post keeps its own rule (mayViewPost).
 */
export async function listClubPosts(
  ctx: ServiceContext,
  actor: Actor,
  subdomain: string,
  page: PageRequest,
): Promise<Post[]> {
  const member = requireMember(actor);
  const club = await visibleClubOr404(
    ctx,
    member,
    await ctx.db
      .selectFrom('clubs')
      .select(['id', 'organization_id'])
      .where('subdomain', '=', subdomain)
      .executeTakeFirst(),
  );
  let query = clubPostsVisibleTo(ctx.db, member, club.id)
    .limit(POSTS_PAGE_SIZE)
    .offset(page.page * POSTS_PAGE_SIZE);
  if (page.t !== undefined) query = query.where('p.created_at', '<=', page.t);
  return presentRows(ctx, await query.execute());
}

/** A lodge's posts the member may see (admins: all of them), newest first. */
function clubPostsVisibleTo(db: Kysely<Database>, member: Member, clubId: number) {
  const query = selectPosts(db)
    .where('p.club_id', '=', clubId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc');
  return member.isAdmin ? query : query.where((eb) => visibleTo(db, eb, member));
}

/**
 * The club home's latest post (CLUB-10): the first post of the club's news list
 * (GET /clubs/posts.json) for this member, or null.
 */
export async function latestClubPost(
  ctx: ServiceContext,
  actor: Actor,
  clubId: number,
): Promise<Post | null> {
  const member = requireMember(actor);
  const rows = await clubPostsVisibleTo(ctx.db, member, clubId).limit(1).execute();
  const [post] = await presentRows(ctx, rows);
  return post ?? null;
}

// ---- One post ----------------------------------------------------------------------------

interface LoadedPost {
  row: PostRow;
  facts: PostFacts;
  standing: Standing;
}

function factsOf(row: PostRow): PostFacts {
  return { type: row.type, clubId: row.club_id, partyId: row.party_id, access: row.access };
}

/** The post if it exists and the member may see it; otherwise a 404, never a 403 (issue 4). */
async function loadVisiblePost(
  ctx: ServiceContext,
  actor: Member,
  id: number,
): Promise<LoadedPost> {
  const row = await selectPosts(ctx.db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError(NO_SUCH_POST);
  const standing = await standingOf(ctx.db, actor.partyId);
  const facts = factsOf(row);
  const viewer = await loadViewerFacts(ctx, actor, standing, row.party_id);
  if (!mayViewPost(actor, facts, viewer)) throw new NotFoundError(NO_SUCH_POST);
  return { row, facts, standing };
}

async function answerFor(ctx: ServiceContext, row: PostRow): Promise<PostAnswer['data']> {
  const [body, posts] = await Promise.all([
    ctx.db
      .selectFrom('post_bodies')
      .select(['id', 'body'])
      .where('id', '=', row.post_body_id)
      .executeTakeFirstOrThrow(),
    presentRows(ctx, [row]),
  ]);
  const [post] = posts;
  if (!post) throw new NotFoundError(NO_SUCH_POST);
  return { post, post_body: presentPostBody(body) };
}

/** GET /posts/{id}.json: the post and its full body. */
export async function getPost(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<PostAnswer['data']> {
  const { row } = await loadVisiblePost(ctx, requireMember(actor), id);
  return answerFor(ctx, row);
}

/**
 * A visibility gate for other services (a post's comments): a 404 unless the member may see
 * the post (mayViewPost), reading only the post's row and the member's standing.
 */
export async function assertPostVisible(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<void> {
  await loadVisiblePost(ctx, requireMember(actor), id);
}

// ---- Writing -----------------------------------------------------------------------------

function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** Cleans the body; a body with no text left after cleaning is blank (VAL: body non-empty). */
function cleanBody(html: string, errors: FieldErrors): { body: string; short: string } {
  const body = cleanRichText(html);
  const short = shortBody(body);
  if (short === '') addError(errors, 'new_body', BLANK);
  return { body, short };
}

/** A post's photos in the order its mosaic shows them (post_photos.sort_order). */
const POST_PHOTOS: PhotoLinks = {
  async linked(db, postId) {
    const rows = await db
      .selectFrom('post_photos')
      .select('photo_id')
      .where('post_id', '=', postId)
      .orderBy('sort_order')
      .execute();
    return rows.map((row) => row.photo_id);
  },
  async replace(trx, postId, photoIds) {
    await trx.deleteFrom('post_photos').where('post_id', '=', postId).execute();
    for (const [index, photoId] of photoIds.entries()) {
      await trx
        .insertInto('post_photos')
        .values({ post_id: postId, photo_id: photoId, sort_order: index })
        .execute();
    }
  },
  notOwnPhoto: notAPhotoOfThisPost,
};

/** Member-post access (AMB-09): 'ALL_FOLLOWERS', or the id of a lodge offered to the member. */
function memberAccess(
  access: string | undefined,
  allowedLodges: ReadonlySet<number>,
  errors: FieldErrors,
): { access: Access; clubId: number | null } | undefined {
  if (access === undefined || access === 'ALL_FOLLOWERS') {
    return { access: 'ALL_FOLLOWERS', clubId: null };
  }
  const clubId = /^[1-9][0-9]*$/.test(access) ? Number(access) : NaN;
  if (!allowedLodges.has(clubId)) {
    addError(errors, 'access', INVALID_CHOICE);
    return undefined;
  }
  return { access: 'CLUB', clubId };
}

function lodgeAccess(access: string | undefined, errors: FieldErrors): Access | undefined {
  const value = access ?? 'PUBLIC'; // AMB-42
  if (value === 'PUBLIC' || value === 'MEMBER' || value === 'CLUB') return value;
  addError(errors, 'access', INVALID_CHOICE);
  return undefined;
}

function requiredSubject(subject: string | null | undefined, errors: FieldErrors): string {
  const trimmed = subject?.trim() ?? '';
  if (trimmed === '') addError(errors, 'subject', BLANK);
  return trimmed;
}

/** POST /posts: a member post, or a lodge post by one of its webmasters. */
export async function createPost(
  ctx: ServiceContext,
  actor: Actor,
  input: CreatePostRequest['post'],
): Promise<PostAnswer['data']> {
  const member = requireMember(actor);
  assertAllowed(mayCreatePost(member));
  const standing = await standingOf(ctx.db, member.partyId);
  const errors: FieldErrors = {};

  let type: PostType;
  let clubId: number | null;
  let access: Access | undefined;
  let subject: string | null;
  if (input.post_as === 'MEMBER') {
    type = 'PartyPost';
    subject = null; // Member posts have no subject (POST-10).
    const chosen = memberAccess(input.access, standing.leafUserClubIds, errors);
    access = chosen?.access;
    clubId = chosen?.clubId ?? null;
  } else {
    type = 'ClubPost';
    clubId = Number(input.post_as);
    assertAllowed(
      mayPostAsClub(member, clubId, standing.webmasterClubIds),
      ONLY_WEBMASTERS_POST_AS_LODGE,
    );
    access = lodgeAccess(input.access, errors);
    subject = requiredSubject(input.subject, errors);
  }
  const { body, short } = cleanBody(input.new_body, errors);
  keptPhotoIds(input.photos_attributes, new Set(), POST_PHOTOS, errors);
  throwIfAny(errors);
  if (access === undefined) throw new ValidationError({ access: [INVALID_CHOICE] });
  // Images are the slow part: only a form that is otherwise right gets them processed.
  const uploads = await storeUploads(ctx, newUploads(input.photos_attributes));

  const now = Date.now();
  const postId = await withStoredUploads(ctx, uploads, () =>
    ctx.db.transaction().execute(async (trx) => {
      const postBody = await trx
        .insertInto('post_bodies')
        .values({ body })
        .returning('id')
        .executeTakeFirstOrThrow();
      const container = await trx
        .insertInto('comment_containers')
        .values({ comment_count: 0, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const post = await trx
        .insertInto('posts')
        .values({
          type,
          club_id: clubId,
          party_id: member.partyId,
          subject,
          short_body: short,
          post_body_id: postBody.id,
          access,
          allows_comments: input.allows_comments ? 1 : 0,
          comment_container_id: container.id,
          appeal_post_task_token_url: null,
          created_at: now,
          updated_at: now,
          last_activity_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await POST_PHOTOS.replace(
        trx,
        post.id,
        await insertPhotoRows(trx, uploads, member.partyId, now),
      );
      return post.id;
    }),
  );
  const row = await selectPosts(ctx.db).where('p.id', '=', postId).executeTakeFirstOrThrow();
  return answerFor(ctx, row);
}

/** PUT /posts/{id}.json: the type and Post As never change; left-out fields keep their value. */
export async function updatePost(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  input: UpdatePostRequest['post'],
): Promise<PostAnswer['data']> {
  const member = requireMember(actor);
  const { row, facts, standing } = await loadVisiblePost(ctx, member, id);
  assertAllowed(mayEditPost(member, facts, standing.webmasterClubIds));
  const errors: FieldErrors = {};

  let access: Access = row.access;
  let clubId = row.club_id;
  let subject = row.subject;
  if (row.type === 'ClubPost') {
    if (input.access !== undefined) access = lodgeAccess(input.access, errors) ?? row.access;
    if (input.subject !== undefined) subject = requiredSubject(input.subject, errors);
  } else if (input.access !== undefined) {
    // The choices are the author's lodges, whoever edits (an admin must not move a member's
    // post to a lodge the member is not in). The lodge it already goes to stays allowed: when
    // the author has left that lodge, the form shows visibility read-only (§6) and sends the
    // old value back.
    const author =
      row.party_id === null || row.party_id === member.partyId
        ? standing
        : await standingOf(ctx.db, row.party_id);
    const allowed = new Set(author.leafUserClubIds);
    if (row.access === 'CLUB' && row.club_id !== null) allowed.add(row.club_id);
    const chosen = memberAccess(input.access, allowed, errors);
    if (chosen) ({ access, clubId } = chosen);
  }
  const cleaned = input.new_body === undefined ? undefined : cleanBody(input.new_body, errors);
  const photoForm = input.photos_attributes;
  if (photoForm !== undefined) {
    keptPhotoIds(photoForm, new Set(await POST_PHOTOS.linked(ctx.db, id)), POST_PHOTOS, errors);
  }
  throwIfAny(errors);
  const uploads = photoForm === undefined ? [] : await storeUploads(ctx, newUploads(photoForm));

  const now = Date.now();
  const removedFiles = await withStoredUploads(ctx, uploads, () =>
    ctx.db.transaction().execute(async (trx) => {
      if (cleaned) {
        await trx
          .updateTable('post_bodies')
          .set({ body: cleaned.body })
          .where('id', '=', row.post_body_id)
          .execute();
      }
      await trx
        .updateTable('posts')
        .set({
          subject,
          access,
          club_id: clubId,
          short_body: cleaned?.short ?? row.short_body,
          allows_comments:
            input.allows_comments === undefined
              ? row.allows_comments
              : input.allows_comments
                ? 1
                : 0,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      if (photoForm === undefined) return [];
      return savePhotoForm(
        ctx,
        trx,
        POST_PHOTOS,
        { ownerId: id, photos: photoForm, partyId: member.partyId, now },
        uploads,
      );
    }),
  );
  await deleteStoredFiles(ctx, removedFiles);
  const updated = await selectPosts(ctx.db).where('p.id', '=', id).executeTakeFirstOrThrow();
  return answerFor(ctx, updated);
}

/** DELETE /posts/{id}: the post with its body, comments, photo links and notices, at once. */
export async function deletePost(ctx: ServiceContext, actor: Actor, id: number): Promise<void> {
  const member = requireMember(actor);
  const { row, facts, standing } = await loadVisiblePost(ctx, member, id);
  assertAllowed(mayDeletePost(member, facts, standing.webmasterClubIds));
  const { removedFiles, noticeEvent } = await ctx.db.transaction().execute(async (trx) => {
    const photos = await trx
      .selectFrom('post_photos')
      .select('photo_id')
      .where('post_id', '=', id)
      .execute();
    const noticeEvent = await removeOwnerNotices(
      trx,
      { type: 'Post', id, commentContainerId: row.comment_container_id },
      Date.now(),
    );
    await trx.deleteFrom('post_photos').where('post_id', '=', id).execute();
    await trx.deleteFrom('posts').where('id', '=', id).execute();
    await trx.deleteFrom('post_bodies').where('id', '=', row.post_body_id).execute();
    // Comments go with their container (on delete cascade).
    await trx.deleteFrom('comment_containers').where('id', '=', row.comment_container_id).execute();
    const removedFiles = await deleteUnlinkedPhotos(
      ctx,
      trx,
      photos.map((photo) => photo.photo_id),
    );
    return { removedFiles, noticeEvent };
  });
  // Members whose unread notices went with the post get fresh badges (D43).
  publishAll(ctx.bus, [noticeEvent]);
  await deleteStoredFiles(ctx, removedFiles);
}
