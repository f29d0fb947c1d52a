import { z } from 'zod';
import { recordIdSchema, recordIdParamSchema } from './record-id.ts';
import { FIELD_BLANK, fieldTooLong } from '../messages.ts';
import { sessionPartySchema, type SessionParty } from './session.ts';

/** The longest comment the server keeps; a longer one is a 422 field error on `comment`. */
export const COMMENT_MAX_LENGTH = 5_000;
/**
 * The deepest a reply may nest: a top-level comment is at depth 0, so a reply to a comment at
 * depth MAX_COMMENT_DEPTH - 1 is a 422 on `parent_id`. It keeps the recursive tree within what
 * the browser's parse and the server's serializer can walk without running out of stack.
 */
export const MAX_COMMENT_DEPTH = 50;

/**
 * What the member asking may do with a comment (D58): the `can_*` answers again, under the name
 * every post, event and comment uses for them.
 */
export interface CommentAbilities {
  edit: boolean;
  hide: boolean;
  unhide: boolean;
  delete: boolean;
}

export const commentAbilitiesSchema = z.object({
  edit: z.boolean(),
  hide: z.boolean(),
  unhide: z.boolean(),
  delete: z.boolean(),
});

/**
 * A comment as the spec gives it (§3 Comment): replies nest in `children` to any depth (CMT-01);
 * `is_hidden` is 1 when hidden (CMT-09); `elapsed_time` is the server's text, shown as given
 * (AMB-30). `can_*` say what this member may do with it (PERM-10, PERM-11), so the screen and
 * the server answer the same question once. `party` is Lodgehall's addition: the author's names
 * and avatar, the summary a post's `party` carries, so a comment shows the same avatar a post
 * does (issue 8 §5).
 */
export interface Comment {
  id: number;
  comment: string;
  party_id: number;
  party_name: string;
  party: SessionParty;
  elapsed_time: string;
  created_at: number;
  is_hidden: 0 | 1;
  can_edit: boolean;
  can_hide: boolean;
  /** Only on a hidden comment: admin or author (PERM-10). */
  can_unhide: boolean;
  can_delete: boolean;
  abilities: CommentAbilities;
  children: Comment[];
}

/**
 * Named (`id`) so that the OpenAPI document holds the tree once, as a component its `children`
 * can refer to, instead of a reference into one operation's answer that other tools cannot
 * resolve.
 */
export const commentSchema: z.ZodType<Comment> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      comment: z.string(),
      party_id: z.number().int(),
      party_name: z.string(),
      party: sessionPartySchema,
      elapsed_time: z.string(),
      created_at: z.number().int(),
      is_hidden: z.union([z.literal(0), z.literal(1)]),
      can_edit: z.boolean(),
      can_hide: z.boolean(),
      can_unhide: z.boolean(),
      can_delete: z.boolean(),
      abilities: commentAbilitiesSchema,
      children: z.array(commentSchema),
    }),
  )
  .meta({ id: 'Comment' });

/** A comment container (§3): `comment_count` counts every comment in it, hidden and replies too. */
export const commentContainerSchema = z.object({
  id: z.number().int(),
  comment_count: z.number().int(),
  /** Whether new comments and replies are taken (AMB-34); existing ones still show. */
  allows_comments: z.boolean(),
  comments: z.array(commentSchema),
});
export type CommentContainer = z.infer<typeof commentContainerSchema>;

/** Every comment call answers with the refreshed container (API-CMT-06, CMT-08). */
export const commentContainerAnswerSchema = z.object({
  data: z.object({ comment_container: commentContainerSchema }),
});
export type CommentContainerAnswer = z.infer<typeof commentContainerAnswerSchema>;

const commentTextSchema = z
  .string()
  .trim()
  .min(1, FIELD_BLANK)
  .max(COMMENT_MAX_LENGTH, fieldTooLong(COMMENT_MAX_LENGTH));

/** POST /comments (API-CMT-02); `parent_id` null for a top-level comment (CMT-03). */
export const createCommentRequestSchema = z.object({
  comment: z.object({
    comment_container_id: recordIdSchema,
    parent_id: recordIdSchema.nullable().default(null),
    comment: commentTextSchema,
  }),
});
export type CreateCommentRequest = z.input<typeof createCommentRequestSchema>;

/** PUT /comments/{id} (API-CMT-03). */
export const updateCommentRequestSchema = z.object({
  comment: z.object({
    comment_id: recordIdSchema.optional(),
    comment: commentTextSchema,
  }),
});
export type UpdateCommentRequest = z.input<typeof updateCommentRequestSchema>;

/** The comment text rule on its own, for the form's resolver (VAL-10). */
export const commentFormSchema = z.object({ comment: commentTextSchema });

export const commentContainerParamsSchema = z.object({
  id: recordIdParamSchema,
});
export const commentIdParamsSchema = z.object({ id: recordIdParamSchema });
