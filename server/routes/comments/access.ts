import { COMMENT_AUTHOR } from '../../test/access-matrix.ts';
import type { AccessEntry, Outcomes } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55).
 * The threads are those of Harmony Lodge's lodge-only posts: W and X may not see the post, so
 * its comments are a 404 to them. A comment is changed by its author M2 or the admin; M sees
 * it but may not (PERM-10, PERM-11). Each change acts on a new comment of M2's.
 */

const BY_AUTHOR_OR_ADMIN: Outcomes = { visitor: 401, M: 403, M2: 200, W: 404, A: 200, X: 404 };

export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /comment_containers/{id}.json',
    expect: { visitor: 401, M: 200, M2: 200, W: 404, A: 200, X: 404 },
    mayName: [COMMENT_AUTHOR],
    request: async (ctx) => {
      const post = await ctx.demo.clubPost('L1', 'CLUB');
      return { path: `/comment_containers/${await ctx.demo.containerOfPost(post)}.json` };
    },
  },
  {
    operation: 'POST /comments',
    expect: { visitor: 401, M: 200, M2: 200, W: 404, A: 200, X: 404 },
    mayName: [COMMENT_AUTHOR],
    request: async (ctx) => ({
      path: '/comments',
      body: {
        comment: {
          comment_container_id: (await ctx.fixtures.sharedLodgePostOfM2()).containerId,
          comment: 'Count me in.',
        },
      },
    }),
  },
  {
    operation: 'PUT /comments/{id}',
    expect: BY_AUTHOR_OR_ADMIN,
    mayName: [COMMENT_AUTHOR],
    request: async (ctx) => {
      const post = await ctx.fixtures.sharedLodgePostOfM2();
      return {
        path: `/comments/${await ctx.fixtures.commentOfM2(post.containerId)}`,
        body: { comment: { comment: 'Edited.' } },
      };
    },
  },
  {
    operation: 'DELETE /comments/{id}',
    expect: BY_AUTHOR_OR_ADMIN,
    mayName: [COMMENT_AUTHOR],
    request: async (ctx) => {
      const post = await ctx.fixtures.sharedLodgePostOfM2();
      return { path: `/comments/${await ctx.fixtures.commentOfM2(post.containerId)}` };
    },
  },
  {
    operation: 'PUT /comments/{id}/hide',
    expect: BY_AUTHOR_OR_ADMIN,
    mayName: [COMMENT_AUTHOR],
    request: async (ctx) => {
      const post = await ctx.fixtures.sharedLodgePostOfM2();
      return { path: `/comments/${await ctx.fixtures.commentOfM2(post.containerId)}/hide` };
    },
  },
  {
    // A comment M2 hid first, so there is something to unhide.
    operation: 'PUT /comments/{id}/unhide',
    expect: BY_AUTHOR_OR_ADMIN,
    mayName: [COMMENT_AUTHOR],
    request: async (ctx) => {
      const post = await ctx.fixtures.sharedLodgePostOfM2();
      const comment = await ctx.fixtures.commentOfM2(post.containerId);
      await ctx.ok('M2', 'PUT', `/comments/${comment}/hide`);
      return { path: `/comments/${comment}/unhide` };
    },
  },
];
