import { z } from 'zod';
import { recordIdSchema, recordIdParamSchema } from './record-id.ts';
import { INVALID_CHOICE } from '../messages.ts';
import { avatarSchema, sessionPartySchema } from './session.ts';

/** Lodge post visibility (CONST-18); PUBLIC is the default (AMB-42). */
export const lodgeAccessSchema = z.enum(['PUBLIC', 'MEMBER', 'CLUB']);
export type LodgeAccess = z.infer<typeof lodgeAccessSchema>;

/** A lodge id sent as a string (AMB-09): member-post access and post_as use ids as text. */
const idText = z.string().regex(/^[1-9][0-9]{0,9}$/, INVALID_CHOICE);

/**
 * Access as sent (AMB-09): PUBLIC, MEMBER or CLUB for lodge posts; 'ALL_FOLLOWERS' or a lodge
 * id (as a string) for member posts. Which of them fits is the service's call, per Post As.
 */
export const postAccessInputSchema = z.union([
  lodgeAccessSchema,
  z.literal('ALL_FOLLOWERS'),
  idText,
]);

/** 'MEMBER', or the club id of a lodge the member is webmaster of (number or string). */
export const postAsSchema = z.union([z.literal('MEMBER'), recordIdSchema, idText]);

/** A photo in the form: saved ones carry only `id`; new ones carry the base64 image. */
export const photoAttributesSchema = z.object({
  id: recordIdSchema.optional(),
  guid: z.string().optional(),
  image_file_name: z.string().optional(),
  image_content_type: z.string().optional(),
  image_base64: z.string().optional(),
});
export type PhotoAttributes = z.infer<typeof photoAttributesSchema>;

const subjectSchema = z.string().max(200).nullable().optional();
const bodySchema = z.string().max(200_000);

export const createPostRequestSchema = z.object({
  post: z.object({
    subject: subjectSchema,
    access: postAccessInputSchema.optional(),
    post_as: postAsSchema.default('MEMBER'),
    new_body: bodySchema,
    allows_comments: z.boolean().default(true),
    photos_attributes: z.array(photoAttributesSchema).max(50).default([]),
  }),
});
export type CreatePostRequest = z.infer<typeof createPostRequestSchema>;

/** Edit: no post_as (the type never changes); a field left out keeps its value. */
export const updatePostRequestSchema = z.object({
  post: z.object({
    subject: subjectSchema,
    access: postAccessInputSchema.optional(),
    new_body: bodySchema.optional(),
    allows_comments: z.boolean().optional(),
    photos_attributes: z.array(photoAttributesSchema).max(50).optional(),
  }),
});
export type UpdatePostRequest = z.infer<typeof updatePostRequestSchema>;

export const photoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  medium_url: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

export const postClubSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string(),
  avatar: avatarSchema.nullable(),
});

/**
 * What the member asking may do with a post (D58): the answers of the policies that guard
 * PUT and DELETE /posts/{id} (server/policies/posts.ts), so the screen offers only what the
 * server would take.
 */
export const postAbilitiesSchema = z.object({ edit: z.boolean(), delete: z.boolean() });
export type PostAbilities = z.infer<typeof postAbilitiesSchema>;

/** Post (§3); the stored access is sent as is (member posts to a lodge: CLUB with the club). */
export const postSchema = z.object({
  id: z.number().int(),
  type: z.enum(['PartyPost', 'ClubPost']),
  subject: z.string().nullable(),
  short_body: z.string(),
  post_body_id: z.number().int(),
  created_at: z.number().int(),
  last_activity_at: z.number().int(),
  club: postClubSchema.nullable(),
  party: sessionPartySchema.nullable(),
  photos: z.array(photoSchema),
  access: z.enum(['PUBLIC', 'MEMBER', 'CLUB', 'ALL_FOLLOWERS']),
  allows_comments: z.boolean(),
  comment_container: z.object({ id: z.number().int(), comment_count: z.number().int() }),
  appeal_post_task_token_url: z.string().nullable(),
  abilities: postAbilitiesSchema,
});
export type Post = z.infer<typeof postSchema>;

export const postBodySchema = z.object({ id: z.number().int(), body: z.string() });
export type PostBody = z.infer<typeof postBodySchema>;

export const postListAnswerSchema = z.object({ data: z.object({ posts: z.array(postSchema) }) });
export type PostListAnswer = z.infer<typeof postListAnswerSchema>;

export const postAnswerSchema = z.object({
  data: z.object({ post: postSchema, post_body: postBodySchema }),
});
export type PostAnswer = z.infer<typeof postAnswerSchema>;

/** Page numbers count from 0; `t` is the epoch-ms time page 0 was fetched (AMB-41). */
export const postListQuerySchema = z.object({
  // 500 pages are 10,000 posts; deeper pages would make every feed source read that many rows.
  page: z.coerce.number().int().min(0).max(500).default(0),
  t: z.coerce.number().int().min(0).optional(),
});

export const clubPostListQuerySchema = postListQuerySchema.extend({
  subdomain: z.string().min(1).max(100),
});

export const postIdParamsSchema = z.object({ id: recordIdParamSchema });
