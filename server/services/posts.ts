import {
  FIELD_BLANK as BLANK,
  INVALID_CHOICE,
  NO_SUCH_POST,
  ONLY_WEBMASTERS_POST_AS_LODGE,
  commentedOnYourPostNotice,
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
import { readBody } from '../db/content.ts';
import { areLodgeMates, standingOf } from '../db/memberships.ts';
import type { Standing } from '../db/memberships.ts';
import {
  clubBySubdomain,
  clubPostsPage,
  followsParty,
  insertPostRow,
  postOwningContainer,
  postRowById,
  updatePostRow,
} from '../db/posts.ts';
import type { Access, PostType } from '../db/schema.ts';
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
import type { CommentOwnerKind } from './comment-owners.ts';
import {
  addError,
  throwIfAny,
  checkPhotoForm,
  cleanBody,
  createContentRecord,
  deleteContentRecord,
  updateContentRecord,
  type ContentKind,
} from './content-records.ts';
import type { ServiceContext } from './context.ts';
import { postViewerOf, presentPosts } from './post-pages.ts';
import type { PageRequest, PostViewer } from './post-pages.ts';

/** Posts as content records (D57): a body, photos, a comment container, notices. */
const POST: ContentKind = {
  type: 'Post',
  tables: {
    records: 'posts',
    bodies: 'post_bodies',
    photoLinks: 'post_photos',
    photoOwner: 'post_id',
  },
  bodyField: 'new_body',
  notOwnPhoto: notAPhotoOfThisPost,
};

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
  const [followsAuthor, lodgeMateOfAuthor] = await Promise.all([
    followsParty(ctx.db, actor.userId, authorId),
    areLodgeMates(ctx.db, actor.partyId, authorId),
  ]);
  return { memberClubIds: standing.memberClubIds, followsAuthor, lodgeMateOfAuthor };
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
  const club = await visibleClubOr404(ctx, member, await clubBySubdomain(ctx.db, subdomain));
  const [rows, viewer] = await Promise.all([
    clubPostsPage(ctx.db, readerOf(member), club.id, {
      limit: POSTS_PAGE_SIZE,
      offset: page.page * POSTS_PAGE_SIZE,
      t: page.t,
    }),
    postViewerOf(ctx, member),
  ]);
  return presentPosts(ctx, viewer, rows);
}

/**
 * Who reads a lodge's posts, for the SQL that mirrors mayViewPost: an admin's lodge list holds
 * every post (an admin's feed stays a member's feed).
 */
