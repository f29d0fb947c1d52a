import { POST_AUTHOR, signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55).
 * The single posts are Harmony Lodge's (L1), lodge-only (CLUB): its members M and M2 and the
 * admin see them, W (another lodge) and X (another organisation) get the 404 of an unknown
 * post (issue 4). Edits act on a new post of M2's each time: its author and the admin may edit
 * it, M sees it but may not (PERM-12).
 */

export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /posts.json',
    expect: signedIn(200),
    mayName: [POST_AUTHOR],
    request: async () => ({ path: '/posts.json' }),
  },
  {
    // Another organisation's club: its news is a 404, as its home is (issue 21, D40).
    operation: 'GET /clubs/posts.json',
    expect: { ...signedIn(200), X: 404 },
    mayName: [POST_AUTHOR],
    request: async (ctx) => ({
      path: `/clubs/posts.json?subdomain=${ctx.demo.club('L1').subdomain}`,
    }),
  },
  {
    operation: 'GET /posts/{id}.json',
    expect: { visitor: 401, M: 200, M2: 200, W: 404, A: 200, X: 404 },
    mayName: [POST_AUTHOR],
    request: async (ctx) => ({ path: `/posts/${await ctx.demo.clubPost('L1', 'CLUB')}.json` }),
  },
  {
    operation: 'PUT /posts/{id}.json',
    expect: { visitor: 401, M: 403, M2: 200, W: 404, A: 200, X: 404 },
    mayName: [POST_AUTHOR],
    request: async (ctx) => ({
      path: `/posts/${(await ctx.fixtures.lodgePostOfM2()).id}.json`,
      body: { post: { new_body: '<p>Edited.</p>' } },
    }),
  },
  {
    // Post As Olentangy Lodge (L2): only its webmaster; being admin is not enough (PERM-05).
    operation: 'POST /posts',
    expect: { visitor: 401, M: 403, M2: 403, W: 200, A: 403, X: 403 },
    mayName: [POST_AUTHOR],
    request: async (ctx) => ({
      path: '/posts',
      body: {
        post: {
          post_as: ctx.demo.club('L2').id,
          subject: 'Lodge news',
          access: 'PUBLIC',
          new_body: `<p>News number ${ctx.unique()}.</p>`,
        },
      },
    }),
  },
  {
    operation: 'DELETE /posts/{id}',
    expect: { visitor: 401, M: 403, M2: 204, W: 404, A: 204, X: 404 },
    request: async (ctx) => ({ path: `/posts/${(await ctx.fixtures.lodgePostOfM2()).id}` }),
  },
];
