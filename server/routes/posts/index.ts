import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_REQUEST_BYTES } from '../../../common/constants.ts';
import {
  clubPostListQuerySchema,
  createPostRequestSchema,
  postAnswerSchema,
  postIdParamsSchema,
  postListAnswerSchema,
  postListQuerySchema,
  updatePostRequestSchema,
} from '../../../common/schemas/post.ts';
import {
  createPost,
  deletePost,
  getPost,
  listClubPosts,
  updatePost,
} from '../../services/posts.ts';
import { listFeedPosts } from '../../services/post-feed.ts';

/** Posts (§7 Posts; API-POST-01..05). Signed member routes: the auth plugin guards them. */
export function registerPostRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/posts.json',
    {
      schema: {
        summary: "The member's news feed, newest first, 20 a page; t pins later pages (AMB-41)",
        tags: ['posts'],
        querystring: postListQuerySchema,
        response: { 200: postListAnswerSchema },
      },
    },
    async (request) => ({
      data: { posts: await listFeedPosts(app.services, request.actor, request.query) },
    }),
  );

  api.get(
    '/clubs/posts.json',
    {
      schema: {
        summary: "One lodge's posts that the member may see, paged like the feed",
        tags: ['posts'],
        querystring: clubPostListQuerySchema,
        response: { 200: postListAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => {
      const { subdomain, ...page } = request.query;
      return { data: { posts: await listClubPosts(app.services, request.actor, subdomain, page) } };
    },
  );

  api.get(
    '/posts/:id.json',
    {
      schema: {
        summary: 'One post with its full body; 404 when the member may not see it',
        tags: ['posts'],
        params: postIdParamsSchema,
        response: { 200: postAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => ({
      data: await getPost(app.services, request.actor, request.params.id),
    }),
  );

  api.post(
    '/posts',
    {
      bodyLimit: MAX_UPLOAD_REQUEST_BYTES,
      schema: {
        summary: 'Create a member post or, as a webmaster, a lodge post',
        tags: ['posts'],
        body: createPostRequestSchema,
        response: { 200: postAnswerSchema },
        refusals: [403],
      },
    },
    async (request) => ({
      data: await createPost(app.services, request.actor, request.body.post),
    }),
  );

  api.put(
    '/posts/:id.json',
    {
      bodyLimit: MAX_UPLOAD_REQUEST_BYTES,
      schema: {
        summary: 'Edit a post (admin, a webmaster of its lodge, or its author)',
        tags: ['posts'],
        params: postIdParamsSchema,
        body: updatePostRequestSchema,
        response: { 200: postAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await updatePost(app.services, request.actor, request.params.id, request.body.post),
    }),
  );

  api.delete(
    '/posts/:id',
    {
      schema: {
        summary: 'Delete a post with its body, comments and photo links',
        tags: ['posts'],
        params: postIdParamsSchema,
        response: { 204: z.undefined() },
        refusals: [403, 404],
      },
    },
    async (request, reply) => {
      await deletePost(app.services, request.actor, request.params.id);
      return reply.code(204).send();
    },
  );
}