function readerOf(member: Member) {
  return { partyId: member.partyId, userId: member.userId, seesAll: member.isAdmin };
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
  const [rows, viewer] = await Promise.all([
    clubPostsPage(ctx.db, readerOf(member), clubId, { limit: 1, offset: 0 }),
    postViewerOf(ctx, member),
  ]);
  const [post] = await presentPosts(ctx, viewer, rows);
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

/** The post if it exists and the member may see it (mayViewPost); otherwise undefined. */
async function findVisiblePost(
  ctx: ServiceContext,
  actor: Member,
  id: number,
): Promise<LoadedPost | undefined> {
  const row = await postRowById(ctx.db, id);
  if (!row) return undefined;
  const standing = await standingOf(ctx.db, actor.partyId);
  const facts = factsOf(row);
  const viewer = await loadViewerFacts(ctx, actor, standing, row.party_id);
  return mayViewPost(actor, facts, viewer) ? { row, facts, standing } : undefined;
}

/** The post if it exists and the member may see it; otherwise a 404, never a 403 (issue 4). */
async function loadVisiblePost(
  ctx: ServiceContext,
  actor: Member,
  id: number,
): Promise<LoadedPost> {
  const found = await findVisiblePost(ctx, actor, id);
  if (!found) throw new NotFoundError(NO_SUCH_POST);
  return found;
}

/** The post as the member's standing shows it: no second read of their lodges. */
function viewerWith(member: Member, standing: Standing): PostViewer {
  return { member, webmasterClubIds: standing.webmasterClubIds };
}

async function answerFor(
  ctx: ServiceContext,
  viewer: PostViewer,
  row: PostRow,
): Promise<PostAnswer['data']> {
  const [body, posts] = await Promise.all([
    readBody(ctx.db, POST.tables, row.post_body_id),
    presentPosts(ctx, viewer, [row]),
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
  const member = requireMember(actor);
  const { row, standing } = await loadVisiblePost(ctx, member, id);
  return answerFor(ctx, viewerWith(member, standing), row);
}

/**
 * A post as the owner of a comment container (services/comment-owners.ts): seen by the posts'
 * own rule (mayViewPost), its author told of a new comment.
 */
export const POST_COMMENT_OWNER: CommentOwnerKind = {
  async ownerOfContainer(ctx, containerId) {
    const post = await postOwningContainer(ctx.db, containerId);
    if (!post) return undefined;
    return {
      type: POST.type,
      id: post.id,
      tables: POST.tables,
      authorId: post.party_id,
      title: post.subject,
      allowsComments: post.allows_comments === 1,
      visibleTo: async (context, member) =>
        (await findVisiblePost(context, member, post.id)) !== undefined,
      hiddenMessage: NO_SUCH_POST,
      commentedNotice: commentedOnYourPostNotice,
    };
  },
};

// ---- Writing -----------------------------------------------------------------------------

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
  const { body, short } = cleanBody(POST, input.new_body, errors);
  await checkPhotoForm(ctx, POST, null, input.photos_attributes, errors);
  throwIfAny(errors);
  if (access === undefined) throw new ValidationError({ access: [INVALID_CHOICE] });

  const now = Date.now();
  const postId = await createContentRecord(
    ctx,
    POST,
    { partyId: member.partyId, body, photos: input.photos_attributes, now },
    (trx, refs) =>
      insertPostRow(trx, {
        type,
        club_id: clubId,
        party_id: member.partyId,
        subject,
        short_body: short,
        post_body_id: refs.bodyId,
        access,
        allows_comments: input.allows_comments ? 1 : 0,
        comment_container_id: refs.containerId,
        now,
      }),
  );
  const row = await postRowById(ctx.db, postId);
  if (!row) throw new NotFoundError(NO_SUCH_POST);
  return answerFor(ctx, viewerWith(member, standing), row);
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
  const cleaned =
    input.new_body === undefined ? undefined : cleanBody(POST, input.new_body, errors);
  await checkPhotoForm(ctx, POST, id, input.photos_attributes, errors);
  throwIfAny(errors);

  const now = Date.now();
  await updateContentRecord(
    ctx,
    POST,
    { id, partyId: member.partyId, body: cleaned?.body, photos: input.photos_attributes, now },
    async (trx) => {
      await updatePostRow(trx, id, {
        subject,
        access,
        club_id: clubId,
        short_body: cleaned?.short ?? row.short_body,
        allows_comments:
          input.allows_comments === undefined ? row.allows_comments : input.allows_comments ? 1 : 0,
        updated_at: now,
      });
      return { bodyId: row.post_body_id };
    },
  );
  const updated = await postRowById(ctx.db, id);
  if (!updated) throw new NotFoundError(NO_SUCH_POST);
  return answerFor(ctx, viewerWith(member, standing), updated);
}

/** DELETE /posts/{id}: the post with its body, comments, photo links and notices, at once. */
export async function deletePost(ctx: ServiceContext, actor: Actor, id: number): Promise<void> {
  const member = requireMember(actor);
  const { row, facts, standing } = await loadVisiblePost(ctx, member, id);
  assertAllowed(mayDeletePost(member, facts, standing.webmasterClubIds));
  await deleteContentRecord(ctx, POST, id, () =>
    Promise.resolve({ bodyId: row.post_body_id, containerId: row.comment_container_id }),
  );
}
