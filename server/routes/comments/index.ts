import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commentContainerAnswerSchema,
  commentContainerParamsSchema,
  commentIdParamsSchema,
  createCommentRequestSchema,
  updateCommentRequestSchema,
} from '../../../common/schemas/comment.ts';
import {
  createComment,
  deleteComment,
  getCommentContainer,
  setCommentHidden,
  updateComment,
} from '../../services/comments.ts';

/**
 * Comments on posts and events (§7 Posts and comments; API-CMT-01..06). Signed member routes:
 * the auth plugin guards them. Every call answers the refreshed container (API-CMT-06).
 */
export function registerCommentRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const answer = { 200: commentContainerAnswerSchema };

  api.get(
    '/comment_containers/:id.json',
    {
      schema: {
        summary: 'The comments of a post or event, nested; 404 when the member may not see it',
        tags: ['comments'],
        params: commentContainerParamsSchema,
        response: answer,
        refusals: [404],
      },
    },
    async (request) => ({
      data: await getCommentContainer(app.services, request.actor, request.params.id),
    }),
  );

  api.post(
    '/comments',
    {
      schema: {
        summary: 'Comment, or reply to a comment (parent_id); 403 when comments are off',
        tags: ['comments'],
        body: createCommentRequestSchema,
        response: answer,
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await createComment(app.services, request.actor, request.body.comment),
    }),
  );

  api.put(
    '/comments/:id',
    {
      schema: {
        summary: 'Edit a comment (admin or its author; not while hidden)',
        tags: ['comments'],
        params: commentIdParamsSchema,
        body: updateCommentRequestSchema,
        response: answer,
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await updateComment(
        app.services,
        request.actor,
        request.params.id,
        request.body.comment,
      ),
    }),
  );

  api.put(
    '/comments/:id/hide',
    {
      schema: {
        summary: 'Hide a comment (admin or its author); hiding a hidden one changes nothing',
        tags: ['comments'],
        params: commentIdParamsSchema,
        response: answer,
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await setCommentHidden(app.services, request.actor, request.params.id, true),
    }),
  );

  api.put(
    '/comments/:id/unhide',
    {
      schema: {
        summary: 'Unhide a comment (admin or its author); unhiding a visible one changes nothing',
        tags: ['comments'],
        params: commentIdParamsSchema,
        response: answer,
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await setCommentHidden(app.services, request.actor, request.params.id, false),
    }),
  );

  api.delete(
    '/comments/:id',
    {
      schema: {
        summary: 'Delete a comment: admin (with its replies), or its author while it has none',
        tags: ['comments'],
        params: commentIdParamsSchema,
        response: answer,
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await deleteComment(app.services, request.actor, request.params.id),
    }),
  );
}
